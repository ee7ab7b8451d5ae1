/* An invalid -b buffer size is a fatal error (exit status 1). */
BEGIN
{
	exit(0);
}
