/* speculate() is an action, not a function with a value */
BEGIN
{
	x = speculate(1);
}
