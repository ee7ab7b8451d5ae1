/*
 * hold.h - the -c/-p target held under ptrace until its exit (hold.c).
 */
#ifndef DT_CMD_HOLD_H
#define DT_CMD_HOLD_H

#include <sys/types.h>
#include "dtrace.h"

/* -c: the child, stopped after its exec (PTRACE_TRACEME), made to stop
 * at its exit and let run; 0, else -1 (errno; it is still stopped) */
int dt_hold_child(pid_t pid);
/* -p: pid seized (it does not stop) to stop at its exit; 0, else -1
 * (errno: EPERM when another tracer has it) */
int dt_hold_seize(pid_t pid);
/* Is pid the held process? */
int dt_hold_is(pid_t pid);
/* the held process stopped with wait status st: at its exit its
 * mappings are kept (dtrace_proc_exiting) and it is let go; any other
 * stop is passed on */
void dt_hold_stopped(dtrace_hdl_t *dtp, int st);
/* -p: the stops waiting to be seen, handled; the held process no longer
 * held once it was let go at its exit */
void dt_hold_poll(dtrace_hdl_t *dtp);
/* -p at the end: a held process still running let go, neither stopped
 * nor traced */
void dt_hold_release(dtrace_hdl_t *dtp);

#endif
