/*
 * At exit an aggregation without data prints nothing: only @a, after
 * dtrace's blank line (Oracle's tst.empty.d has the same expectation).
 */
#pragma D option quiet

BEGIN
{
	i = 12345678;
	@a = sum(i);
	exit(0);
}

tick-1hour
{
	@b = min(i);
	@c = max(i);
}
