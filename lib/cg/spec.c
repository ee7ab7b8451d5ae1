/*
 * spec.c - speculation(), speculate(), commit() and discard() in BPF.
 *
 * Each speculation has a state word (generation << 32 | state) in the
 * dt_spec map, changed only by compare-and-swap, and per CPU a usage word
 * (generation << 32 | bytes) in dt_spec_cpu; the transitions are those of
 * illumos' dtrace_speculation(), dtrace_speculation_buffer(), _commit()
 * and _discard():
 *
 *   speculation()  INACTIVE -> ACTIVE with the next generation; none
 *                  free: "busy" if one is committing or discarding, else
 *                  "unavailable", each counted for the consumer
 *   speculate()    ACTIVE -> ACTIVEONE, ACTIVEONE -> ACTIVEMANY when a
 *                  second CPU speculates; in any other state the clause's
 *                  record is silently dropped (the clause still runs)
 *   commit()       ACTIVE, ACTIVEONE with data on this CPU -> COMMITTING
 *                  -> INACTIVE at once; ACTIVEONE elsewhere, ACTIVEMANY ->
 *                  COMMITTINGMANY
 *   discard()      ACTIVEONE with data on this CPU -> INACTIVE; ACTIVE,
 *                  ACTIVEONE elsewhere, ACTIVEMANY -> DISCARDING
 *
 * DTrace's cleaner makes COMMITTINGMANY and DISCARDING speculations
 * INACTIVE at the cleaning rate, once every CPU's buffer is copied or
 * cleared.  Here nothing needs copying (speculative records are already
 * in the principal buffers, held by the consumer), so speculation()
 * reclaims such a speculation itself once cleanrate has passed since the
 * commit or discard: until then it is busy, as in DTrace.
 *
 * The record of a speculative clause carries the id, the generation and a
 * sequence number (so the consumer can print a speculation's records from
 * several CPUs in the order they were traced).  Whether the record fits
 * in specsize is decided when it is written, after the clause's last
 * action; one that does not is a speculative drop.  commit() and discard()
 * write a control record at once, with the number of records the
 * speculation holds.
 */
#include "cg.h"
#include "sema/node.h"
#include "base/buf.h"
#include "base/spec.h"

#define JMP32_IMM(op, d, i, o) INSN(BPF_JMP32 | BPF_OP(op) | BPF_K, d, 0, o, i)
#define CMPXCHG64(d, s, o)     INSN(BPF_STX | BPF_DW | BPF_ATOMIC, d, s, o, BPF_CMPXCHG)
#define FETCH_ADD64(d, s, o)   INSN(BPF_STX | BPF_DW | BPF_ATOMIC, d, s, o, BPF_ADD | BPF_FETCH)
#define CAS_TRIES 3		/* compare-and-swap attempts before giving up */
#define UNROLL_MAX 16		/* speculation(): unrolled up to this nspec */

static uint32_t nspec(struct dt_cg *cg)
{
	return (uint32_t)cg->dtp->opt[DTOPT_NSPEC];
}

static int L(struct dt_cg *cg)
{
	return dt_asm_new_label(&cg->a);
}

/* R(dst) = &entry[R(idx)]; idx < nspec as the verifier sees it.
 * Clobbers R(tmp). */
static void entry_addr(struct dt_cg *cg, int dst, int idx, int tmp)
{
	dt_asm_ld_map_value(&cg->a, dst, cg->dtp->specmaps.fd_state, DT_SPEC_ENT);
	emit(cg, MOV64_REG(tmp, idx));
	emit(cg, ALU64_IMM(BPF_LSH, tmp, 5));
	emit(cg, ALU64_REG(BPF_ADD, dst, tmp));
}

/* R8 = id - 1 for the id in R0, faulting with "illegal operation" (as
 * DTrace does) unless 1 <= id <= nspec; the caller handles id 0. */
static void check_id(struct dt_cg *cg)
{
	int ok = L(cg);
	emit(cg, MOV64_REG(R8, R0));
	emit(cg, ALU64_IMM(BPF_SUB, R8, 1));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R8, (int32_t)nspec(cg), 0), ok);
	dt_cg_fault(cg, DTFLT_ILLOP, -1);
	dt_asm_place(&cg->a, ok);
}

/* R0 = the address of this CPU's usage word of speculation R8, or a jump
 * to fail.  Clobbers R1-R5. */
static void cpu_word(struct dt_cg *cg, int fail)
{
	int key = dt_cg_slot_alloc(cg);
	emit(cg, ST_MEM(BPF_DW, R10, key, 0));
	dt_asm_ld_map_fd(&cg->a, R1, cg->dtp->specmaps.fd_cpu);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, key));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	dt_cg_slot_free(cg);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), fail);
	emit(cg, MOV64_REG(R1, R8));
	emit(cg, ALU64_IMM(BPF_LSH, R1, 3));
	emit(cg, ALU64_REG(BPF_ADD, R0, R1));
}

/* Jump to yes if this CPU has traced data to the generation of the state
 * word R4, with R3 this CPU's usage word address.  Clobbers R0, R1, R5. */
static void has_data_here(struct dt_cg *cg, int yes)
{
	int no = L(cg);
	emit(cg, LDX_MEM(BPF_DW, R0, R3, 0));
	emit(cg, MOV64_REG(R1, R0));
	emit(cg, ALU64_IMM(BPF_RSH, R1, 32));
	emit(cg, MOV64_REG(R5, R4));
	emit(cg, ALU64_IMM(BPF_RSH, R5, 32));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JNE, R1, R5, 0), no);
	emit(cg, MOV32_REG(R0, R0));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), yes);
	dt_asm_place(&cg->a, no);
}

/* Replace the state word R4 at R2 by its generation with the state in R1;
 * jump to ok on success (R5 = the new word), fall through if another CPU
 * changed it first.  Clobbers R0. */
static void cas_state(struct dt_cg *cg, int ok)
{
	emit(cg, MOV64_REG(R5, R4));
	emit(cg, ALU64_IMM(BPF_RSH, R5, 32));
	emit(cg, ALU64_IMM(BPF_LSH, R5, 32));
	emit(cg, ALU64_REG(BPF_OR, R5, R1));
	emit(cg, MOV64_REG(R0, R4));
	emit(cg, CMPXCHG64(R2, R5, DT_SPEC_WORD));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JEQ, R0, R4, 0), ok);
}

/*
 * One speculation's turn in speculation(): R1 = its entry.  On success
 * R0 = id (the constant id, or cell 0 + 1 in the loop) and a jump to
 * done; busy marks the busy flag (stack slot, or cell 2 in the loop).
 * In the loop (idx_cell >= 0) the entry is re-derived from cell idx_cell
 * after the helper call.
 */
static void claim_one(struct dt_cg *cg, int id, int idx_cell, int wslot,
    int busy_slot, int done, int next)
{
	int claim = L(cg), maybe = L(cg), busy = L(cg);
	emit(cg, LDX_MEM(BPF_DW, R2, R1, DT_SPEC_WORD));
	emit(cg, MOV32_REG(R3, R2));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R3, DT_SPEC_INACTIVE, 0), claim);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R3, DT_SPEC_COMMITTING, 0), busy);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R3, DT_SPEC_COMMITTINGMANY, 0), maybe);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R3, DT_SPEC_DISCARDING, 0), next);
	/* committing or discarding: reclaimed once cleanrate has passed */
	dt_asm_place(&cg->a, maybe);
	emit(cg, STX_MEM(BPF_DW, R10, R2, wslot));
	emit(cg, CALL_HELPER(BPF_FUNC_ktime_get_ns));
	if (idx_cell >= 0) {
		dt_cg_ld_cell(cg, R3, idx_cell);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R3, (int32_t)nspec(cg), 0), next);
		entry_addr(cg, R1, R3, R4);
	} else {
		dt_asm_ld_map_value(&cg->a, R1, cg->dtp->specmaps.fd_state,
		    DT_SPEC_ENT + (uint32_t)(id - 1) * DT_SPEC_ENTSZ);
	}
	emit(cg, LDX_MEM(BPF_DW, R2, R10, wslot));
	emit(cg, LDX_MEM(BPF_DW, R3, R1, DT_SPEC_TS));
	emit(cg, ALU64_REG(BPF_SUB, R0, R3));
	uint64_t rate = cg->dtp->opt[DTOPT_CLEANRATE];
	if (rate < 200000)
		rate = 200000;			/* 5000 hz */
	if (rate > 60000000000ULL)
		rate = 60000000000ULL;		/* 1/minute */
	dt_asm_ld_imm64(&cg->a, R4, 0, rate);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JLT, R0, R4, 0), busy);
	/* a new generation, active */
	dt_asm_place(&cg->a, claim);
	emit(cg, MOV64_REG(R3, R2));
	emit(cg, ALU64_IMM(BPF_RSH, R3, 32));
	emit(cg, ALU64_IMM(BPF_ADD, R3, 1));
	emit(cg, ALU64_IMM(BPF_LSH, R3, 32));
	emit(cg, ALU64_IMM(BPF_OR, R3, DT_SPEC_ACTIVE));
	emit(cg, MOV64_REG(R0, R2));
	emit(cg, CMPXCHG64(R1, R3, DT_SPEC_WORD));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JNE, R0, R2, 0), next);
	emit(cg, LDX_MEM(BPF_DW, R4, R1, DT_SPEC_SEQ));
	emit(cg, STX_MEM(BPF_DW, R1, R4, DT_SPEC_BASE));
	if (idx_cell >= 0) {
		dt_cg_ld_cell(cg, R0, idx_cell);
		emit(cg, ALU64_IMM(BPF_ADD, R0, 1));
		dt_cg_st_cell(cg, 1, R0);
	} else {
		emit(cg, MOV64_IMM(R0, id));
	}
	dt_asm_jump(&cg->a, JA(0), done);
	dt_asm_place(&cg->a, busy);
	if (idx_cell >= 0)
		dt_cg_st_cell_imm(cg, busy_slot, 1);
	else
		emit(cg, ST_MEM(BPF_DW, R10, busy_slot, 1));
}

/* speculation(): R0 = a free speculation's id, or 0 (counted). */
void dt_cg_speculation(struct dt_cg *cg)
{
	uint32_t n = nspec(cg);
	int done = L(cg), unavail = L(cg), count = L(cg);
	int wslot = dt_cg_slot_alloc(cg), busy = dt_cg_slot_alloc(cg);
	int fd = cg->dtp->specmaps.fd_state;

	if (n <= UNROLL_MAX) {
		emit(cg, ST_MEM(BPF_DW, R10, busy, 0));
		for (uint32_t i = 0; i < n; i++) {
			int next = L(cg);
			dt_asm_ld_map_value(&cg->a, R1, fd, DT_SPEC_ENT + i * DT_SPEC_ENTSZ);
			claim_one(cg, (int)i + 1, -1, wslot, busy, done, next);
			dt_asm_place(&cg->a, next);
		}
		emit(cg, LDX_MEM(BPF_DW, R1, R10, busy));
	} else {
		/* cells: 0 the index, 1 the id found, 2 the busy flag */
		struct dt_loop lp;
		int found = L(cg);
		dt_cg_st_cell_imm(cg, 1, 0);
		dt_cg_st_cell_imm(cg, 2, 0);
		dt_cg_loop_begin(cg, &lp, (int)n);
		int next = L(cg);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, (int32_t)n, 0), next);
		dt_cg_st_cell(cg, 0, R0);
		entry_addr(cg, R1, R0, R2);
		claim_one(cg, 0, 0, wslot, 2, lp.done, next);
		dt_asm_place(&cg->a, next);
		dt_cg_loop_end(cg, &lp);
		dt_cg_ld_cell(cg, R0, 1);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), found);
		dt_cg_ld_cell(cg, R1, 2);
		dt_asm_jump(&cg->a, JA(0), count);
		dt_asm_place(&cg->a, found);
		dt_asm_jump(&cg->a, JA(0), done);
	}
	/* none free: busy if one was committing or discarding */
	dt_asm_place(&cg->a, count);
	dt_asm_ld_map_value(&cg->a, R2, fd, 0);
	emit(cg, MOV64_IMM(R3, 1));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, 0, 0), unavail);
	emit(cg, ATOMIC_ADD64(R2, R3, DT_SPEC_BUSY));
	emit(cg, MOV64_IMM(R0, 0));
	dt_asm_jump(&cg->a, JA(0), done);
	dt_asm_place(&cg->a, unavail);
	emit(cg, ATOMIC_ADD64(R2, R3, DT_SPEC_UNAVAIL));
	emit(cg, MOV64_IMM(R0, 0));
	dt_asm_place(&cg->a, done);
	dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
}

/* speculate(id): the state transition; the record's fields say where the
 * record goes (written by dt_cg_spec_record at the end of the clause). */
void dt_cg_spec_speculate(struct dt_cg *cg, struct dt_node *n)
{
	int foff = DT_MS_BUF + (int)n->action->fields[0].offset;
	int drop = L(cg), done = L(cg), ok = L(cg);

	dt_cg_expr(cg, n->args[0], R0);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), drop);
	check_id(cg);
	cpu_word(cg, drop);
	emit(cg, MOV64_REG(R3, R0));
	entry_addr(cg, R2, R8, R1);
	for (int t = 0; t < CAS_TRIES; t++) {
		int cas = L(cg), many = L(cg);
		emit(cg, LDX_MEM(BPF_DW, R4, R2, DT_SPEC_WORD));
		emit(cg, MOV32_REG(R5, R4));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R5, DT_SPEC_ACTIVEMANY, 0), ok);
		emit(cg, MOV64_IMM(R1, DT_SPEC_ACTIVEONE));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R5, DT_SPEC_ACTIVE, 0), cas);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R5, DT_SPEC_ACTIVEONE, 0), drop);
		/* active on one CPU: this one, or now on several */
		has_data_here(cg, ok);
		dt_asm_place(&cg->a, many);
		emit(cg, MOV64_IMM(R1, DT_SPEC_ACTIVEMANY));
		dt_asm_place(&cg->a, cas);
		cas_state(cg, ok);
	}
	dt_asm_jump(&cg->a, JA(0), drop);
	dt_asm_place(&cg->a, ok);
	emit(cg, MOV64_REG(R1, R8));
	emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
	emit(cg, STX_MEM(BPF_W, R9, R1, (int16_t)foff));
	emit(cg, MOV64_REG(R1, R4));
	emit(cg, ALU64_IMM(BPF_RSH, R1, 32));
	emit(cg, STX_MEM(BPF_W, R9, R1, (int16_t)(foff + 4)));
	dt_asm_jump(&cg->a, JA(0), done);
	dt_asm_place(&cg->a, drop);
	emit(cg, ST_MEM(BPF_W, R9, (int16_t)foff, 0));
	dt_asm_place(&cg->a, done);
}

/* commit(id), discard(id): the transition, then the control record. */
void dt_cg_spec_commit(struct dt_cg *cg, struct dt_node *n)
{
	int commit = n->func == DT_F_COMMIT;
	int done = L(cg), ok = L(cg);
	int ts = dt_cg_slot_alloc(cg), nw = dt_cg_slot_alloc(cg);

	dt_cg_expr(cg, n->args[0], R0);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
	check_id(cg);
	emit(cg, CALL_HELPER(BPF_FUNC_ktime_get_ns));
	emit(cg, STX_MEM(BPF_DW, R10, R0, ts));
	cpu_word(cg, done);
	emit(cg, MOV64_REG(R3, R0));
	entry_addr(cg, R2, R8, R1);
	int here = commit ? DT_SPEC_COMMITTING : DT_SPEC_INACTIVE;
	int many = commit ? DT_SPEC_COMMITTINGMANY : DT_SPEC_DISCARDING;
	for (int t = 0; t < CAS_TRIES; t++) {
		int cas = L(cg), yes = L(cg), other = L(cg);
		emit(cg, LDX_MEM(BPF_DW, R4, R2, DT_SPEC_WORD));
		emit(cg, MOV32_REG(R5, R4));
		emit(cg, MOV64_IMM(R1, commit ? DT_SPEC_COMMITTING : DT_SPEC_DISCARDING));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R5, DT_SPEC_ACTIVE, 0), cas);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R5, DT_SPEC_ACTIVEMANY, 0), other);
		/* inactive, committing or discarding: nothing to do */
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R5, DT_SPEC_ACTIVEONE, 0), done);
		has_data_here(cg, yes);
		dt_asm_place(&cg->a, other);
		emit(cg, MOV64_IMM(R1, many));
		dt_asm_jump(&cg->a, JA(0), cas);
		dt_asm_place(&cg->a, yes);
		emit(cg, MOV64_IMM(R1, here));
		dt_asm_place(&cg->a, cas);
		/* when it became busy, for cleanrate */
		emit(cg, LDX_MEM(BPF_DW, R0, R10, ts));
		emit(cg, STX_MEM(BPF_DW, R2, R0, DT_SPEC_TS));
		cas_state(cg, ok);
	}
	dt_asm_jump(&cg->a, JA(0), done);

	/* the control record: op, id, generation, records traced to it */
	dt_asm_place(&cg->a, ok);
	emit(cg, STX_MEM(BPF_DW, R10, R5, nw));
	int t = dt_cg_stmp_alloc(cg);
	emit(cg, ST_MEM(BPF_W, R9, (int16_t)t, (int32_t)DT_EPID_SPECCTL));
	emit(cg, ST_MEM(BPF_W, R9, (int16_t)(t + 4), (commit ? DT_SPECCTL_COMMIT : DT_SPECCTL_DISCARD) |
	    (cg->probe->id == DT_PROBE_BEGIN ? DT_SPECCTL_BEGIN : 0)));
	emit(cg, MOV64_REG(R1, R8));
	emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
	emit(cg, STX_MEM(BPF_W, R9, R1, (int16_t)(t + 8)));
	emit(cg, MOV64_REG(R1, R4));
	emit(cg, ALU64_IMM(BPF_RSH, R1, 32));
	emit(cg, STX_MEM(BPF_W, R9, R1, (int16_t)(t + 12)));
	emit(cg, LDX_MEM(BPF_DW, R1, R2, DT_SPEC_SEQ));
	emit(cg, LDX_MEM(BPF_DW, R0, R2, DT_SPEC_BASE));
	emit(cg, ALU64_REG(BPF_SUB, R1, R0));
	emit(cg, STX_MEM(BPF_DW, R9, R1, (int16_t)(t + 16)));
	/* the buffer policy accounts for it as for any record (fill: a full
	 * CPU takes no more; switch/ring: a refused write is a drop) */
	int written = dt_asm_new_label(&cg->a);
	if (!dt_cg_buf_reserve(cg, DT_SPECCTL_SIZE, written)) {
		emit(cg, MOV64_REG(R1, R6));
		dt_asm_ld_map_fd(&cg->a, R2, cg->dtp->fd_buffers);
		emit(cg, INSN(BPF_ALU | BPF_MOV | BPF_K, R3, 0, 0, -1));	/* BPF_F_CURRENT_CPU */
		emit(cg, MOV64_REG(R4, R9));
		emit(cg, ALU64_IMM(BPF_ADD, R4, t));
		emit(cg, MOV64_IMM(R5, DT_SPECCTL_SIZE));
		emit(cg, CALL_HELPER(BPF_FUNC_perf_event_output));
		dt_cg_buf_written(cg, DT_SPECCTL_SIZE, written);
	}
	dt_asm_place(&cg->a, written);
	dt_cg_stmp_free(cg);
	if (commit) {
		/* committed here only: free again, as DTrace does */
		emit(cg, LDX_MEM(BPF_DW, R5, R10, nw));
		emit(cg, MOV32_REG(R1, R5));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R1, DT_SPEC_COMMITTING, 0), done);
		emit(cg, ALU64_IMM(BPF_RSH, R5, 32));
		emit(cg, ALU64_IMM(BPF_LSH, R5, 32));
		entry_addr(cg, R2, R8, R1);
		emit(cg, STX_MEM(BPF_DW, R2, R5, DT_SPEC_WORD));
	}
	dt_asm_place(&cg->a, done);
	dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
}

int dt_cg_spec_silent(const struct dt_stmt *st)
{
	if (st->nactions == 0)
		return 0;
	for (int i = 0; i < st->nactions; i++)
		if (st->actions[i].kind != DT_ACT_COMMIT && st->actions[i].kind != DT_ACT_DISCARD)
			return 0;
	return 1;
}

void dt_cg_spec_init(struct dt_cg *cg, const struct dt_stmt *st)
{
	if (!st->spec_act)
		return;
	const struct dt_action *a = &st->actions[st->spec_act - 1];
	if (a->cond)	/* may not run: the record is an ordinary one then */
		emit(cg, ST_MEM(BPF_W, R9, (int16_t)(DT_MS_BUF + a->fields[0].offset), -1));
}

int dt_cg_spec_record(struct dt_cg *cg, const struct dt_stmt *st)
{
	if (!st->spec_act)
		return -1;
	const struct dt_action *a = &st->actions[st->spec_act - 1];
	int foff = DT_MS_BUF + (int)a->fields[0].offset;
	int soff = DT_MS_BUF + (int)a->fields[1].offset;
	int skip = L(cg), out = L(cg), same = L(cg), charge = L(cg), fits = L(cg);
	/* bytes charged to specsize: the record less the speculation fields */
	uint32_t size = st->recsize - 16;

	emit(cg, LDX_MEM(BPF_W, R1, R9, (int16_t)foff));
	dt_asm_jump(&cg->a, JMP32_IMM(BPF_JEQ, R1, -1, 0), out);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, 0, 0), skip);
	emit(cg, MOV64_REG(R8, R1));
	emit(cg, ALU64_IMM(BPF_SUB, R8, 1));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R8, (int32_t)nspec(cg), 0), skip);
	cpu_word(cg, skip);
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, LDX_MEM(BPF_DW, R4, R3, 0));
	emit(cg, LDX_MEM(BPF_W, R5, R9, (int16_t)(foff + 4)));
	emit(cg, MOV64_REG(R1, R4));
	emit(cg, ALU64_IMM(BPF_RSH, R1, 32));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JEQ, R1, R5, 0), same);
	emit(cg, MOV64_IMM(R4, 0));		/* first record of this generation */
	dt_asm_jump(&cg->a, JA(0), charge);
	dt_asm_place(&cg->a, same);
	emit(cg, MOV32_REG(R4, R4));
	dt_asm_place(&cg->a, charge);
	emit(cg, ALU64_IMM(BPF_ADD, R4, (int32_t)size));
	dt_asm_ld_imm64(&cg->a, R1, 0, cg->dtp->opt[DTOPT_SPECSIZE]);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JLE, R4, R1, 0), fits);
	/* does not fit in specsize: a speculative drop */
	dt_asm_ld_map_value(&cg->a, R1, cg->dtp->specmaps.fd_state, 0);
	emit(cg, MOV64_IMM(R2, 1));
	emit(cg, ATOMIC_ADD64(R1, R2, DT_SPEC_DROPS));
	dt_asm_jump(&cg->a, JA(0), skip);
	dt_asm_place(&cg->a, fits);
	emit(cg, ALU64_IMM(BPF_LSH, R5, 32));
	emit(cg, ALU64_REG(BPF_OR, R5, R4));
	emit(cg, STX_MEM(BPF_DW, R3, R5, 0));
	entry_addr(cg, R2, R8, R1);
	emit(cg, MOV64_IMM(R1, 1));
	emit(cg, FETCH_ADD64(R2, R1, DT_SPEC_SEQ));
	emit(cg, STX_MEM(BPF_DW, R9, R1, (int16_t)soff));
	dt_asm_place(&cg->a, out);
	return skip;
}
