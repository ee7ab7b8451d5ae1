/*
 * Global and clause-local scalar arrays, 2-D arrays, arrays of structs and
 * char arrays: declared, written and read by constant and run-time
 * indexes, in place; sizeof is the declared size; char arrays are strings
 * (assigned, traced, printed, compared) and index as arrays; &a[i] and a
 * decayed array are addresses whose loads read the same storage.
 */
#pragma D option quiet

int a[5];
char c[16];
struct foo {
	int x;
	char name[8];
	short s[3];
};
struct foo fa[3];
int m[3][4];
this int ta[4];
this struct foo tf;

BEGIN
{
	a[0] = 10; a[4] = 14; a[1]++; a[2] += 5;
	i = 3;
	a[i] = 33;
	printf("%d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4], a[i]);
	c = "hello";
	printf("%s %c %d %d %d\n", c, c[1], sizeof (c), strlen(c), c == "hello");
	c[0] = 'J';
	c[i + 2] = '!';
	printf("%s\n", c);
	c = "a string longer than sixteen";
	printf("[%s]\n", c);
	fa[1].x = 7;
	fa[2].s[2] = -3;
	fa[i - 1].name = "abc";
	printf("%d %d %s %d %d\n", fa[1].x, fa[2].s[2], fa[2].name, sizeof (fa),
	    sizeof (fa[0].s));
	m[1][2] = 12;
	m[i - 1][i] = 23;
	m[0][0] = m[1][2] * 2;
	printf("%d %d %d %d %d\n", m[1][2], m[2][3], m[0][0], sizeof (m), sizeof (m[1]));
	this->ta[2] = 42;
	this->ta[i] = 43;
	this->tf.x = -1;
	this->tf.s[i - 2] = 300;
	printf("%d %d %d %d %d\n", this->ta[2], this->ta[3], sizeof (this->ta),
	    this->tf.x, this->tf.s[1]);
	p = &a[2];
	q = a + 4;
	printf("%d %d %d %d\n", *p, *q, ((int *)a)[3], &a[4] - &a[1]);
	exit(0);
}
