/*
 * A string compares with strings, char arrays and pointers, NULL or a
 * void pointer; not with an integer other than 0.
 */
BEGIN
{
	s = "a";
	trace(s == NULL);
	trace(s == 1);
}
