/*
 * test_uprobe.c - prov/uprobe.c's check of the instructions x86 uprobes
 * refuse (dt_uprobe_placeable), on hand-assembled bytes: the ones the
 * kernel refused on a live link here (libc's pthread_spin_lock starts
 * with lock, __strchr_avx2 with vmovd) and the ones it took (EVEX,
 * endbr64, rdtsc, the usual prologues), and syscall, which it takes but
 * which kills the process stepping it out of line.
 */
#include <stdint.h>
#include <stdio.h>
#include "prov/uprobe.h"
#include "check.h"

static const struct {
	const char *what;
	uint8_t b[8];
	size_t n;
	int ok;
} cases[] = {
	{ "push %rbp", { 0x55 }, 1, 1 },
	{ "endbr64", { 0xf3, 0x0f, 0x1e, 0xfa }, 4, 1 },
	{ "sub $8, %rsp", { 0x48, 0x83, 0xec, 0x08 }, 4, 1 },
	{ "syscall (taken, but the process dies)", { 0x0f, 0x05 }, 2, 0 },
	{ "rdtsc", { 0x0f, 0x31 }, 2, 1 },
	{ "ret", { 0xc3 }, 1, 1 },
	{ "fs mov", { 0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0, 0 }, 8, 1 },
	{ "lock decl (%rdi)", { 0xf0, 0xff, 0x0f }, 3, 0 },
	{ "cs nopw", { 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0, 0 }, 8, 0 },
	{ "notrack jmp *%rax", { 0x3e, 0xff, 0xe0 }, 3, 0 },
	{ "vmovd %esi, %xmm0 (VEX 0x6e)", { 0xc5, 0xf9, 0x6e, 0xc6 }, 4, 0 },
	{ "vpxor (VEX3 0xef)", { 0xc4, 0x41, 0x01, 0xef, 0xff }, 5, 0 },
	{ "vmovdqu (VEX 0x6f)", { 0xc5, 0xfe, 0x6f, 0x06 }, 4, 0 },
	{ "vpbroadcastb (EVEX 0x7a)", { 0x62, 0xe2, 0x7d, 0x28, 0x7a, 0xce }, 6, 1 },
	{ "vzeroupper (VEX 0x77)", { 0xc5, 0xf8, 0x77 }, 3, 1 },
	{ "int3", { 0xcc }, 1, 0 },
	{ "int $0x80", { 0xcd, 0x80 }, 2, 0 },
	{ "hlt", { 0xf4 }, 1, 0 },
	{ "rex hlt", { 0x48, 0xf4 }, 2, 0 },
	{ "mov %eax, %ss", { 0x8e, 0xd0 }, 2, 0 },
	{ "mov %eax, %ds", { 0x8e, 0xd8 }, 2, 1 },
	{ "prefixes only", { 0x66, 0x66 }, 2, 1 },
};

int main(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(dt_uprobe_placeable(cases[i].b, cases[i].n) == cases[i].ok,
		    "%s: %s", cases[i].what, cases[i].ok ? "refused" : "accepted");
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
