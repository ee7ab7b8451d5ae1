/* No aggregation has any data at exit: dtrace's blank line only. */
#pragma D option quiet

BEGIN
{
	exit(0);
}

tick-1hour
{
	@a = count();
	@b = quantize(1);
}
