/*
 * Explicitly declared globals of every integer type: they start at zero
 * and have the declared size.  Assigned -1, each holds it whole (64 bits,
 * as dtrace's variables do): printed at its width and signedness (%d
 * prints unsigned types as unsigned, as real DTrace does), but compared
 * and added to as the whole value, so u8 < 0 and u8 + 1 is 0, as in
 * dtrace.
 */
#pragma D option quiet

char c;
signed char sc;
unsigned char uc;
short s;
unsigned short us;
int i;
unsigned int ui;
long l;
unsigned long ul;
long long ll;
unsigned long long ull;
int8_t i8;
uint8_t u8;
int16_t i16;
uint16_t u16;
int32_t i32;
uint32_t u32;
int64_t i64;
uint64_t u64;

BEGIN
{
	printf("%d %d %d %d %d %d %d %d %d %d\n", c, sc, uc, s, us, i, ui, l,
	    ul, ll);
	printf("%d %d %d %d %d %d %d %d %d\n", ull, i8, u8, i16, u16, i32, u32,
	    i64, u64);
	printf("%d %d %d %d %d %d %d %d %d %d\n", sizeof (c), sizeof (sc),
	    sizeof (uc), sizeof (s), sizeof (us), sizeof (i), sizeof (ui),
	    sizeof (l), sizeof (ul), sizeof (ll));
	printf("%d %d %d %d %d %d %d %d %d\n", sizeof (ull), sizeof (i8),
	    sizeof (u8), sizeof (i16), sizeof (u16), sizeof (i32),
	    sizeof (u32), sizeof (i64), sizeof (u64));
}

BEGIN
{
	c = sc = uc = s = us = i = ui = l = ul = ll = ull = -1;
	i8 = u8 = i16 = u16 = i32 = u32 = i64 = u64 = -1;
}

BEGIN
{
	printf("%d %d %d %d %d %d %d %d %d %d %d\n", c, sc, uc, s, us, i, ui,
	    l, ul, ll, ull);
	printf("%u %u %u %u %u %u %u %u %u %u %u\n", c, sc, uc, s, us, i, ui,
	    l, ul, ll, ull);
	printf("%d %d %d %d %d %d %d %d\n", i8, u8, i16, u16, i32, u32, i64,
	    u64);
	printf("%u %u %u %u %u %u %u %u\n", i8, u8, i16, u16, i32, u32, i64,
	    u64);
	printf("%d %d %d %d %d %d %d %d\n", i8 < 0, u8 < 0, i16 < 0, u16 < 0,
	    i32 < 0, u32 < 0, i64 < 0, u64 < 0);
	printf("%d %d %d %d\n", u8 + 1, u16 + 1, u32 + 1, i8 + 1);
	exit(0);
}
