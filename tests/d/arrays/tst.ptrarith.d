/* D pointer arithmetic: scaled by the object size, both operand orders,
 * differences in objects (ptrdiff_t), comparisons. */
#pragma D option quiet

BEGIN
{
	p = (int *)16;
	q = (int *)8;
	l = (long *)8;
	printf("%d %d %d %d\n", p - q, q - p, p > q, p == q + 2);
	printf("%d %d %d\n", (long)(p + 1), (long)(3 + p), (long)(p - 1));
	printf("%d %d\n", (long)(l + 2), (long)&l[3]);
	printf("%d\n", sizeof (p - q));
	q += 3;
	q++;
	printf("%d\n", (long)q);
	exit(0);
}
