/* A %d conversion requires an integer argument. */
BEGIN
{
	printf("%d\n", "str");
	exit(0);
}
