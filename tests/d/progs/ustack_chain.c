/*
 * ustack_chain: a known user call chain for the ustack() tests, built
 * with frame pointers: main -> a -> b -> c -> getppid(), COUNT times
 * (argv[1], default 1), then exit at once (or after argv[2] seconds).
 * c makes the system call itself: libc's getppid() is a leaf with no
 * frame of its own, so a frame-pointer walk from inside it skips its
 * caller (the return address is on the stack, not in a frame).
 */
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
	int n = argc > 1 ? atoi(argv[1]) : 1;
	long r = 0;
	for (int i = 0; i < n; i++)
		r += a();
	if (argc > 2)
		sleep((unsigned)atoi(argv[2]));
	return r == 0;
}
