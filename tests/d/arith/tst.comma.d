/*
 * The comma operator evaluates its left operand for side effects and yields
 * the value of its right operand.
 */
#pragma D option quiet

int n, r;

BEGIN
{
	r = (n = 10, n + 1);
	printf("%d %d\n", r, n);
	r = (n++, n++, n);
	printf("%d %d\n", r, n);
	exit(0);
}
