/*
 * upid.c - a clause that takes a user stack (ustack() as an action or a
 * key) or a user address to symbolize (usym() and friends) announces its process the first time it sees it: rt/upid.c's
 * dt_upids remembers the pids announced, and a new one is written to the
 * dt_upidrb ring, which wakes the consumer (consume/upid.c) so that it
 * reads the process's mappings while the process still runs (a pid the
 * full ring refused is forgotten, to be announced again).  The cost
 * for a pid already seen is, after the clause's predicate, a compare with
 * the last pid the CPU saw announced (dt_upidlast), and when it differs
 * one hash look-up.
 */
#include "cg.h"
#include "sema/node.h"

static int uses_ustack(const struct dt_node *n)
{
	for (; n; n = n->next) {
		if ((n->kind == DN_CALL || n->kind == DN_S_ACTION) &&
		    (n->func == DT_F_USTACK || n->func == DT_F_USYM))
			return 1;
		if (uses_ustack(n->l) || uses_ustack(n->r) || uses_ustack(n->x))
			return 1;
		for (int i = 0; i < n->nargs; i++)
			if (uses_ustack(n->args[i]))
				return 1;
	}
	return 0;
}

int dt_cg_stmt_ustack(const struct dt_stmt *st)
{
	for (int i = 0; i < st->nactions; i++) {
		const struct dt_action *a = &st->actions[i];
		if (a->kind == DT_ACT_USTACK)
			return 1;
		for (int f = 0; f < a->nfields; f++)	/* usym() and friends' records */
			if (DT_SYMK_USER(a->fields[f].symkind))
				return 1;
	}
	return uses_ustack(st->body);
}

/* the current pid into dt_upids (BPF_NOEXIST: one CPU wins) and, when
 * it was not there, into the ring; first, and when it is known
 * announced, this CPU's last pid (its line of dt_upidlast, which R8
 * points to): the same pid again costs no hash look-up.  The stack's
 * two top words are free after the trampoline (clobbers R0-R5, R8) */
void dt_cg_upid(struct dt_cg *cg)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int done = dt_asm_new_label(&cg->a), known = dt_asm_new_label(&cg->a);
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
	emit(cg, ALU64_IMM(BPF_RSH, R0, 32));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), done);	/* the idle task */
	emit(cg, STX_MEM(BPF_DW, R10, R0, -8));
	emit(cg, ST_MEM(BPF_DW, R10, -16, 0));
	emit(cg, CALL_HELPER(BPF_FUNC_get_smp_processor_id));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, dtp->ncpus, 0), done);	/* (never) */
	emit(cg, ALU64_IMM(BPF_LSH, R0, 6));
	dt_asm_ld_map_value(&cg->a, R8, dtp->fd_upidlast, 0);
	emit(cg, ALU64_REG(BPF_ADD, R8, R0));
	emit(cg, LDX_MEM(BPF_DW, R1, R8, 0));
	emit(cg, LDX_MEM(BPF_DW, R2, R10, -8));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JEQ, R1, R2, 0), done);
	dt_asm_ld_map_fd(&cg->a, R1, dtp->fd_upids);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, -8));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), known);
	dt_asm_ld_map_fd(&cg->a, R1, dtp->fd_upids);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, -8));
	emit(cg, MOV64_REG(R3, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R3, -16));
	emit(cg, MOV64_IMM(R4, BPF_NOEXIST));
	emit(cg, CALL_HELPER(BPF_FUNC_map_update_elem));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), known);	/* another CPU's */
	dt_asm_ld_map_fd(&cg->a, R1, dtp->fd_upidrb);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, -8));
	emit(cg, MOV64_IMM(R3, 8));
	emit(cg, MOV64_IMM(R4, 0));	/* adaptive wake-up */
	emit(cg, CALL_HELPER(BPF_FUNC_ringbuf_output));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), known);
	/* the ring is full: forget the pid, so that a later firing tries again */
	dt_asm_ld_map_fd(&cg->a, R1, dtp->fd_upids);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, -8));
	emit(cg, CALL_HELPER(BPF_FUNC_map_delete_elem));
	dt_asm_jump(&cg->a, JA(0), done);
	dt_asm_place(&cg->a, known);
	emit(cg, LDX_MEM(BPF_DW, R1, R10, -8));
	emit(cg, STX_MEM(BPF_DW, R8, R1, 0));
	dt_asm_place(&cg->a, done);
}
