/* Unary minus requires an arithmetic operand. */
BEGIN
{
	x = -"abc";
	exit(0);
}
