/* A module scope that names no loaded module. */
BEGIN
{
	trace(no_such_module`jiffies);
}
