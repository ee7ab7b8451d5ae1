/*
 * flowtime.d - entry and return of a few system calls with the time
 * spent, flow-indented (-F) with clause-local variables and a thread-local
 * depth counter, in the style of the DTraceToolkit's dapptrace.
 */
#pragma D option flowindent

syscall::openat:entry, syscall::close:entry, syscall::read:entry
/pid == $target/
{
	self->depth++;
	self->ts[self->depth] = timestamp;
}

syscall::openat:return, syscall::close:return, syscall::read:return
/self->depth > 0/
{
	this->us = (timestamp - self->ts[self->depth]) / 1000;
	self->ts[self->depth] = 0;
	self->depth--;
	printf("%d us", this->us);
}
