/*
 * destr.c - system(), the destructive action the consumer carries out,
 * in record order: its command is formatted as printf() formats (at most
 * strsize - 1 characters, as DTrace's buffer holds), the output so far
 * is flushed so that it comes before the command's, and the shell runs
 * it.  Not with system(3), which ignores SIGINT and SIGQUIT in the caller
 * while the command runs (a Ctrl-C during a long command would be lost
 * to dtrace): the shell is spawned (sh -c) with the signals dtrace
 * catches or ignores back at their defaults and nothing blocked, and
 * dtrace waits for it with its own handlers in place, so an interrupt
 * ends tracing once the command is done.  (The permission and the maps
 * of the others are rt/destr.c's.)
 */
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "consume.h"
#include "base/output.h"
#include "sema/program.h"

/* The command: the record's values formatted as printf() formats them
 * (consume.c), into a malloc'd string of at most strsize - 1 characters. */
static char *command(dtrace_hdl_t *dtp, const uint8_t *d, const struct dt_action *a)
{
	char *cmd = NULL;
	size_t len = 0, max = (size_t)dtp->opt[DTOPT_STRSIZE] - 1;
	FILE *m = open_memstream(&cmd, &len);

	if (!m)
		return NULL;
	dt_consume_printf(m, d, a);	/* printf's formatting, into the string */
	if (fclose(m) != 0) {
		free(cmd);
		return NULL;
	}
	if (cmd && len > max)
		cmd[max] = '\0';
	return cmd;
}

extern char **environ;

/* Run cmd with sh -c and wait for it: 0, or -1 with errno set. */
static int run_shell(const char *cmd)
{
	static const int sigs[] = { SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD };
	posix_spawnattr_t attr;
	sigset_t def, none;
	pid_t pid;
	int rc, st;

	sigemptyset(&def);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&def, sigs[i]);
	sigemptyset(&none);
	if ((rc = posix_spawnattr_init(&attr)) != 0) {
		errno = rc;
		return -1;
	}
	posix_spawnattr_setsigdefault(&attr, &def);
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
	char *argv[] = { "sh", "-c", (char *)cmd, NULL };
	rc = posix_spawn(&pid, "/bin/sh", NULL, &attr, argv, environ);
	posix_spawnattr_destroy(&attr);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	/* an interrupt is dtrace's (its handler notes it): wait on */
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

void dt_destr_system(dtrace_hdl_t *dtp, const uint8_t *d, const struct dt_action *a)
{
	char *cmd = command(dtp, d, a);

	/* what was printed so far comes before the command's output, which
	 * goes wherever dtrace's own standard output goes */
	DT_OUT0(dtp, flush);
	fflush(NULL);
	if (!cmd || run_shell(cmd) < 0)
		dt_out_message(dtp, 0, "system() failed: %s", strerror(errno));
	free(cmd);
}
