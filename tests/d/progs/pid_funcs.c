/*
 * pid_funcs.c - a program with known functions, arguments, return values
 * and instructions for the pid provider's tests (tests/d/pid/).
 *
 *   pid_funcs [N [MODE]]
 *
 * Calls, N times (default 1): pid_first() (the first thing main does),
 * pid_add(i, 10, 100), pid_eight(1..8) (two arguments on the stack),
 * pid_sign(-5), pid_sign(7) (two ret instructions: -1 and 1), pid_lib(i)
 * (malloc(12345 + i) and write(fd 1, "pid\n", 4) in libc), pid_narrow(-3,
 * 200).  MODE "wait"
 * prints "ready" first and sleeps 100 ms between rounds (for -p);
 * "forever" loops until killed; "exec" execs /bin/true at the end
 * ("waitexec": both); "fork" forks first, and parent and child both
 * make the calls (the parent then waits for the child).
 * noipa keeps every call a call, with its arguments as written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#define KEEP __attribute__((noipa))

volatile long pid_sink;

KEEP long pid_first(void) { return 42; }

KEEP long pid_add(long a, long b, long c) { return a + b + c; }

KEEP long pid_eight(long a, long b, long c, long d, long e, long f, long g, long h)
{
	return a + b + c + d + e + f + g + h;
}

/*
 * pid_sign(x): -1 if x < 0, else 1; written in assembly so its
 * instructions and their offsets are known: test at 0, js at 3, mov at
 * 5, ret at 0xa, mov at 0xb, ret at 0x12 (size 0x13; 1 and 6 are inside
 * instructions).
 */
long pid_sign(long x);
__asm__(".text\n"
	".globl pid_sign\n"
	".type pid_sign, @function\n"
	"pid_sign:\n"
	"	test %rdi, %rdi\n"		/* 0: 48 85 ff */
	"	js 1f\n"			/* 3: 78 06 */
	"	mov $1, %eax\n"		/* 5: b8 01 00 00 00 */
	"	ret\n"				/* a: c3 */
	"1:	mov $-1, %rax\n"		/* b: 48 c7 c0 ff ff ff ff */
	"	ret\n"				/* 12: c3 */
	".size pid_sign, .-pid_sign\n");

KEEP void pid_lib(long i)
{
	void *p = malloc(12345 + (size_t)i);
	pid_sink += p != NULL;
	free(p);
	if (write(1, "pid\n", 4) != 4)
		pid_sink++;
}

/* narrow arguments: in a register the int's upper half is not its sign
 * (the caller's mov $-3, %edi zero-extends), args[] has the C types */
KEEP int pid_narrow(int x, unsigned char c) { return x + c; }

int main(int argc, char **argv)
{
	pid_sink += pid_first();
	long n = argc > 1 ? atol(argv[1]) : 1;
	const char *mode = argc > 2 ? argv[2] : "";
	int wait = strstr(mode, "wait") || !strcmp(mode, "forever");
	if (wait) {
		printf("ready\n");
		fflush(stdout);
	}
	pid_t child = strstr(mode, "fork") ? fork() : -1;
	for (long i = 0; i < n || !strcmp(mode, "forever"); i++) {
		pid_sink += pid_add(i, 10, 100);
		pid_sink += pid_eight(1, 2, 3, 4, 5, 6, 7, 8);
		pid_sink += pid_sign(-5) + pid_sign(7);
		pid_lib(i);
		pid_sink += pid_narrow(-3, 200);
		if (wait)
			usleep(100000);
	}
	if (child > 0)
		waitpid(child, NULL, 0);
	if (strstr(mode, "exec"))
		execl("/bin/true", "true", (char *)NULL);
	return 0;
}
