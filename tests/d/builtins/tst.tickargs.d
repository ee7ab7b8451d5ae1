/*
 * Profile provider arguments: a tick probe's arg0 and arg1 are the kernel
 * and user program counters at the time of the interrupt (at most one of
 * them can be non-zero), and arg2 through arg9 are zero.
 */
#pragma D option quiet

tick-10ms
{
	printf("%d %d %d %d %d %d %d %d\n", arg2, arg3, arg4, arg5, arg6,
	    arg7, arg8, arg9);
	printf("%d\n", arg0 == 0 || arg1 == 0);
	exit(0);
}
