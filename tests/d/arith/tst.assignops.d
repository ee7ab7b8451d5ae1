/*
 * Simple and compound assignment operators, the value of an assignment
 * expression, right associativity of chained assignment, and compound
 * assignment on narrow and unsigned variables.
 */
#pragma D option quiet

int x, y, a, b, c, n;
unsigned int u;
uint8_t u8;
int8_t i8;
int64_t l;

BEGIN
{
	x = 10;
	x += 5; printf("%d ", x);
	x -= 3; printf("%d ", x);
	x *= 4; printf("%d ", x);
	x /= 5; printf("%d ", x);
	x %= 5; printf("%d ", x);
	x <<= 3; printf("%d ", x);
	x >>= 1; printf("%d ", x);
	x |= 3; printf("%d ", x);
	x &= 6; printf("%d ", x);
	x ^= 7; printf("%d\n", x);

	y = (x += 10);
	printf("%d %d\n", x, y);
	a = b = c = 7;
	printf("%d %d %d\n", a, b, c);
	a = (b = 3) + (c = 4);
	printf("%d %d %d\n", a, b, c);
	printf("%d %d\n", x = 42, x);
	x += x;
	printf("%d\n", x);

	n = -17;
	n /= 5; printf("%d ", n);
	n = -17;
	n %= 5; printf("%d ", n);
	n = -256;
	n >>= 4; printf("%d\n", n);

	u = 0xfffffff0;
	u >>= 4; printf("%u ", u);
	u = 0xfffffff9;
	u /= 2; printf("%u ", u);
	u = 1;
	u -= 2; printf("%u\n", u);

	u8 = 250;
	u8 += 10; printf("%d ", u8);
	u8 -= 5; printf("%d ", u8);
	i8 = 100;
	i8 += 100; printf("%d ", i8);
	i8 *= 3; printf("%d\n", i8);

	l = 1;
	l <<= 40; printf("%d ", l);
	l |= 0xff; printf("%d ", l);
	l ^= l; printf("%d\n", l);
	exit(0);
}
