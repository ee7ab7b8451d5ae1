/*
 * procsystime.d - time spent in each system call, in the style of the
 * DTraceToolkit's procsystime: a timestamp saved at entry, the delta
 * summed at return, printed every interval.
 */
#pragma D option quiet

dtrace:::BEGIN
{
	start = 0;
	start = timestamp;
	secs = 0;
}

syscall:::entry
/pid == $target/
{
	self->ts = timestamp;
}

syscall:::return
/self->ts/
{
	this->delta = timestamp - self->ts;
	@time[probefunc] = sum(this->delta);
	@count[probefunc] = count();
	@dist = quantize(this->delta);
	self->ts = 0;
}

dtrace:::END
{
	printf("Elapsed: %d ms\n", (timestamp - start) / 1000000);
	normalize(@time, 1000);
	printa("%-20s %@12d us %@8d calls\n", @time, @count);
}
