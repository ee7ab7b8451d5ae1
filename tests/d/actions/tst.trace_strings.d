/*
 * trace() of a string prints what dtrace's dt_print_bytes() makes of its
 * strsize bytes (the NUL ends the string; zeros follow it): printable
 * characters (tabs, newlines, \b and \a count) are the string, in its
 * column of 33 unless quiet; a string filling all of strsize has no NUL
 * and is printed in the column even when quiet; the empty string and one
 * holding another control character are a hex dump of the strsize bytes.
 * A char array is recorded as its own bytes, as dtrace records it, and
 * goes by the same rules: one filled to its end has no NUL (the column,
 * even when quiet), one with bytes after its NUL is a hex dump.
 */
#pragma D option quiet
#pragma D option strsize=16

struct s {
	char a[5];
	char b[4];
	char c[6];
};
struct s g;

BEGIN
{
	g.a[0] = 't'; g.a[1] = 'e'; g.a[2] = 's'; g.a[3] = 't';
	g.b[0] = 'a'; g.b[1] = 'b'; g.b[2] = 'c'; g.b[3] = 'd';
	g.c[0] = 'x'; g.c[2] = 'y';
	trace("five"); printf("|\n");
	trace("tab\there\a"); printf("|\n");
	trace("0123456789abcdef"); printf("|\n");
	trace("0123456789abcdefghij"); printf("|\n");
	trace(""); printf("|\n");
	trace("a\001b"); printf("|\n");
	trace(g.a); printf("|\n");
	trace(g.b); printf("|\n");
	trace(g.c); printf("|\n");
	trace(curthread->comm); printf("|\n");
}

BEGIN
{
	exit(0);
}
