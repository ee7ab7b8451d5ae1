#pragma D option destructive

BEGIN
{
	system("echo %d %s", 1);
}
