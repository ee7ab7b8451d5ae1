/* Reading a thread-local variable that nothing declares or assigns. */
BEGIN
{
	trace(self->never);
	exit(0);
}
