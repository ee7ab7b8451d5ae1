/* Multiplication requires arithmetic operands. */
BEGIN
{
	x = "abc" * 2;
	exit(0);
}
