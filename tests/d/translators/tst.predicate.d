/*
 * Translated members in a predicate and in another process's context.
 */
#pragma D option quiet

syscall::exit_group:entry
/curpsinfo->pr_pid == $target/
{
	printf("%s %d %d\n", curpsinfo->pr_fname, curpsinfo->pr_ppid == ppid,
	    curlwpsinfo->pr_lwpid == tid);
}
