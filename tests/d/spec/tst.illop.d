/*
 * An id past nspec is an illegal operation (DTrace's fault), reported by
 * the consumer; the clause's record is not written.  Tracing goes on.
 */
#pragma D option quiet

BEGIN
{
	speculate(2);
	printf("not printed\n");
}

BEGIN
{
	commit(-1);
}

BEGIN
{
	discard(1024);
}

BEGIN
{
	printf("end\n");
	exit(0);
}
