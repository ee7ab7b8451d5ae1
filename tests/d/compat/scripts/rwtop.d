#!/usr/sbin/dtrace -Cs
/*
 * rwtop.d - bytes read and written per process every interval, top N,
 * in the style of the DTraceToolkit's rwtop: cpp macros, a countdown from
 * a macro argument, trunc() and printa() each tick.
 */
#pragma D option quiet
#pragma D option defaultargs

#define TOP 10

dtrace:::BEGIN
{
	secs = $1 ? $1 : 1;
}

syscall::read:return, syscall::write:return
/(int)arg0 > 0/
{
	@bytes[pid, execname, probefunc == "read" ? "R" : "W"] = sum(arg0);
}

profile:::tick-1s
{
	secs--;
}

profile:::tick-1s
/secs == 0/
{
	trunc(@bytes, TOP);
	printf("%6s %-16s %1s %10s\n", "PID", "CMD", "D", "BYTES");
	printa("%6d %-16s %1s %@10d\n", @bytes);
	exit(0);
}
