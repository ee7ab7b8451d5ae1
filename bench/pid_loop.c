/*
 * pid_loop.c - workload for bench/pid_cost.py: libc's getpid() in a loop.
 *
 * The traced function is libc's getpid (a real system call in glibc 2.25+,
 * not cached), called through the PLT like any program's libc call, so a
 * tracer probes it as `pid$target::getpid:entry` / `uprobe:libc:getpid`
 * would in real use.  The loop cannot be folded: getpid is not declared
 * const, and each result is added to a volatile sink.
 *
 * With -w the program first waits for one byte (or EOF) on stdin, so the
 * driver can attach a tracer to this pid (-p) before any call is made, and
 * after printing its line it waits for EOF on stdin, so the tracer is still
 * attached while the driver reads its programs' statistics.
 * Then it makes N/10 untimed warm-up calls and N timed ones, pinned to one
 * CPU, and prints one line:
 *
 *   <wall ns per call> <thread CPU ns per call> <involuntary switches> <calls>
 *
 * wall is CLOCK_MONOTONIC around the loop; thread CPU time
 * (CLOCK_THREAD_CPUTIME_ID) includes the uprobe trap and the BPF program,
 * which run in this thread, and leaves out time other tasks took the CPU;
 * calls is the number of getpid() calls made in all (N + N/10), what each
 * tracer's count must be.
 *
 * Usage: pid_loop [-w] N [CPU]
 *   N    number of timed calls
 *   CPU  CPU to pin to (default: the highest-numbered CPU we may run on)
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

static volatile long sink;

static long parse(const char *s, const char *what)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *s == '\0' || *end != '\0' || v < 0) {
		fprintf(stderr, "pid_loop: bad %s '%s'\n", what, s);
		exit(2);
	}
	return v;
}

static void usage(void)
{
	fprintf(stderr, "usage: pid_loop [-w] N [CPU]\n");
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
		fprintf(stderr, "pid_loop: N must be > 0\n");
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
			fprintf(stderr, "pid_loop: sched_setaffinity(%ld): %s\n",
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
		sink += getpid();

	getrusage(RUSAGE_THREAD, &r0);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++)
		sink += getpid();
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
