/* Every printf() conversion needs a value argument. */
BEGIN
{
	printf("%d %d\n", 1);
	exit(0);
}
