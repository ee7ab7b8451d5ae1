/*
 * ustack_wait: a process for dtrace -p to grab: it waits for SIGUSR1,
 * then runs the call chain main -> a -> b -> c -> getppid() COUNT times
 * (argv[1], default 1) and exits at once.  Built with frame pointers.
 */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

__attribute__((noinline)) long c(void)
{
	long r;
	__asm__ volatile("syscall" : "=a"(r) : "a"((long)SYS_getppid) : "rcx", "r11", "memory");
	return r;
}
__attribute__((noinline)) long b(void) { return c() + 1; }
__attribute__((noinline)) long a(void) { return b() + 1; }

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1, sig;
	long r = 0;
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigwait(&set, &sig);
	for (int i = 0; i < n; i++)
		r += a();
	return r == 0;
}
