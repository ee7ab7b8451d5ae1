/* An invalid option value in a pragma is an error. */
#pragma D option bufsize=banana
BEGIN
{
	exit(0);
}
