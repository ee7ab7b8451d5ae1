/*
 * buf.c - the buffer policies' side of a record's output.
 *
 * DTrace reserves a clause's record space before it evaluates the
 * predicate, and skips the clause when the space is not there; every
 * record then leaves the program through cg/prog.c's commit().  The perf
 * ring itself enforces nothing DTrace's policies need, so the checks are
 * ours, against the requested bufsize (buf.c sizes the rings so that they
 * never refuse a record the checks let through):
 *
 *   all     a record larger than bufsize never fits: the clause is
 *           skipped and a drop counted, as DTrace does, whatever the
 *           policy and whatever the predicate.
 *   switch  nothing else; a record the ring refuses (it is full) is a
 *           drop, counted from the output helper's result.
 *   fill    per CPU, the bytes recorded are added up; the clause whose
 *           record does not fit in bufsize less the END reservation marks
 *           the CPU's buffer full, and no clause runs on that CPU any
 *           more (no drop is counted: DTrace counts none).  END may use
 *           the whole of bufsize and ignores the flag, so its records
 *           always fit.  The space is claimed when the record is written.
 *   ring    nothing else: the ring overwrites.
 *
 * BEGIN and END also note the CPU they ran on: the consumer processes
 * that CPU's buffer first (BEGIN) or last (END), as DTrace does.
 */
#include "cg.h"
#include "base/buf.h"

#define ATOMIC_FETCH_ADD64(d, s, o) \
	INSN(BPF_STX | BPF_DW | BPF_ATOMIC, d, s, o, BPF_ADD | BPF_FETCH)

int dt_cg_stmt_records(dtrace_hdl_t *dtp, const struct dt_stmt *st)
{
	/* destructive actions (stop(), raise() ...) record no data; a clause
	 * whose statements record nothing (`{ x = 1; }`) writes no record, as
	 * dtrace_ecb_resize() makes it; only an empty clause gets the default
	 * action (the probe line) */
	int ndata = 0;
	for (int i = 0; i < st->nactions; i++) {
		enum dt_actkind k = st->actions[i].kind;
		/* commit()/discard() write their own control record (cg/spec.c) */
		ndata += k != DT_ACT_DESTR && k != DT_ACT_COMMIT && k != DT_ACT_DISCARD;
	}
	return ndata > 0 || (!dtp->quiet && !st->has_body);
}

/* R1 = this CPU's line of dt_bufstate (clobbers R0-R5); to skip if the
 * CPU number is out of range, which bounds it for the verifier. */
static void cpu_line(struct dt_cg *cg, int skip)
{
	emit(cg, CALL_HELPER(BPF_FUNC_get_smp_processor_id));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, cg->dtp->ncpus, 0), skip);
	emit(cg, ALU64_IMM(BPF_LSH, R0, 6));
	dt_asm_ld_map_value(&cg->a, R1, cg->dtp->bufplan.fd_state, DT_BS_CPU(0));
	emit(cg, ALU64_REG(BPF_ADD, R1, R0));
}

/* size > bufsize: it never fits, and every attempt is a drop */
static void drop(struct dt_cg *cg, int skip)
{
	cpu_line(cg, skip);
	emit(cg, MOV64_IMM(R2, 1));
	emit(cg, ATOMIC_ADD64(R1, R2, DT_BS_DROPS));
	dt_asm_jump(&cg->a, JA(0), skip);
}

/* fill: what this program's records may use of a CPU's buffer */
static uint64_t fill_cap(struct dt_cg *cg)
{
	uint64_t bufsize = cg->dtp->bufplan.size;
	return cg->probe->id == DT_PROBE_END ? bufsize : bufsize - cg->dtp->bufplan.reserve;
}

/* switch and ring: nothing to check unless a record can never fit, and
 * then every attempt is only a drop (1: no code follows) */
static int never_fits(struct dt_cg *cg, uint32_t size, int skip)
{
	if (size <= cg->dtp->bufplan.size)
		return 0;
	drop(cg, skip);
	return 1;
}

int dt_cg_buf_clause(struct dt_cg *cg, uint32_t size, int skip)
{
	dtrace_hdl_t *dtp = cg->dtp;

	if (dt_buf_policy(dtp) != DT_BUFPOLICY_FILL)
		return never_fits(cg, size, skip);
	/* fill: a full buffer runs nothing more; a record that does not fit
	 * fills it (END may use the reserve and ignores the flag) */
	int end = cg->probe->id == DT_PROBE_END;
	int ok = dt_asm_new_label(&cg->a);
	cpu_line(cg, skip);
	if (!end) {
		emit(cg, LDX_MEM(BPF_DW, R2, R1, DT_BS_FULL));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R2, 0, 0), skip);
	}
	emit(cg, LDX_MEM(BPF_DW, R2, R1, DT_BS_USED));
	emit(cg, ALU64_IMM(BPF_ADD, R2, (int32_t)size));
	dt_asm_ld_imm64(&cg->a, R3, 0, fill_cap(cg));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JLE, R2, R3, 0), ok);
	emit(cg, ST_MEM(BPF_DW, R1, DT_BS_FULL, 1));
	dt_asm_jump(&cg->a, JA(0), skip);
	dt_asm_place(&cg->a, ok);
	return 0;
}

int dt_cg_buf_reserve(struct dt_cg *cg, uint32_t size, int skip)
{
	dtrace_hdl_t *dtp = cg->dtp;

	if (dt_buf_policy(dtp) != DT_BUFPOLICY_FILL)
		return never_fits(cg, size, skip);
	/* fill: claim the space, so that a program nested on this CPU (in
	 * an NMI) cannot claim it too, and give it back if it was not
	 * there after all */
	int ok = dt_asm_new_label(&cg->a);
	cpu_line(cg, skip);
	emit(cg, MOV64_IMM(R2, (int32_t)size));
	emit(cg, ATOMIC_FETCH_ADD64(R1, R2, DT_BS_USED));
	emit(cg, ALU64_IMM(BPF_ADD, R2, (int32_t)size));
	dt_asm_ld_imm64(&cg->a, R3, 0, fill_cap(cg));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JLE, R2, R3, 0), ok);
	emit(cg, MOV64_IMM(R2, -(int32_t)size));
	emit(cg, ATOMIC_ADD64(R1, R2, DT_BS_USED));
	emit(cg, ST_MEM(BPF_DW, R1, DT_BS_FULL, 1));
	dt_asm_jump(&cg->a, JA(0), skip);
	dt_asm_place(&cg->a, ok);
	return 0;
}

void dt_cg_buf_written(struct dt_cg *cg, uint32_t size, int skip)
{
	/* the ring refused it: a drop, counted here because perf reports
	 * its lost records only when a later record gets through */
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R0, 0, 0), skip);
	cpu_line(cg, skip);
	emit(cg, MOV64_IMM(R2, 1));
	emit(cg, ATOMIC_ADD64(R1, R2, DT_BS_DROPS));
	if (dt_buf_policy(cg->dtp) == DT_BUFPOLICY_FILL) {
		/* and the space it claimed is free again */
		emit(cg, MOV64_IMM(R2, -(int32_t)size));
		emit(cg, ATOMIC_ADD64(R1, R2, DT_BS_USED));
	}
}

void dt_cg_buf_fired(struct dt_cg *cg)
{
	dtrace_hdl_t *dtp = cg->dtp;
	if (dt_buf_policy(dtp) == DT_BUFPOLICY_SWITCH)
		return;
	emit(cg, CALL_HELPER(BPF_FUNC_get_smp_processor_id));
	emit(cg, ALU64_IMM(BPF_ADD, R0, 1));
	dt_asm_ld_map_value(&cg->a, R1, dtp->bufplan.fd_state,
	    cg->probe->id == DT_PROBE_END ? DT_BS_ENDEDON : DT_BS_BEGANON);
	emit(cg, STX_MEM(BPF_DW, R1, R0, 0));
}
