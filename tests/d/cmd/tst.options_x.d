/*
 * Tracing options given with -x (and -b for the buffer size) are accepted
 * and tracing works normally with them.
 */
BEGIN
{
	printf("options ok\n");
	exit(0);
}
