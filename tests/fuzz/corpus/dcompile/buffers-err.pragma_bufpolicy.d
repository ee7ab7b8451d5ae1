/* An invalid bufpolicy in a pragma is a compile error. */
#pragma D option bufpolicy=circular

BEGIN
{
	exit(0);
}
