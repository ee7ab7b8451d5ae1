/* & needs an object, not a value. */
BEGIN
{
	trace(&(pid + 1));
}
