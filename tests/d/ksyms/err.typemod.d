/* A type scoped by a module that does not exist. */
BEGIN
{
	trace(sizeof (no_such_module`int));
}
