/*
 * epid numbers enabled probes: 1 is dtrace's own ERROR enabling, and the
 * user's clauses follow from 2 in program order.
 */
#pragma D option quiet

BEGIN
{
	printf("%d\n", epid);
}

END
{
	printf("%d\n", epid);
}

BEGIN
{
	printf("%d\n", epid);
	exit(0);
}
