/* An associative array is always indexed. */
BEGIN
{
	a["k"] = 1;
	x = a;
	exit(0);
}
