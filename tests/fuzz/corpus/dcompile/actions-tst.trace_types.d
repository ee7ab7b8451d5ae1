/*
 * trace() prints an integer signed or unsigned as its D type (as Oracle
 * Linux DTrace does; illumos printed 1- and 2-byte values as unsigned and
 * 4- and 8-byte values as signed, whatever the type), in the column
 * dtrace gives its size: 3, 5, 8 or 16 characters after a space.
 */
enum e { NEG = -2, POS = 3 };

BEGIN { trace((char)-3); trace((unsigned char)200); trace((int8_t)-128); trace((uint8_t)255); }
BEGIN { trace((short)-1); trace((unsigned short)65535); trace((int16_t)-32768); trace((uint16_t)40000); }
BEGIN { trace(-1); trace(4294967295U); trace((int32_t)0x80000000); trace((uint32_t)3000000000); }
BEGIN { trace(-1LL); trace(0xffffffffffffffffULL); trace(-9223372036854775807LL - 1); trace((uint64_t)1 << 63); }
BEGIN { trace(NEG); trace((void *)-1); trace((uintptr_t)-2); trace((long)-5); }
BEGIN { exit(0); }
