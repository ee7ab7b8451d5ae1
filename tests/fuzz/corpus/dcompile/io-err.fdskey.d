/* fds[] takes one key, an integer. */
BEGIN
{
	trace(fds["1"].fi_name);
}
