/* An unknown option in a pragma is an error. */
#pragma D option nosuchoption
BEGIN
{
	exit(0);
}
