/*
 * A run-time division by zero aborts the rest of the faulting clause, fires
 * the ERROR probe (arg1 = EPID of the faulting clause, arg2 = action index,
 * arg4 = DTRACEFLT_DIVZERO (4), arg5 = 0), and tracing continues with the
 * next clause and later probes.
 */
#pragma D option quiet

int x, y;

BEGIN
{
	x = 0;
}

BEGIN
{
	y = 1 / x;
	printf("not reached\n");
}

BEGIN
{
	printf("next clause %d\n", y);
}

ERROR
{
	printf("ERROR %d %d %d %d %d %s\n", arg1, arg2, arg4, arg5, id,
	    probename);
}

tick-10ms
{
	printf("still tracing\n");
	exit(0);
}
