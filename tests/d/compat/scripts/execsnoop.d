/*
 * execsnoop.d - new processes with their arguments, in the style of the
 * DTraceToolkit's execsnoop: the psinfo_t translator of the D library,
 * string subroutines on the command line, a timestamp from walltimestamp.
 */
#pragma D option quiet

inline int OPT_time = 1;

dtrace:::BEGIN
{
	printf("%6s %6s %-16s %s\n", "PID", "PPID", "COMM", "ARGS");
}

syscall::execve:return
/ppid == $target || pid == $target/
{
	OPT_time ? printf("%Y ", walltimestamp) : 1;
	this->args = curpsinfo->pr_psargs;
	this->cmd = basename(curpsinfo->pr_fname);
	printf("%6d %6d %-16s %s (%d chars, first word %s)\n", pid, curpsinfo->pr_ppid,
	    this->cmd, this->args, strlen(this->args),
	    strtok(this->args, " ") != NULL ? strtok(this->args, " ") : "");
}
