/*
 * -x aggsortkey (here as a pragma): entries in key order, not value order.
 * String keys compare byte by byte, integer keys as unsigned numbers.
 */
#pragma D option quiet
#pragma D option aggsortkey

BEGIN
{
	@s["c"] = count();
	@s["a"] = count(); @s["a"] = count(); @s["a"] = count();
	@s["b"] = count(); @s["b"] = count();
	@i[3] = sum(1); @i[-1] = sum(10); @i[1] = sum(100);
	exit(0);
}
