/*
 * timestamp is a non-zero nanosecond clock that increases between probe
 * firings (two tick-10ms firings are at least 5ms apart) and is fixed for
 * the duration of one probe firing, across all of its clauses.
 * vtimestamp is non-zero.
 */
#pragma D option quiet

uint64_t t0, t1, t2, same;
int n;

BEGIN
{
	t0 = timestamp;
	printf("%d %d\n", t0 != 0, vtimestamp != 0);
}

BEGIN
{
	printf("%d\n", timestamp == t0);
}

tick-10ms
/n == 0/
{
	t1 = timestamp;
}

tick-10ms
/n == 1/
{
	t2 = timestamp;
	printf("%d %d %d\n", t1 > t0, t2 > t1, t2 - t1 >= 5000000);
	printf("%d\n", t2 - t0 < 5000000000);
	exit(0);
}

tick-10ms
{
	n++;
}
