/*
 * A record larger than the whole buffer is dropped whatever the policy,
 * and counted as a drop on the CPU; as in DTrace the space is reserved
 * before the predicate is evaluated, so a clause whose predicate is false
 * counts one too.  A 264-byte string record does not fit in bufsize=64;
 * the 16-byte printf() record and exit()'s do.
 */
#pragma D option bufsize=64
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
