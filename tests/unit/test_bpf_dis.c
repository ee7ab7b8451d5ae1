/*
 * test_bpf_dis.c -- unit tests for lib/bpf_dis.c (the `dtrace -S` eBPF
 * disassembler): every instruction class, ld_imm64 map annotations, jump
 * targets in and out of range, unknown opcodes, buffer truncation and the
 * dt_dis_print() line layout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/bpf_dis.h"

#include "check.h"

#define INSN(c, d, s, o, i)						\
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s),	\
			    .off = (o), .imm = (i) })

/* Disassemble prog[pc] (program length n) and compare text and slot count. */
#define EXPECT(prog, n, pc, want, slots)				\
	expect(prog, n, pc, want, slots, NULL, __LINE__)
#define EXPECT_CTX(prog, n, pc, want, slots, ctx)			\
	expect(prog, n, pc, want, slots, ctx, __LINE__)

static void expect(const struct bpf_insn *prog, int n, int pc,
		   const char *want, int want_slots,
		   const struct dt_dis_ctx *ctx, int line)
{
	char buf[256];
	int slots = dt_dis_insn(buf, sizeof(buf), prog, pc, n, ctx);

	CHECK(strcmp(buf, want) == 0 && slots == want_slots,
	      "(line %d) pc %d: got \"%s\"/%d, want \"%s\"/%d", line, pc,
	      buf, slots, want, want_slots);
}

/* Disassemble one stand-alone instruction (program of length 1). */
#define ONE(c, d, s, o, i, want)					\
	do {								\
		struct bpf_insn one_ = INSN(c, d, s, o, i);		\
		expect(&one_, 1, 0, want, 1, NULL, __LINE__);		\
	} while (0)

static const char *test_map_name(void *arg, int fd)
{
	(void)arg;
	switch (fd) {
	case 3:	return "dt_buffers";
	case 4:	return "dt_globals";
	}
	return NULL;
}

static void test_alu(void)
{
	/* 64-bit, register source */
	ONE(BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0, "mov  %r6, %r1");
	ONE(BPF_ALU64 | BPF_ADD | BPF_X, 1, 2, 0, 0, "add  %r1, %r2");
	ONE(BPF_ALU64 | BPF_SUB | BPF_X, 1, 2, 0, 0, "sub  %r1, %r2");
	ONE(BPF_ALU64 | BPF_MUL | BPF_X, 1, 2, 0, 0, "mul  %r1, %r2");
	ONE(BPF_ALU64 | BPF_DIV | BPF_X, 1, 2, 0, 0, "div  %r1, %r2");
	ONE(BPF_ALU64 | BPF_MOD | BPF_X, 1, 2, 0, 0, "mod  %r1, %r2");
	ONE(BPF_ALU64 | BPF_OR  | BPF_X, 1, 2, 0, 0, "or   %r1, %r2");
	ONE(BPF_ALU64 | BPF_AND | BPF_X, 1, 2, 0, 0, "and  %r1, %r2");
	ONE(BPF_ALU64 | BPF_XOR | BPF_X, 1, 2, 0, 0, "xor  %r1, %r2");
	ONE(BPF_ALU64 | BPF_LSH | BPF_X, 1, 2, 0, 0, "lsh  %r1, %r2");
	ONE(BPF_ALU64 | BPF_RSH | BPF_X, 1, 2, 0, 0, "rsh  %r1, %r2");
	ONE(BPF_ALU64 | BPF_ARSH | BPF_X, 1, 2, 0, 0, "arsh %r1, %r2");
	/* 64-bit, immediate source */
	ONE(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, -1, "mov  %r0, -1");
	ONE(BPF_ALU64 | BPF_ADD | BPF_K, 10, 0, 0, -8, "add  %r10, -8");
	ONE(BPF_ALU64 | BPF_SUB | BPF_K, 1, 0, 0, 3, "sub  %r1, 3");
	ONE(BPF_ALU64 | BPF_MUL | BPF_K, 1, 0, 0, 7, "mul  %r1, 7");
	ONE(BPF_ALU64 | BPF_DIV | BPF_K, 1, 0, 0, 10, "div  %r1, 10");
	ONE(BPF_ALU64 | BPF_MOD | BPF_K, 1, 0, 0, 10, "mod  %r1, 10");
	ONE(BPF_ALU64 | BPF_AND | BPF_K, 1, 0, 0, 0xff, "and  %r1, 0xff");
	ONE(BPF_ALU64 | BPF_OR  | BPF_K, 1, 0, 0, 0x10, "or   %r1, 0x10");
	ONE(BPF_ALU64 | BPF_XOR | BPF_K, 1, 0, 0, -1, "xor  %r1, 0xffffffff");
	ONE(BPF_ALU64 | BPF_LSH | BPF_K, 1, 0, 0, 32, "lsh  %r1, 32");
	ONE(BPF_ALU64 | BPF_RSH | BPF_K, 1, 0, 0, 32, "rsh  %r1, 32");
	ONE(BPF_ALU64 | BPF_ARSH | BPF_K, 1, 0, 0, 63, "arsh %r1, 63");
	ONE(BPF_ALU64 | BPF_NEG | BPF_K, 3, 0, 0, 0, "neg  %r3");
	/* 32-bit forms carry a "32" suffix */
	ONE(BPF_ALU | BPF_MOV | BPF_K, 2, 0, 0, 5, "mov32 %r2, 5");
	ONE(BPF_ALU | BPF_ADD | BPF_X, 2, 3, 0, 0, "add32 %r2, %r3");
	ONE(BPF_ALU | BPF_AND | BPF_K, 2, 0, 0, 0xf, "and32 %r2, 0xf");
	ONE(BPF_ALU | BPF_NEG | BPF_K, 2, 0, 0, 0, "neg32 %r2");
	ONE(BPF_ALU | BPF_ARSH | BPF_K, 2, 0, 0, 1, "arsh32 %r2, 1");
	/* signed div/mod and sign-extending moves (off field) */
	ONE(BPF_ALU64 | BPF_DIV | BPF_X, 1, 2, 1, 0, "sdiv %r1, %r2");
	ONE(BPF_ALU64 | BPF_MOD | BPF_K, 1, 0, 1, 3, "smod %r1, 3");
	ONE(BPF_ALU | BPF_DIV | BPF_K, 1, 0, 1, 3, "sdiv32 %r1, 3");
	ONE(BPF_ALU64 | BPF_MOV | BPF_X, 1, 2, 8, 0, "movsxb %r1, %r2");
	ONE(BPF_ALU64 | BPF_MOV | BPF_X, 1, 2, 16, 0, "movsxh %r1, %r2");
	ONE(BPF_ALU64 | BPF_MOV | BPF_X, 1, 2, 32, 0, "movsxw %r1, %r2");
	ONE(BPF_ALU | BPF_MOV | BPF_X, 1, 2, 8, 0, "movsxb32 %r1, %r2");
	/* byte swaps */
	ONE(BPF_ALU | BPF_END | BPF_TO_LE, 1, 0, 0, 16, "le16 %r1");
	ONE(BPF_ALU | BPF_END | BPF_TO_BE, 1, 0, 0, 32, "be32 %r1");
	ONE(BPF_ALU | BPF_END | BPF_TO_BE, 4, 0, 0, 64, "be64 %r4");
	ONE(BPF_ALU64 | BPF_END | BPF_TO_LE, 1, 0, 0, 64, "bswap64 %r1");
	/* invalid ALU encodings */
	ONE(BPF_ALU64 | 0xe0 | BPF_K, 1, 0, 0, 0, "<unknown>");
	ONE(BPF_ALU64 | 0xf0 | BPF_X, 1, 2, 0, 0, "<unknown>");
	ONE(BPF_ALU64 | BPF_NEG | BPF_X, 1, 2, 0, 0, "<unknown>");
	ONE(BPF_ALU | BPF_END | BPF_TO_LE, 1, 0, 0, 8, "<unknown>");
	ONE(BPF_ALU64 | BPF_END | BPF_TO_BE, 1, 0, 0, 16, "<unknown>");
	ONE(BPF_ALU64 | BPF_DIV | BPF_X, 1, 2, 2, 0, "<unknown>");
	ONE(BPF_ALU64 | BPF_MOV | BPF_K, 1, 0, 8, 0, "<unknown>");
	ONE(BPF_ALU | BPF_MOV | BPF_X, 1, 2, 32, 0, "<unknown>");
}

static void test_jmp(void)
{
	struct bpf_insn p[] = {
		/* 0 */ INSN(BPF_JMP | BPF_JA, 0, 0, 2, 0),
		/* 1 */ INSN(BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 1, 0),
		/* 2 */ INSN(BPF_JMP | BPF_JGT | BPF_X, 1, 2, -3, 0),
		/* 3 */ INSN(BPF_JMP | BPF_JGE | BPF_K, 1, 0, 0, 10),
		/* 4 */ INSN(BPF_JMP | BPF_JLT | BPF_K, 1, 0, 0, 10),
		/* 5 */ INSN(BPF_JMP | BPF_JLE | BPF_X, 1, 2, 0, 0),
		/* 6 */ INSN(BPF_JMP | BPF_JSET | BPF_K, 1, 0, 0, 0x80),
		/* 7 */ INSN(BPF_JMP | BPF_JNE | BPF_K, 1, 0, 0, -1),
		/* 8 */ INSN(BPF_JMP | BPF_JSGT | BPF_K, 1, 0, 0, -5),
		/* 9 */ INSN(BPF_JMP | BPF_JSGE | BPF_X, 1, 2, 0, 0),
		/* 10 */ INSN(BPF_JMP | BPF_JSLT | BPF_K, 1, 0, 0, 0),
		/* 11 */ INSN(BPF_JMP | BPF_JSLE | BPF_X, 1, 2, 0, 0),
		/* 12 */ INSN(BPF_JMP32 | BPF_JEQ | BPF_K, 1, 0, 1, 7),
		/* 13 */ INSN(BPF_JMP32 | BPF_JNE | BPF_X, 1, 2, -2, 0),
		/* 14 */ INSN(BPF_JMP32 | BPF_JSET | BPF_X, 1, 2, 0, 0),
		/* 15 */ INSN(BPF_JMP32 | BPF_JA, 0, 0, 0, 2),
		/* 16 */ INSN(BPF_JMP | BPF_JA, 0, 0, 100, 0),
		/* 17 */ INSN(BPF_JMP | BPF_JEQ | BPF_K, 1, 0, -100, 0),
		/* 18 */ INSN(BPF_JMP | BPF_JA, 0, 0, 32767, 0),
		/* 19 */ INSN(BPF_JMP32 | BPF_JA, 0, 0, 0, 2147483647),
		/* 20 */ INSN(BPF_JMP32 | BPF_JA, 0, 0, 0, -2147483647 - 1),
		/* 21 */ INSN(BPF_JMP | 0xe0, 0, 0, 1, 0),
		/* 22 */ INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
		/* 23 */ INSN(BPF_JMP | BPF_JA, 0, 0, -1, 0),
	};
	int n = (int)(sizeof(p) / sizeof(p[0]));

	EXPECT(p, n, 0, "ja   -> 0003", 1);
	EXPECT(p, n, 1, "jeq  %r1, 0 -> 0003", 1);
	EXPECT(p, n, 2, "jgt  %r1, %r2 -> 0000", 1);
	EXPECT(p, n, 3, "jge  %r1, 10 -> 0004", 1);
	EXPECT(p, n, 4, "jlt  %r1, 10 -> 0005", 1);
	EXPECT(p, n, 5, "jle  %r1, %r2 -> 0006", 1);
	EXPECT(p, n, 6, "jset %r1, 0x80 -> 0007", 1);
	EXPECT(p, n, 7, "jne  %r1, -1 -> 0008", 1);
	EXPECT(p, n, 8, "jsgt %r1, -5 -> 0009", 1);
	EXPECT(p, n, 9, "jsge %r1, %r2 -> 0010", 1);
	EXPECT(p, n, 10, "jslt %r1, 0 -> 0011", 1);
	EXPECT(p, n, 11, "jsle %r1, %r2 -> 0012", 1);
	EXPECT(p, n, 12, "jeq32 %r1, 7 -> 0014", 1);
	EXPECT(p, n, 13, "jne32 %r1, %r2 -> 0012", 1);
	EXPECT(p, n, 14, "jset32 %r1, %r2 -> 0015", 1);
	EXPECT(p, n, 15, "gotol -> 0018", 1);
	/* out of range targets are shown, flagged, never dereferenced */
	EXPECT(p, n, 16, "ja   -> 0117 <out of range>", 1);
	EXPECT(p, n, 17, "jeq  %r1, 0 -> -082 <out of range>", 1);
	EXPECT(p, n, 18, "ja   -> 32786 <out of range>", 1);
	EXPECT(p, n, 19, "gotol -> 2147483667 <out of range>", 1);
	EXPECT(p, n, 20, "gotol -> -2147483627 <out of range>", 1);
	EXPECT(p, n, 21, "may_goto -> 0023", 1);
	EXPECT(p, n, 22, "exit", 1);
	EXPECT(p, n, 23, "ja   -> 0023", 1);

	/* invalid jump encodings */
	ONE(BPF_JMP | 0xf0 | BPF_K, 0, 0, 0, 0, "<unknown>");
	ONE(BPF_JMP32 | BPF_EXIT, 0, 0, 0, 0, "<unknown>");
	ONE(BPF_JMP32 | BPF_CALL, 0, 0, 0, 1, "<unknown>");
	ONE(BPF_JMP | BPF_JA | BPF_X, 0, 0, 0, 0, "<unknown>");
	ONE(BPF_JMP | 0xe0, 0, 1, 0, 0, "<unknown>");
}

static void test_call(void)
{
	struct bpf_insn p[] = {
		/* 0 */ INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem),
		/* 1 */ INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_probe_read_kernel),
		/* 2 */ INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_get_current_pid_tgid),
		/* 3 */ INSN(BPF_JMP | BPF_CALL, 0, 1, 0, 2),
		/* 4 */ INSN(BPF_JMP | BPF_CALL, 0, 1, 0, -5),
		/* 5 */ INSN(BPF_JMP | BPF_CALL, 0, 1, 0, 40),
		/* 6 */ INSN(BPF_JMP | BPF_CALL, 0, 0, 0, 100000),
		/* 7 */ INSN(BPF_JMP | BPF_CALL, 0, 0, 0, -1),
		/* 8 */ INSN(BPF_JMP | BPF_CALL, 0, 2, 0, 1234),
		/* 9 */ INSN(BPF_JMP | BPF_CALL, 0, 7, 0, 1),
		/* 10 */ INSN(BPF_JMP | BPF_CALL | BPF_X, 0, 0, 0, 1),
		/* 11 */ INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
	};
	int n = (int)(sizeof(p) / sizeof(p[0]));

	EXPECT(p, n, 0, "call bpf_map_lookup_elem", 1);
	EXPECT(p, n, 1, "call bpf_probe_read_kernel", 1);
	EXPECT(p, n, 2, "call bpf_get_current_pid_tgid", 1);
	EXPECT(p, n, 3, "call pc+2 -> 0006", 1);
	EXPECT(p, n, 4, "call pc-5 -> 0000", 1);
	EXPECT(p, n, 5, "call pc+40 -> 0046 <out of range>", 1);
	EXPECT(p, n, 6, "call helper#100000", 1);
	EXPECT(p, n, 7, "call helper#-1", 1);
	EXPECT(p, n, 8, "call kfunc#1234", 1);
	EXPECT(p, n, 9, "<unknown>", 1);
	EXPECT(p, n, 10, "<unknown>", 1);
}

static void test_helper_names(void)
{
	const char *s;

	s = dt_bpf_helper_name(BPF_FUNC_map_lookup_elem);
	CHECK(s && strcmp(s, "map_lookup_elem") == 0, "map_lookup_elem: %s", s ? s : "(null)");
	s = dt_bpf_helper_name(BPF_FUNC_map_update_elem);
	CHECK(s && strcmp(s, "map_update_elem") == 0, "map_update_elem: %s", s ? s : "(null)");
	s = dt_bpf_helper_name(BPF_FUNC_probe_read_kernel);
	CHECK(s && strcmp(s, "probe_read_kernel") == 0, "probe_read_kernel: %s", s ? s : "(null)");
	s = dt_bpf_helper_name(BPF_FUNC_ktime_get_ns);
	CHECK(s && strcmp(s, "ktime_get_ns") == 0, "ktime_get_ns: %s", s ? s : "(null)");
	s = dt_bpf_helper_name(BPF_FUNC_perf_event_output);
	CHECK(s && strcmp(s, "perf_event_output") == 0, "perf_event_output: %s", s ? s : "(null)");
	s = dt_bpf_helper_name(BPF_FUNC_unspec);
	CHECK(s && strcmp(s, "unspec") == 0, "unspec: %s", s ? s : "(null)");
	CHECK(dt_bpf_helper_name(-1) == NULL, "-1 must be NULL");
	CHECK(dt_bpf_helper_name(__BPF_FUNC_MAX_ID) == NULL, "MAX_ID must be NULL");

	/* every id below __BPF_FUNC_MAX_ID has a non-empty name */
	for (int id = 0; id < __BPF_FUNC_MAX_ID; id++) {
		s = dt_bpf_helper_name(id);
		CHECK(s && *s, "helper %d has no name", id);
	}
}

static void test_ld_imm64(void)
{
	struct dt_dis_ctx ctx = { test_map_name, NULL };
	struct bpf_insn p[] = {
		/* 0 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, 0x55667788),
		/* 1 */ INSN(0, 0, 0, 0, 0x11223344),
		/* 2 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_MAP_FD, 0, 3),
		/* 3 */ INSN(0, 0, 0, 0, 0),
		/* 4 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 2, BPF_PSEUDO_MAP_VALUE, 0, 4),
		/* 5 */ INSN(0, 0, 0, 0, 16),
		/* 6 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_MAP_FD, 0, 9),
		/* 7 */ INSN(0, 0, 0, 0, 0),
		/* 8 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 3, 0, 0, -1),
		/* 9 */ INSN(0, 0, 0, 0, -1),
		/* 10 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_MAP_IDX, 0, 2),
		/* 11 */ INSN(0, 0, 0, 0, 0),
		/* 12 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_MAP_IDX_VALUE, 0, 2),
		/* 13 */ INSN(0, 0, 0, 0, 8),
		/* 14 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_BTF_ID, 0, 77),
		/* 15 */ INSN(0, 0, 0, 0, 0),
		/* 16 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_FUNC, 0, 3),
		/* 17 */ INSN(0, 0, 0, 0, 0),
		/* 18 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, 9, 0, 3),
		/* 19 */ INSN(0, 0, 0, 0, 0),
		/* 20 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, 5),
		/* 21 */ INSN(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0),
		/* 22 */ INSN(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, 5),
	};
	int n = (int)(sizeof(p) / sizeof(p[0]));

	EXPECT(p, n, 0, "lddw %r1, 0x1122334455667788", 2);
	EXPECT_CTX(p, n, 2, "lddw %r1, &map 'dt_buffers'", 2, &ctx);
	EXPECT_CTX(p, n, 4, "lddw %r2, &map_value 'dt_globals'+16", 2, &ctx);
	/* no resolver, or resolver does not know the fd */
	EXPECT(p, n, 2, "lddw %r1, &map fd#3", 2);
	EXPECT(p, n, 4, "lddw %r2, &map_value fd#4+16", 2);
	EXPECT_CTX(p, n, 6, "lddw %r1, &map fd#9", 2, &ctx);
	EXPECT(p, n, 8, "lddw %r3, 0xffffffffffffffff", 2);
	EXPECT(p, n, 10, "lddw %r1, &map idx#2", 2);
	EXPECT(p, n, 12, "lddw %r1, &map_value idx#2+8", 2);
	EXPECT(p, n, 14, "lddw %r1, &btf_id#77", 2);
	EXPECT(p, n, 16, "lddw %r1, &func pc+3 -> 0020", 2);
	EXPECT(p, n, 18, "<unknown>", 2);
	/* second slot is a real instruction: do not swallow it */
	EXPECT(p, n, 20, "lddw %r1, <bad second slot>", 1);
	EXPECT(p, n, 21, "mov  %r0, 0", 1);
	/* ld_imm64 in the last slot: never read past the end */
	EXPECT(p, n, 22, "lddw %r1, <truncated>", 1);

	/* resolver with a NULL callback is the same as no resolver */
	{
		struct dt_dis_ctx nul = { NULL, NULL };

		EXPECT_CTX(p, n, 2, "lddw %r1, &map fd#3", 2, &nul);
	}
}

static void test_ld_legacy(void)
{
	ONE(BPF_LD | BPF_ABS | BPF_W, 0, 0, 0, 12, "ldabsw [12]");
	ONE(BPF_LD | BPF_ABS | BPF_B, 0, 0, 0, 0, "ldabsb [0]");
	ONE(BPF_LD | BPF_IND | BPF_H, 0, 7, 0, 4, "ldindh [%r7+4]");
	ONE(BPF_LD | BPF_ABS | BPF_DW, 0, 0, 0, 0, "<unknown>");
	ONE(BPF_LD | BPF_IMM | BPF_W, 1, 0, 0, 0, "<unknown>");
	ONE(BPF_LD | BPF_MEM | BPF_W, 1, 0, 0, 0, "<unknown>");
}

static void test_mem(void)
{
	/* LDX */
	ONE(BPF_LDX | BPF_MEM | BPF_DW, 0, 10, -8, 0, "ldxdw %r0, [%r10-8]");
	ONE(BPF_LDX | BPF_MEM | BPF_W, 2, 1, 4, 0, "ldxw %r2, [%r1+4]");
	ONE(BPF_LDX | BPF_MEM | BPF_H, 2, 1, 0, 0, "ldxh %r2, [%r1+0]");
	ONE(BPF_LDX | BPF_MEM | BPF_B, 2, 1, 32767, 0, "ldxb %r2, [%r1+32767]");
	ONE(BPF_LDX | 0x80 | BPF_B, 2, 1, 1, 0, "ldxsb %r2, [%r1+1]");
	ONE(BPF_LDX | 0x80 | BPF_H, 2, 1, 2, 0, "ldxsh %r2, [%r1+2]");
	ONE(BPF_LDX | 0x80 | BPF_W, 2, 1, -4, 0, "ldxsw %r2, [%r1-4]");
	ONE(BPF_LDX | 0x80 | BPF_DW, 2, 1, 0, 0, "<unknown>");
	ONE(BPF_LDX | BPF_IMM | BPF_DW, 2, 1, 0, 0, "<unknown>");
	/* ST */
	ONE(BPF_ST | BPF_MEM | BPF_DW, 10, 0, -8, 0, "stdw [%r10-8], 0");
	ONE(BPF_ST | BPF_MEM | BPF_W, 10, 0, -16, -1, "stw [%r10-16], -1");
	ONE(BPF_ST | BPF_MEM | BPF_H, 1, 0, 2, 7, "sth [%r1+2], 7");
	ONE(BPF_ST | BPF_MEM | BPF_B, 1, 0, -32768, 255, "stb [%r1-32768], 255");
	ONE(BPF_ST | BPF_ATOMIC | BPF_DW, 1, 0, 0, 0, "<unknown>");
	/* STX */
	ONE(BPF_STX | BPF_MEM | BPF_DW, 10, 1, -8, 0, "stxdw [%r10-8], %r1");
	ONE(BPF_STX | BPF_MEM | BPF_W, 6, 0, 12, 0, "stxw [%r6+12], %r0");
	ONE(BPF_STX | BPF_MEM | BPF_H, 6, 0, 0, 0, "stxh [%r6+0], %r0");
	ONE(BPF_STX | BPF_MEM | BPF_B, 6, 0, 1, 0, "stxb [%r6+1], %r0");
	ONE(BPF_STX | BPF_ABS | BPF_W, 6, 0, 1, 0, "<unknown>");
}

static void test_atomic(void)
{
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_ADD, "lock adddw [%r1+0], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_W, 1, 2, 8, BPF_ADD, "lock addw [%r1+8], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_OR, "lock ordw [%r1+0], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_AND, "lock anddw [%r1+0], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_XOR, "lock xordw [%r1+0], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, -8, BPF_ADD | BPF_FETCH,
	    "lock fetch_adddw [%r1-8], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_W, 1, 2, 0, BPF_OR | BPF_FETCH,
	    "lock fetch_orw [%r1+0], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_AND | BPF_FETCH,
	    "lock fetch_anddw [%r1+0], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_XOR | BPF_FETCH,
	    "lock fetch_xordw [%r1+0], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_XCHG, "lock xchgdw [%r1+0], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_W, 1, 2, 0, BPF_CMPXCHG, "lock cmpxchgw [%r1+0], %r2");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 0, 1, 8, 0x100, "ldacqdw %r0, [%r1+8]");
	ONE(BPF_STX | BPF_ATOMIC | BPF_B, 0, 1, 0, 0x100, "ldacqb %r0, [%r1+0]");
	ONE(BPF_STX | BPF_ATOMIC | BPF_W, 1, 2, 4, 0x110, "strelw [%r1+4], %r2");
	/* invalid atomics */
	ONE(BPF_STX | BPF_ATOMIC | BPF_B, 1, 2, 0, BPF_ADD, "<unknown>");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_SUB, "<unknown>");
	ONE(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, 0x7fffffff, "<unknown>");
}

static void test_edges(void)
{
	struct bpf_insn p[] = {
		INSN(BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0),
		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
	};
	char buf[64];
	char small[6];
	int r;

	/* pc out of range / NULL program: nothing consumed, empty text */
	memset(buf, 'x', sizeof(buf));
	r = dt_dis_insn(buf, sizeof(buf), p, 2, 2, NULL);
	CHECK(r == 0 && buf[0] == '\0', "pc == n: r=%d buf=\"%.8s\"", r, buf);
	r = dt_dis_insn(buf, sizeof(buf), p, -1, 2, NULL);
	CHECK(r == 0 && buf[0] == '\0', "pc < 0: r=%d", r);
	r = dt_dis_insn(buf, sizeof(buf), NULL, 0, 2, NULL);
	CHECK(r == 0 && buf[0] == '\0', "NULL insns: r=%d", r);
	r = dt_dis_insn(buf, sizeof(buf), p, 0, -3, NULL);
	CHECK(r == 0, "negative n: r=%d", r);

	/* truncation keeps the buffer terminated and still reports slots */
	memset(small, 'x', sizeof(small));
	r = dt_dis_insn(small, sizeof(small), p, 0, 2, NULL);
	CHECK(r == 1 && strcmp(small, "mov  ") == 0, "small buf: \"%s\" r=%d", small, r);
	r = dt_dis_insn(small, 1, p, 0, 2, NULL);
	CHECK(r == 1 && small[0] == '\0', "1-byte buf: r=%d", r);
	r = dt_dis_insn(NULL, 0, p, 0, 2, NULL);
	CHECK(r == 1, "NULL buf: r=%d", r);
	r = dt_dis_insn(small, 0, p, 1, 2, NULL);
	CHECK(r == 1 && small[0] == '\0', "0-len buf untouched: r=%d", r);

	/* every possible opcode byte, with junk fields, must not crash and
	 * must produce some text */
	for (int code = 0; code < 256; code++) {
		struct bpf_insn q[2] = {
			INSN(code, 15, 15, -1, -1),
			INSN(code, 15, 15, -1, -1),
		};

		r = dt_dis_insn(buf, sizeof(buf), q, 0, 2, NULL);
		CHECK(r >= 1 && r <= 2 && buf[0] != '\0', "code 0x%02x: r=%d", code, r);
		r = dt_dis_insn(buf, sizeof(buf), q, 1, 2, NULL);
		CHECK(r == 1 && buf[0] != '\0', "code 0x%02x last: r=%d", code, r);
	}
}

static char *print_to_string(const struct bpf_insn *p, int n,
			     const struct dt_dis_ctx *ctx)
{
	char *s = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&s, &len);

	if (f == NULL)
		return NULL;
	dt_dis_print(f, p, n, ctx);
	fclose(f);
	return s;
}

static void test_print(void)
{
	struct dt_dis_ctx ctx = { test_map_name, NULL };
	struct bpf_insn p[] = {
		INSN(BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0),
		INSN(BPF_ST | BPF_MEM | BPF_DW, 10, 0, -8, 0),
		INSN(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_MAP_FD, 0, 3),
		INSN(0, 0, 0, 0, 0),
		INSN(BPF_ALU64 | BPF_MOV | BPF_X, 2, 10, 0, 0),
		INSN(BPF_ALU64 | BPF_ADD | BPF_K, 2, 0, 0, -8),
		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem),
		INSN(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1, 0),
		INSN(BPF_LDX | BPF_MEM | BPF_DW, 0, 0, 0, 0),
		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
		INSN(0xff, 0, 0, 0, 0),
	};
	const char *want =
		"0000 0000: bf 6 1 0000 00000000    mov  %r6, %r1\n"
		"0001 0008: 7a a 0 fff8 00000000    stdw [%r10-8], 0\n"
		"0002 0016: 18 1 1 0000 00000003    lddw %r1, &map 'dt_buffers'\n"
		"0003 0024: 00 0 0 0000 00000000\n"
		"0004 0032: bf 2 a 0000 00000000    mov  %r2, %r10\n"
		"0005 0040: 07 2 0 0000 fffffff8    add  %r2, -8\n"
		"0006 0048: 85 0 0 0000 00000001    call bpf_map_lookup_elem\n"
		"0007 0056: 15 0 0 0001 00000000    jeq  %r0, 0 -> 0009\n"
		"0008 0064: 79 0 0 0000 00000000    ldxdw %r0, [%r0+0]\n"
		"0009 0072: 95 0 0 0000 00000000    exit\n"
		"0010 0080: ff 0 0 0000 00000000    <unknown>\n";
	char *got = print_to_string(p, (int)(sizeof(p) / sizeof(p[0])), &ctx);

	CHECK(got && strcmp(got, want) == 0, "print mismatch:\n--- got\n%s--- want\n%s",
	      got ? got : "(null)", want);
	free(got);

	/* a trailing, truncated ld_imm64 prints one line and stops */
	got = print_to_string(&p[2], 1, NULL);
	CHECK(got && strcmp(got, "0000 0000: 18 1 1 0000 00000003    lddw %r1, <truncated>\n") == 0,
	      "truncated print: %s", got ? got : "(null)");
	free(got);

	/* empty and NULL programs print nothing */
	got = print_to_string(p, 0, NULL);
	CHECK(got && got[0] == '\0', "empty print: %s", got ? got : "(null)");
	free(got);
	got = print_to_string(NULL, 5, NULL);
	CHECK(got && got[0] == '\0', "NULL print: %s", got ? got : "(null)");
	free(got);
	dt_dis_print(NULL, p, 1, NULL);	/* must not crash */
}

int main(void)
{
	test_alu();
	test_jmp();
	test_call();
	test_helper_names();
	test_ld_imm64();
	test_ld_legacy();
	test_mem();
	test_atomic();
	test_edges();
	test_print();

	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
