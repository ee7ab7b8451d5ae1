/*
 * Under the fill policy a record larger than the buffer fills it (no drop
 * is counted): no clause runs on that CPU after it, and tracing stops.
 */
#pragma D option bufsize=64
#pragma D option bufpolicy=fill
#pragma D option statusrate=10ms
#pragma D option quiet

BEGIN
{
	printf("%d\n", 1);
}

BEGIN
{
	printf("%s\n", "does not fit");
}

BEGIN
{
	printf("%d\n", 2);
}
