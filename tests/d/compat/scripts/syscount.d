/*
 * syscount.d - system calls counted by process and by call, the most
 * frequent printed, in the style of the DTraceToolkit's syscount and the
 * Guide's first aggregation examples.
 */
#pragma D option quiet

syscall:::entry
{
	@calls[execname, probefunc] = count();
	@bypid[pid, execname] = count();
	@total = count();
}

tick-1s
{
	trunc(@calls, 5);
	printf("%-16s %-22s %8s\n", "PROCESS", "SYSCALL", "COUNT");
	printa("%-16s %-22s %@8d\n", @calls);
	trunc(@bypid, 3);
	printa("%6d %-16s %@8d\n", @bypid);
	printa("total %@d\n", @total);
	exit(0);
}
