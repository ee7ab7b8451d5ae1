/* A decimal constant without a U suffix must fit a signed type. */
BEGIN
{
	x = 1;
	x = 18446744073709551615;
	exit(0);
}
