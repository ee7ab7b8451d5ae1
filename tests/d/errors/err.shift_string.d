/* Shifts require integer operands. */
BEGIN
{
	x = 1 << "abc";
	exit(0);
}
