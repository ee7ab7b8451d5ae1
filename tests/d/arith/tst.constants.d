/*
 * Integer constants: decimal, octal and hex forms, U/L/UL/LL/ULL suffixes
 * and the type (size) each literal gets, character constants and escape
 * sequences in character and string constants.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", 017, 0x1F, 0XfF, 0, 00);
	printf("%d %d %d %d %d %d\n", sizeof (1), sizeof (1L), sizeof (1LL),
	    sizeof (1U), sizeof (1UL), sizeof (1ULL));
	printf("%d %d %d %d\n", sizeof (2147483647), sizeof (2147483648),
	    sizeof (0x7fffffff), sizeof (0x80000000));
	printf("%d %d %d\n", sizeof (0xffffffff), sizeof (0x100000000),
	    sizeof (4294967295));
	printf("%d %d %d %d\n", sizeof (char), sizeof (short), sizeof (int),
	    sizeof (long));
	printf("%d %d %d %d\n", sizeof (long long), sizeof (int8_t),
	    sizeof (uint16_t), sizeof (uint64_t));
	printf("%u %d %d\n", 0xffffffff, 4294967295, -2147483648);
	printf("%d %d %d %d %d %d\n", 'a', '\n', '\0', '\t', '\\', '\'');
	printf("%d %d %d %d\n", '\x41', '\101', '"', ' ');
	printf("%c%c%c\n", 'D', 'o', 'k');
	printf("a\tb\\c\"d\x41\101%%\n");
	printf("%s|%s\n", "", "x\ty");
	exit(0);
}
