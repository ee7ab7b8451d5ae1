/*
 * A record that does not fit in what is left of specsize (per CPU, per
 * speculation) is a speculative drop, reported as such; the records that
 * fit are committed.  Each record here takes 16 bytes: its 8-byte header
 * and printf's value.  (The test runs on one CPU.)
 */
#pragma D option quiet
#pragma D option specsize=100

int n;

BEGIN
{
	s = speculation();
}

tick-1ms
/n < 10/
{
	speculate(s);
	printf("record %d\n", n);
}

tick-1ms
/n < 10/
{
	n++;
}

tick-1ms
/n == 10/
{
	commit(s);
	n++;
}

tick-1ms
/n == 11/
{
	exit(0);
}
