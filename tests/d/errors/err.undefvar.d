/* Reading a variable that was never declared or assigned is an error. */
#pragma D option quiet

BEGIN
{
	trace(y);
	exit(0);
}
