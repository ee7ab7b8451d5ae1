/*
 * usdt_badspec.c - a USDT probe whose note has an argument spec the usdt
 * provider cannot decode, written by hand (the .note.stapsdt layout
 * <sys/sdt.h> emits, see tests/d/usdt/tst.badspec.sh): badspec:::site
 * with arg0 i (a register), arg1 "8@%xmm0" (an SSE register: no slot in
 * struct pt_regs), arg2 i * 2 (a register), arg3 the int at 16 bytes
 * past a null pointer ("-4@16(%rdx)" or so: a read that faults).
 *
 * usdt_badspec N [MS]: says "ready", then N times (0: until killed), MS
 * milliseconds apart (default 10), fires the probe.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline, noclone)) static void site(int a, int b, const int *nul)
{
	__asm__ __volatile__(
	    "990:	nop\n"
	    "	.pushsection .note.stapsdt,\"?\",\"note\"\n"
	    "	.balign 4\n"
	    "	.4byte 992f-991f, 994f-993f, 3\n"
	    "991:	.asciz \"stapsdt\"\n"
	    "992:	.balign 4\n"
	    "993:	.8byte 990b\n"
	    "	.8byte _.stapsdt.base\n"
	    "	.8byte 0\n"
	    "	.asciz \"badspec\"\n"
	    "	.asciz \"site\"\n"
	    "	.asciz \"-4@%0 8@%%xmm0 -4@%1 -4@16(%2)\"\n"
	    "994:	.balign 4\n"
	    "	.popsection\n"
	    "	.ifndef _.stapsdt.base\n"
	    "	.pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n"
	    "	.weak _.stapsdt.base\n"
	    "	.hidden _.stapsdt.base\n"
	    "_.stapsdt.base:	.space 1\n"
	    "	.size _.stapsdt.base, 1\n"
	    "	.popsection\n"
	    "	.endif\n"
	    : : "r"(a), "r"(b), "r"(nul));
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1, ms = argc > 2 ? atoi(argv[2]) : 10;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	printf("ready\n");
	fflush(stdout);
	for (int i = 1; n == 0 || i <= n; i++) {
		site(i, i * 2, NULL);
		nanosleep(&ts, NULL);
	}
	return 0;
}
