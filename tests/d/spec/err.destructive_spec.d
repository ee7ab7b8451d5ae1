/* destructive actions may never be speculative (freopen() is one) */
#pragma D option destructive

BEGIN
{
	speculate(1);
	freopen("/dev/null");
}
