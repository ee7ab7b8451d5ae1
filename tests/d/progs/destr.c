/*
 * destr - a target for the destructive-action tests.
 *
 *   destr sleep     call getppid() every 10 ms, forever (stop() stops it)
 *   destr signal    call getppid() every 10 ms until SIGUSR1 arrives, then
 *                   say so and exit 0 (exit 1 after 20 s without it)
 *   destr copyout   pass two buffers to write() on bad descriptors (-1,
 *                   -2; the script overwrites them at entry), then print
 *                   them
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	(void)sig;
	got = 1;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";

	if (!strcmp(mode, "sleep")) {
		for (;;) {
			syscall(SYS_getppid);
			usleep(10000);
		}
	}
	if (!strcmp(mode, "signal")) {
		signal(SIGUSR1, on_usr1);
		for (int i = 0; i < 2000 && !got; i++) {
			syscall(SYS_getppid);
			usleep(10000);
		}
		printf(got ? "got SIGUSR1\n" : "no signal\n");
		return !got;
	}
	if (!strcmp(mode, "copyout")) {
		static char a[24] = "aaaaaaaaaaaaaaaaaaaaaaa";
		static char b[24] = "bbbbbbbbbbbbbbbbbbbbbbb";
		if (write(-1, a, sizeof(a)) != -1 || write(-2, b, sizeof(b)) != -1)
			return 1;
		printf("%s\n%s\n", a, b);
		return 0;
	}
	fprintf(stderr, "usage: destr sleep|signal|copyout\n");
	return 2;
}
