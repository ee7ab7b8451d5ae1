/* An associative array keeps the key types of its first use: another
 * clause may not index it with a string. */
BEGIN
{
	a[1] = 1;
}

END
{
	a["x"] = 2;
}
