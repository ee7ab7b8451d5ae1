/*
 * -x argref: macro arguments the program does not reference are not an
 * error.
 */
#pragma D option quiet

BEGIN
{
	printf("%d\n", $1);
	exit(0);
}
