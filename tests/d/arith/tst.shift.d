/*
 * Shifts: >> is arithmetic for signed and logical for unsigned left
 * operands; the result has the promoted type of the left operand, so a
 * shift of a narrow variable is an int (C's rule).
 */
#pragma D option quiet

int x, one, s;
unsigned int ux;
int64_t y;
uint64_t uy;
char c;
uint8_t u8;
short sh;

BEGIN
{
	printf("%d %d %d\n", 1 << 4, 256 >> 4, 1 << 31);
	printf("%u %u\n", 0xfffffff0U >> 4, 1ULL << 63);
	printf("%d %d\n", 0x7fffffffffffffffLL >> 62, 1LL << 40);
}

BEGIN
{
	x = -16; one = 1; s = 4;
	ux = 0xfffffff0;
	y = -1;
	uy = 0xffffffffffffffffULL;
	c = -128;
	u8 = 0x80;
	sh = 0x4000;
}

BEGIN
{
	printf("%d %d %d %d\n", x >> 2, x << 2, x >> 31, x >> s);
	printf("%u %u %u\n", ux >> 4, ux << 4, ux >> 31);
	printf("%d %d %d\n", y >> 60, y >> 63, y << 63);
	printf("%u %u %u\n", uy >> 60, uy >> 63, uy << 63);
	printf("%d %d %d %d\n", one << 31, one << s, 256 >> s, one << 30);
	printf("%d %d %d %d\n", c >> 1, c >> 7, u8 >> 1, u8 >> 7);
	printf("%d %d\n", u8 << 1, sh << 1);
	exit(0);
}
