/*
 * -x aggsortrev: every comparison reversed, the order of the aggregations
 * at exit included (dtrace sorts the aggregations by id with the same
 * comparison), so @b comes first, its largest value first.
 */
#pragma D option quiet
#pragma D option aggsortrev

BEGIN
{
	@a["x"] = count(); @a["y"] = count(); @a["y"] = count();
	@b[1] = sum(5); @b[2] = sum(7); @b[3] = sum(5);
	exit(0);
}
