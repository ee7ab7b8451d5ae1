/* %ld requires a long argument. */
BEGIN
{
	printf("%ld\n", 5);
	exit(0);
}
