/*
 * prog.c - one BPF program per enabled probe.
 *
 * Layout of a program:
 *   trampoline  activity check, scratch lookup, probe id and arguments
 *               into the mstate frame
 *   clauses     each clause enabled on the probe, in program order:
 *               predicate, actions, record commit; then its error stub
 *   epilogue    BEGIN marks tracing active, END marks it stopped
 * (a program too large for one BPF program: in parts that tail-call each
 * other, see gen's GEN_FAR)
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
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cg.h"
#include "base/buf.h"
#include "sema/node.h"
#include "base/spec.h"
#include "kernel/bpfmap.h"

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
		if (cg->far) {	/* an exit of its own (see gen's GEN_FAR) */
			emit(cg, JMP_IMM(BPF_JNE, R1, DT_ST_DRAINING, 2));
			emit(cg, MOV64_IMM(R0, 0));
			emit(cg, EXIT_INSN());
		} else {
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, DT_ST_DRAINING, 0), cg->lbl_out);
		}
	}
	cg->lbl_next = save_next;
	cg->lbl_err = save_err;
	cg->epid = save_epid;
	cg->faults = save_faults;
}

/* what gen() builds */
#define GEN_LEAN	0x1	/* no frame: the clauses never touch it */
#define GEN_COOKIE	0x2	/* a shared program stores its cookie */
#define GEN_FAR		0x4	/* in tail-called parts (see gen) */

/*
 * A part ends before the clause that would take it past its share of
 * the instructions or conditional jumps (the whole program's over 28
 * parts, leaving room), but not smaller than PART_INSNS/PART_BRANCHES
 * nor with more jumps than PART_MAXBR: the verifier keeps at most 8192
 * pending branches (BPF_COMPLEXITY_LIMIT_JMP_SEQ; each conditional jump
 * a firing passes can leave one), and its time grows with the square
 * of a program's size (each instruction it patches copies the program),
 * so parts as small as the chain allows load fastest.
 */
#define PART_SHARE	28
#define PART_INSNS	8000
#define PART_BRANCHES	1500
#define PART_MAXBR	6000

/* lepi: BEGIN marks tracing active, END marks it stopped; lout: leave */
static void epilogue(struct dt_cg *cg, int lepi, int lout)
{
	dtrace_hdl_t *dtp = cg->dtp;
	struct dt_probe *p = cg->probe;

	dt_asm_place(&cg->a, lepi);
	if (p->id == DT_PROBE_BEGIN) {
		dt_asm_ld_map_value(&cg->a, R1, dtp->fd_globals, 0);
		emit(cg, LDX_MEM(BPF_DW, R2, R1, DT_G_STATE));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R2, DT_ST_INACTIVE, 0), lout);
		emit(cg, ST_MEM(BPF_DW, R1, DT_G_STATE, DT_ST_ACTIVE));
	} else if (p->id == DT_PROBE_END) {
		dt_asm_ld_map_value(&cg->a, R1, dtp->fd_globals, 0);
		emit(cg, ST_MEM(BPF_DW, R1, DT_G_STATE, DT_ST_STOPPED));
	}
	dt_asm_place(&cg->a, lout);
	emit(cg, MOV64_IMM(R0, 0));
	emit(cg, EXIT_INSN());
}

/* an exit the code before it jumps over and jumps forward to (lout) */
static void island(struct dt_cg *cg, int lout)
{
	int over = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JA(0), over);
	dt_asm_place(&cg->a, lout);
	emit(cg, MOV64_IMM(R0, 0));
	emit(cg, EXIT_INSN());
	dt_asm_place(&cg->a, over);
}

void dt_cg_parts_free(struct dt_cg_group *g)
{
	for (int i = 0; i < g->nparts; i++)
		dt_asm_free(&g->parts[i]);
	free(g->parts);
	g->parts = NULL;
	g->nparts = 0;
}

/* a appended to g's parts (which then own it); -1 out of memory */
static int parts_add(struct dt_cg_group *g, const struct dt_asm *a)
{
	struct dt_asm *np = realloc(g->parts, (size_t)(g->nparts + 1) * sizeof(*np));
	if (!np)
		return -1;
	g->parts = np;
	np[g->nparts++] = *a;
	return 0;
}

/* conditional jumps in a from start on */
static int branches(const struct dt_asm *a, int start)
{
	int n = 0;
	for (int i = start; i < a->n; i++) {
		const struct bpf_insn *in = &a->insns[i];
		uint8_t cls = BPF_CLASS(in->code), op = BPF_OP(in->code);
		if ((cls == BPF_JMP || cls == BPF_JMP32) && op != BPF_JA &&
		    op != BPF_CALL && op != BPF_EXIT)
			n++;
		if (in->code == (BPF_LD | BPF_DW | BPF_IMM))
			i++;
	}
	return n;
}

/* R7 and R9: this CPU's frames; a CPU without them leaves through lout
 * (or, lout -1, through an exit of its own) */
static void frames(struct dt_cg *cg, int lout)
{
	dtrace_hdl_t *dtp = cg->dtp;
	/* the one per-CPU value, or (frames too large for a per-CPU value)
	 * the array entry of this CPU's number; either way the program
	 * runs on one CPU to the end */
	if (dtp->scratch_percpu) {
		emit(cg, ST_MEM(BPF_W, R10, -8, 0));
	} else {
		emit(cg, CALL_HELPER(BPF_FUNC_get_smp_processor_id));
		emit(cg, STX_MEM(BPF_W, R10, R0, -8));
	}
	dt_asm_ld_map_fd(&cg->a, R1, dtp->fd_scratch);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, -8));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	if (lout >= 0) {
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), lout);
	} else {
		emit(cg, JMP_IMM(BPF_JNE, R0, 0, 2));
		emit(cg, MOV64_IMM(R0, 0));
		emit(cg, EXIT_INSN());
	}
	emit(cg, MOV64_REG(R7, R0));
	emit(cg, MOV64_REG(R9, R0));
}

/*
 * The part being built ends (lout, its exit, placed) with a tail call of
 * the next, which starts: the context in R6 and (unless lean) the frames
 * in R7 and R9 again, which is all the clauses take from the registers
 * (what the trampoline computed is in the frame).  0, or -1 when the
 * program would have more parts than a chain runs or a part does not
 * assemble (*toofar: it was a clause past a jump's reach).
 */
static int next_part(struct dt_cg *cg, int how, int lout, int *toofar)
{
	dtrace_hdl_t *dtp = cg->dtp;
	struct dt_cg_group *g = cg->group;
	int k = cg->nfinished + 1;	/* the next part's index */

	if (k >= DT_CG_MAXPARTS)
		return -1;
	if (g->chainfd < 0) {
		g->chainfd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PROG_ARRAY, "dt_chain",
		    sizeof(uint32_t), sizeof(uint32_t), DT_CG_MAXPARTS, NULL);
		if (g->chainfd < 0) {
			dt_cg_fail(cg, D_UNKNOWN, "cannot create the program chain of "
			    "%s:%s:%s:%s: %s", cg->probe->prov, cg->probe->mod,
			    cg->probe->func, cg->probe->name, strerror(errno));
			return -1;
		}
	}
	emit(cg, MOV64_REG(R1, R6));
	dt_asm_ld_map_fd(&cg->a, R2, g->chainfd);
	emit(cg, MOV64_IMM(R3, k));
	emit(cg, CALL_HELPER(BPF_FUNC_tail_call));
	dt_asm_place(&cg->a, lout);
	emit(cg, MOV64_IMM(R0, 0));
	emit(cg, EXIT_INSN());
	int fin = dt_asm_finish(&cg->a);
	if (fin < 0) {
		*toofar = fin == DT_ASM_TOOFAR;
		return -1;
	}
	if (cg->nfinished == 0) {
		cg->first = cg->a;	/* the program itself: gen's out */
	} else if (parts_add(g, &cg->a) < 0) {
		dt_asm_free(&cg->a);
		return -1;
	}
	cg->nfinished++;
	dt_asm_init(&cg->a);
	emit(cg, MOV64_REG(R6, R1));
	if (!(how & GEN_LEAN))
		frames(cg, -1);
	return 0;
}

/*
 * GEN_LEAN: the clauses never touch the mstate frame (e.g. `{ n++; }`),
 * so the trampoline skips the scratch lookup and the argument copy.
 * Without GEN_COOKIE a shared program does not store its attach cookie
 * (nothing reads it).  *cookie: whether the code read it.
 *
 * GEN_FAR, the build when the first does not fit a BPF jump's reach (the
 * trampoline's checks and exit()'s check jump over every clause to the
 * end): an exit after the trampoline (an island), which its checks jump
 * to and a firing jumps over, and exit()'s check followed by an exit of
 * its own (cg.far).  Only a single clause larger than a jump's reach is
 * then refused.  A program that fits without them is built without
 * them, so a firing of the common script runs no extra jump.
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
	/* where the trampoline's checks leave: the end, or the first island */
	int ltramp = (how & GEN_FAR) ? dt_asm_new_label(&cg.a) : lout;
	int reach;		/* where jumps to the epilogue come from */

	emit(&cg, MOV64_REG(R6, R1));
	/* a hit the probe does not fire on leaves at once (the provider's
	 * error, if it cannot say, is its own) */
	if (p->ops->cg_filter && p->ops->cg_filter(dtp, &cg.a, p, ltramp) < 0) {
		dt_asm_free(&cg.a);
		return -1;
	}
	/* -x cpu: only that CPU traces (BEGIN and END, which dtrace fires
	 * itself, run wherever it runs) */
	if (dtp->optset[DTOPT_CPU] && p->id != DT_PROBE_BEGIN && p->id != DT_PROBE_END) {
		emit(&cg, CALL_HELPER(BPF_FUNC_get_smp_processor_id));
		dt_asm_jump(&cg.a, JMP_IMM(BPF_JNE, R0, (int32_t)dtp->opt[DTOPT_CPU], 0), ltramp);
	}
	dt_asm_ld_map_value(&cg.a, R1, dtp->fd_globals, 0);
	emit(&cg, LDX_MEM(BPF_DW, R2, R1, DT_G_STATE));
	if (p->id == DT_PROBE_BEGIN) {
		dt_asm_jump(&cg.a, JMP_IMM(BPF_JNE, R2, DT_ST_INACTIVE, 0), ltramp);
	} else if (p->id == DT_PROBE_END) {
		dt_asm_jump(&cg.a, JMP_IMM(BPF_JEQ, R2, DT_ST_STOPPED, 0), ltramp);
		emit(&cg, ST_MEM(BPF_DW, R1, DT_G_STATE, DT_ST_DRAINING));
	} else {
		dt_asm_jump(&cg.a, JMP_IMM(BPF_JNE, R2, DT_ST_ACTIVE, 0), ltramp);
	}
	if (how & GEN_LEAN)
		goto body;
	frames(&cg, ltramp);
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
	reach = 0;
	if (how & GEN_FAR) {
		island(&cg, ltramp);
		cg.far = 1;
		reach = cg.a.n;
	}
	*body_start = cg.a.n;
	if (p->id == DT_PROBE_BEGIN || p->id == DT_PROBE_END)
		dt_cg_buf_fired(&cg);	/* fill and ring: note the CPU */
	int toofar = -1;	/* the first clause ending past a jump's reach */
	int nbr = 0, partfail = -1, pstart = cg.a.n;
	for (int i = 0; i < p->nclauses && !cg.failed; i++) {
		if (cg.far && i > 0 && (cg.a.n - pstart > g->part_insns ||
		    nbr > g->part_branches)) {
			int far = 0;
			if (next_part(&cg, how, lout, &far) < 0) {
				partfail = i;
				if (far)
					toofar = i - 1;
				break;
			}
			lout = dt_asm_new_label(&cg.a);
			lepi = dt_asm_new_label(&cg.a);
			cg.lbl_out = lepi;
			pstart = cg.a.n;
			nbr = 0;
		}
		int at = cg.a.n;
		clause(&cg, p->clauses[i], p->epids[i]);
		if (cg.far)
			nbr += branches(&cg.a, at);
		if (toofar < 0 && cg.a.n - reach > DT_ASM_REACH)
			toofar = i;
		if (cg.far)	/* only a clause's own jumps span it */
			reach = cg.a.n;
	}

	if (partfail < 0)
		epilogue(&cg, lepi, lout);
	if (partfail < 0 && !cg.failed && dtp->uses_stack &&
	    dt_cg_stack(dtp) + (int)stack_area(dtp) > INT16_MAX) {
		dt_cg_fail(&cg, D_NOREG, "records of %u bytes are too large "
		    "for stack built-ins: reduce strsize or the number of traced strings",
		    dtp->maxrec);
	}
	int totn = cg.a.n - *body_start, totbr = 0;
	if (!(how & GEN_FAR) && !cg.failed)
		totbr = branches(&cg.a, *body_start);
	int fin = partfail >= 0 || cg.failed ? -1 : dt_asm_finish(&cg.a);
	if (fin == 0 && totbr > 3 * PART_BRANCHES)
		fin = DT_ASM_TOOFAR;	/* more than the verifier follows: in parts */
	if (fin == 0 && cg.nfinished) {
		if (parts_add(g, &cg.a) < 0) {
			partfail = p->nclauses;
			fin = -1;
		} else {
			dt_asm_init(&cg.a);
		}
	}
	if (fin < 0) {
		dt_asm_free(&cg.a);
		if (cg.nfinished)
			dt_asm_free(&cg.first);
		dt_cg_parts_free(g);
	}
	if (cg.failed) {
		if (dtp->opt[DTOPT_ERRTAGS])
			return dt_set_err(dtp, "[%s] %s", dt_errtag_name(cg.errtag), cg.errmsg);
		return dt_set_err(dtp, "%s", cg.errmsg);
	}
	if (fin == DT_ASM_TOOFAR && !(how & GEN_FAR)) {
		g->part_insns = totn / PART_SHARE + 1;
		if (g->part_insns < PART_INSNS)
			g->part_insns = PART_INSNS;
		g->part_branches = totbr / PART_SHARE + 1;
		if (g->part_branches < PART_BRANCHES)
			g->part_branches = PART_BRANCHES;
		if (g->part_branches > PART_MAXBR)
			g->part_branches = PART_MAXBR;
		return gen(dtp, g, out, how | GEN_FAR, body_start, cookie);
	}
	if (partfail >= 0 && toofar < 0 && partfail < p->nclauses &&
	    cg.nfinished + 1 >= DT_CG_MAXPARTS) {
		const struct dt_stmt *st = p->clauses[partfail];
		return dt_set_err(dtp, "program for %s:%s:%s:%s is too large: "
		    "clause %d of %d (%s, line %d) starts past the %d parts "
		    "a program can be split into", p->prov, p->mod, p->func, p->name,
		    partfail + 1, p->nclauses, st->pdesc_text, st->line, DT_CG_MAXPARTS);
	}
	if (partfail >= 0 && toofar < 0)
		return dt_set_err(dtp, "out of memory");
	if (fin < 0) {
		if (fin == DT_ASM_TOOFAR && p->nclauses > 0) {
			/* a clause's own jumps span more than a jump reaches */
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
	if (cg.nfinished) {
		*out = cg.first;
		*cookie = cg.uses_cookie;
		return 0;
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

/* whether the code of a from start on uses the frame (R7 or R9) */
static int uses_frame(const struct dt_asm *a, int start)
{
	for (int i = start; i < a->n; i++) {
		const struct bpf_insn *in = &a->insns[i];
		if (in->dst_reg == R7 || in->src_reg == R7 ||
		    in->dst_reg == R9 || in->src_reg == R9)
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
	/* a part after the first looks its frames up itself: its code
	 * from its clauses on (after that lookup) is what tells */
	int frame = uses_frame(out, start), cooked = cookie || loads_cookie(out, 0);
	for (int k = 0; k < g->nparts; k++) {
		const struct dt_asm *pa = &g->parts[k];
		int pstart = 0;		/* after frames()'s R9 = R0 */
		for (int i = 0; i < pa->n && i < 16 && !pstart; i++)
			if (pa->insns[i].code == (BPF_ALU64 | BPF_MOV | BPF_X) &&
			    pa->insns[i].dst_reg == R9 && pa->insns[i].src_reg == R0)
				pstart = i + 1;
		frame = frame || uses_frame(pa, pstart);
		cooked = cooked || loads_cookie(pa, pstart);
	}
	if (frame) {
		/* the frame is used; the cookie too? */
		if (g->n < 2 || cooked || (g->probes[0]->ops->flags & DT_PROVF_COOKIE))
			return 0;
		dt_asm_free(out);
		dt_cg_parts_free(g);
		return gen(dtp, g, out, 0, &start, &cookie);
	}
	dt_asm_free(out);
	dt_cg_parts_free(g);
	return gen(dtp, g, out, GEN_LEAN, &start, &cookie);
}

int dt_cg_probe(dtrace_hdl_t *dtp, struct dt_probe *p, struct dt_asm *out)
{
	struct dt_cg_group g = { .probes = &p, .n = 1, .strfd = -1, .chainfd = -1 };
	int rc = dt_cg_group(dtp, &g, out);
	dt_cg_parts_free(&g);		/* (no caller loads parts) */
	if (g.chainfd >= 0)
		close(g.chainfd);
	return rc;
}

uint32_t dt_cg_scratch_size(dtrace_hdl_t *dtp)
{
	return 2 * frame_size(dtp) + 2 * DT_STRAREA(dtp);
}
