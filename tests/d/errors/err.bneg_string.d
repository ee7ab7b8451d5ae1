/* Bitwise complement requires an integer operand. */
BEGIN
{
	x = ~"abc";
	exit(0);
}
