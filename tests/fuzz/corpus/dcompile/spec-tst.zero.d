/*
 * A speculation id of 0 (what a failed speculation() returns) is valid
 * everywhere: speculate(0) silently drops the clause's record but the rest
 * of the clause runs; commit(0) and discard(0) do nothing.
 */
#pragma D option quiet

BEGIN
{
	speculate(0);
	printf("dropped\n");
	x = 7;
}

BEGIN
{
	commit(0);
	discard(0);
}

BEGIN
{
	printf("x is %d\n", x);
	exit(0);
}
