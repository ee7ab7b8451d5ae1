/* The exit() argument becomes dtrace's exit status (modulo 256). */
#pragma D option quiet

BEGIN
{
	exit(-1);
}
