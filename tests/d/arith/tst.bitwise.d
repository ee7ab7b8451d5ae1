/*
 * Bitwise &, |, ^ and ~ on constants and on globals of several widths.
 * ~ promotes its operand as C does: ~u8 is an int.
 */
#pragma D option quiet

int a, b, m;
uint32_t ua;
uint64_t ub;
int64_t lb;
uint8_t u8;

BEGIN
{
	printf("%d %d %d %d\n", 0xf0f0 & 0x0ff0, 0xf0f0 | 0x0ff0,
	    0xf0f0 ^ 0x0ff0, ~0xf0f0);
	printf("%d %u %u %d\n", ~0, ~0U, ~0ULL, -1 ^ 5);
	printf("%d\n", 0x100000000LL | 1);
}

BEGIN
{
	a = 0xf0f0; b = 0x0ff0; m = -1;
	ua = 0xf0f0f0f0;
	ub = 0xf0f0f0f0f0f0f0f0ULL;
	lb = 0x100000000LL;
	u8 = 0x0f;
}

BEGIN
{
	printf("%d %d %d %d\n", a & b, a | b, a ^ b, ~a);
	printf("%u %u %u\n", ~ua, ua & 0xffff, ua | 0x0f0f0f0f);
	printf("%u %u\n", ~ub, ub ^ 0xffffffffffffffffULL);
	printf("%d %d %d\n", lb | 1, lb & m, m ^ 5);
	printf("%u %d %u\n", ~u8, u8 | 0xf0, u8 ^ 0xff);
	printf("%d %d\n", a & b | a ^ b, ~~a);
	exit(0);
}
