/* Strings are bounded by strsize: assignments, joins, copies and
 * printing all stop at strsize - 1 characters. */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	s = "0123456789";
	printf("[%s][%d]\n", s, strlen(s));
	t = strjoin("abcde", "fghij");
	printf("[%s][%d]\n", t, strlen(t));
	printf("[%s][%s]\n", toupper("abcdefghij"), substr("abcdefghij", 2));
	a[s] = 1;
	printf("%d\n", a["01234567"]);
	exit(0);
}
