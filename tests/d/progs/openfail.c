/*
 * openfail - opens files in a known pattern, some of which fail, for the
 * speculation tests (the Dynamic Tracing Guide's specopen.d pattern).
 * Built statically by the tests so that no dynamic loader opens files.
 *
 * Usage: openfail [N [CPU]]
 *   If CPU is given, first bind to that CPU.  Then, N times (default 1):
 *     openat(AT_FDCWD, "/dev/null", O_RDONLY)             succeeds
 *     openat(AT_FDCWD, "/nonexistent/spec-a", O_RDONLY)   fails: ENOENT
 *     openat(AT_FDCWD, "/proc/self/exe", O_RDONLY)        succeeds
 *     openat(AT_FDCWD, "/", O_WRONLY)                      fails: EISDIR
 *     openat(AT_FDCWD, "/dev/null", O_WRONLY)              succeeds
 *     openat(AT_FDCWD, "/nonexistent/spec-b", O_RDONLY)   fails: ENOENT
 *   closing each file opened.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

static void try_open(const char *path, int flags)
{
	int fd = openat(AT_FDCWD, path, flags);
	if (fd >= 0)
		close(fd);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	if (argc > 2) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(atoi(argv[2]), &set);
		if (sched_setaffinity(0, sizeof(set), &set) != 0)
			return 2;
	}
	for (int i = 0; i < n; i++) {
		try_open("/dev/null", O_RDONLY);
		try_open("/nonexistent/spec-a", O_RDONLY);
		try_open("/proc/self/exe", O_RDONLY);
		try_open("/", O_WRONLY);
		try_open("/dev/null", O_WRONLY);
		try_open("/nonexistent/spec-b", O_RDONLY);
	}
	return 0;
}
