/*
 * bpf_asm.h - building BPF instructions.
 *
 * Owns the instruction encoders (one macro per instruction form) and the
 * growable instruction buffer with forward labels that the code generator
 * writes into.  Labels are resolved when the program is finished, so the
 * generator can emit jumps to code it has not written yet (the end of a
 * clause, an error stub) without computing offsets by hand.
 */
#ifndef DT_BPF_ASM_H
#define DT_BPF_ASM_H

#include <linux/bpf.h>
#include <stdint.h>
#include <stddef.h>

#define BPF_REG(n) (n)
enum { R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10 };

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })

#define ALU64_REG(op, d, s)   INSN(BPF_ALU64 | BPF_OP(op) | BPF_X, d, s, 0, 0)
#define ALU64_IMM(op, d, i)   INSN(BPF_ALU64 | BPF_OP(op) | BPF_K, d, 0, 0, i)
#define ALU32_REG(op, d, s)   INSN(BPF_ALU | BPF_OP(op) | BPF_X, d, s, 0, 0)
#define ALU32_IMM(op, d, i)   INSN(BPF_ALU | BPF_OP(op) | BPF_K, d, 0, 0, i)
#define MOV64_REG(d, s)       INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOV64_IMM(d, i)       INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV32_REG(d, s)       INSN(BPF_ALU | BPF_MOV | BPF_X, d, s, 0, 0)
#define NEG64(d)              INSN(BPF_ALU64 | BPF_NEG, d, 0, 0, 0)
#define LDX_MEM(sz, d, s, o)  INSN(BPF_LDX | BPF_SIZE(sz) | BPF_MEM, d, s, o, 0)
#define STX_MEM(sz, d, s, o)  INSN(BPF_STX | BPF_SIZE(sz) | BPF_MEM, d, s, o, 0)
#define ST_MEM(sz, d, o, i)   INSN(BPF_ST | BPF_SIZE(sz) | BPF_MEM, d, 0, o, i)
#define ATOMIC_ADD64(d, s, o) INSN(BPF_STX | BPF_DW | BPF_ATOMIC, d, s, o, BPF_ADD)
#define JMP_REG(op, d, s, o)  INSN(BPF_JMP | BPF_OP(op) | BPF_X, d, s, o, 0)
#define JMP_IMM(op, d, i, o)  INSN(BPF_JMP | BPF_OP(op) | BPF_K, d, 0, o, i)
#define JA(o)                 INSN(BPF_JMP | BPF_JA, 0, 0, o, 0)
#define CALL_HELPER(id)       INSN(BPF_JMP | BPF_CALL, 0, 0, 0, id)
#define EXIT_INSN()           INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
/* ld_imm64 takes two slots */
#define LD_IMM64_LO(d, s, v)  INSN(BPF_LD | BPF_DW | BPF_IMM, d, s, 0, (int32_t)(uint32_t)(v))
#define LD_IMM64_HI(v)        INSN(0, 0, 0, 0, (int32_t)(uint32_t)((uint64_t)(v) >> 32))

/* A growable program under construction. */
struct dt_asm {
	struct bpf_insn *insns;
	int n, cap;
	int *label_pos;           /* label -> insn index, -1 until placed */
	int nlabels, label_cap;
	struct { int insn, label; } *fix;  /* jumps waiting for a label */
	int nfix, fix_cap;
	int oom;                  /* set if any allocation failed */
};

void dt_asm_init(struct dt_asm *a);
void dt_asm_free(struct dt_asm *a);
/* Append one instruction; returns its index. */
int dt_asm_emit(struct dt_asm *a, struct bpf_insn insn);
/* Append a 64-bit immediate load (two slots); src is 0 or a BPF_PSEUDO_* kind. */
int dt_asm_ld_imm64(struct dt_asm *a, int dst, int src, uint64_t v);
/* Load the address of a map value (direct access into an array map). */
int dt_asm_ld_map_value(struct dt_asm *a, int dst, int map_fd, uint32_t off);
int dt_asm_ld_map_fd(struct dt_asm *a, int dst, int map_fd);
int dt_asm_new_label(struct dt_asm *a);
void dt_asm_place(struct dt_asm *a, int label);
/* Emit a jump to a label: insn is a JMP with off left 0. */
int dt_asm_jump(struct dt_asm *a, struct bpf_insn insn, int label);
/* Resolve every jump; returns -1 if a label was never placed (or out of
 * memory), DT_ASM_TOOFAR if a jump spans more than a BPF jump's 16-bit
 * offset reaches (DT_ASM_REACH instructions). */
#define DT_ASM_TOOFAR	(-2)
#define DT_ASM_REACH	32767
int dt_asm_finish(struct dt_asm *a);

#endif
