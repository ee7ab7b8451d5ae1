/*
 * BEGIN and END fire in the context of the dtrace process itself.
 */
#pragma D option quiet

BEGIN
{
	printf("%s\n", execname);
	exit(0);
}

END
{
	printf("%s %d\n", execname, pid == tid);
}
