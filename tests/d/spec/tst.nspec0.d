/*
 * nspec=0: speculation() always fails, speculate(0) drops the record, and
 * any other id is an illegal operation.
 */
#pragma D option quiet
#pragma D option nspec=0

BEGIN
{
	a = speculation();
	speculate(a);
	printf("dropped\n");
}

BEGIN
{
	speculate(1);
}

BEGIN
{
	printf("%d\n", a);
	exit(0);
}
