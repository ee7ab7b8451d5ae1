/* Modulus requires integer operands. */
BEGIN
{
	x = 7 % "abc";
	exit(0);
}
