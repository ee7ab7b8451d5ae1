/*
 * Integer wrap-around at every width: ++, -- and arithmetic wrap at their
 * type's width, so comparisons see the wrapped value.  An assignment
 * stores its value whole (a D variable holds 64 bits, as dtrace's do):
 * after u8 = u8 + 100, u8 holds 300, which printf records at u8's size
 * (44) and u8 / 4 divides (75).
 */
#pragma D option quiet

uint8_t u8;
int8_t i8;
uint16_t u16;
int16_t i16;
uint32_t u32;
int32_t i32;
uint64_t u64;
int64_t i64;

BEGIN
{
	u8 = 255; i8 = 127; u16 = 65535; i16 = 32767;
	u32 = 4294967295U; i32 = 2147483647;
	u64 = 18446744073709551615ULL; i64 = 9223372036854775807LL;
}

BEGIN
{
	u8++; i8++; u16++; i16++; u32++; i32++; u64++; i64++;
	printf("%d %d %d %d\n", u8, i8, u16, i16);
	printf("%u %d %u %d\n", u32, i32, u64, i64);
	printf("%d %d %d %d %d %d %d %d\n", u8 == 0, i8 < 0, u16 == 0, i16 < 0,
	    u32 == 0, i32 < 0, u64 == 0, i64 < 0);
}

BEGIN
{
	u8--; i8--; u16--; i16--; u32--; i32--; u64--; i64--;
	printf("%d %d %d %d\n", u8, i8, u16, i16);
	printf("%u %d %u %d\n", u32, i32, u64, i64);
	printf("%d %d %d %d\n", u8 > 254, i8 > 126, u32 > 4294967294U,
	    i32 > 2147483646);
}

BEGIN
{
	u8 = 200;
	u8 = u8 + 100;
	i8 = 100;
	i8 = i8 + 100;
	u16 = 300;
	u16 = u16 * u16;
	i16 = 300;
	i16 = i16 * i16;
	u32 = 0x80000000U;
	u32 = u32 * 2 + 5;
	i32 = 0x40000000;
	i32 = i32 * 2;
	printf("%d %d %d %d %u %d\n", u8, i8, u16, i16, u32, i32);
	printf("%d %d %d %d %d\n", u8 / 4, i8 / 4, u16 / 4, i16 / 4, u32 / 5);
	exit(0);
}
