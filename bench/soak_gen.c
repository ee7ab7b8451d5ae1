/*
 * soak_gen.c - event generator for bench/soak.py and the soak test: a
 * known number of events at a chosen rate.
 *
 * Usage: soak_gen N RATE
 *   N     events to make (each one call of soak_event(), which makes one
 *         getppid system call: a syscall probe or a pid probe sees it)
 *   RATE  events per second (0: as fast as it can)
 *
 * The events are paced by the clock: every 200 us it makes the events due
 * by then, so a slow start or a preemption is caught up and exactly N are
 * made whatever the machine's speed.  Prints "N SECONDS" at the end (the
 * events made and the time they took).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* one event; not inlined, so that pid$target:soak_gen:soak_event:entry
 * fires once per event */
__attribute__((noinline)) long soak_event(long i)
{
	long r = syscall(SYS_getppid);
	__asm__ volatile("" : : "r"(i) : "memory");
	return r;
}

static long parse(const char *s, const char *what)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *s == '\0' || *end != '\0' || v < 0) {
		fprintf(stderr, "soak_gen: bad %s '%s'\n", what, s);
		exit(2);
	}
	return v;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: soak_gen N RATE\n");
		return 2;
	}
	long n = parse(argv[1], "N"), rate = parse(argv[2], "RATE"), i = 0;
	double t0 = now();
	struct timespec slice = { 0, 200000 };

	while (i < n) {
		long due = n;
		if (rate > 0) {
			due = (long)((now() - t0) * (double)rate) + 1;
			if (due > n)
				due = n;
		}
		for (; i < due; i++)
			soak_event(i);
		if (i < n)
			nanosleep(&slice, NULL);
	}
	printf("%ld %.3f\n", i, now() - t0);
	return 0;
}
