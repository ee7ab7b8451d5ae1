/*
 * usymfn.c - code generation for usym(), ufunc(), umod() and uaddr()
 * (sema/usymfn.c): their 16 bytes, the current process id (the tgid, as
 * the pid variable) then the address, as a trace record's field or an
 * aggregation key's part.  The consumer symbolizes (fmt/usymfmt.c).
 */
#include "cg.h"
#include "sema/node.h"

/* the process id at R9 + off and the address in R0 after it: clobbers
 * R0-R5 */
static void store(struct dt_cg *cg, int off)
{
	dt_cg_fst(cg, BPF_DW, off + 8, R0);
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
	emit(cg, ALU64_IMM(BPF_RSH, R0, 32));
	dt_cg_fst(cg, BPF_DW, off, R0);
}

void dt_cg_usym_at(struct dt_cg *cg, struct dt_node *n, int off)
{
	dt_cg_expr(cg, n->args[0], R0);
	store(cg, off);
}

void dt_cg_usym_slot(struct dt_cg *cg, int slot, int off)
{
	emit(cg, LDX_MEM(BPF_DW, R0, R10, slot));
	store(cg, off);
}
