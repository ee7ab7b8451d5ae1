/* strlen() of constants, variables, built-ins, computed and empty strings. */
#pragma D option quiet

BEGIN
{
	s = "hello";
	printf("%d %d %d %d %d\n", strlen(""), strlen("a"), strlen(s),
	    strlen(strjoin(s, s)), strlen(execname));
	exit(0);
}
