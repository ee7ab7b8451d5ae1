/*
 * switch_loop - context switches as fast as two processes can make them,
 * for bench/sched.py.
 *
 * Usage: switch_loop N [CPU]
 *   Forks; parent and child, both pinned to CPU (default: the last one),
 *   pass a byte back and forth over two pipes: N/10 warm-up round trips,
 *   then N timed ones.  On one CPU a round trip is two or more context
 *   switches (a side blocks in read(), or the woken side preempts the
 *   writer).  Prints "switches <s>" (both processes' voluntary and
 *   involuntary switches during their timed loops, from getrusage) and
 *   "ns_per_switch <x>" (CLOCK_MONOTONIC around the parent's timed loop,
 *   divided by the switches) and "cpu_ns_per_switch <x>" (both
 *   processes' user + system time in their timed loops, divided by the
 *   switches: what other tasks on the CPU take is not in it).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void rounds(long n, int in, int out, int first)
{
	char c = 'x';
	for (long i = 0; i < n; i++) {
		if (first && write(out, &c, 1) != 1)
			exit(1);
		if (read(in, &c, 1) != 1)
			exit(1);
		if (!first && write(out, &c, 1) != 1)
			exit(1);
	}
}

/* user + system time in ns */
static long cpu_ns(const struct rusage *r)
{
	return (r->ru_utime.tv_sec + r->ru_stime.tv_sec) * 1000000000L +
	    (r->ru_utime.tv_usec + r->ru_stime.tv_usec) * 1000L;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 200000;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int cpu = argc > 2 ? atoi(argv[2]) : (int)ncpu - 1;
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		perror("sched_setaffinity");
		return 1;
	}
	int a[2], b[2];
	if (pipe(a) < 0 || pipe(b) < 0)
		return 1;
	pid_t pid = fork();
	if (pid == 0) {
		struct rusage c0, c1;
		rounds(n / 10, a[0], b[1], 0);
		getrusage(RUSAGE_SELF, &c0);
		rounds(n, a[0], b[1], 0);
		getrusage(RUSAGE_SELF, &c1);
		/* the child's switches, to the parent */
		long sw[2] = { c1.ru_nvcsw - c0.ru_nvcsw + c1.ru_nivcsw - c0.ru_nivcsw,
		    cpu_ns(&c1) - cpu_ns(&c0) };
		if (write(b[1], sw, sizeof(sw)) != sizeof(sw))
			return 1;
		return 0;
	}
	rounds(n / 10, b[0], a[1], 1);
	struct rusage r0, r1;
	getrusage(RUSAGE_SELF, &r0);
	double t0 = now();
	rounds(n, b[0], a[1], 1);
	double t1 = now();
	getrusage(RUSAGE_SELF, &r1);
	long csw[2];
	if (read(b[0], csw, sizeof(csw)) != sizeof(csw))
		return 1;
	waitpid(pid, NULL, 0);
	long sw = csw[0] + r1.ru_nvcsw - r0.ru_nvcsw + r1.ru_nivcsw - r0.ru_nivcsw;
	long used = csw[1] + cpu_ns(&r1) - cpu_ns(&r0);
	printf("switches %ld\nns_per_switch %.1f\ncpu_ns_per_switch %.1f\n", sw,
	    (t1 - t0) / (double)sw, used / (double)sw);
	return 0;
}
