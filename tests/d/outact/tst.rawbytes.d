/*
 * -x rawbytes shows traced strings as dtrace records them: strsize bytes,
 * NUL-padded, as a hex dump.  Integers are not affected.
 */
#pragma D option quiet
#pragma D option rawbytes
#pragma D option strsize=24

BEGIN
{
	s = "a longer string";
	trace(s);
	trace("hi");
	trace(42);
	exit(0);
}
