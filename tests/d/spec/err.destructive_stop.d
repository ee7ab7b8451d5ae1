/* destructive actions may never be speculative: stop() */
#pragma D option destructive

int x;

BEGIN
{
	speculate(1);
	stop();
}
