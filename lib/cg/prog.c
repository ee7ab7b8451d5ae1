/*
 * prog.c - one BPF program per enabled probe.
 *
 * Layout of a program:
 *   trampoline  activity check, scratch lookup, probe id and arguments
 *               into the mstate frame
 *   clauses     each clause enabled on the probe, in program order:
 *               predicate, actions, record commit; then its error stub
 *   epilogue    BEGIN marks tracing active, END marks it stopped
 * A fault jumps to the clause's error stub, which writes the internal
 * ERROR record (EPID 1, what the consumer reports as "error on enabled
 * probe ID ..."), runs the user's ERROR clauses in a second mstate frame
 * and continues with the next clause.
 *
 * Probes of a group (struct dt_cg_group, prov.h's prog_class) share one
 * program: the trampoline stores the attach cookie (the probe's id and
 * index in the group) in the frame, and what differs between the probes
 * is computed from it where a single probe's program has a constant: the
 * EPIDs (dt_cg_epid), probeprov and the like (cg/str.c).  A group of one
 * is built exactly as a single probe's program.
 *
 * Two cheaper builds follow the first when they can (dt_cg_group): lean,
 * when no clause touches the frame (no scratch lookup, no argument copy,
 * no cookie), and, for a shared program whose clauses never read the
 * cookie (struct dt_cg's uses_cookie) and whose provider's cg_args does
 * not either (DT_PROVF_COOKIE), one without the bpf_get_attach_cookie
 * call: e.g. `@[ufunc(uregs[R_PC])] = count()` on many pid probes.
 */
#include <stdarg.h>
#include <string.h>
#include <unistd.h>
#include "cg.h"
#include "base/buf.h"
#include "sema/node.h"
#include "base/spec.h"

static void clause(struct dt_cg *cg, struct dt_stmt *st, uint32_t epid);

static void commit(struct dt_cg *cg, int buf_reg, uint32_t size)
{
	int skip = dt_asm_new_label(&cg->a);
	if (dt_cg_buf_reserve(cg, size, skip)) {	/* the buffer policy's checks */
		dt_asm_place(&cg->a, skip);	/* never fits: only a drop */
		return;
	}
	/* R5: size, less the unused end of a user stack window (cg/ustack.c)
	 * or of the strings (cg/strtail.c) */
	dt_cg_rec_size(cg, buf_reg == R9 ? cg->stmt : NULL, size);
	emit(cg, MOV64_REG(R1, R6));
	dt_asm_ld_map_fd(&cg->a, R2, cg->dtp->fd_buffers);
	emit(cg, INSN(BPF_ALU | BPF_MOV | BPF_K, R3, 0, 0, -1));	/* BPF_F_CURRENT_CPU */
	emit(cg, MOV64_REG(R4, buf_reg));
	emit(cg, ALU64_IMM(BPF_ADD, R4, DT_MS_BUF));
	emit(cg, CALL_HELPER(BPF_FUNC_perf_event_output));
	dt_cg_buf_written(cg, size, skip);
	dt_asm_place(&cg->a, skip);
}

/*
 * frame: header | record | loop cells | stack buffer | scratch space |
 * string temporaries | dynamic variable key | value | this-> variables |
 * strtok state | whole-struct build area.
 * The small fixed-size parts come first so that their offsets fit a BPF
 * instruction's 16 bits whatever strsize is (cg/subr.c addresses the
 * stack buffer directly); the parts that grow with strsize follow and are
 * addressed through cg/frame.c.
 * String areas are 2 * DT_STRAREA so that a copy to a bounded variable
 * offset with a bounded length stays inside them as far as the verifier
 * can tell; the map has the same slack after the last frame.
 */
static uint32_t rec_area(dtrace_hdl_t *dtp)
{
	uint32_t rec = dtp->maxrec < 48 ? 48 : dtp->maxrec;
	return (rec + 7) & ~7u;
}

/* a dynamic variable key: header and the largest tuple */
static uint32_t dvar_key(dtrace_hdl_t *dtp)
{
	return dtp->ndvars ? DT_DV_KEYHDR + ((dtp->dv_tuple + 7) & ~7u) : 0;
}

/* dynamic variable keys and aggregation keys are built here */
static uint32_t key_area(dtrace_hdl_t *dtp)
{
	uint32_t k = dvar_key(dtp), a = (dtp->agg_tuple + 7) & ~7u;
	return k > a ? k : a;
}

/* dynamic variable values and new aggregation entries */
static uint32_t val_area(dtrace_hdl_t *dtp)
{
	uint32_t v = dtp->dv_valsize > 8 ? dtp->dv_valsize : 8;
	return v > dtp->agg_valsize ? v : dtp->agg_valsize;
}

static uint32_t strtok_area(dtrace_hdl_t *dtp)
{
	/* buffer, position, 32-byte delimiter map */
	return dtp->uses_strtok ? 2 * DT_STRAREA(dtp) + 8 + 32 : 0;
}

static uint32_t scratch_area(dtrace_hdl_t *dtp)
{
	/* bump offset, then the space (twice: bounded offset + length) */
	return dtp->uses_scratch ? 8 + 2 * (uint32_t)DT_SCRATCH(dtp) : 0;
}

/* a string temporary: twice a string, and room for lltostr's digits */
static uint32_t tmp_area(dtrace_hdl_t *dtp)
{
	uint32_t t = 2 * DT_STRAREA(dtp);
	return t < 160 ? 160 : t;
}

/* bpf_get_stack()'s buffer, only if a clause uses a stack built-in */
static uint32_t stack_area(dtrace_hdl_t *dtp)
{
	uint32_t n = DT_MAXFRAMES(dtp) < 3 ? 3 : (uint32_t)DT_MAXFRAMES(dtp);
	return dtp->uses_stack ? 8 * n : 0;
}

int dt_cg_cell(dtrace_hdl_t *dtp, int k)
{
	return (int)(DT_MS_BUF + rec_area(dtp)) + 8 * k;
}

int dt_cg_stack(dtrace_hdl_t *dtp)
{
	return dt_cg_cell(dtp, DT_NCELLS);
}

int dt_cg_scratch(dtrace_hdl_t *dtp)
{
	return dt_cg_stack(dtp) + (int)stack_area(dtp);
}

int dt_cg_tmp(dtrace_hdl_t *dtp, int k)
{
	return dt_cg_scratch(dtp) + (int)scratch_area(dtp) + k * (int)tmp_area(dtp);
}

int dt_cg_key(dtrace_hdl_t *dtp)
{
	return dt_cg_tmp(dtp, DT_NSTRTMP);
}

int dt_cg_val(dtrace_hdl_t *dtp)
{
	return dt_cg_key(dtp) + (int)key_area(dtp);
}

int dt_cg_this(dtrace_hdl_t *dtp, uint32_t off)
{
	return dt_cg_val(dtp) + (int)val_area(dtp) + (int)off;
}

int dt_cg_strtok(dtrace_hdl_t *dtp)
{
	return dt_cg_this(dtp, dtp->this_size);
}

/* where a whole struct (a translation) is built before it is copied
 * into the variable assigned */
int dt_cg_sou(dtrace_hdl_t *dtp)
{
	return dt_cg_strtok(dtp) + (int)strtok_area(dtp);
}

static uint32_t frame_size(dtrace_hdl_t *dtp)
{
	return (uint32_t)dt_cg_sou(dtp) + ((dtp->sou_size + 7) & ~7u);
}

int dt_cg_frame_off(const struct dt_cg *cg)
{
	return cg->in_error ? (int)frame_size(cg->dtp) : 0;
}

uint32_t dt_cg_key_size(dtrace_hdl_t *dtp)
{
	return dvar_key(dtp);
}

/* The error stub of the clause with the given EPID. */
static void error_stub(struct dt_cg *cg, uint32_t epid)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int fr = (int)frame_size(dtp);

	if (cg->in_error) {
		/* a fault in an ERROR clause: no record, no recursion; dtrace
		 * counts it ("N errors in ERROR probe enabling") */
		dt_asm_ld_map_value(&cg->a, R1, dtp->fd_globals, 0);
		emit(cg, MOV64_IMM(R2, 1));
		emit(cg, ATOMIC_ADD64(R1, R2, DT_G_DBLERRS));
		return;
	}
	/* internal ERROR record in the ERROR frame: epid 1, then the fault */
	emit(cg, MOV64_REG(R8, R7));
	emit(cg, ALU64_IMM(BPF_ADD, R8, fr));
	emit(cg, ST_MEM(BPF_W, R8, DT_MS_BUF, DT_EPID_ERROR));
	emit(cg, ST_MEM(BPF_W, R8, DT_MS_BUF + 4, 0));
	if (dt_cg_shared(cg)) {
		dt_cg_epid(cg, R1);
		emit(cg, STX_MEM(BPF_DW, R8, R1, DT_MS_BUF + 8));
	} else {
		emit(cg, ST_MEM(BPF_DW, R8, DT_MS_BUF + 8, (int32_t)epid));
	}
	static const int src[4] = { DT_MS_FACT, DT_MS_FPC, DT_MS_FAULT, DT_MS_FADDR };
	for (int i = 0; i < 4; i++) {
		emit(cg, LDX_MEM(BPF_DW, R1, R9, src[i]));
		emit(cg, STX_MEM(BPF_DW, R8, R1, DT_MS_BUF + 16 + 8 * i));
		/* ERROR's arguments: arg1 epid, arg2 action, arg3 pc, arg4 fault, arg5 addr */
		emit(cg, STX_MEM(BPF_DW, R8, R1, DT_MS_ARGS + 16 + 8 * i));
	}
	commit(cg, R8, DT_BUF_ERRREC);
	if (dtp->nerr_stmts == 0)
		return;

	/* run the user's ERROR clauses in the ERROR frame */
	struct dt_probe *ep = dtp->probes[DT_PROBE_ERROR - 1];
	emit(cg, ST_MEM(BPF_DW, R8, DT_MS_PRID, DT_PROBE_ERROR));
	emit(cg, ST_MEM(BPF_DW, R8, DT_MS_ARGS, 0));
	if (dt_cg_shared(cg)) {
		dt_cg_epid(cg, R1);
		emit(cg, STX_MEM(BPF_DW, R8, R1, DT_MS_ARGS + 8));
	} else {
		emit(cg, ST_MEM(BPF_DW, R8, DT_MS_ARGS + 8, (int32_t)epid));
	}
	for (int i = 6; i < 10; i++)
		emit(cg, ST_MEM(BPF_DW, R8, DT_MS_ARGS + 8 * i, 0));
	emit(cg, MOV64_REG(R9, R8));
	struct dt_cg save = *cg;
	cg->in_error = 1;
	for (int i = 0; i < ep->nclauses; i++)
		clause(cg, ep->clauses[i], ep->epids[i]);
	save.a = cg->a;
	save.failed = cg->failed;
	save.errtag = cg->errtag;
	memcpy(save.errmsg, cg->errmsg, sizeof(save.errmsg));
	save.maxslots = cg->maxslots;
	save.uses_cookie |= cg->uses_cookie;
	*cg = save;
	emit(cg, MOV64_REG(R9, R7));
}

/* In a shared program the EPID is the leader's plus the probe's index,
 * the cookie's high half in frame 0 (R7: the error stub runs in the
 * ERROR frame). */
void dt_cg_epid(struct dt_cg *cg, int reg)
{
	if (!dt_cg_shared(cg)) {
		emit(cg, MOV64_IMM(reg, (int32_t)cg->epid));
		return;
	}
	cg->uses_cookie = 1;
	emit(cg, LDX_MEM(BPF_W, reg, R7, DT_MS_GIDX));
	emit(cg, ALU64_IMM(BPF_ADD, reg, (int32_t)cg->epid));
}

void dt_cg_fail(struct dt_cg *cg, enum dt_errtag tag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cg->errmsg, sizeof(cg->errmsg), fmt, ap);
	va_end(ap);
	cg->failed = 1;
	cg->errtag = tag;
}

static void clause(struct dt_cg *cg, struct dt_stmt *st, uint32_t epid)
{
	int save_next = cg->lbl_next, save_err = cg->lbl_err;
	uint32_t save_epid = cg->epid;
	int save_faults = cg->faults;

	cg->stmt = st;
	cg->epid = epid;
	cg->lbl_next = dt_asm_new_label(&cg->a);
	cg->lbl_err = dt_asm_new_label(&cg->a);
	cg->faults = 0;
	cg->has_exit = 0;
	cg->action = 0;
	if (cg->dtp->uses_scratch)	/* alloca() space is per clause */
		dt_cg_fst_imm(cg, BPF_DW, dt_cg_scratch(cg->dtp), 0);
	int record = dt_cg_stmt_records(cg->dtp, st);
	/* the buffer policy: may the clause run? */
	if (record && dt_cg_buf_clause(cg, st->recsize, cg->lbl_next)) {
		dt_asm_place(&cg->a, cg->lbl_err);	/* never fits: only a drop */
		goto next;
	}
	if (st->pred) {
		dt_cg_expr(cg, st->pred, R0);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), cg->lbl_next);
	}
	if (cg->dtp->fd_upids > 0 && dt_cg_stmt_ustack(st))
		dt_cg_upid(cg);		/* its process's mappings read soon */
	if (record && dt_cg_shared(cg)) {
		dt_cg_epid(cg, R1);
		emit(cg, STX_MEM(BPF_W, R9, R1, DT_MS_BUF));
		emit(cg, ST_MEM(BPF_W, R9, DT_MS_BUF + 4, 0));
		dt_cg_spec_init(cg, st);
	} else if (record) {
		emit(cg, ST_MEM(BPF_W, R9, DT_MS_BUF, (int32_t)epid));
		emit(cg, ST_MEM(BPF_W, R9, DT_MS_BUF + 4, 0));
		dt_cg_spec_init(cg, st);
	}
	dt_cg_stmt_list(cg, st->body);
	if (record) {
		int dropped = dt_cg_spec_record(cg, st);	/* speculative clause */
		commit(cg, R9, st->recsize);
		if (dropped >= 0)
			dt_asm_place(&cg->a, dropped);
	}
	if (cg->faults) {
		dt_asm_jump(&cg->a, JA(0), cg->lbl_next);
		dt_asm_place(&cg->a, cg->lbl_err);
		error_stub(cg, epid);
	} else {
		dt_asm_place(&cg->a, cg->lbl_err);
	}
next:
	dt_asm_place(&cg->a, cg->lbl_next);
	if (cg->has_exit && cg->probe->id != DT_PROBE_END && !cg->in_error) {
		/* after exit() no further clause of this firing runs */
		dt_asm_ld_map_value(&cg->a, R1, cg->dtp->fd_globals, 0);
		emit(cg, LDX_MEM(BPF_DW, R1, R1, DT_G_STATE));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, DT_ST_DRAINING, 0), cg->lbl_out);
	}
	cg->lbl_next = save_next;
	cg->lbl_err = save_err;
	cg->epid = save_epid;
	cg->faults = save_faults;
}

/* what gen() builds */
#define GEN_LEAN	0x1	/* no frame: the clauses never touch it */
#define GEN_COOKIE	0x2	/* a shared program stores its cookie */

/*
 * GEN_LEAN: the clauses never touch the mstate frame (e.g. `{ n++; }`),
 * so the trampoline skips the scratch lookup and the argument copy.
 * Without GEN_COOKIE a shared program does not store its attach cookie
 * (nothing reads it).  *cookie: whether the code read it.
 */
static int gen(dtrace_hdl_t *dtp, struct dt_cg_group *g, struct dt_asm *out,
    int how, int *body_start, int *cookie)
{
	struct dt_probe *p = g->probes[0];
	struct dt_cg cg;
	memset(&cg, 0, sizeof(cg));
	cg.dtp = dtp;
	cg.probe = p;
	cg.group = g;
	dt_asm_init(&cg.a);
	int lout = dt_asm_new_label(&cg.a);
	int lepi = dt_asm_new_label(&cg.a);
	cg.lbl_out = lepi;

	emit(&cg, MOV64_REG(R6, R1));
	/* a hit the probe does not fire on leaves at once (the provider's
	 * error, if it cannot say, is its own) */
	if (p->ops->cg_filter && p->ops->cg_filter(dtp, &cg.a, p, lout) < 0) {
		dt_asm_free(&cg.a);
		return -1;
	}
	/* -x cpu: only that CPU traces (BEGIN and END, which dtrace fires
	 * itself, run wherever it runs) */
	if (dtp->optset[DTOPT_CPU] && p->id != DT_PROBE_BEGIN && p->id != DT_PROBE_END) {
		emit(&cg, CALL_HELPER(BPF_FUNC_get_smp_processor_id));
		dt_asm_jump(&cg.a, JMP_IMM(BPF_JNE, R0, (int32_t)dtp->opt[DTOPT_CPU], 0), lout);
	}
	dt_asm_ld_map_value(&cg.a, R1, dtp->fd_globals, 0);
	emit(&cg, LDX_MEM(BPF_DW, R2, R1, DT_G_STATE));
	if (p->id == DT_PROBE_BEGIN) {
		dt_asm_jump(&cg.a, JMP_IMM(BPF_JNE, R2, DT_ST_INACTIVE, 0), lout);
	} else if (p->id == DT_PROBE_END) {
		dt_asm_jump(&cg.a, JMP_IMM(BPF_JEQ, R2, DT_ST_STOPPED, 0), lout);
		emit(&cg, ST_MEM(BPF_DW, R1, DT_G_STATE, DT_ST_DRAINING));
	} else {
		dt_asm_jump(&cg.a, JMP_IMM(BPF_JNE, R2, DT_ST_ACTIVE, 0), lout);
	}
	if (how & GEN_LEAN)
		goto body;
	/* the frames of this CPU: the one per-CPU value, or (frames too
	 * large for a per-CPU value) the array entry of this CPU's number;
	 * either way the program runs on one CPU to the end */
	if (dtp->scratch_percpu) {
		emit(&cg, ST_MEM(BPF_W, R10, -8, 0));
	} else {
		emit(&cg, CALL_HELPER(BPF_FUNC_get_smp_processor_id));
		emit(&cg, STX_MEM(BPF_W, R10, R0, -8));
	}
	dt_asm_ld_map_fd(&cg.a, R1, dtp->fd_scratch);
	emit(&cg, MOV64_REG(R2, R10));
	emit(&cg, ALU64_IMM(BPF_ADD, R2, -8));
	emit(&cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(&cg.a, JMP_IMM(BPF_JEQ, R0, 0, 0), lout);
	emit(&cg, MOV64_REG(R7, R0));
	emit(&cg, MOV64_REG(R9, R0));
	if (g->n > 1 && (how & GEN_COOKIE)) {	/* the probe's id and index */
		emit(&cg, MOV64_REG(R1, R6));
		emit(&cg, CALL_HELPER(BPF_FUNC_get_attach_cookie));
		emit(&cg, STX_MEM(BPF_DW, R9, R0, DT_MS_PRID));
	} else if (g->n == 1) {
		emit(&cg, ST_MEM(BPF_DW, R9, DT_MS_PRID, (int32_t)p->id));
	}
	if (dtp->uses_timestamp) {
		emit(&cg, CALL_HELPER(BPF_FUNC_ktime_get_ns));
		emit(&cg, STX_MEM(BPF_DW, R9, R0, DT_MS_TS));
	}
	if (dtp->uses_errno)
		emit(&cg, ST_MEM(BPF_DW, R9, DT_MS_ERRNO, 0));
	/* this-> variables start each probe firing at 0 (or "") */
	for (struct dt_dvar *v = dtp->dvars; v; v = v->next)
		if (v->kind == DT_DV_THIS)
			dt_cg_fst_imm(&cg, BPF_DW, dt_cg_this(dtp, v->this_off), 0);
	if (dtp->uses_strtok)		/* no saved strtok() string */
		dt_cg_fst_imm(&cg, BPF_DW, dt_cg_strtok(dtp) + 2 * (int)DT_STRAREA(dtp), -1);
	int nargs = 0;
	for (int i = 0; i < p->nclauses; i++)
		if (p->clauses[i]->uses_args > nargs)
			nargs = p->clauses[i]->uses_args;
	if (p->ops->cg_args(dtp, &cg.a, p, nargs) < 0) {
		dt_asm_free(&cg.a);
		return dt_set_err(dtp, "cannot fetch arguments of %s:%s:%s:%s",
		    p->prov, p->mod, p->func, p->name);
	}
body:
	*body_start = cg.a.n;
	if (p->id == DT_PROBE_BEGIN || p->id == DT_PROBE_END)
		dt_cg_buf_fired(&cg);	/* fill and ring: note the CPU */
	int toofar = -1;	/* the first clause ending past a jump's reach */
	for (int i = 0; i < p->nclauses && !cg.failed; i++) {
		clause(&cg, p->clauses[i], p->epids[i]);
		if (toofar < 0 && cg.a.n > DT_ASM_REACH)
			toofar = i;
	}

	dt_asm_place(&cg.a, lepi);
	if (p->id == DT_PROBE_BEGIN) {
		dt_asm_ld_map_value(&cg.a, R1, dtp->fd_globals, 0);
		emit(&cg, LDX_MEM(BPF_DW, R2, R1, DT_G_STATE));
		dt_asm_jump(&cg.a, JMP_IMM(BPF_JNE, R2, DT_ST_INACTIVE, 0), lout);
		emit(&cg, ST_MEM(BPF_DW, R1, DT_G_STATE, DT_ST_ACTIVE));
	} else if (p->id == DT_PROBE_END) {
		dt_asm_ld_map_value(&cg.a, R1, dtp->fd_globals, 0);
		emit(&cg, ST_MEM(BPF_DW, R1, DT_G_STATE, DT_ST_STOPPED));
	}
	dt_asm_place(&cg.a, lout);
	emit(&cg, MOV64_IMM(R0, 0));
	emit(&cg, EXIT_INSN());

	if (!cg.failed && dtp->uses_stack &&
	    dt_cg_stack(dtp) + (int)stack_area(dtp) > INT16_MAX) {
		dt_cg_fail(&cg, D_NOREG, "records of %u bytes are too large "
		    "for stack built-ins: reduce strsize or the number of traced strings",
		    dtp->maxrec);
	}
	if (cg.failed) {
		dt_asm_free(&cg.a);
		if (dtp->opt[DTOPT_ERRTAGS])
			return dt_set_err(dtp, "[%s] %s", dt_errtag_name(cg.errtag), cg.errmsg);
		return dt_set_err(dtp, "%s", cg.errmsg);
	}
	int fin = dt_asm_finish(&cg.a);
	if (fin < 0) {
		dt_asm_free(&cg.a);
		if (fin == DT_ASM_TOOFAR && p->nclauses > 0) {
			/* the probe's checks jump over every clause to its end */
			const struct dt_stmt *st = p->clauses[toofar < 0 ? p->nclauses - 1 : toofar];
			return dt_set_err(dtp, "program for %s:%s:%s:%s is too large: "
			    "clause %d of %d (%s, line %d) ends past the %d instructions "
			    "a BPF jump can span", p->prov, p->mod, p->func, p->name,
			    (toofar < 0 ? p->nclauses - 1 : toofar) + 1, p->nclauses,
			    st->pdesc_text, st->line, DT_ASM_REACH);
		}
		return dt_set_err(dtp, "program for %s:%s:%s:%s is too large",
		    p->prov, p->mod, p->func, p->name);
	}
	*out = cg.a;
	*cookie = cg.uses_cookie;
	return 0;
}

/* a load from the frame's DT_MS_PRID (the cookie) from start on: what
 * uses_cookie says, checked again on the code (cg_args's too) in case
 * a reader did not say */
static int loads_cookie(const struct dt_asm *a, int start)
{
	for (int i = start; i < a->n; i++) {
		const struct bpf_insn *in = &a->insns[i];
		if (BPF_CLASS(in->code) == BPF_LDX && (in->src_reg == R7 || in->src_reg == R9) &&
		    in->off >= DT_MS_PRID && in->off < DT_MS_PRID + 8)
			return 1;
		if (in->code == (BPF_LD | BPF_DW | BPF_IMM))
			i++;
	}
	return 0;
}

int dt_cg_group(dtrace_hdl_t *dtp, struct dt_cg_group *g, struct dt_asm *out)
{
	int start, cookie;
	if (gen(dtp, g, out, GEN_COOKIE, &start, &cookie) < 0)
		return -1;
	for (int i = start; i < out->n; i++) {
		const struct bpf_insn *in = &out->insns[i];
		if (in->dst_reg == R7 || in->src_reg == R7 ||
		    in->dst_reg == R9 || in->src_reg == R9) {
			/* the frame is used; the cookie too? */
			if (g->n < 2 || cookie || loads_cookie(out, 0) ||
			    (g->probes[0]->ops->flags & DT_PROVF_COOKIE))
				return 0;
			dt_asm_free(out);
			return gen(dtp, g, out, 0, &start, &cookie);
		}
		if (in->code == (BPF_LD | BPF_DW | BPF_IMM))
			i++;
	}
	dt_asm_free(out);
	return gen(dtp, g, out, GEN_LEAN, &start, &cookie);
}

int dt_cg_probe(dtrace_hdl_t *dtp, struct dt_probe *p, struct dt_asm *out)
{
	struct dt_cg_group g = { .probes = &p, .n = 1, .strfd = -1 };
	return dt_cg_group(dtp, &g, out);
}

uint32_t dt_cg_scratch_size(dtrace_hdl_t *dtp)
{
	return 2 * frame_size(dtp) + 2 * DT_STRAREA(dtp);
}
