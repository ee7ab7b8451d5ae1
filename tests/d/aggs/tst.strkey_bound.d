/*
 * String keys whose length has a bound (execname, probename, probefunc,
 * literals, a char[16] member) take only that bound in the map's key, the
 * largest over every use of the aggregation: here @a is keyed by
 * execname ("dtrace", 16 bytes), by literals of 1 and 45 characters, by a
 * string variable (no bound: strsize) and by probename, in three clauses,
 * and @b puts a short key before an integer and a longer one after it.
 * Every use must agree on one layout: the entries, their order (by value,
 * then by key), printa's %s and the default print are the same as with
 * every string in strsize bytes.
 */
#pragma D option quiet

BEGIN
{
	@a[execname] = count();
	@a["x"] = count();
	@a["x"] = count();
	@b[probename, 7, "a-literal-longer-than-the-probe-names"] = sum(3);
}

BEGIN
{
	s = "a string variable (no bound)";
	@a[s] = count();
	@a[s] = count();
	@a[s] = count();
	@a["a literal longer than execname's sixteen bytes"] = count();
	@b[execname, 8, probefunc] = sum(4);
	@c[curthread->comm] = count();
}

END
{
	@a[probename] = count();
	@a[probename] = count();
	@a[probename] = count();
	@a[probename] = count();
	printa("%s|%@d\n", @a);
	printa("[%s] %d [%s] %@d\n", @b);
	printa(@c);
}

BEGIN
{
	exit(0);
}
