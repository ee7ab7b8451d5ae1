/*
 * ustack_debug: static functions for the ustack() tests of separate
 * debug information (tests/d/ustack/tst.debug_*.sh), built with frame
 * pointers and then stripped by the tests.
 *   ustack_debug chain [SECS]: main -> dbg_outer -> dbg_middle ->
 *     dbg_inner -> getppid (the system call made in dbg_inner itself),
 *     then a sleep of SECS seconds (0 by default);
 *   ustack_debug qsort [SECS]: libc's qsort() calling back dbg_cmp,
 *     which makes the getppid system call once.
 * Every function here is static: a stripped executable's .dynsym has
 * none of them, so only a .symtab from elsewhere names them.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

static int called;

static __attribute__((noinline)) long dbg_inner(void)
{
	long r;
	__asm__ volatile("syscall" : "=a"(r) : "a"((long)SYS_getppid) : "rcx", "r11", "memory");
	return r;
}
static __attribute__((noinline)) long dbg_middle(void) { return dbg_inner() + 1; }
static __attribute__((noinline)) long dbg_outer(void) { return dbg_middle() + 1; }

static __attribute__((noinline)) int dbg_cmp(const void *a, const void *b)
{
	if (!called++)
		dbg_inner();
	return *(const int *)a - *(const int *)b;
}

int main(int argc, char **argv)
{
	long r = 0;
	if (argc > 1 && !strcmp(argv[1], "qsort")) {
		int v[16];
		for (int i = 0; i < 16; i++)
			v[i] = (i * 7) % 16;
		qsort(v, 16, sizeof(v[0]), dbg_cmp);
		r = v[0] + 1;
	} else {
		r = dbg_outer();
	}
	if (argc > 2)
		sleep((unsigned)atoi(argv[2]));
	return r == 0;
}
