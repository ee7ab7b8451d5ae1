/* substr() with DTrace's rules: negative index counts from the end,
 * negative length stops that far before the end, out-of-range gives "". */
#pragma D option quiet

BEGIN
{
	s = "coconut";
	printf("[%s][%s][%s][%s]\n", substr(s, 0), substr(s, 2), substr(s, 2, 3), substr(s, 6));
	printf("[%s][%s][%s]\n", substr(s, 7), substr(s, 100), substr(s, 0, 0));
	printf("[%s][%s][%s]\n", substr(s, -3), substr(s, -3, 2), substr(s, -10));
	printf("[%s][%s][%s]\n", substr(s, -10, 5), substr(s, -10, 2), substr(s, 1, -2));
	printf("[%s][%s][%s]\n", substr(s, 2, -10), substr("", 0), substr("", -1, 1));
	exit(0);
}
