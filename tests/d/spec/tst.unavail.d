/*
 * nspec defaults to 1: while a speculation is active, speculation()
 * returns 0, and dtrace reports the failures.
 */
#pragma D option quiet

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
	d = speculation();
	printf("%d %d %d %d\n", a, b, c, d);
	exit(0);
}
