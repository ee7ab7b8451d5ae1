/* the issue's example: avg, stddev and an lquantize table */
#pragma D option quiet
BEGIN { @a = avg(1); @a = avg(2); @s = stddev(10); @s = stddev(20); @l = lquantize(3, 0, 10, 2); exit(0); }
