/* An array is not assigned whole, in an associative array too (D_OP_ARRFUN). */
int a[string][4];

BEGIN
{
	a["x"] = a["y"];
	exit(0);
}
