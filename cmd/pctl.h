/*
 * pctl.h - process control for -c and -p (pctl.c): the target processes
 * created or grabbed before the program is compiled, held stopped until
 * every probe is armed, let go, and watched until they exit.
 */
#ifndef DT_CMD_PCTL_H
#define DT_CMD_PCTL_H

#include <stddef.h>
#include <sys/types.h>
#include "dtrace.h"

/* evaltime's values, as dtrace_getopt() numbers the option's words */
enum { DT_PCTL_EXEC, DT_PCTL_PREINIT, DT_PCTL_POSTINIT, DT_PCTL_MAIN };

/* -c: run cmd (split on blanks, looked up on PATH) stopped at evaltime;
 * its pid, else -1 with dtrace's message (without "dtrace: ") in msg */
pid_t dt_pctl_create(const char *cmd, int evaltime, char *msg, size_t len);
/* -p: stop every thread of pid; 0, else -1 with dtrace's message in msg */
int dt_pctl_grab(pid_t pid, char *msg, size_t len);
/* Let every target run; with hold (the program symbolizes user stacks)
 * each stays traced to its exit stop, where dtrace_proc_exiting keeps
 * its mappings */
void dt_pctl_continue(dtrace_hdl_t *dtp, int hold);
/* Targets that have exited since the last call reported (unless quiet,
 * to stderr as dtrace's notices); the number still alive */
int dt_pctl_poll(dtrace_hdl_t *dtp, const char *pname, int quiet);
/* How many targets there are (created or grabbed) */
int dt_pctl_count(void);
/* The end: created processes still alive are killed, grabbed ones let go
 * neither stopped nor traced */
void dt_pctl_release(dtrace_hdl_t *dtp);

#endif
