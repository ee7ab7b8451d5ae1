/*
 * 64-bit arithmetic wraps modulo 2^64, for constants folded by the
 * compiler and for run-time values alike.
 */
#pragma D option quiet

uint64_t u;
int64_t s, k;

BEGIN
{
	printf("%u %d\n", 0xffffffffffffffffULL * 0xffffffffffffffffULL,
	    0x7fffffffffffffffLL * 2);
	printf("%d %d\n", 3037000500LL * 3037000500LL,
	    0x7fffffffffffffffLL + 0x7fffffffffffffffLL + 2);
}

BEGIN
{
	u = 0xffffffffffffffffULL;
	s = 0x7fffffffffffffffLL;
	k = 3037000500LL;
}

BEGIN
{
	printf("%u %d\n", u * u, s * 2);
	printf("%d %d\n", k * k, s + s + 2);
	printf("%d %u %u\n", -s - 1, u + 2, u / 0x100000000ULL);
	printf("%d %d\n", (s + 1) / 2, (s + 1) % 1000);
	exit(0);
}
