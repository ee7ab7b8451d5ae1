/* An associative array is not an array element (D_DECL_DYNOBJ). */
int a[4][string];

BEGIN
{
	exit(0);
}
