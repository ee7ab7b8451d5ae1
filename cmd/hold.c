/*
 * hold.c - the target process held under ptrace until its exit, for a
 * program that prints user stacks: records are printed some time after
 * they were written, and a process that has exited by then has no
 * mappings left to symbolize them with.  Its exit stop
 * (PTRACE_O_TRACEEXIT: the process is stopped in exit() with its memory
 * still mapped) has the library read its mappings and symbols
 * (dtrace_proc_exiting), then the process is detached and dies.
 *
 * -c: the child is traced from its exec (PTRACE_TRACEME) and keeps being
 * traced with that option.  -p: the process is seized (PTRACE_SEIZE
 * does not stop it); one already traced (a debugger) cannot be, and
 * dtrace goes on without.  Every other stop is passed on when dtrace
 * next polls (between dtrace_work() calls: up to the switch rate's wait
 * and the records' processing later): a signal is delivered, a group
 * stop (SIGSTOP) of a seized process stays one (PTRACE_LISTEN).
 * At the end a -p process still running is interrupted and detached:
 * it is left neither stopped nor traced (and if dtrace dies, the kernel
 * detaches it).
 */
#include <errno.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include "hold.h"

/* the exit stop; an exec stops with its own event (without
 * PTRACE_O_TRACEEXEC it would be a SIGTRAP like any other) */
#define DT_HOLD_OPTS (PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC)

static pid_t held;	/* 0: none */
static int seized;	/* -p (PTRACE_SEIZE), else the -c child */

int dt_hold_child(pid_t pid)
{
	if (ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)DT_HOLD_OPTS) < 0 ||
	    ptrace(PTRACE_CONT, pid, NULL, NULL) < 0)
		return -1;
	held = pid;
	seized = 0;
	return 0;
}

int dt_hold_seize(pid_t pid)
{
	if (ptrace(PTRACE_SEIZE, pid, NULL, (void *)(long)DT_HOLD_OPTS) < 0)
		return -1;
	held = pid;
	seized = 1;
	return 0;
}

int dt_hold_is(pid_t pid)
{
	return held > 0 && pid == held;
}

static int stop_signal(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

void dt_hold_stopped(dtrace_hdl_t *dtp, int st)
{
	int ev = st >> 16, sig = WSTOPSIG(st);
	if (held <= 0)
		return;
	if (ev == PTRACE_EVENT_EXIT) {
		dtrace_proc_exiting(dtp, held);
		ptrace(PTRACE_DETACH, held, NULL, NULL);
		held = 0;
		return;
	}
	if (ev == PTRACE_EVENT_STOP) {	/* a seized process's group stop */
		if (stop_signal(sig))
			ptrace(PTRACE_LISTEN, held, NULL, NULL);
		else
			ptrace(PTRACE_CONT, held, NULL, NULL);
		return;
	}
	if (ev == PTRACE_EVENT_EXEC) {
		ptrace(PTRACE_CONT, held, NULL, NULL);
		return;
	}
	/* a signal (a SIGTRAP of the program's own too), delivered */
	ptrace(PTRACE_CONT, held, NULL, (void *)(long)sig);
}

void dt_hold_poll(dtrace_hdl_t *dtp)
{
	int st;
	pid_t w = 0;
	while (seized && held > 0 && (w = waitpid(held, &st, WNOHANG | __WALL)) == held) {
		if (WIFSTOPPED(st))
			dt_hold_stopped(dtp, st);
		else
			held = 0;	/* gone without an exit stop (SIGKILL) */
	}
	if (seized && held > 0 && w < 0 && errno == ECHILD)
		held = 0;
}

void dt_hold_release(dtrace_hdl_t *dtp)
{
	int st;
	if (!seized || held <= 0) {
		held = 0;
		return;
	}
	pid_t w = -1;
	if (ptrace(PTRACE_INTERRUPT, held, NULL, NULL) == 0)
		while ((w = waitpid(held, &st, __WALL)) < 0 && errno == EINTR)
			;	/* a second ^C: the interrupt's stop is still to come */
	if (w == held && WIFSTOPPED(st)) {
		int ev = st >> 16;
		if (ev == PTRACE_EVENT_EXIT)
			dtrace_proc_exiting(dtp, held);
		/* a signal stop's signal is delivered; the interrupt's stop
		 * or a group stop is left as it was */
		ptrace(PTRACE_DETACH, held, NULL, (void *)(long)(ev == 0 ? WSTOPSIG(st) : 0));
	}
	held = 0;
}
