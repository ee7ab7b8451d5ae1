/*
 * getmajor() and getminor() split a Linux in-kernel dev_t (major << 20 |
 * minor), folded at compile time for constants and computed at run time
 * for variables; their types are major_t and minor_t.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", getmajor(0x800003), getminor(0x800003));
	d = (259 << 20) | 65537;
	printf("%d %d\n", getmajor(d), getminor(d));
	d = 0xffffffffffffffff;
	printf("%d %d\n", getmajor(d), getminor(d));
	printf("%d %d\n", sizeof (getmajor(d)), sizeof (getminor(d)));
	exit(0);
}
