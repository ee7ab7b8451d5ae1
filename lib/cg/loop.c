/*
 * loop.c - loops in generated programs, as open-coded BPF iterators.
 *
 * String subroutines walk strings byte by byte.  A plain bounded loop is
 * verified once per iteration (strsize iterations, every one of them
 * walked by the verifier), and a search nested in a search would cost
 * strsize squared; the kernel's numeric iterator kfuncs
 * (bpf_iter_num_new/next/destroy) are verified once per loop body
 * instead.  The price: the body must keep its loop-carried values in the
 * frame (the verifier then sees unknown scalars and the loop converges),
 * check every index it uses, never fault, and leave only through
 * dt_cg_loop_end's exit (the iterator must be destroyed).  Kfunc ids come
 * from kernel BTF, read only by programs that loop.
 */
#include "cg.h"
#include "kernel/btf.h"

static const char *const kf_names[3] = {
	"bpf_iter_num_new", "bpf_iter_num_next", "bpf_iter_num_destroy"
};

static int kfunc(struct dt_cg *cg, int which)
{
	dtrace_hdl_t *dtp = cg->dtp;
	if (!dtp->kf_iter[0]) {
		for (int i = 0; i < 3; i++)
			dtp->kf_iter[i] = dt_btf_kfunc(dtp, kf_names[i]);
	}
	if (dtp->kf_iter[which] < 0) {
		dt_cg_fail(cg, D_FUNC_UNDEF,
		    "string subroutines need the kernel's %s kfunc (Linux 6.4 or later with BTF)",
		    kf_names[which]);
		return 0;
	}
	return dtp->kf_iter[which];
}

static void call_kfunc(struct dt_cg *cg, int which)
{
	emit(cg, INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, kfunc(cg, which)));
}

void dt_cg_loop_begin(struct dt_cg *cg, struct dt_loop *lp, int count)
{
	lp->slot = dt_cg_slot_alloc(cg);
	lp->head = dt_asm_new_label(&cg->a);
	lp->done = dt_asm_new_label(&cg->a);
	emit(cg, MOV64_REG(R1, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R1, lp->slot));
	emit(cg, MOV64_IMM(R2, 0));
	emit(cg, MOV64_IMM(R3, count));
	call_kfunc(cg, 0);
	dt_asm_place(&cg->a, lp->head);
	emit(cg, MOV64_REG(R1, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R1, lp->slot));
	call_kfunc(cg, 1);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), lp->done);
	emit(cg, LDX_MEM(BPF_W, R0, R0, 0));
}

void dt_cg_loop_end(struct dt_cg *cg, struct dt_loop *lp)
{
	dt_asm_jump(&cg->a, JA(0), lp->head);
	dt_asm_place(&cg->a, lp->done);
	emit(cg, MOV64_REG(R1, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R1, lp->slot));
	call_kfunc(cg, 2);
	dt_cg_slot_free(cg);
}
