/*
 * trace() of a string prints what dtrace's dt_print_bytes() makes of its
 * strsize bytes (the NUL ends the string; zeros follow it): printable
 * characters (tabs, newlines, \b and \a count) are the string, in its
 * column of 33 unless quiet; a string filling all of strsize has no NUL
 * and is printed in the column even when quiet; the empty string and one
 * holding another control character are a hex dump of the strsize bytes.
 * A char array is the string it holds.
 */
#pragma D option quiet
#pragma D option strsize=16

struct s {
	char a[5];
	char b[4];
};
struct s g;

BEGIN
{
	g.a[0] = 't'; g.a[1] = 'e'; g.a[2] = 's'; g.a[3] = 't';
	g.b[0] = 'a'; g.b[1] = 'b'; g.b[2] = 'c'; g.b[3] = 'd';
	trace("five"); printf("|\n");
	trace("tab\there\a"); printf("|\n");
	trace("0123456789abcdef"); printf("|\n");
	trace("0123456789abcdefghij"); printf("|\n");
	trace(""); printf("|\n");
	trace("a\001b"); printf("|\n");
	trace(g.a); printf("|\n");
	trace(g.b); printf("|\n");
}

BEGIN
{
	exit(0);
}
