/*
 * Constant expressions wrap at the width of their type, as dtrace folds
 * them (its folding is unsigned 64-bit arithmetic, the result typed by
 * the usual conversions): no error, no promotion to a wider type.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 2147483647 + 1, -2147483647 - 2);
	printf("%ld %ld\n", 9223372036854775807 + 1, -9223372036854775807 - 2);
	printf("%d %u %u\n", 65536 * 65536, 4294967295u + 1, 0u - 1);
	exit(0);
}
