/*
 * With bufresize=manual a buffer that cannot be allocated (100 terabytes
 * per CPU) is an error, not a smaller buffer.
 */
#pragma D option bufresize=manual
#pragma D option bufsize=100t

BEGIN
{
	exit(0);
}
