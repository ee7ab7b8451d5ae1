/*
 * Under the fill policy END's records always fit, however full the
 * buffer: their space is reserved.  END's record takes 80 bytes and each
 * BEGIN record 16, so with bufsize=112 two BEGIN records fit, the third
 * fills the buffer and the fourth clause does not run; END's record is
 * still there, and tracing stops because the buffer filled.
 */
#pragma D option bufpolicy=fill
#pragma D option bufsize=112
#pragma D option strsize=64
#pragma D option statusrate=10ms
#pragma D option quiet

BEGIN
{
	printf("%d\n", 1);
}

BEGIN
{
	printf("%d\n", 2);
}

BEGIN
{
	printf("%d\n", 3);
}

BEGIN
{
	printf("%d\n", 4);
}

END
{
	printf("%s\n", execname);
}
