#!/usr/sbin/dtrace -s
/*
 * opensnoop.d - who opens what: the file name read at entry, the result
 * at return, in the style of the DTraceToolkit's opensnoop.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

inline int OPT_verbose = 1;

dtrace:::BEGIN
{
	OPT_verbose ? printf("%5s %6s %-12s %4s %3s %s\n", "UID", "PID", "COMM", "FD", "ERR", "PATH") : 1;
}

syscall::openat:entry
{
	self->pathp = arg1;
}

syscall::openat:return
/self->pathp/
{
	this->path = copyinstr(self->pathp);
	this->fd = (int)arg0;
	this->err = this->fd < 0 ? errno : 0;
	printf("%5d %6d %-12s %4d %3d %s\n", uid, pid, execname, this->fd, this->err, this->path);
	self->pathp = 0;
}
