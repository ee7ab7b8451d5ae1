/*
 * -x amin met: BEGIN and profile's probes are Evolving/Evolving/Common or
 * better, so the program compiles and runs.
 */
#pragma D option quiet
#pragma D option amin=Evolving/Evolving/Common

BEGIN
{
	printf("ok\n");
	exit(0);
}

profile-97
{
	n++;
}
