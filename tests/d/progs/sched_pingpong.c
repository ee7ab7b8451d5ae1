/*
 * sched_pingpong - two processes that take turns, for the sched tests.
 *
 * Usage: sched_pingpong N
 *   Forks; the parent (renamed "sched_ping") and the child ("sched_pong")
 *   pass one byte back and forth over two pipes N times.  Before each
 *   write the writer waits (yielding, not sleeping) until the reader's
 *   /proc state says it sleeps, then sleeps 5 ms itself: the reader is
 *   always blocked in read() when the write comes, so every round each
 *   process sleeps twice (its nap, its read) and is woken by the other's
 *   write (sched:::sleep, off-cpu, wakeup, on-cpu fire for each, on any
 *   CPUs, however loaded).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void nap(void)
{
	struct timespec ts = { 0, 5000000 };
	while (nanosleep(&ts, &ts) != 0)
		;
}

/* Wait (yielding, never sleeping) until process pid sleeps: the other
 * side, which has nothing to do but wait in read() for our write. */
static void wait_asleep(pid_t pid)
{
	char path[64], buf[256];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	for (;;) {
		FILE *f = fopen(path, "r");
		if (!f)
			exit(1);
		size_t len = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
		buf[len] = '\0';
		char *p = strrchr(buf, ')');	/* "pid (comm) S ..." */
		if (p && p[1] == ' ' && p[2] == 'S')
			return;
		sched_yield();
	}
}

static void turns(int n, int in, int out, int first, pid_t other)
{
	char c = 'x';
	for (int i = 0; i < n; i++) {
		if (!first || i > 0) {
			if (read(in, &c, 1) != 1)
				exit(1);
		}
		wait_asleep(other);
		nap();
		if (write(out, &c, 1) != 1)
			exit(1);
	}
	if (first && read(in, &c, 1) != 1)	/* the last reply */
		exit(1);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10;
	int a[2], b[2];
	if (pipe(a) < 0 || pipe(b) < 0)
		return 1;
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		prctl(PR_SET_NAME, "sched_pong");
		turns(n, a[0], b[1], 0, getppid());
		return 0;
	}
	prctl(PR_SET_NAME, "sched_ping");
	turns(n, b[0], a[1], 1, pid);
	int st;
	waitpid(pid, &st, 0);
	return !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}
