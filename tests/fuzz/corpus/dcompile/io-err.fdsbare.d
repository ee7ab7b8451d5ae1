/* fds without its key. */
BEGIN
{
	trace(fds);
}
