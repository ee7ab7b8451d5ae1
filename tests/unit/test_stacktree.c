/*
 * test_stacktree.c - unit tests for lib/out/stacktree.c's frame text,
 * what folded stacks and flame graphs show for a frame dtrace prints:
 * offsets dropped only from module`function+0xhex, ';' (the folded
 * separator) and control characters made '_', truncation to the buffer.
 * No privileges needed.  Ends with "N passed, M failed".
 */
#include <stdio.h>
#include <string.h>

#include "out/stacktree.h"

#include "check.h"

static const char *frame(const char *f, int strip)
{
	static char buf[64];
	dt_stree_frame(buf, sizeof(buf), f, strip);
	return buf;
}

#define SAME(got, want) CHECK(!strcmp(got, want), "'%s', expected '%s'", got, want)

int main(void)
{
	SAME(frame("vmlinux`do_syscall_64+0x1fa", 1), "vmlinux`do_syscall_64");
	SAME(frame("libc.so.6`__write+0x14", 1), "libc.so.6`__write");
	SAME(frame("prog`main", 1), "prog`main");
	/* no symbol: the address is the frame */
	SAME(frame("libc.so.6`0x7f3a12345678", 1), "libc.so.6`0x7f3a12345678");
	SAME(frame("0xffffffff81000000", 1), "0xffffffff81000000");
	/* not an offset: no module, not hex, nothing after 0x, a C++ name */
	SAME(frame("a+0x10", 1), "a+0x10");
	SAME(frame("m`f+0xzz", 1), "m`f+0xzz");
	SAME(frame("m`f+0x", 1), "m`f+0x");
	SAME(frame("m`operator+", 1), "m`operator+");
	SAME(frame("m`operator++0x8", 1), "m`operator+");
	/* key parts keep theirs */
	SAME(frame("x`f+0x10", 0), "x`f+0x10");
	SAME(frame("a;b\nc\x7f", 0), "a_b_c_");
	/* cut to the buffer */
	char big[100];
	memset(big, 'f', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	CHECK(strlen(frame(big, 1)) == 63, "long frame: %zu", strlen(frame(big, 1)));
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
