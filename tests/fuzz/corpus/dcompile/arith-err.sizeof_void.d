/* sizeof of an expression of no size (a cast to void) is an error. */
BEGIN
{
	trace(sizeof ((void)0));
}
