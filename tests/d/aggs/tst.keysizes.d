/*
 * Keys of every size at exit, as dtrace(1M) formats aggregation keys:
 * 8-byte integers " %16lld", 4-byte " %8d" (signed, whatever the type:
 * uint32_t 4000000000 is -294967296), 2-byte " %5d" and 1-byte " %3d"
 * (unsigned, whatever the type: (char)-1 is 255), strings "  %-50s",
 * tuples one column per element; the value " %16lld".  Aggregations in
 * order of introduction after one blank line; entries by value, ties by
 * key (integers compared as unsigned numbers of their size).
 */
#pragma D option quiet

BEGIN
{
	@c1[(char)-1] = count();
	@c1[(char)5] = count();
	@c1[(char)5] = count();
	@u1[(uint8_t)200] = count();
	@u1[(uint8_t)7] = count();
	@s2[(short)-2] = count();
	@s2[(short)3] = count();
	@u2[(uint16_t)60000] = count();
	@s4[(int)-3] = count();
	@s4[(int)4] = count();
	@u4[(uint32_t)4000000000] = count();
	@s8[(long)-4] = count();
	@s8[(long)5] = count();
	@u8[(uint64_t)0xffffffffffffffff] = count();
	@str["hello"] = count();
	@str["a"] = count();
	@mix["a", (char)1, (short)2, 3, (long)4] = count();
	@mix["b", (char)-1, (short)-2, -3, (long)-4] = count();
	exit(0);
}
