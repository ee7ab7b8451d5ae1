/*
 * A string alone is no condition, NULL or not.
 */
BEGIN
{
	s = "a";
}

BEGIN
/s/
{
	exit(0);
}
