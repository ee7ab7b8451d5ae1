/* %lx requires a long (or unsigned long) argument, not long long. */
BEGIN
{
	printf("%lx\n", 0xffffffffffULL);
	exit(0);
}
