/*
 * Global variables persist across firings of different probes: BEGIN
 * initializes, tick-10ms counts, END reports.
 */
#pragma D option quiet

int n;
int64_t total;

BEGIN
{
	n = 0;
	total = 100;
}

tick-10ms
/n < 5/
{
	n++;
	total += n;
}

tick-10ms
/n == 5/
{
	exit(0);
}

END
{
	printf("%d %d\n", n, total);
}
