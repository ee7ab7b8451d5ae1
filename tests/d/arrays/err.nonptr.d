/* Indexing needs a pointer or an array. */
BEGIN
{
	x = 1;
	trace(x[0]);
}
