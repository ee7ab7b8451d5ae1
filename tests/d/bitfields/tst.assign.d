/*
 * Bit-fields of D structs held in D variables (clause-local, global,
 * thread-local, an array element with a run-time index, a nested struct
 * in a union) are assigned, compound-assigned and incremented: the unit
 * holding the field is read, the field's bits replaced and the unit
 * written back, its neighbours untouched; a field wraps at its width, and
 * the value of an assignment is what the field then holds (a signed
 * one-bit field assigned 1 holds -1).  Expected values are gcc's.
 */
#pragma D option quiet

struct bf {
	int a:3;
	int flag:1;
	unsigned u:5;
	char c;
	long big:40;
	unsigned long top:24;
};
union u {
	unsigned short all;
	struct { unsigned char lo:4, hi:4; } nib;
};

this struct bf s;
struct bf g;
self struct bf t;
struct bf arr[3];
this union u w;

BEGIN
{
	this->s.a = 5;
	this->s.flag = 1;
	this->s.u = 33;
	this->s.c = 'x';
	this->s.big = -3;
	this->s.top = 0xabcdef;
	printf("%d %d %d %d %d %x %d\n", this->s.a, this->s.flag, this->s.u,
	    this->s.c, this->s.big, this->s.top, sizeof (struct bf));
	/* the units' bytes, without the padding (bits 9-15, 88-127) */
	printf("%x %x\n", *(unsigned long *)&this->s & 0xffffffffffff01ffUL,
	    *((unsigned long *)&this->s + 1) & 0xffffff);
	printf("%d ", this->s.a = 3);
	printf("%d ", this->s.flag = 0);
	printf("%d\n", this->s.u = 31);
	this->s.a++;
	this->s.u += 2;
	printf("%d %d ", this->s.a, this->s.u);
	printf("%d ", this->s.flag--);
	printf("%d\n", this->s.flag);

	g.a = -4;
	g.u = 7;
	g.u <<= 2;
	g.a--;
	printf("%d %d %d %d\n", g.a, g.u, g.flag, g.c);

	self->t.top = 0xffffff;
	self->t.top++;
	self->t.big = 0x7fffffffff;
	self->t.big++;
	printf("%x %d %d\n", self->t.top, self->t.big, self->t.a);

	i = 2;
	arr[i].u = 40;
	arr[i].flag = -1;
	arr[i - 1].a = arr[i].u;
	printf("%d %d %d %d\n", arr[2].u, arr[2].flag, arr[1].a, arr[0].a);

	this->w.all = 0;
	this->w.nib.hi = 0xa;
	this->w.nib.lo = 0x15;
	printf("%x %x %x\n", this->w.all, this->w.nib.lo, this->w.nib.hi);
	self->t.top = 0;
	exit(0);
}
