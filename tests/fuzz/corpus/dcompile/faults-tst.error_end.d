/*
 * A fault in END is reported like any other: ERROR fires (from END, so
 * arg1 is the END clause's EPID), the faulting clause's output is
 * discarded, the next END clause runs, and the exit() status stands.
 */
#pragma D option quiet

BEGIN
{
	exit(5);
}

END
{
	printf("discarded with the faulting clause\n");
	trace(*(int *)64);
}

END
{
	printf("second END clause\n");
}

ERROR
{
	printf("ERROR: epid %d action %d fault %d addr %d\n", arg1, arg2, arg4, arg5);
}
