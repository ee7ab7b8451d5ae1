/* destructive actions may never be speculative: system() */
#pragma D option destructive

int x;

BEGIN
{
	speculate(1);
	system("true");
}
