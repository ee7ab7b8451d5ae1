/*
 * ustack_qsort: a known user call chain through a Debian-built library
 * function, for the ustack() DWARF unwinding tests: main -> sorter ->
 * qsort (libc, built without frame pointers) -> compare -> getppid(),
 * COUNT times (argv[1], default 1).  The tests build it with and
 * without frame pointers; getppid() is called from inside the
 * comparison callback so that the stack at the system call runs
 * through qsort's internals.
 */
#include <stdlib.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) int compare(const void *a, const void *b)
{
	sink += getppid();
	return *(const int *)a - *(const int *)b;
}

__attribute__((noinline)) void sorter(int *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), compare);
	sink += v[0];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;
	for (int i = 0; i < n; i++) {
		int v[2] = { 2, 1 };
		sorter(v, 2);
	}
	return 0;
}
