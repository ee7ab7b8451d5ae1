/*
 * Predicates: a clause runs only when its predicate is non-zero; constant
 * and variable predicates, predicates with side effects (evaluated once),
 * and predicates that reference variables assigned by the clause itself.
 */
#pragma D option quiet

int x;

BEGIN
/1/
{
	printf("constant true\n");
}

BEGIN
/0/
{
	printf("constant false\n");
}

BEGIN
/x == 0/
{
	x = 5;
	printf("x was 0\n");
}

BEGIN
/x == 0/
{
	printf("not reached\n");
}

BEGIN
/x/
{
	printf("x is %d\n", x);
}

BEGIN
/x - 5/
{
	printf("not reached\n");
}

BEGIN
/y == 0/
{
	y = 3;
}

BEGIN
/++x == 6 && x == 6/
{
	printf("side effect once: %d\n", x);
}

BEGIN
/-1/
{
	printf("negative is true %d %d\n", x, y);
	exit(0);
}
