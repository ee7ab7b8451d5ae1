/* trace() takes exactly one argument. */
BEGIN
{
	exit(0);
	trace();
}
