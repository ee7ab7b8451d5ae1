/*
 * Thread-local associative arrays of structs and arrays, declared
 * (self struct foo t[int]) and implied (self->u[k] = a struct): members
 * and elements read and written in place, zero when never assigned,
 * kept per thread and across clauses, copied whole, deleted by 0.
 */
#pragma D option quiet

struct foo {
	int n;
	long arr[2];
	char name[8];
};

self struct foo t[int];
self int w[string][3];
this struct foo f;

BEGIN
{
	printf("%d %d [%s] %d\n", self->t[1].n, self->t[1].arr[1], self->t[1].name,
	    self->w["a"][2]);
	self->t[1].n = 3;
	self->t[1].arr[1] = 4;
	self->t[2].name = "two";
	i = 1;
	self->t[2].arr[i] += 10;
	self->w["a"][2] = 6;
	self->w["a"][i]--;
	this->f.n = 8;
	this->f.name = "local";
	self->u[execname, 1] = this->f;
	self->u[execname, 1].arr[0] = 9;
}

BEGIN
{
	printf("%d %d %s %d %d %d\n", self->t[1].n, self->t[1].arr[1], self->t[2].name,
	    self->t[2].arr[1], self->w["a"][2], self->w["a"][1]);
	printf("%d %s %d %d\n", self->u["dtrace", 1].n, self->u["dtrace", 1].name,
	    self->u["dtrace", 1].arr[0], self->u["dtrace", 2].n);
	self->t[3] = self->t[1];
	self->t[1] = 0;
	printf("%d %d %d\n", self->t[1].n, self->t[3].n, self->t[3].arr[1]);
	exit(0);
}
