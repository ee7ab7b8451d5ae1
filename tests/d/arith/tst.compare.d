/*
 * Relational and equality operators: signed vs unsigned comparison follows
 * the usual arithmetic conversions (a char and a uint8_t compare as ints);
 * results are int 0 or 1.
 */
#pragma D option quiet

int a, b;
unsigned int ua, ub;
int64_t la, lb;
uint64_t uA, uB;
char c;
uint8_t u8;

BEGIN
{
	printf("%d %d %d %d %d %d\n", -1 < 1, -1 > 1, -1 <= -1, -1 >= 0,
	    3 == 3, 3 != 3);
	printf("%d %d %d %d\n", -1 < 1U, -1L < 1U, 0xffffffff > 0,
	    -1 < 1UL);
	printf("%d %d\n", (2 < 3) + (3 < 2) + 10, (1 == 1) << 3);
}

BEGIN
{
	a = -1; b = 1;
	ua = 0xffffffff; ub = 1;
	la = -9223372036854775807LL - 1; lb = 9223372036854775807LL;
	uA = 0x8000000000000000ULL; uB = 1;
	c = -1; u8 = 1;
}

BEGIN
{
	printf("%d %d %d %d %d %d\n", a < b, a > b, a <= b, a >= b, a == b,
	    a != b);
	printf("%d %d %d %d\n", a <= a, a >= a, b > a, b < a);
	printf("%d %d %d %d\n", ua < ub, ua > ub, ua >= ua, ua == 0xffffffff);
	printf("%d %d %d %d\n", la < lb, la > lb, la < 0, lb > 0);
	printf("%d %d %d\n", uA > uB, (int64_t)uA < 0, uA == la);
	printf("%d %d %d\n", a < ub, a < 1L, a < (uint64_t)1);
	printf("%d %d\n", c < u8, c < b);
	printf("%d %d\n", (a < b) + (b < a) + 10, (a != b) << 3);
	exit(0);
}
