/*
 * printf()'s plain %d, %i, %u and %s (no flag, width or precision) are
 * written without a C format (fmt/printf.c pf_plain); each is printed
 * here beside the same value through a C format (a width of 1, which
 * changes nothing for these values), so the two must agree: the extreme
 * values of each size, signed and unsigned, negative values at every
 * size, and strings empty, short and filling strsize with no NUL.
 */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	i64 = -9223372036854775807LL - 1;
	printf("%d|%1d %d|%1d %u|%1u\n", i64, i64, 9223372036854775807LL,
	    9223372036854775807LL, 18446744073709551615ULL, 18446744073709551615ULL);
	printf("%d|%1d %i|%1i %u|%1u\n", (int)-2147483648, (int)-2147483648,
	    (int)2147483647, (int)2147483647, (uint32_t)4294967295, (uint32_t)4294967295);
	printf("%d|%1d %d|%1d %u|%1u\n", (short)-32768, (short)-32768,
	    (char)-1, (char)-1, (uint8_t)255, (uint8_t)255);
	printf("%d|%1d %u|%1u %i|%1i\n", 0, 0, 0, 0, -7, -7);
	printf("[%s|%1s] [%s|%1s] [%s|%1s]\n", "", "", "ab", "ab", "12345678", "12345678");
	printf("[%s] %d [%s]\n", execname, -1, probename);
	exit(0);
}
