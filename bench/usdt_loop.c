/*
 * usdt_loop.c - workload for bench/usdt_cost.py: a USDT probe in a loop.
 *
 * The loop's body is one <sys/sdt.h> probe, usdtbench:tick with the loop
 * counter as its argument (a nop in the code, a .note.stapsdt note
 * telling tracers where it is; no semaphore), plus an add of the counter
 * to a volatile sink so that the loop cannot be folded.  Built with
 * -DNO_PROBE the probe is left out: the difference between the two, no
 * tracer attached, is the cost of a disabled probe (its nop and the
 * argument kept in a register).
 *
 * As pid_loop.c: with -w it first waits for one byte (or EOF) on stdin,
 * so the driver can attach a tracer to this pid before the first
 * firing, and after printing its line waits for EOF.  N/10 untimed
 * warm-up iterations and N timed ones, pinned to one CPU; one line:
 *
 *   <wall ns per call> <thread CPU ns per call> <involuntary switches> <firings>
 *
 * Usage: usdt_loop [-w] N [CPU]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#ifndef NO_PROBE
#include <sys/sdt.h>
#define TICK(i) DTRACE_PROBE1(usdtbench, tick, i)
#else
#define TICK(i) ((void)0)
#endif

static volatile long sink;

static long parse(const char *s, const char *what)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *s == '\0' || *end != '\0' || v < 0) {
		fprintf(stderr, "usdt_loop: bad %s '%s'\n", what, s);
		exit(2);
	}
	return v;
}

static void usage(void)
{
	fprintf(stderr, "usage: usdt_loop [-w] N [CPU]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct timespec t0, t1, c0, c1;
	struct rusage r0, r1;
	cpu_set_t set;
	long n, i, cpu = -1;
	int wait = 0, a = 1;
	double ns, cns;
	char c;

	if (a < argc && strcmp(argv[a], "-w") == 0) {
		wait = 1;
		a++;
	}
	if (argc - a < 1 || argc - a > 2)
		usage();
	n = parse(argv[a], "N");
	if (n == 0) {
		fprintf(stderr, "usdt_loop: N must be > 0\n");
		return 2;
	}
	if (argc - a == 2)
		cpu = parse(argv[a + 1], "CPU");

	if (cpu < 0) {
		/* Highest CPU in our current affinity mask. */
		if (sched_getaffinity(0, sizeof(set), &set) == 0)
			for (i = CPU_SETSIZE - 1; i >= 0; i--)
				if (CPU_ISSET(i, &set)) {
					cpu = i;
					break;
				}
	}
	if (cpu >= 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) != 0) {
			fprintf(stderr, "usdt_loop: sched_setaffinity(%ld): %s\n",
				cpu, strerror(errno));
			return 1;
		}
	}

	/* A tracer grabbing us may interrupt the read: retry on EINTR. */
	while (wait) {
		ssize_t r = read(0, &c, 1);

		if (r >= 0 || errno != EINTR)
			break;
	}

	for (i = 0; i < n / 10; i++)
	{
		TICK(i);
		sink += i;
	}

	getrusage(RUSAGE_THREAD, &r0);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++)
	{
		TICK(i);
		sink += i;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
	getrusage(RUSAGE_THREAD, &r1);

	ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 +
	     (double)(t1.tv_nsec - t0.tv_nsec);
	cns = (double)(c1.tv_sec - c0.tv_sec) * 1e9 +
	      (double)(c1.tv_nsec - c0.tv_nsec);
	printf("%.3f %.3f %ld %ld\n", ns / (double)n, cns / (double)n,
	       r1.ru_nivcsw - r0.ru_nivcsw, n + n / 10);
	fflush(stdout);
	while (wait) {
		ssize_t r = read(0, &c, 1);

		if (r == 0 || (r < 0 && errno != EINTR))
			break;
	}
	return 0;
}
