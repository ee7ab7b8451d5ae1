/*
 * -x amin: a clause whose probe descriptions (or the arguments it uses)
 * are less stable than the minimum is refused with D_ATTR_MIN; the dtrace
 * provider's BEGIN (Stable) passes the same minimum.
 */
#pragma D option amin=Evolving/Evolving/Common

BEGIN
{
	exit(0);
}

syscall::getppid:entry
{
	trace(arg0);
}
