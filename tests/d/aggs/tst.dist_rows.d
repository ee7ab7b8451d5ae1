/*
 * Which rows the quantize family prints, and their labels, as illumos
 * dtrace's dt_print_quantize/lquantize/llquantize choose them: from the
 * row before the first non-zero count to the row after the last (none
 * past either end); a table whose counts are all zero (increments that
 * cancel out, or of zero) prints the rows around zero for quantize, the
 * first three for lquantize ("< base" first), the first two for
 * llquantize; lquantize's ends are "< base" and ">= limit", llquantize's
 * "< factor^low" and ">= factor^(high+1)".  A table with counts of both
 * signs draws half bars either side of a centre line.
 */
#pragma D option quiet

BEGIN
{
	@q0 = quantize(5, 0);
	@q1 = quantize(5, 2); @q1 = quantize(5, -2);
	@l0 = lquantize(5, 10, 20, 2, 0);
	@l1 = lquantize(-100, -10, 10, 5); @l1 = lquantize(100, -10, 10, 5);
	@l2 = lquantize(12, 0, 10, 5);
	@l3 = lquantize(0, 0, 10, 5);
	@ll0 = llquantize(5, 10, 1, 2, 10, 0);
	@ll1 = llquantize(3, 10, 1, 2, 10);
	@ll2 = llquantize(5000, 10, 1, 2, 10);
	@ll3 = llquantize(150, 10, 0, 2, 20);
	@m = quantize(3, 2); @m = quantize(-3, -1); @m = quantize(0, 1);
	exit(0);
}
