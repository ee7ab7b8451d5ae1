/*
 * printa() formats: %@ of avg and stddev takes the value dtrace prints by
 * default (normalized, avg truncated toward zero), with the conversion's
 * width; %@ of quantize, lquantize and llquantize prints the distribution
 * table whatever the conversion; keys feed the other conversions.
 */
#pragma D option quiet

BEGIN
{
	@avg["a"] = avg(10); @avg["a"] = avg(5);
	@sd["a"] = stddev(2); @sd["a"] = stddev(4); @sd["a"] = stddev(4);
	@sd["a"] = stddev(4); @sd["a"] = stddev(5); @sd["a"] = stddev(5);
	@sd["a"] = stddev(7); @sd["a"] = stddev(9);
	@q["a"] = quantize(1); @q["a"] = quantize(2);
	@lq["b"] = lquantize(12, 10, 20, 5);
	@llq["c"] = llquantize(1000, 10, 2, 4, 10);
	printa("avg %s=[%5@d]\n", @avg);
	printa("sd %s=[%-5@d]\n", @sd);
	printa("q %s:%@d|\n", @q);
	printa("lq %s:%12@x|\n", @lq);
	printa("llq %s:%@d|\n", @llq);
	normalize(@avg, 2);
	printa("navg %s=%@d\n", @avg);
	exit(0);
}
