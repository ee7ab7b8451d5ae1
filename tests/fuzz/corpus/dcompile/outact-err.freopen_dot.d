/* freopen(".") is refused: "." is dtrace's own way of writing "" */
#pragma D option destructive

BEGIN
{
	freopen(".");
}
