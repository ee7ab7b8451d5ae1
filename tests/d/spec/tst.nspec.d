/* nspec speculations can be active at once, with ids 1 to nspec */
#pragma D option quiet
#pragma D option nspec=3

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
	d = speculation();
	printf("%d %d %d %d\n", a, b, c, d);
}

BEGIN
{
	speculate(b);
	printf("b\n");
}

BEGIN
{
	speculate(c);
	printf("c\n");
}

BEGIN
{
	speculate(a);
	printf("a\n");
}

BEGIN
{
	commit(c);
}

BEGIN
{
	discard(b);
}

BEGIN
{
	commit(a);
}

BEGIN
{
	exit(0);
}
