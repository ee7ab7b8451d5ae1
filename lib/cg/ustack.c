/*
 * ustack.c - code generation for ustack(), as an action (its record
 * fields, sema/ustack.c) and as an aggregation key (its part of the key,
 * from dt_cg_tuple): the current process id, then bpf_get_stack() with
 * BPF_F_USER_STACK writes the user PCs after it (the kernel walks the
 * frame pointers from the task's saved user registers).  The kernel
 * zero-fills what it does not write, and on failure (no user context: a
 * kernel thread) the whole buffer, so such a stack is empty, not an
 * error.  The consumer symbolizes (consume/usym.c).
 *
 * With -x ustackmode=dwarf an action's record has a second field for the
 * consumer's unwinder (consume/uunwind.c): the task's saved user
 * pt_regs (DT_USTACK_REGS bytes), the number of stack bytes copied, and
 * a window of the user stack from the saved sp.  A read that would cross
 * the end of the stack mapping fails as a whole (and costs a fault), so
 * the window is first bounded by mm->start_stack, then, if the read still
 * fails, tried at each halved size down to 512 bytes; none (no user
 * context) leaves 0.
 */
#include "cg.h"
#include "sema/node.h"
#include "sema/program.h"
#include "kernel/btf.h"

void dt_cg_ustack_at(struct dt_cg *cg, int off, int bytes)
{
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
	emit(cg, ALU64_IMM(BPF_RSH, R0, 32));
	emit(cg, STX_MEM(BPF_DW, R9, R0, (int16_t)off));
	emit(cg, MOV64_REG(R1, R6));
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, off + 8));
	emit(cg, MOV64_IMM(R3, bytes));
	emit(cg, MOV64_IMM(R4, BPF_F_USER_STACK));
	emit(cg, CALL_HELPER(BPF_FUNC_get_stack));
}

/* the kernel word at R3 read into R9 + dst; a failed read jumps to fail */
static void read_word(struct dt_cg *cg, int dst, int fail)
{
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, dst));
	emit(cg, MOV64_IMM(R2, 8));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), fail);
}

/*
 * Into the record's length slot: how much of the stack a window from sp
 * can hold, bounded by the process's mm->start_stack (the main thread's
 * stack is mapped from sp up to there and beyond: a shallow stack then
 * costs no failing read).  Another thread's stack, or no BTF offsets,
 * leaves the whole window.
 */
static void bound_at(struct dt_cg *cg, int off, int window)
{
	int lenoff = off + DT_USTACK_REGS;
	int mm = dt_btf_offsetof(cg->dtp, "task_struct", "mm");
	int ss = dt_btf_offsetof(cg->dtp, "mm_struct", "start_stack");
	int whole = dt_asm_new_label(&cg->a), ok = dt_asm_new_label(&cg->a);
	if (mm < 0 || ss < 0) {
		emit(cg, ST_MEM(BPF_DW, R9, (int16_t)lenoff, window));
		return;
	}
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_task));
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, ALU64_IMM(BPF_ADD, R3, mm));
	read_word(cg, lenoff, whole);				/* task->mm */
	emit(cg, LDX_MEM(BPF_DW, R3, R9, (int16_t)lenoff));
	emit(cg, ALU64_IMM(BPF_ADD, R3, ss));
	read_word(cg, lenoff, whole);				/* mm->start_stack */
	emit(cg, LDX_MEM(BPF_DW, R2, R9, (int16_t)lenoff));
	emit(cg, LDX_MEM(BPF_DW, R3, R9, (int16_t)(off + 8 * DT_USTACK_SP)));
	emit(cg, ALU64_REG(BPF_SUB, R2, R3));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R2, window, 0), whole);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R2, 64, 0), whole);
	emit(cg, STX_MEM(BPF_DW, R9, R2, (int16_t)lenoff));
	dt_asm_jump(&cg->a, JA(0), ok);
	dt_asm_place(&cg->a, whole);
	emit(cg, ST_MEM(BPF_DW, R9, (int16_t)lenoff, window));
	dt_asm_place(&cg->a, ok);
}

/* the registers and the stack window at off (window bytes); pc0: where
 * the frame-pointer walk's first PC is (none: no user stack, no window) */
static void window_at(struct dt_cg *cg, int off, int window, int pc0)
{
	int none = dt_asm_new_label(&cg->a), done = dt_asm_new_label(&cg->a);
	int fail = dt_asm_new_label(&cg->a);
	int lenoff = off + DT_USTACK_REGS;
	emit(cg, LDX_MEM(BPF_DW, R0, R9, (int16_t)pc0));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), none);
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_task_btf));
	emit(cg, MOV64_REG(R1, R0));
	emit(cg, CALL_HELPER(BPF_FUNC_task_pt_regs));
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, MOV64_IMM(R2, DT_USTACK_REGS));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), none);
	/* the bounded window; if that fails, halves of the whole one */
	bound_at(cg, off, window);
	emit(cg, LDX_MEM(BPF_DW, R2, R9, (int16_t)lenoff));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R2, window, 0), fail);
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, lenoff + 8));
	emit(cg, LDX_MEM(BPF_DW, R3, R9, (int16_t)(off + 8 * DT_USTACK_SP)));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_user));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
	dt_asm_place(&cg->a, fail);
	for (int sz = window;; sz /= 2) {
		int next = dt_asm_new_label(&cg->a);
		emit(cg, MOV64_REG(R1, R9));
		emit(cg, ALU64_IMM(BPF_ADD, R1, lenoff + 8));
		emit(cg, MOV64_IMM(R2, sz));
		emit(cg, LDX_MEM(BPF_DW, R3, R9, (int16_t)(off + 8 * DT_USTACK_SP)));
		emit(cg, CALL_HELPER(BPF_FUNC_probe_read_user));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), next);
		emit(cg, ST_MEM(BPF_DW, R9, (int16_t)lenoff, sz));
		dt_asm_jump(&cg->a, JA(0), done);
		dt_asm_place(&cg->a, next);
		if (sz / 2 < 512)
			break;
	}
	dt_asm_place(&cg->a, none);
	emit(cg, ST_MEM(BPF_DW, R9, (int16_t)lenoff, 0));
	dt_asm_place(&cg->a, done);
}

void dt_cg_ustack(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_recfield *f = &n->action->fields[0];
	dt_cg_ustack_at(cg, DT_MS_BUF + (int)f->offset, (int)f->size - 8);
	if (n->action->nfields > 1) {
		const struct dt_recfield *w = &n->action->fields[1];
		window_at(cg, DT_MS_BUF + (int)w->offset, (int)w->size - DT_USTACK_REGS - 8,
		    DT_MS_BUF + (int)f->offset + 8);
	}
}

/*
 * An aggregation the consumer does (sema/ustack.c, consume/uagg.c): its
 * map key, built at key, copied to the record, then the value and the
 * increment (in the stack slots sv and si) and the registers and stack
 * window; the map is not touched here.
 */
void dt_cg_ustack_agg(struct dt_cg *cg, struct dt_node *n, int key, int sv, int si)
{
	const struct dt_action *a = n->action;
	const struct dt_agg *g = n->agg;
	const struct dt_recfield *f = a->fields;
	if (a->cond) {
		int bit = (int)(a - cg->stmt->actions);
		emit(cg, LDX_MEM(BPF_W, R1, R9, DT_MS_BUF + 4));
		emit(cg, ALU32_IMM(BPF_OR, R1, (int32_t)(1u << bit)));
		emit(cg, STX_MEM(BPF_W, R9, R1, DT_MS_BUF + 4));
	}
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, DT_MS_BUF + (int)f[0].offset));
	emit(cg, MOV64_IMM(R2, (int32_t)g->ksize));
	emit(cg, MOV64_REG(R3, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R3, key));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	emit(cg, LDX_MEM(BPF_DW, R1, R10, (int16_t)sv));
	emit(cg, STX_MEM(BPF_DW, R9, R1, (int16_t)(DT_MS_BUF + f[1].offset)));
	emit(cg, LDX_MEM(BPF_DW, R1, R10, (int16_t)si));
	emit(cg, STX_MEM(BPF_DW, R9, R1, (int16_t)(DT_MS_BUF + f[2].offset)));
	/* the first ustack() key's walk: where its window comes from */
	int moff = 0;
	for (int k = 0; k < g->nkeys && !g->kf[k].ustack; k++)
		moff += (int)g->msize[k];
	window_at(cg, DT_MS_BUF + (int)f[3].offset, (int)f[3].size - DT_USTACK_REGS - 8,
	    key + moff + 8);
}
