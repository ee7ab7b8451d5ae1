/* destructive actions may never be speculative: raise() */
#pragma D option destructive

int x;

BEGIN
{
	speculate(1);
	raise(9);
}
