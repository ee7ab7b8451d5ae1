/*
 * A string variable may be assigned a string, a char array or pointer,
 * NULL or 0; not a pointer to anything else.
 */
BEGIN
{
	s = "a";
	s = 0;
	s = (int *)0;
}
