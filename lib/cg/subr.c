/*
 * subr.c - code generation for the built-in variables that read
 * stacks, registers and per-CPU facts (stackdepth, ustackdepth, caller,
 * ucaller, uregs[], curcpu, chip, lgrp) and for the integer subroutines
 * sema's builtin_subr() owns (progenyof).
 *
 * Stacks come from bpf_get_stack() on the probe's context (R6) into the
 * frame's stack buffer.  The kernel stack starts at the function that
 * fired the probe (the interrupted function for profile-N): the frames of
 * the BPF program and the tracepoint machinery before it are skipped, so
 * stackdepth counts from there and caller is the next frame, the return
 * address into whoever called that function.  User registers are the
 * task's saved pt_regs (bpf_task_pt_regs).
 */
#include <string.h>
#include "cg.h"
#include "sema/node.h"
#include "kernel/btf.h"
#include "kernel/cpuinfo.h"
#include "kernel/traceiter.h"
#include "kernel/uregs.h"

/*
 * Kernel frames before the function that fired the probe.  Perf events
 * and tracepoints hand bpf_get_stack() the probe site's registers, so
 * none.  An attached raw tracepoint program's stack starts in the program
 * itself, then the kernel's bpf_trace_runN() and __bpf_trace_EVENT()
 * (e.g. syscall_trace_enter is the fourth frame for a syscall entry
 * probe); a consumer-fired one (BEGIN, END, tick-N: BPF_PROG_RUN) has
 * only the program before the test-run code that ran it.
 */
#define RAWTP_KSKIP	3
#define CFIRE_KSKIP	1

/* Most levels progenyof() climbs (the process tree is rarely deeper). */
#define PROGENY_MAX	64


static int kskip(struct dt_cg *cg)
{
	struct dt_probe *p = cg->probe;
	if (p->cfire)
		return CFIRE_KSKIP;
	int k = p->ops->kskip ? p->ops->kskip(p) : -1;
	if (k >= 0)
		return k;
	return dt_probe_prog_type(p) == BPF_PROG_TYPE_RAW_TRACEPOINT ? RAWTP_KSKIP : 0;
}

/*
 * R0 = bpf_get_stack(ctx, R9 + dst, size, flags): bytes stored (the
 * helper zero-fills the rest of the size).  A failure faults (bad stack).
 */
static void get_stack_at(struct dt_cg *cg, int dst, int size, uint64_t flags)
{
	int ok = dt_asm_new_label(&cg->a);
	emit(cg, MOV64_REG(R1, R6));
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, dst));
	emit(cg, MOV64_IMM(R3, size));
	emit(cg, MOV64_IMM(R4, (int32_t)flags));
	emit(cg, CALL_HELPER(BPF_FUNC_get_stack));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R0, 0, 0), ok);
	dt_cg_fault(cg, DTFLT_BADSTACK, -1);
	dt_asm_place(&cg->a, ok);
}

/* the same into the frame's stack buffer */
static void get_stack(struct dt_cg *cg, int size, uint64_t flags)
{
	get_stack_at(cg, dt_cg_stack(cg->dtp), size, flags);
}

/* The tracepoint whose iterator may sit between the probe and its site
 * (its provider knows; consumer-fired probes have none). */
static const char *tp_event(struct dt_probe *p)
{
	if (p->cfire || !p->ops->tp_event)
		return NULL;
	return p->ops->tp_event(p);
}

/*
 * The iterator's bounds, lo and hi, for a test of the top frame: each
 * program's constants, or in a program shared by several tracepoints'
 * probes the firing probe's, read into two stack slots before the stack
 * is taken (cg/share.c); *iter says whether there is one to test.
 * Returns the first slot, or 0 for constants.
 */
static int iter_bounds(struct dt_cg *cg, uint64_t *lo, uint64_t *hi, int *iter)
{
	const char *ev = tp_event(cg->probe);
	*lo = *hi = 0;
	if (dt_cg_shared(cg)) {
		int sl = dt_cg_slot_alloc(cg), sh = dt_cg_slot_alloc(cg);
		if (dt_cg_group_iter(cg, sl, sh)) {
			*iter = 1;
			return sl;
		}
		dt_cg_slot_free(cg);
		dt_cg_slot_free(cg);
	}
	*iter = ev && dt_traceiter_range(ev, lo, hi) == 0;
	return 0;
}

/* R(reg) = bound k (0 lo, 1 hi) of iter_bounds' */
static void iter_bound(struct dt_cg *cg, int reg, int slot, int k, uint64_t v)
{
	if (slot)
		emit(cg, LDX_MEM(BPF_DW, reg, R10, (int16_t)(slot - 8 * k)));
	else
		dt_asm_ld_imm64(&cg->a, reg, 0, v);
}

static void iter_done(struct dt_cg *cg, int slot)
{
	if (slot) {
		dt_cg_slot_free(cg);
		dt_cg_slot_free(cg);
	}
}

/*
 * The kernel stack from the probe site's function: R0 = its depth, or
 * with caller set, its second frame (0 if none).  If the first frame is
 * in the tracepoint's iterator (several callbacks on the tracepoint), it
 * is dropped.
 */
static void kstack(struct dt_cg *cg, int caller)
{
	uint64_t lo, hi;
	int iter, slot = iter_bounds(cg, &lo, &hi, &iter);
	int stk = dt_cg_stack(cg->dtp);
	int plain = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	get_stack(cg, caller ? 24 : 8 * DT_MAXFRAMES(cg->dtp), (uint64_t)kskip(cg));
	emit(cg, ALU64_IMM(BPF_RSH, R0, 3));
	if (iter) {
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), plain);
		emit(cg, LDX_MEM(BPF_DW, R1, R9, (int16_t)stk));
		iter_bound(cg, R2, slot, 0, lo);
		dt_asm_jump(&cg->a, JMP_REG(BPF_JLT, R1, R2, 0), plain);
		iter_bound(cg, R2, slot, 1, hi);
		dt_asm_jump(&cg->a, JMP_REG(BPF_JGE, R1, R2, 0), plain);
		if (caller) {
			emit(cg, JMP_IMM(BPF_JGE, R0, 3, 2));
			emit(cg, MOV64_IMM(R0, 0));
			emit(cg, JA(1));
			emit(cg, LDX_MEM(BPF_DW, R0, R9, (int16_t)(stk + 16)));
		} else {
			emit(cg, ALU64_IMM(BPF_SUB, R0, 1));
		}
		dt_asm_jump(&cg->a, JA(0), end);
	}
	dt_asm_place(&cg->a, plain);
	if (caller) {
		emit(cg, JMP_IMM(BPF_JGE, R0, 2, 2));
		emit(cg, MOV64_IMM(R0, 0));
		emit(cg, JA(1));
		emit(cg, LDX_MEM(BPF_DW, R0, R9, (int16_t)(stk + 8)));
	}
	dt_asm_place(&cg->a, end);
	iter_done(cg, slot);
}

/*
 * stack(): nf PCs of the kernel stack from the probe site's function
 * into the frame at off, zero-filled past the stack's end.  One frame
 * more is fetched than stored, in case the first is in the tracepoint's
 * iterator and dropped (as kstack does).
 */
void dt_cg_kstack_rec(struct dt_cg *cg, int off, int nf)
{
	uint64_t lo, hi;
	int iter, slot = iter_bounds(cg, &lo, &hi, &iter);
	int stk = dt_cg_stack(cg->dtp);
	int have = DT_MAXFRAMES(cg->dtp) < 3 ? 3 : DT_MAXFRAMES(cg->dtp);
	int fetch = nf + 1 <= have ? nf + 1 : have;
	int copy = dt_asm_new_label(&cg->a);
	if (!iter) {
		/* no iterator frame to drop: straight into place, the helper
		 * zero-filling past the stack's end */
		int n = nf < have ? nf : have;
		get_stack_at(cg, off, 8 * n, (uint64_t)kskip(cg));
		for (int i = n; i < nf; i++)
			emit(cg, ST_MEM(BPF_DW, R9, (int16_t)(off + 8 * i), 0));
		iter_done(cg, slot);
		return;
	}
	get_stack(cg, 8 * fetch, (uint64_t)kskip(cg));
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, stk));
	if (iter) {
		emit(cg, LDX_MEM(BPF_DW, R1, R2, 0));
		iter_bound(cg, R3, slot, 0, lo);
		dt_asm_jump(&cg->a, JMP_REG(BPF_JLT, R1, R3, 0), copy);
		iter_bound(cg, R3, slot, 1, hi);
		dt_asm_jump(&cg->a, JMP_REG(BPF_JGE, R1, R3, 0), copy);
		emit(cg, ALU64_IMM(BPF_ADD, R2, 8));
	}
	dt_asm_place(&cg->a, copy);
	for (int i = 0; i < nf; i++) {
		if (i + (iter ? 1 : 0) < fetch) {
			emit(cg, LDX_MEM(BPF_DW, R1, R2, (int16_t)(8 * i)));
			emit(cg, STX_MEM(BPF_DW, R9, R1, (int16_t)(off + 8 * i)));
		} else {
			emit(cg, ST_MEM(BPF_DW, R9, (int16_t)(off + 8 * i), 0));
		}
	}
	iter_done(cg, slot);
}

/* ustackdepth, ucaller: the user stack (the first frame is the user PC) */
static void ustack(struct dt_cg *cg, int caller)
{
	get_stack(cg, caller ? 16 : 8 * DT_MAXFRAMES(cg->dtp), BPF_F_USER_STACK);
	emit(cg, ALU64_IMM(BPF_RSH, R0, 3));
	if (caller) {
		emit(cg, JMP_IMM(BPF_JGE, R0, 2, 2));
		emit(cg, MOV64_IMM(R0, 0));
		emit(cg, JA(1));
		emit(cg, LDX_MEM(BPF_DW, R0, R9, (int16_t)(dt_cg_stack(cg->dtp) + 8)));
	}
}

/* uregs[i]: word i of the current task's saved user pt_regs. */
static void uregs(struct dt_cg *cg, struct dt_node *n)
{
	struct dt_node *ix = n->l;
	int konst = ix->kind == DN_CONST, slot = 0;
	if (!konst) {
		int ok = dt_asm_new_label(&cg->a);
		dt_cg_expr(cg, ix, R0);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R0, DT_UREG_SAVED, 0), ok);
		emit(cg, MOV64_REG(R1, R0));
		dt_cg_fault(cg, DTFLT_ILLOP, R1);
		dt_asm_place(&cg->a, ok);
		emit(cg, ALU64_IMM(BPF_LSH, R0, 3));
		slot = dt_cg_slot_alloc(cg);
		emit(cg, STX_MEM(BPF_DW, R10, R0, slot));
	}
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_task_btf));
	emit(cg, MOV64_REG(R1, R0));
	emit(cg, CALL_HELPER(BPF_FUNC_task_pt_regs));
	dt_cg_launder(cg, R0);
	if (konst) {
		dt_cg_kread(cg, 8 * (int)ix->ival, 8);
		return;
	}
	emit(cg, LDX_MEM(BPF_DW, R1, R10, slot));
	emit(cg, ALU64_REG(BPF_ADD, R0, R1));
	dt_cg_slot_free(cg);
	dt_cg_kread(cg, 0, 8);
}

/* R0 = this CPU's cpuinfo_t in dt_cpuinfo, or 0. */
static void cpuinfo(struct dt_cg *cg)
{
	int key = dt_cg_slot_alloc(cg);
	emit(cg, CALL_HELPER(BPF_FUNC_get_smp_processor_id));
	emit(cg, STX_MEM(BPF_W, R10, R0, key));
	dt_asm_ld_map_fd(&cg->a, R1, cg->dtp->fd_cpuinfo);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, key));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	dt_cg_slot_free(cg);
}

/* chip, lgrp: a member of this CPU's cpuinfo_t (0 if there is none) */
static void cpu_member(struct dt_cg *cg, int off)
{
	cpuinfo(cg);
	emit(cg, JMP_IMM(BPF_JEQ, R0, 0, 2));
	emit(cg, LDX_MEM(BPF_W, R0, R0, (int16_t)off));
	emit(cg, ALU64_IMM(BPF_LSH, R0, 32));
	emit(cg, ALU64_IMM(BPF_ARSH, R0, 32));
}

void dt_cg_bvar(struct dt_cg *cg, struct dt_node *n)
{
	switch (n->builtin) {
	case DT_BI_STACKDEPTH: kstack(cg, 0); break;
	case DT_BI_USTACKDEPTH: ustack(cg, 0); break;
	case DT_BI_CALLER: kstack(cg, 1); break;
	case DT_BI_UCALLER: ustack(cg, 1); break;
	case DT_BI_UREGS: uregs(cg, n); break;
	case DT_BI_CURCPU: {
		int none = dt_asm_new_label(&cg->a);
		cpuinfo(cg);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), none);
		dt_cg_launder(cg, R0);
		dt_asm_place(&cg->a, none);
		break;
	}
	case DT_BI_CHIP: cpu_member(cg, DT_CPUINFO_CHIP); break;
	case DT_BI_LGRP: cpu_member(cg, DT_CPUINFO_LGRP); break;
	default:
		dt_cg_fail(cg, D_UNKNOWN, "%s used as a value", "built-in");
		break;
	}
}

/*
 * progenyof(pid): 1 if the current process is pid or one of its
 * descendants: climb real_parent from the current task, comparing each
 * tgid, until pid, the idle task (tgid 0) or PROGENY_MAX levels.
 */
void dt_cg_progenyof(struct dt_cg *cg, struct dt_node *n)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int poff = dt_btf_task_offset(dtp, DT_BTF_REAL_PARENT);
	int toff = dt_btf_task_offset(dtp, DT_BTF_TGID);
	if (poff < 0 || toff < 0) {
		dt_cg_fail(cg, D_FUNC_UNDEF, "%s is not available: no kernel BTF for task_struct",
		    "progenyof( )");
		return;
	}
	int want = dt_cg_slot_alloc(cg), task = dt_cg_slot_alloc(cg);
	int level = dt_cg_slot_alloc(cg);
	int loop = dt_asm_new_label(&cg->a), yes = dt_asm_new_label(&cg->a);
	int no = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	dt_cg_expr(cg, n->args[0], R0);
	emit(cg, STX_MEM(BPF_DW, R10, R0, want));
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_task));
	emit(cg, STX_MEM(BPF_DW, R10, R0, task));
	emit(cg, ST_MEM(BPF_DW, R10, level, 0));
	dt_asm_place(&cg->a, loop);
	emit(cg, LDX_MEM(BPF_DW, R0, R10, task));
	dt_cg_kread(cg, toff, 4);
	emit(cg, ALU64_IMM(BPF_LSH, R0, 32));		/* pid_t */
	emit(cg, ALU64_IMM(BPF_ARSH, R0, 32));
	emit(cg, LDX_MEM(BPF_DW, R1, R10, want));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JEQ, R0, R1, 0), yes);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), no);
	emit(cg, LDX_MEM(BPF_DW, R0, R10, task));
	dt_cg_kread(cg, poff, 8);
	emit(cg, STX_MEM(BPF_DW, R10, R0, task));
	emit(cg, LDX_MEM(BPF_DW, R1, R10, level));
	emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
	emit(cg, STX_MEM(BPF_DW, R10, R1, level));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R1, PROGENY_MAX, 0), loop);
	dt_asm_place(&cg->a, no);
	emit(cg, MOV64_IMM(R0, 0));
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, yes);
	emit(cg, MOV64_IMM(R0, 1));
	dt_asm_place(&cg->a, end);
	dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
}
