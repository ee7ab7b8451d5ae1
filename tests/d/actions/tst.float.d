/*
 * D does no floating-point arithmetic, but a float or double read from
 * memory (a struct member, *(double *)p) is a value carried as its bits:
 * printf() formats it with %f, %e, %g, %E and %G, variables of every
 * kind hold it, and trace() prints its bits as an unsigned integer of its
 * size, as Oracle Linux DTrace does (it has no floating-point format for
 * trace()).
 */
#pragma D option quiet

struct s {
	int a;
	double d;
	float f;
};

double dv;
float fv;

BEGIN
{
	p = (struct s *)alloca(sizeof (struct s));
	p->a = 7;
	*(uint64_t *)&p->d = 0x3ff8000000000000;	/* 1.5 */
	*(uint32_t *)&p->f = 0xc0200000;		/* -2.5 */
	q = (double *)alloca(3 * sizeof (double));
	*(uint64_t *)q = 0x400921fb54442d18;		/* pi */
	*(uint64_t *)(q + 1) = 0x7ff0000000000000;	/* infinity */
	*(uint64_t *)(q + 2) = 0x8000000000000000;	/* -0.0 */

	printf("%f %e %g %E %G\n", p->d, p->d, p->d, p->d, p->d);
	printf("%f %e %g %E %G\n", p->f, p->f, p->f, p->f, p->f);
	printf("[%10.3f] [%-12.2e] [%+g] [%#.3g] [%08.2f]\n", *q, *q, *q, *q,
	    p->f);
	printf("%f %g %f\n", q[1], q[1], q[2]);

	dv = p->d;
	fv = p->f;
	this->d = *q;
	self->f = p->f;
	a[1] = p->d;
	printf("%f %f %.5f %f %f\n", dv, fv, this->d, self->f, a[1]);

	trace(p->d);
	printf(" ");
	trace(p->f);
	printf(" ");
	trace(dv);
	printf("\n");
	exit(0);
}
