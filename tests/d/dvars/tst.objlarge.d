/*
 * Large dynamic objects cost no code per store: an element of 12 KiB
 * (three string members at strsize 4096) is created from a zero value in
 * its own map (dt_dvzero) and read from it when never assigned, so many
 * stores to such elements in one program fit.
 */
#pragma D option quiet
#pragma D option strsize=4096

struct rec {
	string a;
	string b;
	string c;
	int n;
};

struct rec r[int];
self struct rec s[int];

BEGIN
{
	r[1].a = "a1"; r[1].b = "b1"; r[1].c = "c1"; r[1].n = 1;
	r[2].a = "a2"; r[2].b = "b2"; r[2].c = "c2"; r[2].n = 2;
	r[3].a = "a3"; r[3].b = "b3"; r[3].c = "c3"; r[3].n = 3;
	r[4].a = "a4"; r[4].b = "b4"; r[4].c = "c4"; r[4].n = 4;
	self->s[1].a = r[2].b; self->s[1].n = r[4].n;
	self->s[2] = r[3];
	r[5] = r[9];
	printf("%s %s %s %d %d\n", r[1].a, r[2].b, r[3].c, r[4].n, sizeof (r[1]));
	printf("%s %d %s [%s] %d %d\n", self->s[1].a, self->s[1].n, self->s[2].c,
	    r[5].a, r[5].n, r[6].n);
	exit(0);
}
