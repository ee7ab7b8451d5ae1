/* progenyof( ) takes a pid_t. */
BEGIN
{
	trace(progenyof("init"));
}
