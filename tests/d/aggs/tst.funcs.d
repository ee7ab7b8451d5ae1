/*
 * Every aggregating function's default output at exit, without a key and
 * with a two-element key (string, int): count, sum, min, max, avg as
 * " %16lld", stddev as " %16llu", the quantize family as distribution
 * tables (one zero row each side of the data, bars of 40 '@' scaled to
 * the total), each table followed by an empty line.
 */
#pragma D option quiet

BEGIN
{
	@count = count(); @count = count();
	@sum = sum(-7); @sum = sum(3);
	@min = min(3); @min = min(-8);
	@max = max(3); @max = max(-8);
	@avg = avg(7); @avg = avg(2);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4);
	@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9);
	@q = quantize(3); @q = quantize(5);
	@lq = lquantize(3, 0, 10, 2); @lq = lquantize(-1, 0, 10, 2);
	@llq = llquantize(15, 10, 0, 2, 10); @llq = llquantize(250, 10, 0, 2, 10);

	@kcount["x", 1] = count();
	@ksum["x", 2] = sum(10); @ksum["y", 1] = sum(-10);
	@kmin["x", 1] = min(-1);
	@kmax["x", 1] = max(-1);
	@kavg["x", 1] = avg(-3); @kavg["x", 1] = avg(-4);
	@ksd["x", 1] = stddev(1); @ksd["x", 1] = stddev(3);
	@kq["x", 1] = quantize(0); @kq["x", 1] = quantize(-1, 3);
	@klq["x", 1] = lquantize(100, 0, 10, 2);
	@kllq["x", 1] = llquantize(0, 10, 1, 2, 10);
	exit(0);
}
