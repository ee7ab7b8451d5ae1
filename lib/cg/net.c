/*
 * net.c - code generation for cleanpath() and the address-to-text
 * subroutines inet_ntoa(), inet_ntoa6() and inet_ntop().
 *
 * All four produce DTrace's text exactly, edge cases included.
 * cleanpath() is one pass over the path on an iterator loop (cg/loop.c):
 * a four-state machine ("", "/", "/.", "/..") that consumes one byte per
 * iteration, with a nested loop that backs the output up to the previous
 * '/' for a "/../" component; its state lives in frame cells.
 * The address subroutines first copy the address (4 or 16 bytes) from
 * kernel memory into a string temporary with one safe read, faulting
 * with "invalid address" there, then work on fixed byte positions in
 * straight-line code unrolled at code generation time (no loops): the
 * text is appended at a position kept in a frame cell, every store
 * bounds-checked, and the decisions that depend on the address (the run
 * of zero groups shortened to "::", an embedded IPv4 address) are read
 * back from cells, so that no register is live across a branch and the
 * verifier's state pruning keeps the cost linear.
 */
#include <string.h>
#include "cg.h"
#include "sema/node.h"

/* frame cells (never live across an argument evaluation) */
enum {
	C_C, C_S, C_J,				/* cleanpath */
	C_P, C_TRY, C_FZ, C_NZ, C_EMB, C_ZLO, C_ZHI,	/* addresses */
};

#define AF_INET_ 2		/* Linux's address family numbers */
#define AF_INET6_ 10
#define TEXT 16			/* address text after the address bytes */
#define TEXT_MAX 63		/* text positions checked against this */

static int label(struct dt_cg *cg)
{
	return dt_asm_new_label(&cg->a);
}

static void jmp(struct dt_cg *cg, struct bpf_insn i, int lbl)
{
	dt_asm_jump(&cg->a, i, lbl);
}

/*
 * Append a byte (the register src, or the constant c when src < 0) at
 * R9 + base + cell[pos], then advance the cell; a position at or past
 * max is never written.  Clobbers R1, R2.
 */
static void append(struct dt_cg *cg, int base, int pos, int max, int src, int c)
{
	int skip = label(cg);
	dt_cg_ld_cell(cg, R1, pos);
	jmp(cg, JMP_IMM(BPF_JGE, R1, max, 0), skip);
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, base));
	emit(cg, ALU64_REG(BPF_ADD, R2, R1));
	if (src >= 0)
		emit(cg, STX_MEM(BPF_B, R2, src, 0));
	else
		emit(cg, ST_MEM(BPF_B, R2, 0, c));
	emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
	dt_cg_st_cell(cg, pos, R1);
	dt_asm_place(&cg->a, skip);
}

/* ---- cleanpath ---- */

/*
 * DTrace's cleanpath(), byte by byte.  In state 0 a byte other than '/'
 * is copied (the NUL ends the path), after DTrace's length check: once
 * the output holds strsize - 5 bytes, it ends there (the other states
 * never lengthen the output between two such checks).  After a '/' (state 1), another '/' is dropped; after "/."
 * (state 2) a '/' drops the "/."; after "/.." (state 3) a '/' or the end
 * backs the output up to (not past) the previous '/', or to its start;
 * at the end that '/' stays.  Anything else copies the pending "/", "/."
 * or "/.." and the byte.  Note DTrace's quirks kept here: "a/.." is "a"
 * (the back-up stops at the first byte), "/foo/bar/.." is "/foo/".
 */
static void cleanpath(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	/* the path and the result are full strings whatever the consumer's
	 * size: DTrace's length check is against strsize */
	int strsize = (int)cg->dtp->opt[DTOPT_STRSIZE];
	int full = strsize + 1;
	int ts = dt_cg_stmp_alloc(cg);
	dt_cg_store_str(cg, n->args[0], ts, full);
	int td = dt_cg_stmp_alloc(cg);
	struct dt_loop lp, bk;
	int s1 = label(cg), s2 = label(cg), s3 = label(cg), next = label(cg);
	int to_s0 = label(cg), to_s1 = label(cg);

	/* a path such as "/.." backs up to an empty output and then keeps
	 * its first byte, which DTrace leaves unset: make it the "/" */
	dt_cg_fst_imm(cg, BPF_B, td, '/');
	dt_cg_st_cell_imm(cg, C_S, 0);
	dt_cg_st_cell_imm(cg, C_J, 0);
	dt_cg_loop_begin(cg, &lp, full);
	jmp(cg, JMP_IMM(BPF_JGE, R0, full, 0), lp.done);
	dt_cg_ld_byte(cg, R3, ts, R0);
	dt_cg_st_cell(cg, C_C, R3);
	dt_cg_ld_cell(cg, R4, C_S);
	jmp(cg, JMP_IMM(BPF_JEQ, R4, 1, 0), s1);
	jmp(cg, JMP_IMM(BPF_JEQ, R4, 2, 0), s2);
	jmp(cg, JMP_IMM(BPF_JEQ, R4, 3, 0), s3);

	/* state 0 */
	dt_cg_ld_cell(cg, R1, C_J);
	jmp(cg, JMP_IMM(BPF_JSGE, R1, strsize - 5, 0), lp.done);
	jmp(cg, JMP_IMM(BPF_JEQ, R3, '/', 0), to_s1);
	append(cg, td, C_J, full, R3, 0);
	dt_cg_ld_cell(cg, R3, C_C);
	jmp(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), lp.done);
	jmp(cg, JA(0), next);

	/* state 1: after "/" */
	dt_asm_place(&cg->a, s1);
	jmp(cg, JMP_IMM(BPF_JEQ, R3, '/', 0), next);
	int not_dot = label(cg);
	jmp(cg, JMP_IMM(BPF_JNE, R3, '.', 0), not_dot);
	dt_cg_st_cell_imm(cg, C_S, 2);
	jmp(cg, JA(0), next);
	dt_asm_place(&cg->a, not_dot);
	append(cg, td, C_J, full, -1, '/');
	jmp(cg, JA(0), to_s0);

	/* state 2: after "/." */
	dt_asm_place(&cg->a, s2);
	jmp(cg, JMP_IMM(BPF_JEQ, R3, '/', 0), to_s1);
	int not_dot2 = label(cg);
	jmp(cg, JMP_IMM(BPF_JNE, R3, '.', 0), not_dot2);
	dt_cg_st_cell_imm(cg, C_S, 3);
	jmp(cg, JA(0), next);
	dt_asm_place(&cg->a, not_dot2);
	append(cg, td, C_J, full, -1, '/');
	append(cg, td, C_J, full, -1, '.');
	jmp(cg, JA(0), to_s0);

	/* state 3: after "/.." */
	dt_asm_place(&cg->a, s3);
	int up = label(cg);
	jmp(cg, JMP_IMM(BPF_JEQ, R3, '/', 0), up);
	jmp(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), up);
	append(cg, td, C_J, full, -1, '/');
	append(cg, td, C_J, full, -1, '.');
	append(cg, td, C_J, full, -1, '.');
	jmp(cg, JA(0), to_s0);
	dt_asm_place(&cg->a, up);
	/* back up: while (j != 0 && out[--j] != '/') */
	dt_cg_loop_begin(cg, &bk, full);
	dt_cg_ld_cell(cg, R1, C_J);
	jmp(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), bk.done);
	emit(cg, ALU64_IMM(BPF_ADD, R1, -1));
	dt_cg_st_cell(cg, C_J, R1);
	jmp(cg, JMP_IMM(BPF_JGE, R1, full, 0), bk.done);
	dt_cg_ld_byte(cg, R2, td, R1);
	jmp(cg, JMP_IMM(BPF_JEQ, R2, '/', 0), bk.done);
	dt_cg_loop_end(cg, &bk);
	dt_cg_ld_cell(cg, R3, C_C);
	jmp(cg, JMP_IMM(BPF_JNE, R3, 0, 0), to_s1);
	/* at the end the output keeps the byte backed up to */
	dt_cg_ld_cell(cg, R1, C_J);
	emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
	dt_cg_st_cell(cg, C_J, R1);
	jmp(cg, JA(0), lp.done);

	/* copy the byte, then state 0 (the NUL ends the path) */
	dt_asm_place(&cg->a, to_s0);
	dt_cg_ld_cell(cg, R3, C_C);
	append(cg, td, C_J, full, R3, 0);
	dt_cg_st_cell_imm(cg, C_S, 0);
	dt_cg_ld_cell(cg, R3, C_C);
	jmp(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), lp.done);
	jmp(cg, JA(0), next);
	dt_asm_place(&cg->a, to_s1);
	dt_cg_st_cell_imm(cg, C_S, 1);
	dt_asm_place(&cg->a, next);
	dt_cg_loop_end(cg, &lp);

	/* NUL-terminate at j, then copy */
	append(cg, td, C_J, full, -1, 0);
	emit(cg, MOV64_IMM(R4, 0));
	emit(cg, MOV64_IMM(R5, size));
	dt_cg_copy_sub(cg, off, td, R4, R5, full, size);
	dt_cg_stmp_free(cg);
	dt_cg_stmp_free(cg);
}

/* ---- addresses ---- */

struct addr {
	struct dt_cg *cg;
	int t;			/* temporary: address bytes, then the text */
};

static void put_c(struct addr *a, char c)
{
	append(a->cg, a->t + TEXT, C_P, TEXT_MAX, -1, c);
}

static void put_r(struct addr *a, int reg)
{
	append(a->cg, a->t + TEXT, C_P, TEXT_MAX, reg, 0);
}

/* R(reg) = the address byte k */
static void ld_addr(struct addr *a, int reg, int k)
{
	dt_cg_fld(a->cg, BPF_B, reg, a->t + k);
}

/* the address byte k in decimal, without leading zeros */
static void put_dec(struct addr *a, int k)
{
	struct dt_cg *cg = a->cg;
	int tens = label(cg), ones = label(cg);
	ld_addr(a, R3, k);
	jmp(cg, JMP_IMM(BPF_JLT, R3, 100, 0), tens);
	emit(cg, MOV64_REG(R4, R3));
	emit(cg, ALU64_IMM(BPF_DIV, R4, 100));
	emit(cg, ALU64_IMM(BPF_ADD, R4, '0'));
	put_r(a, R4);
	dt_asm_place(&cg->a, tens);
	jmp(cg, JMP_IMM(BPF_JLT, R3, 10, 0), ones);
	emit(cg, MOV64_REG(R4, R3));
	emit(cg, ALU64_IMM(BPF_DIV, R4, 10));
	emit(cg, ALU64_IMM(BPF_MOD, R4, 10));
	emit(cg, ALU64_IMM(BPF_ADD, R4, '0'));
	put_r(a, R4);
	dt_asm_place(&cg->a, ones);
	emit(cg, MOV64_REG(R4, R3));
	emit(cg, ALU64_IMM(BPF_MOD, R4, 10));
	emit(cg, ALU64_IMM(BPF_ADD, R4, '0'));
	put_r(a, R4);
}

/* bytes k..k+3 as a dotted quad */
static void put_quad(struct addr *a, int k)
{
	for (int i = 0; i < 4; i++) {
		if (i > 0)
			put_c(a, '.');
		put_dec(a, k + i);
	}
}

/* the 16-bit group at byte k in lower-case hex, without leading zeros */
static void put_hex(struct addr *a, int k)
{
	struct dt_cg *cg = a->cg;
	ld_addr(a, R3, k);
	emit(cg, ALU64_IMM(BPF_LSH, R3, 8));
	ld_addr(a, R4, k + 1);
	emit(cg, ALU64_REG(BPF_OR, R3, R4));
	for (int sh = 12; sh >= 0; sh -= 4) {
		int skip = label(cg), digit = label(cg);
		if (sh > 0)
			jmp(cg, JMP_IMM(BPF_JLT, R3, 1 << sh, 0), skip);
		emit(cg, MOV64_REG(R4, R3));
		emit(cg, ALU64_IMM(BPF_RSH, R4, sh));
		emit(cg, ALU64_IMM(BPF_AND, R4, 15));
		emit(cg, ALU64_IMM(BPF_ADD, R4, '0'));
		jmp(cg, JMP_IMM(BPF_JLE, R4, '9', 0), digit);
		emit(cg, ALU64_IMM(BPF_ADD, R4, 'a' - '9' - 1));
		dt_asm_place(&cg->a, digit);
		put_r(a, R4);
		dt_asm_place(&cg->a, skip);
	}
}

/*
 * Read len bytes of address from the kernel address in stack slot sa
 * into the temporary, faulting with that address; the text starts empty.
 */
static void read_addr(struct addr *a, int sa, int len)
{
	struct dt_cg *cg = a->cg;
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, a->t));
	emit(cg, MOV64_IMM(R2, len));
	emit(cg, LDX_MEM(BPF_DW, R3, R10, sa));
	dt_cg_call_checked(cg, BPF_FUNC_probe_read_kernel, BPF_JEQ, sa);
	dt_cg_st_cell_imm(cg, C_P, 0);
}

static void ntoa4(struct addr *a, int sa)
{
	read_addr(a, sa, 4);
	put_quad(a, 0);
	put_c(a, 0);
}

/* R(reg) = the 32-bit constant v, zero-extended */
static void mov32(struct dt_cg *cg, int reg, uint32_t v)
{
	emit(cg, INSN(BPF_ALU | BPF_MOV | BPF_K, reg, 0, 0, (int32_t)v));
}

/* the 32-bit word of the address bytes b0..b3, in host order */
static uint32_t word(uint8_t b0, uint8_t b1, uint8_t b2, uint8_t b3)
{
	uint8_t b[4] = { b0, b1, b2, b3 };
	uint32_t w;
	memcpy(&w, b, 4);
	return w;
}

/*
 * The zero run DTrace shortens to "::": scanning the bytes, a run starts
 * at a zero byte at an even position and ends at the next non-zero byte
 * (or at the last byte); it replaces the one kept so far (initially a
 * length of 1) only when its end minus its start exceeds that length,
 * the new length being rounded down to whole groups (plus the last group
 * when the address ends in zeros).  Start in C_FZ (-1: none), length in
 * bytes in C_NZ.
 */
static void zero_run(struct addr *a)
{
	struct dt_cg *cg = a->cg;
	dt_cg_st_cell_imm(cg, C_TRY, -1);
	dt_cg_st_cell_imm(cg, C_FZ, -1);
	dt_cg_st_cell_imm(cg, C_NZ, 1);
	for (int i = 0; i < 16; i++) {
		int chk = label(cg), nexti = label(cg);
		ld_addr(a, R3, i);
		if (i % 2 == 0) {
			jmp(cg, JMP_IMM(BPF_JNE, R3, 0, 0), chk);
			dt_cg_ld_cell(cg, R4, C_TRY);
			jmp(cg, JMP_IMM(BPF_JNE, R4, -1, 0), chk);
			dt_cg_st_cell_imm(cg, C_TRY, i);
			jmp(cg, JA(0), nexti);
		}
		dt_asm_place(&cg->a, chk);
		dt_cg_ld_cell(cg, R4, C_TRY);
		jmp(cg, JMP_IMM(BPF_JEQ, R4, -1, 0), nexti);
		if (i != 15)
			jmp(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), nexti);
		dt_cg_st_cell_imm(cg, C_TRY, -1);
		emit(cg, MOV64_IMM(R5, i));
		emit(cg, ALU64_REG(BPF_SUB, R5, R4));
		dt_cg_ld_cell(cg, R1, C_NZ);
		jmp(cg, JMP_REG(BPF_JSLE, R5, R1, 0), nexti);
		dt_cg_st_cell(cg, C_FZ, R4);
		emit(cg, MOV64_IMM(R5, i - i % 2));
		emit(cg, ALU64_REG(BPF_SUB, R5, R4));
		if (i == 15) {
			int nz = label(cg);
			jmp(cg, JMP_IMM(BPF_JNE, R3, 0, 0), nz);
			emit(cg, ALU64_IMM(BPF_ADD, R5, 2));
			dt_asm_place(&cg->a, nz);
		}
		dt_cg_st_cell(cg, C_NZ, R5);
		dt_asm_place(&cg->a, nexti);
	}
}

/*
 * An IPv6 address as DTrace writes it: groups in hex separated by ':',
 * the zero run as "::" (when it ends within the groups written), and an
 * IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d, but not ::
 * or ::1) address with its last four bytes as a dotted quad, alone for
 * inet_ntoa6().
 */
static void ntoa6(struct addr *a, int sa, int quad_only)
{
	struct dt_cg *cg = a->cg;
	int t = a->t;
	int mapped = label(cg), v6 = label(cg);
	int done = label(cg), groups = label(cg);
	read_addr(a, sa, 16);
	zero_run(a);

	dt_cg_st_cell_imm(cg, C_EMB, 0);
	dt_cg_fld(cg, BPF_W, R3, t);
	dt_cg_fld(cg, BPF_W, R4, t + 4);
	emit(cg, ALU64_REG(BPF_OR, R3, R4));
	jmp(cg, JMP_IMM(BPF_JNE, R3, 0, 0), v6);
	dt_cg_fld(cg, BPF_W, R3, t + 8);
	mov32(cg, R4, word(0, 0, 0xff, 0xff));
	jmp(cg, JMP_REG(BPF_JEQ, R3, R4, 0), mapped);
	jmp(cg, JMP_IMM(BPF_JNE, R3, 0, 0), v6);
	dt_cg_fld(cg, BPF_W, R3, t + 12);
	jmp(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), v6);
	mov32(cg, R4, word(0, 0, 0, 1));
	jmp(cg, JMP_REG(BPF_JEQ, R3, R4, 0), v6);
	dt_asm_place(&cg->a, mapped);
	if (quad_only) {
		put_quad(a, 12);
		jmp(cg, JA(0), done);
	} else {
		dt_cg_st_cell_imm(cg, C_EMB, 1);
	}
	dt_asm_place(&cg->a, v6);

	/* "::" covers groups ZLO..ZHI if it ends within the groups written
	 * (up to byte 14, or 10 before an IPv4 address) */
	dt_cg_ld_cell(cg, R1, C_FZ);
	dt_cg_st_cell(cg, C_ZLO, R1);
	dt_cg_ld_cell(cg, R2, C_NZ);
	emit(cg, ALU64_REG(BPF_ADD, R1, R2));
	emit(cg, ALU64_IMM(BPF_ADD, R1, -2));
	dt_cg_st_cell(cg, C_ZHI, R1);
	emit(cg, MOV64_IMM(R2, 14));
	dt_cg_ld_cell(cg, R3, C_EMB);
	emit(cg, JMP_IMM(BPF_JEQ, R3, 0, 1));
	emit(cg, MOV64_IMM(R2, 10));
	jmp(cg, JMP_REG(BPF_JSLE, R1, R2, 0), groups);
	dt_cg_st_cell_imm(cg, C_ZLO, -100);
	dt_cg_st_cell_imm(cg, C_ZHI, -100);
	dt_asm_place(&cg->a, groups);

	int quad = label(cg);
	for (int i = 0; i <= 14; i += 2) {
		int emit_g = label(cg), nextg = label(cg);
		if (i == 12) {
			dt_cg_ld_cell(cg, R3, C_EMB);
			jmp(cg, JMP_IMM(BPF_JNE, R3, 0, 0), quad);
		}
		dt_cg_ld_cell(cg, R1, C_ZLO);
		jmp(cg, JMP_IMM(BPF_JSGT, R1, i, 0), emit_g);
		dt_cg_ld_cell(cg, R2, C_ZHI);
		jmp(cg, JMP_IMM(BPF_JSLT, R2, i, 0), emit_g);
		jmp(cg, JMP_IMM(BPF_JNE, R1, i, 0), nextg);
		put_c(a, ':');
		put_c(a, ':');
		jmp(cg, JA(0), nextg);
		dt_asm_place(&cg->a, emit_g);
		put_hex(a, i);
		if (i < 14) {
			/* no ':' before the "::" */
			dt_cg_ld_cell(cg, R1, C_FZ);
			jmp(cg, JMP_IMM(BPF_JEQ, R1, i + 2, 0), nextg);
			put_c(a, ':');
		}
		dt_asm_place(&cg->a, nextg);
	}
	jmp(cg, JA(0), done);
	dt_asm_place(&cg->a, quad);
	put_quad(a, 12);
	dt_asm_place(&cg->a, done);
	put_c(a, 0);
}

void dt_cg_net(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	if (n->func == DT_F_CLEANPATH) {
		cleanpath(cg, n, off, size);
		return;
	}
	struct addr a = { cg, 0 };
	int sf = -1, sa;
	if (n->func == DT_F_INET_NTOP) {
		dt_cg_expr(cg, n->args[0], R0);
		sf = dt_cg_slot_alloc(cg);
		emit(cg, STX_MEM(BPF_DW, R10, R0, sf));
	}
	dt_cg_expr(cg, n->args[n->func == DT_F_INET_NTOP], R0);
	sa = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, sa));
	a.t = dt_cg_stmp_alloc(cg);
	switch (n->func) {
	case DT_F_INET_NTOA:
		ntoa4(&a, sa);
		break;
	case DT_F_INET_NTOA6:
		ntoa6(&a, sa, 1);
		break;
	default: {
		/* inet_ntop(af, addr): any other family is an illegal operation */
		int four = label(cg), six = label(cg), end = label(cg);
		emit(cg, LDX_MEM(BPF_DW, R1, R10, sf));
		jmp(cg, JMP_IMM(BPF_JEQ, R1, AF_INET_, 0), four);
		jmp(cg, JMP_IMM(BPF_JEQ, R1, AF_INET6_, 0), six);
		dt_cg_fault(cg, DTFLT_ILLOP, -1);
		dt_asm_place(&cg->a, four);
		ntoa4(&a, sa);
		jmp(cg, JA(0), end);
		dt_asm_place(&cg->a, six);
		ntoa6(&a, sa, 0);
		dt_asm_place(&cg->a, end);
		break;
	}
	}
	emit(cg, MOV64_IMM(R4, 0));
	emit(cg, MOV64_IMM(R5, size));
	dt_cg_copy_sub(cg, off, a.t + TEXT, R4, R5, TEXT_MAX + 1, size);
	dt_cg_stmp_free(cg);
	dt_cg_slot_free(cg);
	if (sf >= 0)
		dt_cg_slot_free(cg);
}
