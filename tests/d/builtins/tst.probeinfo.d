/*
 * Probe-identifying built-ins in dtrace and profile provider probes:
 * probeprov, probemod, probefunc, probename and id.
 */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s] %d\n", probeprov, probemod, probefunc,
	    probename, id);
}

tick-10ms
{
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc,
	    probename);
	exit(0);
}

END
{
	printf("[%s] [%s] [%s] [%s] %d\n", probeprov, probemod, probefunc,
	    probename, id);
}
