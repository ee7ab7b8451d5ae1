/*
 * usdt_prog.c - USDT probes written with <sys/sdt.h> directly (semaphores
 * on), for the usdt provider's tests (tests/d/usdt/).
 *
 * usdt_prog N [MS]: says "ready sema=ADDR" (the address of the work
 * probe's semaphore), then N times (0: until killed), MS milliseconds
 * apart (default 10), calls fire(i), whose probes are:
 *   usdtprog:::args-three   arg0 -i (int), arg1 i * 0x100000001 (long),
 *                           arg2 a string, arg3 (unsigned char)(200 + i)
 *   usdtprog:::work         only while enabled (its semaphore is set):
 *                           arg0 i, arg1 how many so far (a global:
 *                           a %rip-relative operand at -O2)
 *   usdtprog:::twice        two sites in one function: arg0 i at one,
 *                           the constant 42 at the other
 *   usdtprog:::fresh        arg0 a string in a page of a file the
 *                           process maps but never touches
 * and at the end says "enabled K": how many iterations found work
 * enabled.  usdt_prog N MS PROG ARGS...: then execs PROG ARGS.
 *
 * SIGUSR1 makes it fork (no exec) before its next iteration: the child
 * says "child PID" and goes on with the loop, as the parent does.
 */
#define _SDT_HAS_SEMAPHORES 1
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sdt.h>
#include <time.h>
#include <unistd.h>

/* with semaphores on, every probe has one (sdt.h names them) */
#define SEMA(name) unsigned short usdtprog_##name##_semaphore \
    __attribute__((unused)) __attribute__((section(".probes")))
SEMA(work);
SEMA(args__three);
SEMA(twice);
SEMA(fresh);

static const char *msg = "hello usdt";
static int enabled;
static volatile sig_atomic_t to_fork;

static void on_usr1(int sig)
{
	(void)sig;
	to_fork = 1;
}

__attribute__((noinline)) static void twice(int i)
{
	STAP_PROBE1(usdtprog, twice, i);
	STAP_PROBE1(usdtprog, twice, 42);
}

/* a string in a fresh one-page mapping of an unlinked file, untouched */
static const char *fresh(int i)
{
	char tmpl[] = "/tmp/usdt_progXXXXXX", buf[4096];
	int fd = mkstemp(tmpl);
	if (fd < 0)
		return "none";
	unlink(tmpl);
	memset(buf, 0, sizeof(buf));
	snprintf(buf, sizeof(buf), "fresh string %d", i);
	if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) {
		close(fd);
		return "none";
	}
	void *p = mmap(NULL, sizeof(buf), PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	return p == MAP_FAILED ? "none" : p;
}

__attribute__((noinline)) static void fire(int i)
{
	long big = (long)i * 0x100000001L;
	unsigned char small = (unsigned char)(200 + i);
	STAP_PROBE4(usdtprog, args__three, -i, big, msg, small);
	if (__builtin_expect(usdtprog_work_semaphore, 0)) {
		enabled++;
		STAP_PROBE2(usdtprog, work, i, enabled);
	}
	twice(i);
	const char *f = fresh(i);
	STAP_PROBE1(usdtprog, fresh, f);
	if (strcmp(f, "none"))
		munmap((void *)f, 4096);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10, ms = argc > 2 ? atoi(argv[2]) : 10;
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	setvbuf(stdout, NULL, _IONBF, 0);
	signal(SIGUSR1, on_usr1);
	printf("ready sema=%p\n", (void *)&usdtprog_work_semaphore);
	for (int i = 1; n == 0 || i <= n; i++) {
		if (to_fork) {
			to_fork = 0;
			if (fork() == 0)
				printf("child %d\n", (int)getpid());
		}
		fire(i);
		nanosleep(&ts, NULL);
	}
	printf("enabled %d\n", enabled);
	if (argc > 3) {
		execv(argv[3], argv + 3);
		perror(argv[3]);
		return 1;
	}
	return 0;
}
