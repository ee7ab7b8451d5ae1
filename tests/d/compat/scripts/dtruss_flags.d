/*
 * dtruss_flags.d - the option-flag idiom of the DTraceToolkit's dtruss:
 * inline constants chosen when the script is generated, tested with ?:
 * around actions.
 */
#pragma D option quiet

inline int OPT_printid = 1;
inline int OPT_relative = 0;
inline int OPT_counts = 1;

dtrace:::BEGIN
{
	last = 0;
	last = timestamp;
}

syscall::write:entry
/pid == $target/
{
	OPT_printid ? printf("%5d/%d:  ", pid, tid) : 1;
	OPT_relative ? printf("%8d ", (timestamp - last) / 1000) : 1;
	printf("write(%d, 0x%x, %d)\n", arg0, arg1, arg2);
	OPT_counts ? @calls[probefunc] = count() : 1;
	last = timestamp;
}
