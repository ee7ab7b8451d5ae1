/*
 * usymfn - known user functions for the usym()/ufunc()/umod()/uaddr()
 * tests: main calls libc's getpid() COUNT times (argv[1], default 1),
 * then spins in spin() for MS milliseconds (argv[2], default 0), all
 * its time in that one function but for a clock read every few million
 * iterations.
 */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

__attribute__((noinline)) long spin(long ms)
{
	volatile long x = 0;
	long end = now_ms() + ms;
	while (now_ms() < end)
		for (long i = 0; i < 4000000; i++)
			x += i;
	return x;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;
	long ms = argc > 2 ? atol(argv[2]) : 0;
	long r = 0;
	for (int i = 0; i < n; i++)
		r += getpid();
	spin(ms);
	return r == 0;
}
