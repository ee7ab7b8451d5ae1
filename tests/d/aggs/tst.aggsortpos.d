/*
 * printa() of several aggregations: one line per key any of them has (0
 * where one has none), sorted by the first aggregation's value, then the
 * next one's, then the key; -x aggsortpos=N sorts by the Nth (from 0,
 * wrapping to the others), out-of-range positions count as 0; aggsortrev
 * reverses it all.  Without a format: the key, then each value column.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = count(); @a["y"] = count(); @a["y"] = count(); @a["w"] = count();
	@b["y"] = sum(5); @b["z"] = sum(1); @b["w"] = sum(9); @b["x"] = sum(9);
	@c["x"] = max(100);
	printa("%s %@d %@d %@d\n", @a, @b, @c);
	setopt("aggsortpos", "1");
	printa("%s %@d %@d %@d\n", @a, @b, @c);
	setopt("aggsortpos", "2");
	printa("%s %@d %@d %@d\n", @a, @b, @c);
	setopt("aggsortpos", "3");
	printa(@a, @b);
	setopt("aggsortpos", "1");
	setopt("aggsortrev");
	printa(@a, @b);
	exit(0);
}
