/*
 * The kernel's BTF double (vmlinux`double) is D's double: memory read
 * through a pointer to it is a value printf() formats.
 */
#pragma D option quiet

BEGIN
{
	q = (vmlinux`double *)alloca(2 * sizeof (vmlinux`double));
	*(uint64_t *)q = 0xc00c000000000000;	/* -3.5 */
	q[1] = *q;
	printf("%f %e %g %d\n", q[1], *q, *q, sizeof (vmlinux`double));
	exit(0);
}
