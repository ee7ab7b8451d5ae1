/*
 * A principal buffer too small for any record (here 0 bytes) is refused
 * when tracing would start.
 */
#pragma D option bufsize=0

BEGIN
{
	exit(0);
}
