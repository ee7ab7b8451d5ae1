/*
 * Without quiet mode dtrace reports how many probes the script matched,
 * prints a CPU/ID/FUNCTION:NAME heading, prefixes each probe firing with
 * its CPU, probe ID and function:name, ends each firing with a newline, and
 * prints a final newline when it exits.  A clause without actions still
 * reports the firing; exit() itself prints nothing.
 */
BEGIN
{
}

BEGIN
{
	printf("hello\n");
}

BEGIN
{
	trace(42);
	exit(0);
}

END
{
	printf("bye\n");
}
