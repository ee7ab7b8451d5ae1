/*
 * usdt_lib.c - a USDT probe in a shared library, for the usdt provider's
 * tests of processes started later (tests/d/usdt/tst.later_lib.sh).
 *
 * Built with -DUSDT_LIB -shared: the library, whose lib_tick(i) has the
 * probe usdtlib:::tick (arg0 i), with a semaphore.  Built without: the
 * program usdt_lib N MS, linked with the library: says "ready", then
 * calls lib_tick(i) N times (0: until killed), MS milliseconds apart.
 * Built with -DUSDT_DLOPEN: the program usdt_dlopen LIB MS [AFTER], not
 * linked with the library: says "ready", waits for SIGUSR1 (or AFTER
 * milliseconds), then dlopen()s LIB, says "opened" and calls its
 * lib_tick(i) MS milliseconds apart until killed.
 */
#define _SDT_HAS_SEMAPHORES 1
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/sdt.h>
#include <time.h>

void lib_tick(int i);

#ifdef USDT_LIB
unsigned short usdtlib_tick_semaphore __attribute__((unused))
    __attribute__((section(".probes")));

__attribute__((noinline)) void lib_tick(int i)
{
	STAP_PROBE1(usdtlib, tick, i);
}
#elif defined(USDT_DLOPEN)
static volatile sig_atomic_t go;

static void on_usr1(int sig)
{
	(void)sig;
	go = 1;
}

int main(int argc, char **argv)
{
	int ms = argc > 2 ? atoi(argv[2]) : 10, after = argc > 3 ? atoi(argv[3]) : -1;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L }, wait = { 0, 10000000L };
	if (argc < 2)
		return 2;
	signal(SIGUSR1, on_usr1);
	printf("ready\n");
	fflush(stdout);
	for (int waited = 0; !go && (after < 0 || waited < after); waited += 10)
		nanosleep(&wait, NULL);
	void *h = dlopen(argv[1], RTLD_NOW);
	void (*tick)(int) = h ? (void (*)(int))dlsym(h, "lib_tick") : NULL;
	if (!tick) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	printf("opened\n");
	fflush(stdout);
	for (int i = 0;; i++) {
		tick(i);
		nanosleep(&ts, NULL);
	}
}
#else
int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0, ms = argc > 2 ? atoi(argv[2]) : 10;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	printf("ready\n");
	fflush(stdout);
	for (int i = 0; n == 0 || i < n; i++) {
		lib_tick(i);
		nanosleep(&ts, NULL);
	}
	return 0;
}
#endif
