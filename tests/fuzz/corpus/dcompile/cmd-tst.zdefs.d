/*
 * With the zdefs option a probe description that matches no probes is
 * permitted; the rest of the program runs.
 */
#pragma D option quiet
#pragma D option zdefs

nosuch:::probe
{
	printf("not reached\n");
}

BEGIN
{
	printf("zdefs ok\n");
	exit(0);
}
