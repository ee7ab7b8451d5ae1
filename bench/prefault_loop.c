/*
 * prefault_loop.c - N calls of take_string() on a string in a page the
 * process has touched (argv[2] "present"), or each on a fresh one-page
 * file mapping never touched ("fresh"), for bench/prefault_cost.py.
 * Prints the mean wall time per call in ns on stderr.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

__attribute__((noinline)) int take_string(const char *s)
{
	__asm__ volatile("" : : "r"(s) : "memory");
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100000;
	int fresh = argc > 2 && strcmp(argv[2], "fresh") == 0;
	static char s[4096] = "/etc/a/path/name/of/some/length";
	char path[] = "/tmp/prefault_loop.XXXXXX";
	int fd = mkstemp(path);
	unlink(path);
	if (fd < 0 || write(fd, s, sizeof(s)) != (ssize_t)sizeof(s))
		return 1;
	struct timespec a, b;
	double ns = 0;
	for (int i = 0; i < n; i++) {
		char *p = s;
		if (fresh && (p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED)
			return 1;
		clock_gettime(CLOCK_MONOTONIC, &a);
		take_string(p);
		clock_gettime(CLOCK_MONOTONIC, &b);
		ns += (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
		if (fresh)
			munmap(p, 4096);
	}
	fprintf(stderr, "%.0f ns/call\n", ns / n);
	return 0;
}
