/* Only variables can be assigned to. */
BEGIN
{
	1 = 2;
	exit(0);
}
