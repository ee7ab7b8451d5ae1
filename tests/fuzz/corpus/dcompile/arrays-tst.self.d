/*
 * Thread-local arrays and structs (self int a[4]; self struct foo s):
 * never assigned they read as zero; the first store creates the variable
 * zero-filled in the dynamic variable space, later ones update it in
 * place; whole structs copy in and out; char arrays are strings.
 */
#pragma D option quiet

struct foo {
	int x;
	char name[8];
	short s[3];
};

self struct foo sf;
self int sa[4];
self char sc[8];
self char never[8];

BEGIN
{
	printf("%d %d %d [%s]\n", self->sf.x, self->sa[2], self->sf.s[1], self->never);
	self->sf.x = 5;
	self->sa[2] = 7;
	self->sa[1]++;
	i = 3;
	self->sa[i] = 9;
	self->sf.name = "nm";
	self->sc = "abcdefghijk";
	printf("%d %d %d %d %d %s %s\n", self->sf.x, self->sa[0], self->sa[1],
	    self->sa[2], self->sa[i], self->sf.name, self->sc);
	g = self->sf;
	printf("%d %s %d\n", g.x, g.name, sizeof (self->sf));
	g.x = 6;
	self->sf = g;
	self->ps = *curpsinfo;
	printf("%d %d %s\n", self->sf.x, self->ps.pr_pid == pid, self->ps.pr_fname);
	exit(0);
}
