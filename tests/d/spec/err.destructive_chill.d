/* destructive actions may never be speculative: chill() */
#pragma D option destructive

int x;

BEGIN
{
	speculate(1);
	chill(1);
}
