/*
 * iodist.d - distributions of read sizes and latencies, in the style of
 * the DTraceToolkit's bitesize and the Guide's quantize examples: self->
 * variables across entry and return, quantize and lquantize, normalize.
 */
#pragma D option quiet

syscall::read:entry
/pid == $target/
{
	self->start = timestamp;
	self->fd = arg0;
}

syscall::read:return
/self->start && (int)arg0 >= 0/
{
	@size[execname] = quantize(arg0);
	@lat["read"] = lquantize((timestamp - self->start) / 1000, 0, 100, 10);
	@avgus = avg(timestamp - self->start);
	self->start = 0;
	self->fd = 0;
}

END
{
	normalize(@avgus, 1000);
	printa(@size);
	printa(@lat);
	printa("avg %@d us\n", @avgus);
}
