/*
 * Casts truncate to the target width and sign- or zero-extend according to
 * the signedness of the source; constants (folded) and globals (run time).
 */
#pragma D option quiet

int64_t v;
int m;

BEGIN
{
	printf("%d %d %d %d\n", (char)0x1ff, (short)0x18000, (int)0x1ffffffffLL,
	    (char)300);
	printf("%u %u %u %u\n", (uint8_t)0x1ff, (uint16_t)-1, (uint32_t)-1,
	    (uint64_t)-1);
	printf("%d %u %u\n", (int64_t)(char)0xff, (uint64_t)(char)0xff,
	    (uint64_t)(uint8_t)0xff);
	printf("%d %d\n", (short)70000, (int8_t)0x80);
}

BEGIN
{
	v = 0x1234567890abcdefLL;
	m = -1;
}

BEGIN
{
	printf("%d %u %d %u\n", (int)v, (uint32_t)v, (short)v, (uint16_t)v);
	printf("%d %u %d %d %d\n", (char)v, (uint8_t)v, (int8_t)v, (int16_t)v,
	    (int32_t)v);
	printf("%u %d %u\n", (uint64_t)v, (int64_t)(int)v, (uint64_t)(int)v);
	printf("%d %u %d %d\n", (int64_t)(uint32_t)v, (uint64_t)(char)v,
	    (int)(uint8_t)v, (long)(short)v);
	printf("%u %u %u %u\n", (uint8_t)m, (uint16_t)m, (uint32_t)m,
	    (uint64_t)m);
	printf("%d %d %d\n", (char)(v >> 8), (uint8_t)(v >> 8) + 1,
	    (char)(short)(int)v);
	exit(0);
}
