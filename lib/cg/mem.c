/*
 * mem.c - code generation for the integer and memory subroutines.
 *
 * Byte-order conversions (BPF's byte-swap instructions), rand(), and
 * DTrace's scratch memory: alloca() hands out 8-byte aligned pieces of
 * the clause's scratch space in the mstate frame (reset at every clause,
 * as DTrace resets its scratch per enabling), copyin() is alloca() plus a
 * user read, copyinto() and bcopy() write only into scratch space.
 * Scratch pointers are plain kernel addresses, so every later load
 * through them is the usual safe load; a full scratch space faults with
 * "out of scratch space", a bad source with "invalid address".
 */
#include "cg.h"
#include "sema/node.h"

/* R(reg) = the frame's scratch base address as a plain integer */
static void scratch_base(struct dt_cg *cg, int reg)
{
	emit(cg, MOV64_REG(reg, R9));
	emit(cg, ALU64_IMM(BPF_ADD, reg, dt_cg_scratch(cg->dtp) + 8));
	dt_cg_launder(cg, reg);
}

/*
 * Allocate the size in R(sz) bytes: R1 = the offset in scratch space
 * (verifiably in [0, DT_SCRATCH(cg->dtp)]), R(sz) unchanged and <= DT_SCRATCH(cg->dtp);
 * faults when the space is exhausted.  Clobbers R1, R2.
 */
static void alloc(struct dt_cg *cg, int sz)
{
	int scr = dt_cg_scratch(cg->dtp);
	int ok = dt_asm_new_label(&cg->a), bad = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, sz, DT_SCRATCH(cg->dtp), 0), bad);
	dt_cg_fld(cg, BPF_DW, R1, scr);
	emit(cg, ALU64_IMM(BPF_ADD, R1, 7));
	emit(cg, ALU64_IMM(BPF_AND, R1, ~7));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R1, DT_SCRATCH(cg->dtp), 0), bad);
	emit(cg, MOV64_REG(R2, R1));
	emit(cg, ALU64_REG(BPF_ADD, R2, sz));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLE, R2, DT_SCRATCH(cg->dtp), 0), ok);
	dt_asm_place(&cg->a, bad);
	dt_cg_fault(cg, DTFLT_NOSCRATCH, -1);
	dt_asm_place(&cg->a, ok);
	dt_cg_fst(cg, BPF_DW, scr, R2);
}

/*
 * R1 = the scratch offset of the destination address in R(dst) for
 * R(sz) bytes, faulting with that address unless the whole range lies in
 * the scratch space handed out so far in this clause (DTrace's
 * dtrace_inscratch(): up to the allocation's end, not the space's).
 * Clobbers R0-R2.
 */
static void in_scratch(struct dt_cg *cg, int dst, int sz)
{
	int ok = dt_asm_new_label(&cg->a), bad = dt_asm_new_label(&cg->a);
	scratch_base(cg, R2);
	emit(cg, MOV64_REG(R1, dst));
	emit(cg, ALU64_REG(BPF_SUB, R1, R2));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R1, DT_SCRATCH(cg->dtp), 0), bad);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, sz, DT_SCRATCH(cg->dtp), 0), bad);
	emit(cg, MOV64_REG(R2, R1));
	emit(cg, ALU64_REG(BPF_ADD, R2, sz));
	dt_cg_fld(cg, BPF_DW, R0, dt_cg_scratch(cg->dtp));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JLE, R2, R0, 0), ok);
	dt_asm_place(&cg->a, bad);
	dt_cg_fault(cg, DTFLT_BADADDR, dst);
	dt_asm_place(&cg->a, ok);
}

void dt_cg_scratch_check(struct dt_cg *cg, int32_t size)
{
	dtrace_hdl_t *dtp = cg->dtp;
	if (!dtp->uses_scratch)
		return;
	int ok = dt_asm_new_label(&cg->a), bad = dt_asm_new_label(&cg->a);
	int scr = dt_cg_scratch(dtp);
	/* R2 = the offset from the current frame, R1 = from the map value */
	emit(cg, MOV64_REG(R1, R9));
	dt_cg_launder(cg, R1);
	emit(cg, MOV64_REG(R2, R3));
	emit(cg, ALU64_REG(BPF_SUB, R2, R1));
	emit(cg, MOV64_REG(R1, R2));
	emit(cg, ALU64_IMM(BPF_ADD, R1, dt_cg_frame_off(cg)));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R1, (int32_t)dt_cg_scratch_size(dtp), 0), ok);
	if (dtp->this_size >= (uint32_t)size) {		/* &this->a[i] */
		emit(cg, MOV64_REG(R1, R2));
		emit(cg, ALU64_IMM(BPF_SUB, R1, dt_cg_this(dtp, 0)));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JLE, R1, (int32_t)dtp->this_size - size, 0), ok);
	}
	emit(cg, ALU64_IMM(BPF_SUB, R2, scr + 8));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R2, DT_SCRATCH(dtp), 0), bad);
	emit(cg, ALU64_IMM(BPF_ADD, R2, size));
	dt_cg_fld(cg, BPF_DW, R1, scr);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JLE, R2, R1, 0), ok);
	dt_asm_place(&cg->a, bad);
	dt_cg_fault(cg, DTFLT_BADADDR, R3);
	dt_asm_place(&cg->a, ok);
}

void dt_cg_checked_addr(struct dt_cg *cg, int32_t size)
{
	if (!cg->dtp->uses_scratch)
		return;
	emit(cg, MOV64_REG(R3, R0));
	dt_cg_scratch_check(cg, size);
	emit(cg, MOV64_REG(R0, R3));
}

/* Read R(sz) bytes from the address in R(src) to scratch offset R1 with
 * the given helper, faulting with the source address on failure. */
static void read_into(struct dt_cg *cg, int helper, int src, int sz)
{
	int scr = dt_cg_scratch(cg->dtp);
	int as = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, src, as));
	emit(cg, MOV64_REG(R3, src));
	emit(cg, MOV64_REG(R2, sz));
	emit(cg, ALU64_REG(BPF_ADD, R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, scr + 8));
	dt_cg_call_checked(cg, helper, BPF_JEQ, as);
	dt_cg_slot_free(cg);
}

/* Evaluate the arguments into stack slots: slot[i] */
static void args_to_slots(struct dt_cg *cg, struct dt_node *n, int *slot)
{
	for (int i = 0; i < n->nargs; i++) {
		dt_cg_expr(cg, n->args[i], R0);
		slot[i] = dt_cg_slot_alloc(cg);
		emit(cg, STX_MEM(BPF_DW, R10, R0, slot[i]));
	}
}

void dt_cg_subr(struct dt_cg *cg, struct dt_node *n)
{
	int slot[3];
	switch (n->func) {
	case DT_F_HTONS: case DT_F_NTOHS:
	case DT_F_HTONL: case DT_F_NTOHL:
	case DT_F_HTONLL: case DT_F_NTOHLL: {
		int bits = n->type->size * 8;
		dt_cg_expr(cg, n->args[0], R0);
		emit(cg, INSN(BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0, bits));
		return;
	}
	case DT_F_RAND:
		emit(cg, CALL_HELPER(BPF_FUNC_get_prandom_u32));
		emit(cg, ALU64_IMM(BPF_LSH, R0, 32));
		emit(cg, ALU64_IMM(BPF_ARSH, R0, 32));
		return;
	case DT_F_ALLOCA:
		dt_cg_expr(cg, n->args[0], R0);
		emit(cg, MOV64_REG(R3, R0));
		alloc(cg, R3);
		scratch_base(cg, R0);
		emit(cg, ALU64_REG(BPF_ADD, R0, R1));
		return;
	case DT_F_COPYIN:
		args_to_slots(cg, n, slot);
		emit(cg, LDX_MEM(BPF_DW, R4, R10, slot[1]));
		alloc(cg, R4);
		emit(cg, STX_MEM(BPF_DW, R10, R1, slot[1]));	/* offset; size in R4 */
		emit(cg, LDX_MEM(BPF_DW, R5, R10, slot[0]));
		read_into(cg, BPF_FUNC_probe_read_user, R5, R4);
		emit(cg, LDX_MEM(BPF_DW, R1, R10, slot[1]));
		scratch_base(cg, R0);
		emit(cg, ALU64_REG(BPF_ADD, R0, R1));
		dt_cg_slot_free(cg);
		dt_cg_slot_free(cg);
		return;
	case DT_F_COPYINTO:		/* copyinto(uaddr, size, dst) */
	case DT_F_BCOPY: {		/* bcopy(src, dst, size) */
		int cp = n->func == DT_F_COPYINTO;
		args_to_slots(cg, n, slot);
		int ss = slot[0], sz = cp ? slot[1] : slot[2], sd = cp ? slot[2] : slot[1];
		emit(cg, LDX_MEM(BPF_DW, R4, R10, sz));
		emit(cg, LDX_MEM(BPF_DW, R3, R10, sd));
		in_scratch(cg, R3, R4);
		emit(cg, LDX_MEM(BPF_DW, R4, R10, sz));
		emit(cg, LDX_MEM(BPF_DW, R5, R10, ss));
		/* R1 (the offset) and R4 are bounded by in_scratch's checks */
		emit(cg, JMP_IMM(BPF_JLE, R4, DT_SCRATCH(cg->dtp), 1));
		emit(cg, MOV64_IMM(R4, 0));
		read_into(cg, cp ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel, R5, R4);
		for (int i = 0; i < 3; i++)
			dt_cg_slot_free(cg);
		emit(cg, MOV64_IMM(R0, 0));
		return;
	}
	case DT_F_PROGENYOF:
		dt_cg_progenyof(cg, n);
		return;
	}
	dt_cg_fail(cg, D_OP_INCOMPAT,
	    "line %d: a string subroutine cannot be used as a number", n->line);
}

void dt_cg_deref_store(struct dt_cg *cg, struct dt_node *lv)
{
	int size = (int)(lv->type->kind == DT_TK_PTR ? 8 : lv->type->size);
	int sz = size == 8 ? BPF_DW : size == 4 ? BPF_W : size == 2 ? BPF_H : BPF_B;
	int vs = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, vs));
	dt_cg_expr(cg, lv->l, R0);
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, MOV64_IMM(R4, size));
	in_scratch(cg, R3, R4);
	emit(cg, ALU64_REG(BPF_ADD, R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, dt_cg_scratch(cg->dtp) + 8));
	emit(cg, LDX_MEM(BPF_DW, R0, R10, vs));
	emit(cg, STX_MEM(sz, R1, R0, 0));
	dt_cg_slot_free(cg);
}

/* the scratch-space primitives, for the actions that stage bytes there
 * (cg/destr.c: copyout) */
void dt_cg_scratch_base(struct dt_cg *cg, int reg)
{
	scratch_base(cg, reg);
}

void dt_cg_scratch_alloc(struct dt_cg *cg, int sz)
{
	alloc(cg, sz);
}

void dt_cg_scratch_read(struct dt_cg *cg, int helper, int src, int sz)
{
	read_into(cg, helper, src, sz);
}
