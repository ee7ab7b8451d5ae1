/*
 * trace() of the empty string is dtrace's hex dump of strsize zero bytes,
 * which starts on a line of its own after the probe's columns.
 */
#pragma D option strsize=20

BEGIN
{
	trace("");
	trace(probefunc);
	trace("end");
	exit(0);
}
