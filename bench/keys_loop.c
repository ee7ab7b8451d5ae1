/*
 * keys_loop.c - workload for bench/agg_exit.py.
 *
 * Makes N close(2) system calls, each on a different descriptor number
 * (BASE + i, none of them open: each fails with EBADF at once), so that a
 * tracer aggregating on the descriptor, @[arg0] = count(), gets N distinct
 * keys.  Then prints the CLOCK_MONOTONIC time in nanoseconds at which it
 * finished, so that the caller can time what the tracer does after (print
 * its aggregation at exit).
 *
 * Usage: keys_loop N [BASE]   (BASE default 1000000)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec t;
	char *end;
	long n, base = 1000000, i;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: keys_loop N [BASE]\n");
		return 2;
	}
	errno = 0;
	n = strtol(argv[1], &end, 10);
	if (errno || *end || n <= 0) {
		fprintf(stderr, "keys_loop: bad N '%s'\n", argv[1]);
		return 2;
	}
	if (argc == 3) {
		base = strtol(argv[2], &end, 10);
		if (errno || *end || base < 0) {
			fprintf(stderr, "keys_loop: bad BASE '%s'\n", argv[2]);
			return 2;
		}
	}
	for (i = 0; i < n; i++)
		syscall(SYS_close, base + i);
	clock_gettime(CLOCK_MONOTONIC, &t);
	fprintf(stderr, "%lld\n", (long long)t.tv_sec * 1000000000LL + t.tv_nsec);
	return 0;
}
