/* count, sum, avg (integer average), min, max, stddev printed at exit,
 * in order of introduction, after one blank line. */
#pragma D option quiet

BEGIN
{
	@a = avg(1); @a = avg(2);
	@s = stddev(10); @s = stddev(20);
	@c = count(); @c = count(); @c = count();
	@su = sum(-5); @su = sum(12);
	@mi = min(7); @mi = min(-3); @mi = min(4);
	@ma = max(7); @ma = max(-3); @ma = max(4);
	exit(0);
}
