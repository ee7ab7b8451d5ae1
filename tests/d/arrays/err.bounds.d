/* A constant index outside a declared array is a compile error. */
int a[5];

BEGIN
{
	trace(a[5]);
	exit(0);
}
