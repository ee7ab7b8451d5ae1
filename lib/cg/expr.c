/*
 * expr.c - code generation for D expressions.
 *
 * Every expression is evaluated into R0.  A binary operation whose right
 * side is not an immediate evaluates the right side first, parks it in a
 * stack slot, evaluates the left side and reloads the right into R1, so
 * helper calls inside either side never clobber a live value.  Values in
 * registers are always normalized to their D type (sign- or
 * zero-extended from the type's width), which gives C's wrap-around.
 * Faults (division by zero, bad kernel reads) record what happened in the
 * mstate frame and jump to the clause's error stub.
 */
#include <string.h>
#include "cg.h"
#include "sema/node.h"
#include "kernel/btf.h"
#include "base/spec.h"

int dt_cg_slot_alloc(struct dt_cg *cg)
{
	if (cg->nslots >= DT_STACK_SLOTS) {
		dt_cg_fail(cg, D_NOREG, "expression too complex");
		return -16;
	}
	int off = -16 - 8 * cg->nslots++;
	if (cg->nslots > cg->maxslots)
		cg->maxslots = cg->nslots;
	return off;
}

void dt_cg_slot_free(struct dt_cg *cg)
{
	cg->nslots--;
}

/* Truncate and extend reg to what type t holds. */
static void normalize(struct dt_cg *cg, int reg, const struct dt_type *t)
{
	uint32_t size = t->kind == DT_TK_PTR ? 8 : t->size;
	if (size >= 8 || size == 0)
		return;
	int sh = 64 - (int)size * 8;
	emit(cg, ALU64_IMM(BPF_LSH, reg, sh));
	emit(cg, ALU64_IMM(t->is_signed ? BPF_ARSH : BPF_RSH, reg, sh));
}

static void load_const(struct dt_cg *cg, int reg, int64_t v)
{
	if (v >= INT32_MIN && v <= INT32_MAX)
		emit(cg, MOV64_IMM(reg, (int32_t)v));
	else
		dt_asm_ld_imm64(&cg->a, reg, 0, (uint64_t)v);
}

/*
 * Record a fault of the given kind (address in addr_reg, or -1) at the
 * current pc and jump to the error stub.
 */
void dt_cg_fault(struct dt_cg *cg, int code, int addr_reg)
{
	int pc = cg->a.n;
	emit(cg, ST_MEM(BPF_DW, R9, DT_MS_FAULT, code));
	emit(cg, ST_MEM(BPF_DW, R9, DT_MS_FPC, pc));
	emit(cg, ST_MEM(BPF_DW, R9, DT_MS_FACT, cg->action));
	if (addr_reg >= 0)
		emit(cg, STX_MEM(BPF_DW, R9, addr_reg, DT_MS_FADDR));
	else
		emit(cg, ST_MEM(BPF_DW, R9, DT_MS_FADDR, 0));
	dt_asm_jump(&cg->a, JA(0), cg->lbl_err);
	cg->faults = 1;
}

void dt_cg_call_checked(struct dt_cg *cg, int helper, int ok_jop, int addr_slot)
{
	int ok = dt_asm_new_label(&cg->a);
	emit(cg, CALL_HELPER(helper));
	dt_asm_jump(&cg->a, JMP_IMM(ok_jop, R0, 0, 0), ok);
	emit(cg, LDX_MEM(BPF_DW, R1, R10, addr_slot));
	dt_cg_fault(cg, DTFLT_BADADDR, R1);
	dt_asm_place(&cg->a, ok);
}

/* R0 = *(size *)(R0 + off) from kernel memory, faulting on failure. */
static void kread(struct dt_cg *cg, int off, int size)
{
	int slot = dt_cg_slot_alloc(cg);
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, ALU64_IMM(BPF_ADD, R3, off));
	emit(cg, STX_MEM(BPF_DW, R10, R3, slot));	/* for the fault report */
	dt_cg_scratch_check(cg, size);
	int tmp = dt_cg_slot_alloc(cg);
	emit(cg, ST_MEM(BPF_DW, R10, tmp, 0));
	emit(cg, MOV64_REG(R1, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R1, tmp));
	emit(cg, MOV64_IMM(R2, size));
	dt_cg_call_checked(cg, BPF_FUNC_probe_read_kernel, BPF_JEQ, slot);
	int sz = size == 8 ? BPF_DW : size == 4 ? BPF_W : size == 2 ? BPF_H : BPF_B;
	emit(cg, LDX_MEM(sz, R0, R10, tmp));
	dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
}

void dt_cg_kread(struct dt_cg *cg, int off, int size)
{
	kread(cg, off, size);
}

static void builtin(struct dt_cg *cg, struct dt_node *n)
{
	dtrace_hdl_t *dtp = cg->dtp;
	switch (n->builtin) {
	case DT_BI_CPU:
		emit(cg, CALL_HELPER(BPF_FUNC_get_smp_processor_id));
		break;
	case DT_BI_EPID:
		if (dt_cg_shared(cg))
			dt_cg_epid(cg, R0);
		else
			load_const(cg, R0, cg->epid);
		break;
	case DT_BI_ID:
		/* the low half: a shared program keeps its cookie there whole */
		if (dt_cg_shared(cg))
			cg->uses_cookie = 1;
		emit(cg, LDX_MEM(BPF_W, R0, R9, DT_MS_PRID));
		break;
	case DT_BI_PID:
		emit(cg, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
		emit(cg, ALU64_IMM(BPF_RSH, R0, 32));
		break;
	case DT_BI_TID:
		emit(cg, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
		emit(cg, MOV32_REG(R0, R0));
		break;
	case DT_BI_UID:
		emit(cg, CALL_HELPER(BPF_FUNC_get_current_uid_gid));
		emit(cg, MOV32_REG(R0, R0));
		break;
	case DT_BI_GID:
		emit(cg, CALL_HELPER(BPF_FUNC_get_current_uid_gid));
		emit(cg, ALU64_IMM(BPF_RSH, R0, 32));
		break;
	case DT_BI_TIMESTAMP:
		/* one value per probe firing, read in the trampoline */
		emit(cg, LDX_MEM(BPF_DW, R0, R9, DT_MS_TS));
		break;
	case DT_BI_WALLTIMESTAMP:
		emit(cg, LDX_MEM(BPF_DW, R0, R9, DT_MS_TS));
		dt_asm_ld_map_value(&cg->a, R1, dtp->fd_globals, 0);
		emit(cg, LDX_MEM(BPF_DW, R1, R1, DT_G_WALLOFF));
		emit(cg, ALU64_REG(BPF_ADD, R0, R1));
		break;
	case DT_BI_VTIMESTAMP: {
		int off = dt_btf_task_offset(dtp, DT_BTF_SUM_EXEC);
		emit(cg, CALL_HELPER(BPF_FUNC_get_current_task));
		if (off < 0) {
			dt_cg_fail(cg, D_IDENT_UNDEF,
			    "vtimestamp is not available: no kernel BTF for task_struct");
			return;
		}
		kread(cg, off, 8);
		break;
	}
	case DT_BI_PPID: {
		int poff = dt_btf_task_offset(dtp, DT_BTF_REAL_PARENT);
		int toff = dt_btf_task_offset(dtp, DT_BTF_TGID);
		if (poff < 0 || toff < 0) {
			dt_cg_fail(cg, D_IDENT_UNDEF,
			    "ppid is not available: no kernel BTF for task_struct");
			return;
		}
		emit(cg, CALL_HELPER(BPF_FUNC_get_current_task));
		kread(cg, poff, 8);
		kread(cg, toff, 4);
		normalize(cg, R0, n->type);
		break;
	}
	case DT_BI_ERRNO:
		emit(cg, LDX_MEM(BPF_DW, R0, R9, DT_MS_ERRNO));
		normalize(cg, R0, n->type);
		break;
	case DT_BI_CURTHREAD:
		emit(cg, CALL_HELPER(BPF_FUNC_get_current_task));
		break;
	case DT_BI_KPERCPU:
		dt_cg_kpercpu(cg, (uint64_t)n->ival);
		break;
	case DT_BI_STACKDEPTH: case DT_BI_USTACKDEPTH: case DT_BI_CALLER:
	case DT_BI_UCALLER: case DT_BI_UREGS: case DT_BI_CURCPU:
	case DT_BI_CHIP: case DT_BI_LGRP:
		dt_cg_bvar(cg, n);
		break;
	default:
		dt_cg_fail(cg, D_UNKNOWN, "%s used as a value",
		    "string built-in");
		break;
	}
}

static void var_addr(struct dt_cg *cg, int reg, struct dt_gvar *g)
{
	dt_asm_ld_map_value(&cg->a, reg, cg->dtp->fd_globals, DT_G_VARS + g->offset);
}

static int alu_op(int op)
{
	switch (op) {
	case DT_OP_ADD: return BPF_ADD;
	case DT_OP_SUB: return BPF_SUB;
	case DT_OP_MUL: return BPF_MUL;
	case DT_OP_DIV: return BPF_DIV;
	case DT_OP_MOD: return BPF_MOD;
	case DT_OP_AND: return BPF_AND;
	case DT_OP_OR: return BPF_OR;
	case DT_OP_XOR: return BPF_XOR;
	case DT_OP_SHL: return BPF_LSH;
	case DT_OP_SHR: return BPF_RSH;
	}
	return BPF_ADD;
}

static int jmp_op(int op, int sgn)
{
	switch (op) {
	case DT_OP_LT: return sgn ? BPF_JSLT : BPF_JLT;
	case DT_OP_LE: return sgn ? BPF_JSLE : BPF_JLE;
	case DT_OP_GT: return sgn ? BPF_JSGT : BPF_JGT;
	case DT_OP_GE: return sgn ? BPF_JSGE : BPF_JGE;
	case DT_OP_EQ: return BPF_JEQ;
	default: return BPF_JNE;
	}
}

static int fits_imm(struct dt_node *n)
{
	return n->kind == DN_CONST && n->ival >= INT32_MIN && n->ival <= INT32_MAX;
}

static int jmp_op(int op, int sgn);

/*
 * String comparison: both strings into the frame's temporaries, then a
 * bounded byte loop (an iterator loop for long strings); R0 = first
 * difference (or 0), then the relation.
 */
#define DT_STRCMP_UNROLLED 257	/* the default strsize + 1 */
static void strcompare(struct dt_cg *cg, struct dt_node *n)
{
	int size = (int)cg->dtp->opt[DTOPT_STRSIZE] + 1;
	int le = n->l->kind == DN_STR && !n->l->str[0];
	if (le || (n->r->kind == DN_STR && !n->r->str[0])) {
		/* with "" (NULL, to sema) only the first byte counts: no loop */
		int t = dt_cg_stmp_alloc(cg);
		dt_cg_store_str(cg, le ? n->r : n->l, t, size);
		dt_cg_fld(cg, BPF_B, R0, t);
		if (le)
			emit(cg, NEG64(R0));
		dt_cg_stmp_free(cg);
		goto relation;
	}
	int ta = dt_cg_stmp_alloc(cg);
	dt_cg_store_str(cg, n->l, ta, size);
	int tb = dt_cg_stmp_alloc(cg);
	dt_cg_store_str(cg, n->r, tb, size);
	if (size > DT_STRCMP_UNROLLED) {
		/* the verifier walks a plain loop once per byte (its jump
		 * history is 8192 long): beyond the default strsize an
		 * iterator loop, verified once */
		struct dt_loop lp;
		int stop = dt_asm_new_label(&cg->a);
		dt_cg_st_cell_imm(cg, 0, 0);
		dt_cg_loop_begin(cg, &lp, size);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, size, 0), lp.done);
		dt_cg_ld_byte(cg, R4, ta, R0);
		dt_cg_ld_byte(cg, R5, tb, R0);
		dt_asm_jump(&cg->a, JMP_REG(BPF_JEQ, R4, R5, 0), stop);
		emit(cg, ALU64_REG(BPF_SUB, R4, R5));
		dt_cg_st_cell(cg, 0, R4);
		dt_asm_jump(&cg->a, JA(0), lp.done);
		dt_asm_place(&cg->a, stop);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R4, 0, 0), lp.done);
		dt_cg_loop_end(cg, &lp);
		dt_cg_ld_cell(cg, R0, 0);
		dt_cg_stmp_free(cg);
		dt_cg_stmp_free(cg);
		goto relation;
	}
	int loop = dt_asm_new_label(&cg->a), diff = dt_asm_new_label(&cg->a);
	int eq = dt_asm_new_label(&cg->a), done = dt_asm_new_label(&cg->a);
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, ta));
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, tb));
	emit(cg, MOV64_IMM(R3, 0));
	dt_asm_place(&cg->a, loop);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R3, size, 0), eq);
	emit(cg, LDX_MEM(BPF_B, R4, R1, 0));
	emit(cg, LDX_MEM(BPF_B, R5, R2, 0));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JNE, R4, R5, 0), diff);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R4, 0, 0), eq);
	emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
	emit(cg, ALU64_IMM(BPF_ADD, R2, 1));
	emit(cg, ALU64_IMM(BPF_ADD, R3, 1));
	dt_asm_jump(&cg->a, JA(0), loop);
	dt_asm_place(&cg->a, diff);
	emit(cg, MOV64_REG(R0, R4));
	emit(cg, ALU64_REG(BPF_SUB, R0, R5));
	dt_asm_jump(&cg->a, JA(0), done);
	dt_asm_place(&cg->a, eq);
	emit(cg, MOV64_IMM(R0, 0));
	dt_asm_place(&cg->a, done);
	dt_cg_stmp_free(cg);
	dt_cg_stmp_free(cg);
relation:;
	int yes = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(jmp_op(n->op, 1), R0, 0, 0), yes);
	emit(cg, MOV64_IMM(R0, 0));
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, yes);
	emit(cg, MOV64_IMM(R0, 1));
	dt_asm_place(&cg->a, end);
}

static void binary(struct dt_cg *cg, struct dt_node *n)
{
	int op = n->op;
	int cmp = op >= DT_OP_LT && op <= DT_OP_NE;
	const struct dt_type *ot = cmp ? (const struct dt_type *)n->x : n->l->type;
	if (cmp && ot->kind == DT_TK_STRING) {
		strcompare(cg, n);
		return;
	}
	int sgn = ot->is_signed && ot->kind != DT_TK_PTR;
	int imm = fits_imm(n->r) && !(op == DT_OP_DIV || op == DT_OP_MOD);

	if (imm) {
		dt_cg_expr(cg, n->l, R0);
	} else {
		dt_cg_expr(cg, n->r, R0);
		int slot = dt_cg_slot_alloc(cg);
		emit(cg, STX_MEM(BPF_DW, R10, R0, slot));
		dt_cg_expr(cg, n->l, R0);
		emit(cg, LDX_MEM(BPF_DW, R1, R10, slot));
		dt_cg_slot_free(cg);
	}
	int32_t k = imm ? (int32_t)n->r->ival : 0;
	if (op == DT_OP_SHL || op == DT_OP_SHR)
		k &= 63;	/* as a count in a register is (and the folder) */

	if (cmp) {
		int jop = jmp_op(op, sgn);
		int lt = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
		if (imm)
			dt_asm_jump(&cg->a, JMP_IMM(jop, R0, k, 0), lt);
		else
			dt_asm_jump(&cg->a, JMP_REG(jop, R0, R1, 0), lt);
		emit(cg, MOV64_IMM(R0, 0));
		dt_asm_jump(&cg->a, JA(0), end);
		dt_asm_place(&cg->a, lt);
		emit(cg, MOV64_IMM(R0, 1));
		dt_asm_place(&cg->a, end);
		return;
	}
	if (op == DT_OP_DIV || op == DT_OP_MOD) {
		int ok = dt_asm_new_label(&cg->a);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R1, 0, 0), ok);
		dt_cg_fault(cg, DTFLT_DIVZERO, -1);
		dt_asm_place(&cg->a, ok);
		/* cpu v4 signed division: off = 1 */
		struct bpf_insn i = ALU64_REG(alu_op(op), R0, R1);
		if (sgn)
			i.off = 1;
		emit(cg, i);
	} else {
		int aop = alu_op(op);
		if (op == DT_OP_SHR && sgn)
			aop = BPF_ARSH;
		if (imm)
			emit(cg, ALU64_IMM(aop, R0, k));
		else
			emit(cg, ALU64_REG(aop, R0, R1));
	}
	normalize(cg, R0, n->type);
}

/* Evaluate n into R0 (reg is accepted for symmetry; only R0 is used). */
/* a clause reading argument i of a probe whose provider may not have
 * it (prov.h's cg_argcheck): fault there when it has not */
static void argcheck(struct dt_cg *cg, int i)
{
	const struct dt_provider_ops *ops = cg->probe ? cg->probe->ops : NULL;
	if (!ops || !ops->cg_argcheck || cg->in_error)
		return;
	int bad = dt_asm_new_label(&cg->a), ok = dt_asm_new_label(&cg->a);
	if (ops->cg_argcheck(cg->dtp, &cg->a, cg->probe, i, bad) <= 0) {
		dt_asm_place(&cg->a, bad);
		dt_asm_place(&cg->a, ok);
		return;
	}
	dt_asm_jump(&cg->a, JA(0), ok);
	dt_asm_place(&cg->a, bad);
	dt_cg_fault(cg, DTFLT_BADADDR, R3);
	dt_asm_place(&cg->a, ok);
}

void dt_cg_expr(struct dt_cg *cg, struct dt_node *n, int reg)
{
	(void)reg;
	if (cg->failed)
		return;
	switch (n->kind) {
	case DN_CONST:
		load_const(cg, R0, n->ival);
		break;
	case DN_VAR:
		var_addr(cg, R1, n->var);
		emit(cg, LDX_MEM(BPF_DW, R0, R1, 0));
		break;
	case DN_ARG:
		if (n->type->kind == DT_TK_STRING) {
			dt_cg_fail(cg, D_ARGS_TYPE,
			    "line %d: string args[%d] can only be traced or printed yet",
			    n->line, (int)n->ival);
			break;
		}
		argcheck(cg, (int)n->ival);
		emit(cg, LDX_MEM(BPF_DW, R0, R9, DT_MS_ARGS + 8 * (int)n->ival));
		if (n->builtin)
			normalize(cg, R0, n->type);
		break;
	case DN_BUILTIN:
		builtin(cg, n);
		break;
	case DN_UNARY:
		dt_cg_expr(cg, n->l, R0);
		if (n->op == DT_OP_NEG) {
			emit(cg, NEG64(R0));
			normalize(cg, R0, n->type);
		} else if (n->op == DT_OP_DEREF) {
			/* a safe load: a bad address faults the clause */
			kread(cg, 0, (int)(n->type->kind == DT_TK_PTR ? 8 : n->type->size));
			normalize(cg, R0, n->type);
		} else if (n->op == DT_OP_BNOT) {
			emit(cg, ALU64_IMM(BPF_XOR, R0, -1));
			normalize(cg, R0, n->type);
		} else {
			emit(cg, JMP_IMM(BPF_JEQ, R0, 0, 2));
			emit(cg, MOV64_IMM(R0, 0));
			emit(cg, JA(1));
			emit(cg, MOV64_IMM(R0, 1));
		}
		break;
	case DN_BINARY:
		binary(cg, n);
		break;
	case DN_LAND:
	case DN_LOR: {
		int done = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
		int is_and = n->kind == DN_LAND;
		dt_cg_expr(cg, n->l, R0);
		dt_asm_jump(&cg->a, JMP_IMM(is_and ? BPF_JEQ : BPF_JNE, R0, 0, 0), done);
		dt_cg_expr(cg, n->r, R0);
		dt_asm_jump(&cg->a, JMP_IMM(is_and ? BPF_JEQ : BPF_JNE, R0, 0, 0), done);
		emit(cg, MOV64_IMM(R0, is_and));
		dt_asm_jump(&cg->a, JA(0), end);
		dt_asm_place(&cg->a, done);
		emit(cg, MOV64_IMM(R0, !is_and));
		dt_asm_place(&cg->a, end);
		break;
	}
	case DN_LXOR: {
		dt_cg_expr(cg, n->r, R0);
		int slot = dt_cg_slot_alloc(cg);
		emit(cg, STX_MEM(BPF_DW, R10, R0, slot));
		dt_cg_expr(cg, n->l, R0);
		emit(cg, LDX_MEM(BPF_DW, R1, R10, slot));
		dt_cg_slot_free(cg);
		/* (l != 0) ^ (r != 0) */
		emit(cg, JMP_IMM(BPF_JEQ, R0, 0, 1));
		emit(cg, MOV64_IMM(R0, 1));
		emit(cg, JMP_IMM(BPF_JEQ, R1, 0, 1));
		emit(cg, MOV64_IMM(R1, 1));
		emit(cg, ALU64_REG(BPF_XOR, R0, R1));
		break;
	}
	case DN_TERNARY: {
		int lelse = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
		dt_cg_expr(cg, n->x, R0);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), lelse);
		dt_cg_expr(cg, n->l, R0);
		dt_asm_jump(&cg->a, JA(0), end);
		dt_asm_place(&cg->a, lelse);
		dt_cg_expr(cg, n->r, R0);
		dt_asm_place(&cg->a, end);
		break;
	}
	case DN_DVAR:
		dt_cg_dvar_load(cg, n);
		break;
	case DN_CALL:
		if (n->func == DT_F_STRLEN || n->func == DT_F_INDEX || n->func == DT_F_RINDEX ||
		    n->func == DT_F_STRCHAR)
			dt_cg_str_int(cg, n);
		else if (n->func == DT_F_SPECULATION)
			dt_cg_speculation(cg);
		else
			dt_cg_subr(cg, n);
		break;
	case DN_OBJ:
		dt_cg_obj_load(cg, n);
		break;
	case DN_OBJADDR:
		dt_cg_obj_addr(cg, n->l);
		dt_cg_launder(cg, R0);
		break;
	case DN_ASSIGN:
		if (n->l && n->l->kind == DN_OBJ) {
			dt_cg_obj_assign(cg, n);
			break;
		}
		if (n->type->kind == DT_TK_STRING) {
			dt_cg_str_assign(cg, n);
			break;
		}
		dt_cg_expr(cg, n->r, R0);
		if (n->l && n->l->kind == DN_DVAR) {
			dt_cg_dvar_store(cg, n->l);
			break;
		}
		if (n->l && n->l->kind == DN_UNARY) {
			dt_cg_deref_store(cg, n->l);
			break;
		}
		var_addr(cg, R1, n->var);
		emit(cg, STX_MEM(BPF_DW, R1, R0, 0));
		break;
	case DN_INCDEC: {
		if (n->l && n->l->kind == DN_OBJ) {
			dt_cg_obj_incdec(cg, n);
			break;
		}
		int64_t step = 1;
		if (n->type->kind == DT_TK_PTR && n->type->ref->size)
			step = n->type->ref->size;
		if (n->l && (n->l->kind == DN_DVAR || n->l->kind == DN_UNARY)) {
			if (n->l->kind == DN_DVAR)
				dt_cg_dvar_load(cg, n->l);
			else
				dt_cg_expr(cg, n->l, R0);
			int slot = dt_cg_slot_alloc(cg);
			emit(cg, STX_MEM(BPF_DW, R10, R0, slot));
			emit(cg, ALU64_IMM(n->op == '+' ? BPF_ADD : BPF_SUB, R0, (int32_t)step));
			normalize(cg, R0, n->type);
			if (n->l->kind == DN_DVAR)
				dt_cg_dvar_store(cg, n->l);
			else
				dt_cg_deref_store(cg, n->l);
			if (n->ival)
				emit(cg, LDX_MEM(BPF_DW, R0, R10, slot));
			dt_cg_slot_free(cg);
			break;
		}
		var_addr(cg, R1, n->var);
		emit(cg, LDX_MEM(BPF_DW, R0, R1, 0));
		emit(cg, MOV64_REG(R2, R0));
		emit(cg, ALU64_IMM(n->op == '+' ? BPF_ADD : BPF_SUB, R2, (int32_t)step));
		normalize(cg, R2, n->type);
		emit(cg, STX_MEM(BPF_DW, R1, R2, 0));
		if (!n->ival)
			emit(cg, MOV64_REG(R0, R2));
		break;
	}
	case DN_CAST:
		dt_cg_expr(cg, n->l, R0);
		if (n->type->kind != DT_TK_VOID)
			normalize(cg, R0, n->type);
		break;
	case DN_COMMA:
		dt_cg_expr(cg, n->l, R0);
		dt_cg_expr(cg, n->r, R0);
		break;
	default:
		dt_cg_fail(cg, D_UNKNOWN,
		    "line %d: expression cannot be used as a value here", n->line);
		break;
	}
}
