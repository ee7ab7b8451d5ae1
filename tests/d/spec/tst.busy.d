/*
 * A speculation discarded before any CPU speculated to it is being
 * discarded until the next cleaning: speculation() fails as "busy".  After
 * the cleaning interval it is available again.
 */
#pragma D option quiet
#pragma D option cleanrate=100hz

BEGIN
{
	a = speculation();
	discard(a);
}

BEGIN
{
	b = speculation();
	printf("%d %d\n", a, b);
}

tick-200ms
{
	c = speculation();
	printf("%d\n", c);
	exit(0);
}
