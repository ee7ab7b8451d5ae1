/* fds[] takes one key, an integer. */
BEGIN
{
	trace(fds[1, 2].fi_name);
}
