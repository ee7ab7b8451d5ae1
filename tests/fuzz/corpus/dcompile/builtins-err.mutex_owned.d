/* A Solaris-only subroutine is a compile error saying why. */
BEGIN
{
	trace(mutex_owned(0));
}
