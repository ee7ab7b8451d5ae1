/*
 * ustack.c - code generation for ustack(), as an action (its record
 * field, sema/ustack.c) and as an aggregation key (its part of the key,
 * from dt_cg_tuple): the current process id, then bpf_get_stack() with
 * BPF_F_USER_STACK writes the user PCs after it (the kernel walks the
 * frame pointers from the task's saved user registers).  The kernel
 * zero-fills what it does not write, and on failure (no user context: a
 * kernel thread) the whole buffer, so such a stack is empty, not an
 * error.  The consumer symbolizes (consume/usym.c).
 */
#include "cg.h"
#include "sema/node.h"

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

void dt_cg_ustack(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_recfield *f = &n->action->fields[0];
	dt_cg_ustack_at(cg, DT_MS_BUF + (int)f->offset, (int)f->size - 8);
}
