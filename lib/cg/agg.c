/*
 * agg.c - code generation for aggregation statements.
 *
 * Each aggregation is a BPF per-CPU hash map keyed by its key tuple (8
 * zero bytes when it has none; a string in the bytes sema gave it, its
 * length's bound rounded up to 8 when it has one, see sema/agg.c), valued by the words agg.h lays out, so
 * every CPU aggregates into its own copy without atomics and the
 * consumer merges them.  A key seen for the first time is inserted with
 * the function's initial value (0, or INT64_MAX/INT64_MIN for min/max)
 * already updated by the firing that found it missing (one insert, no
 * second lookup);
 * the kernel zero-fills the other CPUs' copies, so min and max keep a
 * second word, set once their copy holds a value, and a zero-filled copy
 * is not mistaken for a minimum of 0.  When the map is full the insert fails and the drop is counted in the
 * CPU's mstate frame, which the consumer reports as "N aggregation drops
 * on CPU M".  Buckets are computed as DTrace computes them (agg.c has the
 * same functions in C for the consumer and the tests).
 *
 * A keyless aggregation (`@ = count()`, struct dt_agg's array) is instead
 * the one entry of a per-CPU array: the lookup of key 0, which the
 * verifier inlines, always finds it, so there is no insert, no drop and
 * no key built in the mstate frame (a clause that uses nothing else of
 * the frame gets a lean program, cg/prog.c).  The entry holds the
 * function's words and then a word the firing sets to 1, which tells
 * the consumer the entry exists (a hash's key would), since an array's
 * entry is there, zero-filled, from the start.
 *
 * A program that would update more aggregations than it may reference
 * maps has them share maps by kind (rt/aggshare.c, g->shared): a keyless
 * one is then entry g->slot of its kind's array, and a keyed one's key
 * is its tuple followed by its id (8 bytes, in the frame's key area,
 * which is grown for it).  Nothing else changes.
 */
#include "cg.h"
#include "sema/node.h"

/* R(dst) = floor(log2(R(src))) for R(src) > 0 (as unsigned); clobbers R(tmp) */
static void log2_(struct dt_cg *cg, int dst, int src, int tmp)
{
	emit(cg, MOV64_IMM(dst, 0));
	for (int sh = 32; sh >= 1; sh /= 2) {
		emit(cg, MOV64_REG(tmp, src));
		emit(cg, ALU64_IMM(BPF_RSH, tmp, sh));
		emit(cg, JMP_IMM(BPF_JEQ, tmp, 0, 2));
		emit(cg, MOV64_REG(src, tmp));
		emit(cg, ALU64_IMM(BPF_ADD, dst, sh));
	}
}

/* R2 = quantize's bucket for the value in R1 (clobbers R1, R3) */
static void quantize_bucket(struct dt_cg *cg)
{
	int neg = dt_asm_new_label(&cg->a), done = dt_asm_new_label(&cg->a);
	int pos = dt_asm_new_label(&cg->a);
	emit(cg, MOV64_IMM(R2, DT_QUANTIZE_ZERO));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLT, R1, 0, 0), neg);
	dt_asm_place(&cg->a, pos);
	log2_(cg, R2, R1, R3);
	emit(cg, ALU64_IMM(BPF_ADD, R2, DT_QUANTIZE_ZERO + 1));
	dt_asm_jump(&cg->a, JA(0), done);
	dt_asm_place(&cg->a, neg);
	emit(cg, NEG64(R1));
	log2_(cg, R3, R1, R2);
	emit(cg, MOV64_IMM(R2, DT_QUANTIZE_ZERO - 1));
	emit(cg, ALU64_REG(BPF_SUB, R2, R3));
	emit(cg, JMP_IMM(BPF_JSGE, R2, 0, 1));
	emit(cg, MOV64_IMM(R2, 0));
	dt_asm_place(&cg->a, done);
}

/* R2 = lquantize's bucket for the value in R1 */
static void lquantize_bucket(struct dt_cg *cg, const struct dt_aggdesc *d)
{
	int64_t levels = (d->limit - d->base) / d->step;
	int done = dt_asm_new_label(&cg->a);
	/* DTrace buckets the value as a 32-bit quantity */
	emit(cg, ALU64_IMM(BPF_LSH, R1, 32));
	emit(cg, ALU64_IMM(BPF_ARSH, R1, 32));
	emit(cg, MOV64_IMM(R2, 0));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLT, R1, (int32_t)d->base, 0), done);
	emit(cg, MOV64_IMM(R2, (int32_t)levels + 1));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R1, (int32_t)d->limit, 0), done);
	emit(cg, MOV64_REG(R2, R1));
	emit(cg, ALU64_IMM(BPF_SUB, R2, (int32_t)d->base));
	emit(cg, ALU64_IMM(BPF_DIV, R2, (int32_t)d->step));
	emit(cg, ALU64_IMM(BPF_ADD, R2, 1));
	dt_asm_place(&cg->a, done);
}

/* the least value whose llquantize bucket is at least b (a monotonic
 * function: binary search) */
static int64_t llq_min(const struct dt_aggdesc *d, int b)
{
	int64_t lo = INT64_MIN, hi = INT64_MAX;
	while (lo < hi) {
		int64_t mid = lo + (int64_t)(((uint64_t)hi - (uint64_t)lo) / 2);
		if (dt_llquantize_bucket(d, mid) >= b)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* R2 = llquantize's bucket for the value in R1: a chain of comparisons
 * against each bucket's lower bound, computed at compile time with
 * agg.c's bucketing (so both sides agree by construction). */
static void llquantize_bucket(struct dt_cg *cg, const struct dt_aggdesc *d)
{
	int done = dt_asm_new_label(&cg->a);
	emit(cg, MOV64_IMM(R2, 0));
	for (uint32_t b = 1; b < d->nwords; b++) {
		dt_asm_ld_imm64(&cg->a, R3, 0, (uint64_t)llq_min(d, (int)b));
		dt_asm_jump(&cg->a, JMP_REG(BPF_JSLT, R1, R3, 0), done);
		emit(cg, MOV64_IMM(R2, (int32_t)b));
	}
	dt_asm_place(&cg->a, done);
}

/* v * v as a 128-bit (R4 low, R5 high) number, for |v| in R1; clobbers R0-R3 */
static void square128(struct dt_cg *cg)
{
	emit(cg, JMP_IMM(BPF_JSGE, R1, 0, 1));
	emit(cg, NEG64(R1));
	/* R1 = a * 2^32 + b */
	emit(cg, MOV64_REG(R2, R1));
	emit(cg, ALU64_IMM(BPF_RSH, R2, 32));		/* a */
	emit(cg, MOV32_REG(R3, R1));			/* b */
	emit(cg, MOV64_REG(R4, R3));
	emit(cg, ALU64_REG(BPF_MUL, R4, R3));		/* b*b */
	emit(cg, MOV64_REG(R5, R2));
	emit(cg, ALU64_REG(BPF_MUL, R5, R2));		/* a*a: high */
	emit(cg, MOV64_REG(R0, R2));
	emit(cg, ALU64_REG(BPF_MUL, R0, R3));		/* a*b, needs doubling */
	/* 2ab * 2^32: high += (a*b) >> 31, low += (a*b) << 33 */
	emit(cg, MOV64_REG(R1, R0));
	emit(cg, ALU64_IMM(BPF_RSH, R1, 31));
	emit(cg, ALU64_REG(BPF_ADD, R5, R1));
	emit(cg, ALU64_IMM(BPF_LSH, R0, 33));
	emit(cg, MOV64_REG(R1, R4));
	emit(cg, ALU64_REG(BPF_ADD, R4, R0));
	emit(cg, JMP_REG(BPF_JGE, R4, R1, 1));		/* carry */
	emit(cg, ALU64_IMM(BPF_ADD, R5, 1));
}

/* R0 = this CPU's value of the key at R9 + key in g's map, or 0 */
static void lookup(struct dt_cg *cg, const struct dt_agg *g, int key)
{
	dt_asm_ld_map_fd(&cg->a, R1, g->fd);
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, key));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
}

/* apply the function to the value at R8 (a map value, or the new key's
 * initial value in the frame): sv holds the value, si the increment */
static void apply(struct dt_cg *cg, const struct dt_aggdesc *d, int sv, int si)
{
	emit(cg, LDX_MEM(BPF_DW, R1, R10, sv));		/* value */
	emit(cg, LDX_MEM(BPF_DW, R4, R10, si));		/* increment */

	switch (d->func) {
	case DT_AGG_COUNT:
		emit(cg, LDX_MEM(BPF_DW, R2, R8, 0));
		emit(cg, ALU64_REG(BPF_ADD, R2, R4));
		emit(cg, STX_MEM(BPF_DW, R8, R2, 0));
		break;
	case DT_AGG_SUM:
		emit(cg, LDX_MEM(BPF_DW, R2, R8, 0));
		emit(cg, ALU64_REG(BPF_ADD, R2, R1));
		emit(cg, STX_MEM(BPF_DW, R8, R2, 0));
		break;
	case DT_AGG_MIN:
	case DT_AGG_MAX:
		/* a copy holding no value yet takes this one */
		emit(cg, LDX_MEM(BPF_DW, R3, R8, 8));
		emit(cg, JMP_IMM(BPF_JEQ, R3, 0, 2));
		emit(cg, LDX_MEM(BPF_DW, R2, R8, 0));
		emit(cg, JMP_REG(d->func == DT_AGG_MIN ? BPF_JSGE : BPF_JSLE, R1, R2, 2));
		emit(cg, STX_MEM(BPF_DW, R8, R1, 0));
		emit(cg, ST_MEM(BPF_DW, R8, 8, 1));
		break;
	case DT_AGG_AVG:
	case DT_AGG_STDDEV:
		emit(cg, LDX_MEM(BPF_DW, R2, R8, 0));
		emit(cg, ALU64_IMM(BPF_ADD, R2, 1));
		emit(cg, STX_MEM(BPF_DW, R8, R2, 0));
		emit(cg, LDX_MEM(BPF_DW, R2, R8, 8));
		emit(cg, ALU64_REG(BPF_ADD, R2, R1));
		emit(cg, STX_MEM(BPF_DW, R8, R2, 8));
		if (d->func == DT_AGG_STDDEV) {
			square128(cg);
			emit(cg, LDX_MEM(BPF_DW, R1, R8, 16));
			emit(cg, ALU64_REG(BPF_ADD, R4, R1));
			emit(cg, STX_MEM(BPF_DW, R8, R4, 16));
			emit(cg, JMP_REG(BPF_JGE, R4, R1, 1));	/* carry */
			emit(cg, ALU64_IMM(BPF_ADD, R5, 1));
			emit(cg, LDX_MEM(BPF_DW, R1, R8, 24));
			emit(cg, ALU64_REG(BPF_ADD, R5, R1));
			emit(cg, STX_MEM(BPF_DW, R8, R5, 24));
		}
		break;
	case DT_AGG_QUANTIZE:
	case DT_AGG_LQUANTIZE:
	case DT_AGG_LLQUANTIZE:
		if (d->func == DT_AGG_QUANTIZE)
			quantize_bucket(cg);
		else if (d->func == DT_AGG_LQUANTIZE)
			lquantize_bucket(cg, d);
		else
			llquantize_bucket(cg, d);
		/* the bucket, bounded for the verifier */
		emit(cg, JMP_IMM(BPF_JLT, R2, (int32_t)d->nwords, 1));
		emit(cg, MOV64_IMM(R2, 0));
		emit(cg, ALU64_IMM(BPF_LSH, R2, 3));
		emit(cg, ALU64_REG(BPF_ADD, R2, R8));
		emit(cg, LDX_MEM(BPF_DW, R1, R10, si));
		emit(cg, LDX_MEM(BPF_DW, R3, R2, 0));
		emit(cg, ALU64_REG(BPF_ADD, R3, R1));
		emit(cg, STX_MEM(BPF_DW, R2, R3, 0));
		break;
	}
}

/* the keyless aggregation's array entry updated (sv, si as apply's) */
static void keyless(struct dt_cg *cg, const struct dt_agg *g, int sv, int si)
{
	int ks = dt_cg_slot_alloc(cg), done = dt_asm_new_label(&cg->a);
	emit(cg, ST_MEM(BPF_DW, R10, ks, (int32_t)g->slot));	/* 0 unless shared */
	dt_asm_ld_map_fd(&cg->a, R1, g->fd);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, ks));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), done);	/* never */
	emit(cg, MOV64_REG(R8, R0));
	apply(cg, &g->desc, sv, si);
	emit(cg, ST_MEM(BPF_DW, R8, 8 * (int)g->desc.nwords, 1));
	dt_asm_place(&cg->a, done);
	dt_cg_slot_free(cg);
}

void dt_cg_agg(struct dt_cg *cg, struct dt_node *n)
{
	dtrace_hdl_t *dtp = cg->dtp;
	struct dt_agg *g = n->agg;
	const struct dt_aggdesc *d = &g->desc;
	int key = dt_cg_key(dtp), val = dt_cg_val(dtp);
	int sv = dt_cg_slot_alloc(cg), si = dt_cg_slot_alloc(cg);

	if (n->l)
		dt_cg_expr(cg, n->l, R0);
	else
		emit(cg, MOV64_IMM(R0, 0));
	emit(cg, STX_MEM(BPF_DW, R10, R0, sv));
	if (n->r)
		dt_cg_expr(cg, n->r, R0);
	else
		emit(cg, MOV64_IMM(R0, 1));
	emit(cg, STX_MEM(BPF_DW, R10, R0, si));
	if (g->array) {
		keyless(cg, g, sv, si);
		dt_cg_slot_free(cg);
		dt_cg_slot_free(cg);
		return;
	}
	if (n->action)		/* a ustack() key the consumer unwinds */
		key = dt_cg_ustack_agg_begin(cg, n);
	dt_cg_tuple(cg, n->args, n->nargs, g->keys, g->msize, key, g->ksize, NULL);
	if (g->shared && !n->action)	/* a shared map's key: the tuple, then the id */
		dt_cg_fst_imm(cg, BPF_DW, key + (int)g->ksize, g->id);
	if (n->action) {
		dt_cg_ustack_agg(cg, n, sv, si);
		dt_cg_slot_free(cg);
		dt_cg_slot_free(cg);
		return;
	}

	int have = dt_asm_new_label(&cg->a), done = dt_asm_new_label(&cg->a);
	lookup(cg, g, key);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), have);
	/* a new key: the initial value with this firing applied, inserted
	 * (a lookup, an insert: each hashes the key, which for a stack is
	 * hundreds of bytes) */
	for (uint32_t w = 0; w < d->nwords; w++)
		dt_cg_fst_imm(cg, BPF_DW, val + 8 * (int)w, 0);
	if (d->func == DT_AGG_MIN || d->func == DT_AGG_MAX) {
		dt_asm_ld_imm64(&cg->a, R1, 0, d->func == DT_AGG_MIN ? (uint64_t)INT64_MAX :
		    (uint64_t)INT64_MIN);
		dt_cg_fst(cg, BPF_DW, val, R1);
	}
	emit(cg, MOV64_REG(R8, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R8, val));
	apply(cg, d, sv, si);
	dt_asm_ld_map_fd(&cg->a, R1, g->fd);
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, key));
	emit(cg, MOV64_REG(R3, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R3, val));
	emit(cg, MOV64_IMM(R4, BPF_NOEXIST));
	emit(cg, CALL_HELPER(BPF_FUNC_map_update_elem));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
	/* another CPU inserted the key since the lookup: update its copy */
	int again = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, -17 /* EEXIST */, 0), again);
	emit(cg, LDX_MEM(BPF_DW, R1, R9, DT_MS_AGGDROPS));
	emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
	emit(cg, STX_MEM(BPF_DW, R9, R1, DT_MS_AGGDROPS));
	dt_asm_jump(&cg->a, JA(0), done);
	dt_asm_place(&cg->a, again);
	lookup(cg, g, key);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
	dt_asm_place(&cg->a, have);
	emit(cg, MOV64_REG(R8, R0));
	apply(cg, d, sv, si);
	dt_asm_place(&cg->a, done);
	dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
}
