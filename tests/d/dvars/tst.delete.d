/* Deleting keys (assigning 0) while other keys stay, then re-adding them,
 * across probe firings. */
#pragma D option quiet
int n;

BEGIN
{
	a[1] = 10; a[2] = 20; a[3] = 30;
	a[2] = 0;
	printf("%d %d %d\n", a[1], a[2], a[3]);
}

tick-1ms
/n < 3/
{
	a[n + 1] = 0;
	printf("%d: %d %d %d\n", n, a[1], a[2], a[3]);
	a[n + 4] = n + 100;
	n++;
}

tick-1ms
/n == 3/
{
	a[2] = 2;
	printf("%d %d %d %d %d %d\n", a[1], a[2], a[3], a[4], a[5], a[6]);
	exit(0);
}
