/*
 * The constants of the generated libraries (errno.d, signal.d, regs.d)
 * and the hand-written unistd.d, by name: aliases are the numbers of the
 * names they alias, SIGRTMIN/SIGRTMAX are the kernel's.
 */
#pragma D option quiet

BEGIN
{
	trace(ESRCH);
	printf("\n%d %d %d %d\n", EPERM, ENOENT, EINTR, EXDEV);
	printf("%d %d %d\n", EWOULDBLOCK == EAGAIN, EDEADLOCK == EDEADLK, ENOTSUP == EOPNOTSUPP);
	printf("%d %d %d %d %d\n", SIGHUP, SIGKILL, SIGSYS, SIGRTMIN, SIGRTMAX);
	printf("%d %d %d\n", SIGIOT == SIGABRT, SIGCLD == SIGCHLD, SIGPOLL == SIGIO);
	printf("%d %d %d %d %d %d\n", CLD_EXITED, CLD_KILLED, CLD_DUMPED, CLD_TRAPPED,
	    CLD_STOPPED, CLD_CONTINUED);
	printf("%d %d %d %d %d\n", R_R15, R_RAX, R_RIP, R_SS, R_TRAPNO);
	printf("%d %d\n", DTRACEFLT_BADADDR, DTRACEFLT_LIBRARY);
	exit(0);
}
