/*
 * commit() copies a speculation's records into the output at the point of
 * the commit: records traced to the principal buffer in between come first.
 * The clause goes on after speculate().
 */
#pragma D option quiet

BEGIN
{
	self->spec = speculation();
	printf("speculation %d\n", self->spec);
}

BEGIN
{
	speculate(self->spec);
	printf("speculative %d\n", 1);
}

BEGIN
{
	printf("principal\n");
}

BEGIN
{
	speculate(self->spec);
	printf("speculative %d\n", 2);
	self->traced++;
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	printf("after the commit, %d clause ran on\n", self->traced);
	exit(0);
}
