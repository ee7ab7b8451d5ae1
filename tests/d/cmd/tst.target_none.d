/* Without -c or -p, $target is 0. */
#pragma D option quiet

BEGIN
{
	printf("%d\n", $target);
	exit(0);
}
