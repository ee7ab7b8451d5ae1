/*
 * flame_tree: a known call tree for the flame graph tests, built with
 * frame pointers: main calls left() 3 times and right() 2 times; left
 * calls leaf() from two call sites, right from one, and leaf makes the
 * getppid system call itself (libc's wrapper is a leaf without a frame:
 * a frame-pointer walk from inside it would skip its caller).  So
 * ustack() at getppid sees 3 distinct stacks (two differ only in left's
 * offset), which fold into main;left;leaf 6 and main;right;leaf 2.
 */
#include <unistd.h>
#include <sys/syscall.h>

__attribute__((noinline)) long leaf(void)
{
	long r;
	__asm__ volatile("syscall" : "=a"(r) : "a"((long)SYS_getppid) : "rcx", "r11", "memory");
	return r;
}
__attribute__((noinline)) long left(void) { return leaf() + leaf(); }
__attribute__((noinline)) long right(void) { return leaf() + 1; }

int main(void)
{
	long r = 0;
	for (int i = 0; i < 3; i++)
		r += left();
	for (int i = 0; i < 2; i++)
		r += right();
	return r == 0;
}
