#pragma D option destructive

BEGIN
{
	breakpoint();
}
