/* printf conversions, flags, widths, precision and length modifiers */
#pragma D option quiet
BEGIN
{
	printf("%d %i %u %o %x %X %c %s %%\n", -42, 42, 42, 8, 255, 255, 65, "str");
	printf("[%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42);
	printf("[%*d] [%-*d] [%.3s] [%.*s]\n", 6, 7, 6, 7, "abcdef", 2, "abcdef");
	printf("[%#x] [%#o] [%lx] [%llu]\n", 255, 8, 0xffffffffffUL, 18446744073709551615ULL);
	printf("%d %u %x\n", (int)-1, (int)-1, (int)-1);
	printf("%d %d %d\n", (char)200, (short)70000, (long)-1);
	printf("%s and %s\n", "one", "two");
	printf("no conversions\n");
	exit(0);
}
