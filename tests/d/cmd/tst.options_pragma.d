/*
 * Tracing options set with #pragma D option are accepted and tracing works
 * normally with them.
 */
#pragma D option quiet
#pragma D option bufsize=64k
#pragma D option switchrate=50hz
#pragma D option statusrate=100ms
#pragma D option strsize=512
#pragma D option bufpolicy=switch

BEGIN
{
	printf("options ok\n");
	exit(0);
}
