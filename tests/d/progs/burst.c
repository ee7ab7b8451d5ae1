/*
 * burst - bursts of getppid() calls on chosen CPUs, for the buffer tests.
 * Built statically by the tests, so that no dynamic loader adds calls.
 *
 * Usage: burst [-s MS] N[@CPU] ...
 *   For each argument in turn: move to CPU (if given), then call
 *   getppid() N times, through syscall(2), as fast as possible.
 *   Then stay alive for MS milliseconds (default 0), so that a tracer
 *   using -c stops for its own reasons, not because the command exited.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int i = 1, ms = 0;

	if (argc > 2 && strcmp(argv[1], "-s") == 0) {
		ms = atoi(argv[2]);
		i = 3;
	}
	for (; i < argc; i++) {
		char *at = strchr(argv[i], '@');
		long n = atol(argv[i]);
		if (at) {
			cpu_set_t set;
			CPU_ZERO(&set);
			CPU_SET(atoi(at + 1), &set);
			if (sched_setaffinity(0, sizeof(set), &set) < 0) {
				perror("burst: sched_setaffinity");
				return 1;
			}
		}
		for (long k = 0; k < n; k++)
			syscall(SYS_getppid);
	}
	if (ms > 0)
		usleep((useconds_t)ms * 1000);
	return 0;
}
