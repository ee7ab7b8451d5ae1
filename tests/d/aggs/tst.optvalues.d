/*
 * The aggregation options' values as dtrace takes them: aggsortkey set
 * with no value (so key order), aggsortrev=no leaves it unset, aggrate
 * with a time suffix, aggsortkeypos and aggsortpos numbers in any base.
 */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortrev=no
#pragma D option aggrate=250ms
#pragma D option aggrate=4hz
#pragma D option aggsortkeypos=0x1
#pragma D option aggsortpos=010

BEGIN
{
	@a[2, "a"] = count(); @a[2, "a"] = count(); @a[1, "b"] = count();
	exit(0);
}
