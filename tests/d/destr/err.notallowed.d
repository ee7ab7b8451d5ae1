/*
 * A destructive action without -w, -x destructive or the pragma: the
 * program compiles, and enabling it is refused, as dtrace refuses it.
 */
BEGIN
{
	stop();
	exit(0);
}
