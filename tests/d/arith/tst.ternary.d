/*
 * The conditional operator: right associativity, nesting, only the selected
 * operand is evaluated, and use in predicates and as operands.
 */
#pragma D option quiet

int x, t, r;
unsigned int u;

BEGIN
{
	printf("%d %d %d\n", 1 ? 10 : 20, 0 ? 10 : 20, 1 ? 0 ? 1 : 2 : 3);
}

BEGIN
{
	x = 5; t = 0; u = 7;
	printf("%d %d\n", x > 3 ? 10 : 20, x < 3 ? 10 : 20);
	printf("%d\n", x == 1 ? 100 : x == 5 ? 500 : 0);
	printf("%d\n", x == 1 ? 100 : x == 2 ? 200 : -1);
	printf("%d\n", (x > 3 ? x : -x) * 2 + (x ? 1 : 0));
	r = x ? t++ : t--;
	printf("%d %d\n", r, t);
	r = !x ? t++ : t--;
	printf("%d %d\n", r, t);
	r = x > 0 ? x > 4 ? 2 : 1 : 0;
	printf("%d\n", r);
	printf("%u\n", x < 0 ? u : 0xffffffffU);
}

BEGIN
/x == 5 ? 1 : 0/
{
	printf("predicate true\n");
}

BEGIN
/x == 5 ? 0 : 1/
{
	printf("not reached\n");
}

BEGIN
{
	exit(0);
}
