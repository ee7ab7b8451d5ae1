#!/usr/sbin/dtrace -Fs
/*
 * guide_specopen.d - speculative tracing as the Guide's specopen.d uses it:
 * record the path and the flow of an open, commit only when it fails.
 */
syscall::openat:entry
/pid == $target/
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s", copyinstr(arg1));
}

syscall::openat:return
/self->spec/
{
	speculate(self->spec);
	trace(errno);
}

syscall::openat:return
/self->spec && errno != 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec && errno == 0/
{
	discard(self->spec);
	self->spec = 0;
}
