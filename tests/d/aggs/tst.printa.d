/* printa() with and without a format, several aggregations joined on
 * their keys (0 where one has no entry), trunc(), clear(), normalize(). */
#pragma D option quiet

BEGIN
{
	@a["x"] = count(); @a["y"] = count(); @a["y"] = count();
	@b["y"] = sum(5);
	printa(@a);
	printa("%s %@d %@d\n", @a, @b);
	trunc(@a, 1);
	printa(@a);
	clear(@b);
	printa(@b);
	normalize(@a, 2);
	exit(0);
}

END
{
	printf("%9s %16s\n", "KEY", "COUNT");
	printa("%9s %16@d\n", @a);
}
