/*
 * Speculative records with strings (written packed, cg/strtail.c) are
 * held whole and printed whole at the commit; a discarded one is not.
 */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	i = speculation();
	j = speculation();
}

BEGIN
{
	speculate(i);
	printf("%s %d [%s] %s\n", "spec", 1, "", execname);
}

BEGIN
{
	speculate(j);
	printf("%s\n", "discarded");
}

BEGIN
{
	speculate(i);
	trace("second");
	trace(2);
	printf("\n");
}

BEGIN
{
	printf("%s\n", "not speculative");
	discard(j);
}

BEGIN
{
	commit(i);
}

BEGIN
{
	exit(0);
}
