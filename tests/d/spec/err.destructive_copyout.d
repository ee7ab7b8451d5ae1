/* destructive actions may never be speculative: copyout() */
#pragma D option destructive

int x;

BEGIN
{
	speculate(1);
	copyout(alloca(1), 0, 1);
}
