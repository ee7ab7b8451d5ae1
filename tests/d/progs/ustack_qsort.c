/*
 * ustack_qsort: a known user call chain through a Debian-built library
 * function, for the ustack() DWARF unwinding tests: main -> sorter ->
 * qsort (libc, built without frame pointers) -> compare -> getppid(),
 * COUNT times (argv[1], default 1); with a second argument "thread",
 * in a thread of its own (main -> sorter is then thread_main -> sorter,
 * on a thread's stack).  The tests build it with and without frame
 * pointers; getppid() is called from inside the comparison callback so
 * that the stack at the system call runs through qsort's internals.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
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

static int count = 1;

__attribute__((noinline)) void *thread_main(void *arg)
{
	for (int i = 0; i < count; i++) {
		int v[2] = { 2, 1 };
		sorter(v, 2);
	}
	return arg;
}

int main(int argc, char **argv)
{
	count = argc > 1 ? atoi(argv[1]) : 1;
	if (argc > 2 && !strcmp(argv[2], "thread")) {
		pthread_t t;
		if (pthread_create(&t, NULL, thread_main, NULL) != 0)
			return 1;
		pthread_join(t, NULL);
		return 0;
	}
	for (int i = 0; i < count; i++) {
		int v[2] = { 2, 1 };
		sorter(v, 2);
	}
	return 0;
}
