/*
 * A printa() of an aggregation that has no data yet prints its blank line
 * and no entry, and does not keep the aggregation from being printed at
 * exit once it has data (dtrace marks an aggregation printed when printa()
 * prints entries of it).
 */
#pragma D option quiet

tick-1hour
{
	@a = count();
	@b = count();
}

BEGIN
{
	printa(@b);
}

tick-1ms
{
	@b = count();
	exit(0);
}
