/* An invalid bufsize value is refused (exit status 1). */
BEGIN
{
	exit(0);
}
