/*
 * ucall - one getppid system call made by an inline `syscall` instruction
 * in inner(), called from main(), for the user stack and register tests.
 * Built with -O0, so both functions keep a frame pointer; the tests read
 * the addresses of main and inner with nm.
 */
#include <sys/syscall.h>

__attribute__((noinline)) long inner(void)
{
	long ret;
	__asm__ volatile ("syscall" : "=a" (ret) : "0" ((long)SYS_getppid)
	    : "rcx", "r11", "memory");
	return ret;
}

int main(void)
{
	return inner() > 0 ? 0 : 1;
}
