/*
 * Under the ring policy too, a record larger than the whole buffer is
 * dropped and counted (see tst.bigrec.d); the drops are reported when the
 * buffers are read, at the end.
 */
#pragma D option bufsize=64
#pragma D option bufpolicy=ring
#pragma D option quiet

BEGIN
{
	printf("%s\n", "does not fit");
}

BEGIN
/0/
{
	printf("%s\n", "never runs");
}

BEGIN
{
	printf("%d\n", 1);
}

BEGIN
{
	exit(0);
}
