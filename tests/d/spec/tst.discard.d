/*
 * discard() throws a speculation's records away.  A speculation active only
 * on the discarding CPU is free again at once; discarding or committing an
 * inactive one does nothing.
 */
#pragma D option quiet

BEGIN
{
	a = speculation();
	speculate(a);
	printf("never printed\n");
}

BEGIN
{
	discard(a);
	b = speculation();
	printf("%d %d\n", a, b);
}

BEGIN
{
	speculate(b);
	printf("printed\n");
}

BEGIN
{
	commit(b);
}

BEGIN
{
	discard(b);
}

BEGIN
{
	commit(b);
}

BEGIN
{
	printf("end\n");
	exit(0);
}
