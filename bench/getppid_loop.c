/*
 * getppid_loop.c - workload for bench/probe_cost.py.
 *
 * Calls syscall(SYS_getppid) N times in a tight loop on one CPU and prints
 * the wall time per call in nanoseconds (CLOCK_MONOTONIC around the loop).
 *
 * Usage: getppid_loop N [CPU]
 *   N    number of timed calls (e.g. 5000000)
 *   CPU  CPU to pin to (default: the highest-numbered CPU we may run on)
 *
 * Before the timed loop, N/10 untimed calls warm caches and branch
 * predictors.  Output: one line
 *
 *   <ns per call> <thread CPU ns per call> <involuntary context switches>
 *
 * The first field (CLOCK_MONOTONIC) is the figure; the other two tell
 * whether other tasks took the CPU during the loop (CPU time < wall time).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long parse(const char *s, const char *what)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *s == '\0' || *end != '\0' || v < 0) {
		fprintf(stderr, "getppid_loop: bad %s '%s'\n", what, s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	struct timespec t0, t1, c0, c1;
	struct rusage r0, r1;
	cpu_set_t set;
	long n, i, cpu = -1;
	double ns, cns;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: getppid_loop N [CPU]\n");
		return 2;
	}
	n = parse(argv[1], "N");
	if (n == 0) {
		fprintf(stderr, "getppid_loop: N must be > 0\n");
		return 2;
	}
	if (argc == 3)
		cpu = parse(argv[2], "CPU");

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
			fprintf(stderr, "getppid_loop: sched_setaffinity(%ld): %s\n",
				cpu, strerror(errno));
			return 1;
		}
	}

	for (i = 0; i < n / 10; i++)
		syscall(SYS_getppid);

	getrusage(RUSAGE_THREAD, &r0);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
	getrusage(RUSAGE_THREAD, &r1);

	ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 +
	     (double)(t1.tv_nsec - t0.tv_nsec);
	cns = (double)(c1.tv_sec - c0.tv_sec) * 1e9 +
	      (double)(c1.tv_nsec - c0.tv_nsec);
	printf("%.3f %.3f %ld\n", ns / (double)n, cns / (double)n,
	       r1.ru_nivcsw - r0.ru_nivcsw);
	return 0;
}
