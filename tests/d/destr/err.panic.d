#pragma D option destructive

BEGIN
{
	panic();
}
