/*
 * Signed and unsigned division and modulus: C truncates toward zero and the
 * remainder takes the sign of the dividend; unsigned operands divide as
 * unsigned.  Constants (folded) first, then typed globals (run time).
 */
#pragma D option quiet

int a, b, na, nb;
int64_t big, nbig;
uint64_t ubig;
uint32_t ux;
uint8_t u8;
char c;

BEGIN
{
	printf("%d %d %d %d\n", 7 / 2, -7 / 2, 7 / -2, -7 / -2);
	printf("%d %d %d %d\n", 7 % 2, -7 % 2, 7 % -2, -7 % -2);
	printf("%d %d\n", 9223372036854775807 / 10, 9223372036854775807 % 10);
	printf("%u %u\n", 18446744073709551615ULL / 10,
	    18446744073709551615ULL % 10);
	printf("%u %u\n", 4294967289U / 2, 4294967289U % 10);
}

BEGIN
{
	a = 7; b = 2; na = -7; nb = -2;
	big = 9223372036854775807;
	nbig = -9223372036854775807;
	ubig = 18446744073709551615ULL;
	ux = 4294967289U;
	u8 = 249;
	c = -7;
}

BEGIN
{
	printf("%d %d %d %d\n", a / b, na / b, a / nb, na / nb);
	printf("%d %d %d %d\n", a % b, na % b, a % nb, na % nb);
	printf("%d %d %d %d\n", big / 10, big % 10, nbig / 10, nbig % 10);
	printf("%u %u %u\n", ubig / 10, ubig % 10, ubig / 3);
	printf("%u %u\n", ux / 2, ux % 10);
	printf("%d %d %d %d\n", u8 / 2, u8 % 10, c / 2, c % 2);
	printf("%d %d\n", big / nbig, nbig % big);
	exit(0);
}
