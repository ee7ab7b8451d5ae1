/*
 * An aggregation in a ?: whose condition is not a constant.
 */
BEGIN
{
	x = 1;
	x ? @a = count() : 1;
}
