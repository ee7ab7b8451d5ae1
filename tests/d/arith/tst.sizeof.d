/*
 * sizeof of expressions, with or without parentheses, never evaluated:
 * arrays, elements, dereferences, members, D variables, strings (a string
 * constant is its length and NUL, as in dtrace; other strings strsize),
 * promoted arithmetic, and structs with bit-fields laid out as gcc lays
 * them out.  The result is a size_t, unsigned.
 */
#pragma D option quiet
#pragma D option strsize=100

int a[5];
char buf[10];
struct s { int x; char y; } g;
string str;
struct bf { char c; int a:3; int flag:1; unsigned u:20; };
struct bf2 { int a:3; long b:40; short c; };
struct bf3 { unsigned char a:4; unsigned char b:4; unsigned char c:4; };
struct bf4 { char c; long :0; char d; };
struct bf5 { short s; int x:17; };
this struct bf tb;

BEGIN
{
	p = &a[0];
	x = 1;
	printf("%d %d %d %d %d %d\n", sizeof (a), sizeof (a[0]), sizeof (*p),
	    sizeof a[1], sizeof (buf), sizeof buf[0]);
	printf("%d %d %d %d %d %d %d\n", sizeof (g), sizeof (g.y), sizeof g.x,
	    sizeof (str), sizeof ("abc"), sizeof "", sizeof (execname));
	printf("%d %d %d %d %d %d %d\n", sizeof (this->tb), sizeof (struct bf),
	    sizeof (struct bf2), sizeof (struct bf3), sizeof (struct bf4),
	    sizeof (struct bf5), sizeof (this->tb.c));
	printf("%d %d %d %d %d\n", sizeof (1 + 1L), sizeof ((char)1),
	    sizeof ((char)1 + (char)1), sizeof (-(short)1), sizeof (sizeof (int)));
	printf("%d %d %d %d %d\n", sizeof (int), sizeof (string),
	    sizeof (struct s *), sizeof p, sizeof (x++));
	printf("%d %d\n", x, sizeof (int) - 9 > 0);
	exit(0);
}
