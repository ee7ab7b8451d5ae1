/*
 * chill() spins for at least the time asked (timestamp is read again
 * after it); chill(0) returns at once.
 */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	t = timestamp;
	chill(20000000);
	printf("%d\n", timestamp - t >= 20000000);
	t = timestamp;
	chill(0);
	chill(5000000);
	printf("%d\n", timestamp - t >= 5000000);
	exit(0);
}
