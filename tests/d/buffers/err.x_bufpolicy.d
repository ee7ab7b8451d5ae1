/* An invalid bufpolicy value is refused (exit status 1). */
BEGIN
{
	exit(0);
}
