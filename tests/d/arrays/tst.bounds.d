/*
 * A run-time index outside a D array's bounds (too large or negative, at
 * any dimension, read or write, global or clause-local) aborts its clause
 * with "index out of bounds (INDEX)" and fires ERROR with DTrace's
 * arguments (arg4 = DTRACEFLT_BADINDEX, arg5 = the index); the array is
 * not written and later clauses run.
 */
#pragma D option quiet

int a[5];
int m[3][4];
this char t[8];

BEGIN
{
	i = 8;
	a[i] = 12345678;
	printf("not reached\n");
}

BEGIN
{
	i = -1;
	printf("%d\n", a[i]);
}

BEGIN
{
	j = 4;
	m[1][j] = 1;
}

BEGIN
{
	j = 3;
	m[j][0] = 1;
}

BEGIN
{
	this->t[j + 5] = 'x';
}

ERROR
{
	printf("ERROR action %d fault %d index %d\n", arg2, arg4, arg5);
}

BEGIN
{
	printf("%d %d %d %d\n", a[0], a[4], m[1][3], m[2][0]);
	exit(0);
}
