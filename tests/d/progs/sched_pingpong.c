/*
 * sched_pingpong - two processes that take turns, for the sched tests.
 *
 * Usage: sched_pingpong N
 *   Forks; the parent (renamed "sched_ping") and the child ("sched_pong")
 *   pass one byte back and forth over two pipes N times.  Before each
 *   write the writer sleeps 2 ms, so the reader is always blocked in
 *   read() by then: every round each process sleeps on its pipe and is
 *   woken by the other's write (sched:::sleep, off-cpu, wakeup, on-cpu
 *   fire for each, whatever the CPUs).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void nap(void)
{
	struct timespec ts = { 0, 2000000 };
	while (nanosleep(&ts, &ts) != 0)
		;
}

static void turns(int n, int in, int out, int first)
{
	char c = 'x';
	for (int i = 0; i < n; i++) {
		if (!first || i > 0) {
			if (read(in, &c, 1) != 1)
				exit(1);
		}
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
		turns(n, a[0], b[1], 0);
		return 0;
	}
	prctl(PR_SET_NAME, "sched_ping");
	turns(n, b[0], a[1], 1);
	int st;
	waitpid(pid, &st, 0);
	return !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}
