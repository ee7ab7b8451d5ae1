/* index(), rindex() (with and without a start position) and strstr(). */
#pragma D option quiet

BEGIN
{
	s = "abcabc";
	printf("%d %d %d %d %d\n", index(s, "b"), index(s, "bc"), index(s, "x"),
	    index(s, ""), index(s, "abcabcd"));
	printf("%d %d %d %d\n", rindex(s, "b"), rindex(s, "abc"), rindex(s, "x"), rindex(s, ""));
	printf("%d %d %d %d %d\n", index(s, "b", 2), index(s, "b", -5), index(s, "b", 6),
	    index(s, "", 6), index(s, "", 10));
	printf("%d %d %d %d\n", rindex(s, "b", 3), rindex(s, "b", 100), rindex(s, "b", -1),
	    rindex(s, "", -1));
	printf("%d %d %d\n", index("", ""), rindex("", ""), index("", "a"));
	printf("[%s][%s][%s][%s]\n", strstr(s, "ca"), strstr(s, "abc"), strstr(s, "x"), strstr(s, ""));
	exit(0);
}
