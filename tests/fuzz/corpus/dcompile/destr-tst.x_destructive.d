/* -x destructive allows them as -w does; quiet mode has no notice */
#pragma D option quiet

BEGIN
{
	system("echo %s", "allowed");
	exit(0);
}
