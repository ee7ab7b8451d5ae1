/*
 * A string alone is no condition, NULL or not (NULL is a string value).
 */
BEGIN
{
	s = "a";
	s = NULL;
}

BEGIN
/s/
{
	exit(0);
}
