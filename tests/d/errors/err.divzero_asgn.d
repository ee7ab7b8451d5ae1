/* So are /= and %= by a constant zero. */
BEGIN
{
	x = 1;
	x /= 0;
	exit(0);
}
