/*
 * destr.c - code generation for the destructive actions done in probe
 * context: stop(), raise(), copyout(), copyoutstr(), chill().
 * (system() is a printf record the consumer runs; destr.c.)
 *
 * stop() is bpf_send_signal(SIGSTOP): the process that fired the probe
 * stops when it next returns to user mode (SIGCONT resumes it).  raise()
 * is bpf_send_signal() too: like illumos (which queues it on the process,
 * sigaddq(p, NULL, ...)) the signal goes to the process, and Linux hands
 * a process signal to the current thread first when it can take it.  A
 * signal number past the last one Linux has (64) is DTrace's "illegal
 * operation".  The helper refuses kernel threads and init; DTrace too
 * has nothing to signal there, so that is silent.
 *
 * copyout() and copyoutstr() write the current process's memory with
 * bpf_probe_write_user(), whose source must be memory the verifier can
 * bound: copyout() writes straight from the scratch space when its
 * buffer lies there (alloca(), copyin()) and otherwise first reads the
 * bytes (kernel memory) into new scratch space; copyoutstr() writes the
 * string's materialized bytes, at most strlen + 1 and at most maxlen.  A
 * write the kernel refuses faults: "invalid address" for a bad address,
 * "invalid user access" where there is no user context to write (a
 * kernel thread, an interrupt: the kernel's -EPERM).
 *
 * chill(ns) spins on bpf_ktime_get_ns() in an open-coded iterator loop
 * (nested, as one iterator is capped at 2^23 rounds), refusing with
 * "illegal operation", as DTrace does, a chill that would take this CPU
 * past 500 ms of chill() in the current one-second interval; the
 * interval's start and the time chilled in it live in the per-CPU
 * dt_chill map (destr.c).  timestamp is read again after a chill.
 */
#include <signal.h>
#include <errno.h>
#include "cg.h"
#include "sema/node.h"

#define CHILL_MAX	500000000	/* ns of chill() per CPU per interval */
#define CHILL_INTERVAL	1000000000	/* ns */
#define CHILL_INNER	(1 << 23)	/* BPF_MAX_LOOPS: one iterator's cap */
#define CHILL_OUTER	64

/* the destructive actions' maps' layout: dt_chill's value */
enum { CHILL_MARK = 0, CHILL_CHILLED = 8 };

static void eval_to_slot(struct dt_cg *cg, struct dt_node *n, int *slot)
{
	dt_cg_expr(cg, n, R0);
	*slot = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, *slot));
}

/*
 * bpf_probe_write_user(the address in stack slot sa, R9 + base [+ R(off)],
 * R3 bytes); R3 must be known to the verifier as 1..the area's size.
 * A refused write faults with the address.
 */
static void write_user(struct dt_cg *cg, int sa, int base, int off)
{
	int ok = dt_asm_new_label(&cg->a), bad = dt_asm_new_label(&cg->a);
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, base));
	if (off >= 0)
		emit(cg, ALU64_REG(BPF_ADD, R2, off));
	emit(cg, LDX_MEM(BPF_DW, R1, R10, sa));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_write_user));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), ok);
	emit(cg, LDX_MEM(BPF_DW, R1, R10, sa));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, -EFAULT, 0), bad);
	dt_cg_fault(cg, DTFLT_UPRIV, R1);
	dt_asm_place(&cg->a, bad);
	dt_cg_fault(cg, DTFLT_BADADDR, R1);
	dt_asm_place(&cg->a, ok);
}

static void copyout(struct dt_cg *cg, struct dt_node *n)
{
	int scr = dt_cg_scratch(cg->dtp) + 8;
	int done = dt_asm_new_label(&cg->a), copy = dt_asm_new_label(&cg->a);
	int sb, sa, sn;
	eval_to_slot(cg, n->args[0], &sb);
	eval_to_slot(cg, n->args[1], &sa);
	eval_to_slot(cg, n->args[2], &sn);
	int so = dt_cg_slot_alloc(cg), sl = dt_cg_slot_alloc(cg);

	emit(cg, LDX_MEM(BPF_DW, R4, R10, sn));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R4, 1, 0), done);
	/* the buffer lies in scratch space: write from there */
	dt_cg_scratch_base(cg, R2);
	emit(cg, LDX_MEM(BPF_DW, R1, R10, sb));
	emit(cg, ALU64_REG(BPF_SUB, R1, R2));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R1, DT_SCRATCH(cg->dtp), 0), copy);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R4, DT_SCRATCH(cg->dtp), 0), copy);
	emit(cg, MOV64_REG(R3, R1));
	emit(cg, ALU64_REG(BPF_ADD, R3, R4));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R3, DT_SCRATCH(cg->dtp), 0), copy);
	emit(cg, MOV64_REG(R3, R4));
	write_user(cg, sa, scr, R1);
	dt_asm_jump(&cg->a, JA(0), done);

	/* elsewhere (kernel memory): stage the bytes in new scratch space */
	dt_asm_place(&cg->a, copy);
	emit(cg, LDX_MEM(BPF_DW, R4, R10, sn));
	dt_cg_scratch_alloc(cg, R4);
	emit(cg, STX_MEM(BPF_DW, R10, R1, so));		/* both bounded now */
	emit(cg, STX_MEM(BPF_DW, R10, R4, sl));
	emit(cg, LDX_MEM(BPF_DW, R5, R10, sb));
	dt_cg_scratch_read(cg, BPF_FUNC_probe_read_kernel, R5, R4);
	emit(cg, LDX_MEM(BPF_DW, R1, R10, so));
	emit(cg, LDX_MEM(BPF_DW, R3, R10, sl));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R3, 1, 0), done);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R3, DT_SCRATCH(cg->dtp), 0), done);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R1, DT_SCRATCH(cg->dtp), 0), done);
	write_user(cg, sa, scr, R1);
	dt_asm_place(&cg->a, done);
	for (int i = 0; i < 5; i++)
		dt_cg_slot_free(cg);
}

static void copyoutstr(struct dt_cg *cg, struct dt_node *n)
{
	int size = (int)cg->dtp->opt[DTOPT_STRSIZE] + 1;
	int done = dt_asm_new_label(&cg->a), fits = dt_asm_new_label(&cg->a);
	int t = dt_cg_stmp_alloc(cg), sa, sm;
	dt_cg_store_str(cg, n->args[0], t, size);
	eval_to_slot(cg, n->args[1], &sa);
	eval_to_slot(cg, n->args[2], &sm);
	/* strlen + 1 bytes (the NUL too), at most maxlen */
	dt_cg_strlen_at(cg, t, size);
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, ALU64_IMM(BPF_ADD, R3, 1));
	emit(cg, LDX_MEM(BPF_DW, R4, R10, sm));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JLE, R3, R4, 0), fits);
	emit(cg, MOV64_REG(R3, R4));
	dt_asm_place(&cg->a, fits);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R3, 1, 0), done);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R3, size, 0), done);
	write_user(cg, sa, t, -1);
	dt_asm_place(&cg->a, done);
	dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
	dt_cg_stmp_free(cg);
}

static void chill(struct dt_cg *cg, struct dt_node *n)
{
	enum { C_DEADLINE = 0, C_DONE = 1 };
	int done = dt_asm_new_label(&cg->a), fresh = dt_asm_new_label(&cg->a);
	int ok = dt_asm_new_label(&cg->a), bad = dt_asm_new_label(&cg->a);
	int sv, sk, snow;
	eval_to_slot(cg, n->args[0], &sv);
	sk = dt_cg_slot_alloc(cg);
	snow = dt_cg_slot_alloc(cg);

	emit(cg, ST_MEM(BPF_DW, R10, sk, 0));
	dt_asm_ld_map_fd(&cg->a, R1, cg->dtp->fd_chill);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, sk));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
	emit(cg, MOV64_REG(R8, R0));
	emit(cg, CALL_HELPER(BPF_FUNC_ktime_get_ns));
	emit(cg, STX_MEM(BPF_DW, R10, R0, snow));
	/* a new interval once the last one is over */
	emit(cg, LDX_MEM(BPF_DW, R1, R8, CHILL_MARK));
	emit(cg, MOV64_REG(R2, R0));
	emit(cg, ALU64_REG(BPF_SUB, R2, R1));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLE, R2, CHILL_INTERVAL, 0), fresh);
	emit(cg, STX_MEM(BPF_DW, R8, R0, CHILL_MARK));
	emit(cg, ST_MEM(BPF_DW, R8, CHILL_CHILLED, 0));
	dt_asm_place(&cg->a, fresh);
	/* refuse what would exceed the interval's allowance (or wrap) */
	emit(cg, LDX_MEM(BPF_DW, R1, R8, CHILL_CHILLED));
	emit(cg, LDX_MEM(BPF_DW, R2, R10, sv));
	emit(cg, MOV64_REG(R3, R1));
	emit(cg, ALU64_REG(BPF_ADD, R3, R2));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R3, CHILL_MAX, 0), bad);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JGE, R3, R1, 0), ok);
	dt_asm_place(&cg->a, bad);
	dt_cg_fault(cg, DTFLT_ILLOP, -1);
	dt_asm_place(&cg->a, ok);
	emit(cg, STX_MEM(BPF_DW, R8, R3, CHILL_CHILLED));
	emit(cg, LDX_MEM(BPF_DW, R0, R10, snow));
	emit(cg, ALU64_REG(BPF_ADD, R0, R2));
	dt_cg_st_cell(cg, C_DEADLINE, R0);
	dt_cg_st_cell_imm(cg, C_DONE, 0);

	/* spin until the deadline */
	struct dt_loop outer, inner;
	int more = dt_asm_new_label(&cg->a);
	dt_cg_loop_begin(cg, &outer, CHILL_OUTER);
	dt_cg_loop_begin(cg, &inner, CHILL_INNER);
	emit(cg, CALL_HELPER(BPF_FUNC_ktime_get_ns));
	dt_cg_ld_cell(cg, R1, C_DEADLINE);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JLT, R0, R1, 0), more);
	dt_cg_st_cell_imm(cg, C_DONE, 1);
	dt_asm_jump(&cg->a, JA(0), inner.done);
	dt_asm_place(&cg->a, more);
	dt_cg_loop_end(cg, &inner);
	dt_cg_ld_cell(cg, R1, C_DONE);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R1, 0, 0), outer.done);
	dt_cg_loop_end(cg, &outer);

	/* timestamp moves on with the chill, as in DTrace */
	if (cg->dtp->uses_timestamp) {
		emit(cg, CALL_HELPER(BPF_FUNC_ktime_get_ns));
		emit(cg, STX_MEM(BPF_DW, R9, R0, DT_MS_TS));
	}
	dt_asm_place(&cg->a, done);
	for (int i = 0; i < 3; i++)
		dt_cg_slot_free(cg);
}

void dt_cg_destr(struct dt_cg *cg, struct dt_node *n)
{
	switch (n->func) {
	case DT_F_STOP:
		emit(cg, MOV64_IMM(R1, SIGSTOP));
		emit(cg, CALL_HELPER(BPF_FUNC_send_signal));
		break;
	case DT_F_RAISE: {
		int ok = dt_asm_new_label(&cg->a);
		dt_cg_expr(cg, n->args[0], R0);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JLE, R0, 64, 0), ok);	/* _NSIG - 1 */
		dt_cg_fault(cg, DTFLT_ILLOP, -1);
		dt_asm_place(&cg->a, ok);
		emit(cg, MOV64_REG(R1, R0));
		emit(cg, CALL_HELPER(BPF_FUNC_send_signal));
		break;
	}
	case DT_F_COPYOUT:
		copyout(cg, n);
		break;
	case DT_F_COPYOUTSTR:
		copyoutstr(cg, n);
		break;
	case DT_F_CHILL:
		chill(cg, n);
		break;
	}
}
