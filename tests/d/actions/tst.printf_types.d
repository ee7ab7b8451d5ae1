/*
 * printf() conversions follow the argument's D type: %d and %i print
 * unsigned types as unsigned, %u/%x/%o reinterpret at the argument's
 * width, and the l, ll and h size prefixes require long, long long and
 * short arguments.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", (uint8_t)255, (uint16_t)65535, (uint32_t)-1,
	    (uint64_t)-1);
	printf("%i %i %d %d\n", (char)-1, (short)-1, -1, -1LL);
	printf("%u %u %u %u\n", (char)-1, (short)-1, -1, -1LL);
	printf("%x %x %X %o\n", (char)-1, (short)-2, 255, (uint8_t)8);
	printf("%ld %lu %lld %llu\n", 5L, 6UL, 7LL, 8ULL);
	printf("%hd %hu\n", (short)-3, (unsigned short)65533);
	printf("%lx %llx %lX\n", 0xffffffffffUL, 0xffffffffffULL, -1L);
	printf("%c%c%c\n", 65, (char)66, (short)67);
	printf("%5d|%-5d|%05d|%+d\n", (char)-1, (uint8_t)255, (short)-42,
	    (uint8_t)7);
	exit(0);
}
