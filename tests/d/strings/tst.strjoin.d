/* strjoin() of constants, variables, empty strings and nested joins. */
#pragma D option quiet

BEGIN
{
	s = "abc";
	printf("[%s][%s][%s][%s]\n", strjoin(s, "def"), strjoin("", s),
	    strjoin(s, ""), strjoin("", ""));
	printf("[%s]\n", strjoin(strjoin(s, "-"), strjoin("-", s)));
	s = strjoin(s, s);
	printf("[%s]\n", s);
	exit(0);
}
