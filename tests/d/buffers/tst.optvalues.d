/*
 * Buffer and rate options accept dtrace's spellings: sizes in decimal,
 * hex or with a k/m/g/t suffix of either case; rates with any time unit
 * of either case, hz, or a bare number of nanoseconds; the policies by
 * name.
 */
#pragma D option bufsize=0x4000
#pragma D option bufsize=16K
#pragma D option bufresize=manual
#pragma D option bufresize=auto
#pragma D option bufpolicy=ring
#pragma D option bufpolicy=fill
#pragma D option bufpolicy=switch
#pragma D option switchrate=10Hz
#pragma D option switchrate=100MS
#pragma D option switchrate=10000000
#pragma D option statusrate=1sec
#pragma D option aggrate=2s
#pragma D option cleanrate=50hz
#pragma D option quiet

BEGIN
{
	printf("ok\n");
	exit(0);
}
