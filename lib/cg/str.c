/*
 * str.c - code generation for string values.
 *
 * A string value is never a pointer in a register: every string
 * expression is materialized, NUL-terminated and at most `size` bytes,
 * at a frame offset chosen by its consumer (a record field, a dynamic
 * variable key, a temporary).  Sources are constants (stores), built-ins
 * (helpers), kernel and user memory (probe_read_*_str, faulting on a bad
 * address), variables (copied out of the globals map, the dynamic
 * variable map or the this-> area), ternaries and subroutines.  Copies
 * between frame areas use probe_read_kernel_str, which also yields the
 * length.  Subroutines that walk bytes use the iterator loops of
 * cg/loop.c with their state in frame cells (see the rules there), after
 * every argument has been materialized, so nothing inside a loop faults.
 */
#include <string.h>
#include "cg.h"
#include "sema/node.h"

/* frame cells used by the subroutines below (never across an argument
 * evaluation, so nested subroutines cannot clash) */
enum { C_LEN, C_SUB, C_RES, C_FROM, C_P, C_HIT, C_A, C_B, C_C, C_D };

int dt_cg_stmp_alloc(struct dt_cg *cg)
{
	if (cg->nstmp >= DT_NSTRTMP) {
		dt_cg_fail(cg, D_NOREG,
		    "string expression too complex (more than %d nested strings)", DT_NSTRTMP);
		return dt_cg_tmp(cg->dtp, 0);
	}
	return dt_cg_tmp(cg->dtp, cg->nstmp++);
}

void dt_cg_stmp_free(struct dt_cg *cg)
{
	if (cg->nstmp > 0)
		cg->nstmp--;
}

static const char *probe_str(struct dt_cg *cg, int which)
{
	/* ERROR clauses see the ERROR probe's description */
	struct dt_probe *p = cg->in_error ? cg->dtp->probes[DT_PROBE_ERROR - 1] : cg->probe;
	const char *f[4] = { p->prov, p->mod, p->func, p->name };
	return f[which];
}

/* Write the bytes of a constant string (NUL-terminated, truncated). */
static void store_bytes(struct dt_cg *cg, const char *s, size_t len, int off, int size)
{
	char buf[8];
	size_t n = len + 1 > (size_t)size ? (size_t)size : len + 1;
	size_t i = 0;
	while (i < n) {
		size_t chunk = n - i >= 4 ? 4 : (n - i >= 2 ? 2 : 1);
		memset(buf, 0, sizeof(buf));
		for (size_t k = 0; k < chunk; k++)
			buf[k] = (i + k < len && i + k < (size_t)size - 1) ? s[i + k] : 0;
		int32_t v = 0;
		memcpy(&v, buf, chunk);
		dt_cg_fst_imm(cg, chunk == 4 ? BPF_W : chunk == 2 ? BPF_H : BPF_B,
		    off + (int)i, v);
		i += chunk;
	}
}

/* The length of the base of probeprov when the program's probes fire in
 * any process (prov_base, prov/prov.h: a USDT glob attached to the
 * object): every probe of a shared program must agree; < 0: none. */
static int prov_base(struct dt_cg *cg)
{
	const struct dt_probe *p = cg->probe;
	if (cg->in_error || !p || !p->ops->prov_base)
		return -1;
	int bl = p->ops->prov_base(cg->dtp, p);
	if (bl < 0 || !dt_cg_shared(cg))
		return bl;
	for (uint32_t i = 0; i < cg->group->n; i++) {
		const struct dt_probe *q = cg->group->probes[i];
		if (q->ops != p->ops || q->ops->prov_base(cg->dtp, q) != bl ||
		    strncmp(q->prov, p->prov, (size_t)bl))
			return -1;
	}
	return bl;
}

/* probeprov as the base (bl bytes of prov) and the firing process's ID
 * in decimal, truncated to size: one branch per number of digits, each
 * writing its digits at fixed offsets. */
static void pid_prov(struct dt_cg *cg, const char *prov, int bl, int off, int size)
{
	store_bytes(cg, prov, (size_t)bl, off, size);
	if (bl >= size - 1)
		return;
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
	emit(cg, ALU64_IMM(BPF_RSH, R0, 32));
	int end = dt_asm_new_label(&cg->a);
	int64_t lim = 10;
	for (int l = 1; l <= 10; l++, lim *= 10) {
		int next = dt_asm_new_label(&cg->a);
		if (l < 10)
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, (int32_t)lim, 0), next);
		emit(cg, MOV64_REG(R1, R0));
		for (int i = l - 1; i >= 0; i--) {
			emit(cg, MOV64_REG(R2, R1));
			emit(cg, ALU64_IMM(BPF_MOD, R2, 10));
			emit(cg, ALU64_IMM(BPF_DIV, R1, 10));
			emit(cg, ALU64_IMM(BPF_ADD, R2, '0'));
			if (bl + i < size - 1)
				emit(cg, STX_MEM(BPF_B, R9, R2, (int16_t)(off + bl + i)));
		}
		dt_cg_fst_imm(cg, BPF_B, off + (bl + l < size - 1 ? bl + l : size - 1), 0);
		dt_asm_jump(&cg->a, JA(0), end);
		dt_asm_place(&cg->a, next);
	}
	dt_asm_place(&cg->a, end);
}

/*
 * Read a string at address R0 (R2 bytes at most, NUL included) into
 * R9 + off with the given helper; a failed read faults with the address.
 */
static void read_str(struct dt_cg *cg, int helper, int off)
{
	int as = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, as));
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	dt_cg_call_checked(cg, helper, BPF_JSGE, as);
	dt_cg_slot_free(cg);
}

/* R9 + off = the string at the kernel address in R3 (never faults: R3 is
 * the frame or a map value). */
static void copy_r3(struct dt_cg *cg, int off, int size)
{
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, MOV64_IMM(R2, size));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
}

/* R9 + off = the string at R9 + src */
static void copy_frame(struct dt_cg *cg, int off, int src, int size)
{
	emit(cg, MOV64_REG(R3, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R3, src));
	copy_r3(cg, off, size);
}

/* reg = min(max(reg, 0), max) as the verifier can see it */
static void clamp(struct dt_cg *cg, int reg, int32_t max)
{
	emit(cg, JMP_IMM(BPF_JSGE, reg, 0, 1));
	emit(cg, MOV64_IMM(reg, 0));
	emit(cg, JMP_IMM(BPF_JLE, reg, max, 1));
	emit(cg, MOV64_IMM(reg, max));
}

void dt_cg_strlen_at(struct dt_cg *cg, int off, int size)
{
	/* copying a string onto itself returns its length + 1 */
	copy_frame(cg, off, off, size);
	emit(cg, ALU64_IMM(BPF_ADD, R0, -1));
	clamp(cg, R0, size - 1);
}

/* R9 + off = the bytes of the string at R9 + src + R(idx), at most
 * count - 1 of them (R(cnt) = count, clamped to [1, size]); idx is
 * clamped to [0, srcmax - 1].  Clobbers R1-R3. */
void dt_cg_copy_sub(struct dt_cg *cg, int off, int src, int idx, int cnt,
    int srcmax, int size)
{
	clamp(cg, idx, srcmax - 1);
	clamp(cg, cnt, size);
	emit(cg, JMP_IMM(BPF_JGE, cnt, 1, 1));
	emit(cg, MOV64_IMM(cnt, 1));
	emit(cg, MOV64_REG(R3, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R3, src));
	emit(cg, ALU64_REG(BPF_ADD, R3, idx));
	emit(cg, MOV64_REG(R2, cnt));
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
}

/* R(dst) = the byte at R9 + base + R(idx), idx known to be in range */
void dt_cg_ld_byte(struct dt_cg *cg, int dst, int base, int idx)
{
	emit(cg, MOV64_REG(dst, R9));
	emit(cg, ALU64_IMM(BPF_ADD, dst, base));
	emit(cg, ALU64_REG(BPF_ADD, dst, idx));
	emit(cg, LDX_MEM(BPF_B, dst, dst, 0));
}

/* Evaluate an integer argument into a new stack slot. */
static int int_arg(struct dt_cg *cg, struct dt_node *n)
{
	dt_cg_expr(cg, n, R0);
	int slot = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, slot));
	return slot;
}

/* Materialize a string argument into a new temporary. */
static int str_arg(struct dt_cg *cg, struct dt_node *n, int size)
{
	int t = dt_cg_stmp_alloc(cg);
	dt_cg_store_str(cg, n, t, size);
	return t;
}

static int ssize(struct dt_cg *cg)
{
	return (int)cg->dtp->opt[DTOPT_STRSIZE] + 1;
}

/* ---- subroutines ---- */

static void strjoin(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	dt_cg_store_str(cg, n->args[0], off, size);
	int tb = str_arg(cg, n->args[1], size);
	dt_cg_strlen_at(cg, off, size);
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, ALU64_REG(BPF_ADD, R1, R0));
	emit(cg, MOV64_IMM(R2, size));
	emit(cg, ALU64_REG(BPF_SUB, R2, R0));
	emit(cg, MOV64_REG(R3, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R3, tb));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
	dt_cg_stmp_free(cg);
}

/* substr(s, index[, length]), with DTrace's (Perl's) rules for negative
 * positions and lengths */
static void substr(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	int ts = str_arg(cg, n->args[0], size);
	int si = int_arg(cg, n->args[1]);
	int sn = n->nargs > 2 ? int_arg(cg, n->args[2]) : 0;
	dt_cg_strlen_at(cg, ts, size);
	emit(cg, MOV64_REG(R3, R0));			/* len */
	emit(cg, LDX_MEM(BPF_DW, R1, R10, si));		/* index */
	if (n->nargs > 2)
		emit(cg, LDX_MEM(BPF_DW, R2, R10, sn));	/* remaining */
	else
		emit(cg, MOV64_IMM(R2, size));
	int l1 = dt_asm_new_label(&cg->a), lzero = dt_asm_new_label(&cg->a);
	int l2 = dt_asm_new_label(&cg->a), lcopy = dt_asm_new_label(&cg->a);
	/* a negative index counts from the end; what lies before the start
	 * shortens the length */
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R1, 0, 0), l1);
	emit(cg, ALU64_REG(BPF_ADD, R1, R3));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R1, 0, 0), l1);
	emit(cg, MOV64_REG(R4, R1));
	emit(cg, ALU64_REG(BPF_ADD, R4, R2));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLE, R4, 0, 0), l1);
	emit(cg, ALU64_REG(BPF_ADD, R2, R1));
	emit(cg, MOV64_IMM(R1, 0));
	dt_asm_place(&cg->a, l1);
	/* past the end (or still negative): empty */
	dt_asm_jump(&cg->a, JMP_REG(BPF_JGE, R1, R3, 0), lzero);
	/* a negative length stops that far from the end */
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R2, 0, 0), l2);
	emit(cg, ALU64_REG(BPF_ADD, R2, R3));
	emit(cg, ALU64_REG(BPF_SUB, R2, R1));
	dt_asm_jump(&cg->a, JA(0), lcopy);
	dt_asm_place(&cg->a, l2);
	emit(cg, MOV64_REG(R4, R1));
	emit(cg, ALU64_REG(BPF_ADD, R4, R2));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLE, R4, size, 0), lcopy);
	emit(cg, MOV64_IMM(R2, size));
	emit(cg, ALU64_REG(BPF_SUB, R2, R1));
	dt_asm_jump(&cg->a, JA(0), lcopy);
	dt_asm_place(&cg->a, lzero);
	emit(cg, MOV64_IMM(R1, 0));
	emit(cg, MOV64_IMM(R2, 0));
	dt_asm_place(&cg->a, lcopy);
	emit(cg, JMP_IMM(BPF_JSGE, R2, 0, 1));
	emit(cg, MOV64_IMM(R2, 0));
	clamp(cg, R2, size - 1);
	emit(cg, ALU64_IMM(BPF_ADD, R2, 1));
	emit(cg, MOV64_REG(R4, R1));
	dt_cg_copy_sub(cg, off, ts, R4, R2, size, size);
	if (n->nargs > 2)
		dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
	dt_cg_stmp_free(cg);
}

/*
 * index(s, t[, start]), rindex(s, t[, start]), strstr(s, t): the naive
 * search, one iterator over the candidate positions with one over the
 * bytes of t inside it.  The position found (or -1) ends in cell C_RES;
 * s stays in temporary *ts for strstr's copy.
 */
static void search(struct dt_cg *cg, struct dt_node *n, int size, int *ts_out)
{
	int fn = n->func;
	int ts = str_arg(cg, n->args[0], size);
	int tt = str_arg(cg, n->args[1], size);
	int sp = n->nargs > 2 ? int_arg(cg, n->args[2]) : 0;
	int skip = dt_asm_new_label(&cg->a), go = dt_asm_new_label(&cg->a);
	*ts_out = ts;

	dt_cg_strlen_at(cg, ts, size);
	dt_cg_st_cell(cg, C_LEN, R0);
	dt_cg_strlen_at(cg, tt, size);
	dt_cg_st_cell(cg, C_SUB, R0);
	dt_cg_st_cell_imm(cg, C_RES, -1);
	/* both empty: found at 0 whatever the start */
	dt_cg_ld_cell(cg, R1, C_LEN);
	emit(cg, MOV64_REG(R2, R0));
	emit(cg, ALU64_REG(BPF_OR, R2, R1));
	int notboth = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R2, 0, 0), notboth);
	dt_cg_st_cell_imm(cg, C_RES, 0);
	dt_asm_jump(&cg->a, JA(0), skip);
	dt_asm_place(&cg->a, notboth);
	/* R1 = len, R0 = sublen; the first candidate into C_FROM */
	if (fn == DT_F_RINDEX) {
		dt_cg_st_cell(cg, C_FROM, R1);
		if (n->nargs > 2) {
			int pos_ok = dt_asm_new_label(&cg->a);
			emit(cg, LDX_MEM(BPF_DW, R2, R10, sp));
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R2, 0, 0), pos_ok);
			/* a negative start finds only the empty string */
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), skip);
			dt_cg_st_cell_imm(cg, C_RES, 0);
			dt_asm_jump(&cg->a, JA(0), skip);
			dt_asm_place(&cg->a, pos_ok);
			dt_asm_jump(&cg->a, JMP_REG(BPF_JSGT, R2, R1, 0), go);
			dt_cg_st_cell(cg, C_FROM, R2);
		}
	} else {
		dt_cg_st_cell_imm(cg, C_FROM, 0);
		if (fn == DT_F_INDEX && n->nargs > 2) {
			int pos_ok = dt_asm_new_label(&cg->a);
			emit(cg, LDX_MEM(BPF_DW, R2, R10, sp));
			emit(cg, JMP_IMM(BPF_JSGE, R2, 0, 1));
			emit(cg, MOV64_IMM(R2, 0));
			dt_asm_jump(&cg->a, JMP_REG(BPF_JSLT, R2, R1, 0), pos_ok);
			/* at or past the end only the empty string is found,
			 * at the end */
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), skip);
			dt_cg_st_cell(cg, C_RES, R1);
			dt_asm_jump(&cg->a, JA(0), skip);
			dt_asm_place(&cg->a, pos_ok);
			dt_cg_st_cell(cg, C_FROM, R2);
		}
	}
	dt_asm_place(&cg->a, go);

	struct dt_loop outer, inner;
	dt_cg_loop_begin(cg, &outer, size + 1);
	/* p = from + k (from - k backwards), within [0, len) ([0, len]) */
	dt_cg_ld_cell(cg, R1, C_FROM);
	if (fn == DT_F_RINDEX) {
		emit(cg, ALU64_REG(BPF_SUB, R1, R0));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLT, R1, 0, 0), outer.done);
	} else {
		emit(cg, ALU64_REG(BPF_ADD, R1, R0));
		dt_cg_ld_cell(cg, R2, C_LEN);
		dt_asm_jump(&cg->a, JMP_REG(BPF_JGE, R1, R2, 0), outer.done);
	}
	dt_cg_st_cell(cg, C_P, R1);
	dt_cg_st_cell_imm(cg, C_HIT, 0);
	dt_cg_loop_begin(cg, &inner, size);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, size, 0), inner.done);
	dt_cg_ld_cell(cg, R2, C_SUB);
	int cmp = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JLT, R0, R2, 0), cmp);
	dt_cg_st_cell_imm(cg, C_HIT, 1);		/* all of t matched */
	dt_asm_jump(&cg->a, JA(0), inner.done);
	dt_asm_place(&cg->a, cmp);
	dt_cg_ld_cell(cg, R3, C_P);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R3, size, 0), inner.done);
	emit(cg, ALU64_REG(BPF_ADD, R3, R0));
	dt_cg_ld_byte(cg, R4, ts, R3);
	dt_cg_ld_byte(cg, R5, tt, R0);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JNE, R4, R5, 0), inner.done);
	dt_cg_loop_end(cg, &inner);
	dt_cg_ld_cell(cg, R1, C_HIT);
	int next = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, 0, 0), next);
	dt_cg_ld_cell(cg, R1, C_P);
	dt_cg_st_cell(cg, C_RES, R1);
	dt_asm_jump(&cg->a, JA(0), outer.done);
	dt_asm_place(&cg->a, next);
	dt_cg_loop_end(cg, &outer);
	dt_asm_place(&cg->a, skip);
	if (n->nargs > 2)
		dt_cg_slot_free(cg);
	dt_cg_stmp_free(cg);		/* tt; ts is the caller's */
}

/* strstr, strchr, strrchr: the rest of s from C_RES, or "" if -1 */
static void tail_from(struct dt_cg *cg, int off, int ts, int size)
{
	int none = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	dt_cg_ld_cell(cg, R4, C_RES);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLT, R4, 0, 0), none);
	emit(cg, MOV64_IMM(R2, size));
	dt_cg_copy_sub(cg, off, ts, R4, R2, size, size);
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, none);
	dt_cg_fst_imm(cg, BPF_B, off, 0);
	dt_asm_place(&cg->a, end);
}

static void strchr_(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	int ts = str_arg(cg, n->args[0], size);
	int sc = int_arg(cg, n->args[1]);
	dt_cg_st_cell_imm(cg, C_RES, -1);
	struct dt_loop lp;
	dt_cg_loop_begin(cg, &lp, size);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, size, 0), lp.done);
	dt_cg_ld_byte(cg, R1, ts, R0);
	emit(cg, LDX_MEM(BPF_DW, R2, R10, sc));
	emit(cg, ALU64_IMM(BPF_AND, R2, 0xff));
	int differ = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JNE, R1, R2, 0), differ);
	dt_cg_st_cell(cg, C_RES, R0);
	if (n->func == DT_F_STRCHR)
		dt_asm_jump(&cg->a, JA(0), lp.done);
	dt_asm_place(&cg->a, differ);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, 0, 0), lp.done);
	dt_cg_loop_end(cg, &lp);
	tail_from(cg, off, ts, size);
	dt_cg_slot_free(cg);
	dt_cg_stmp_free(cg);
}

static void changecase(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	int lo = n->func == DT_F_TOUPPER ? 'a' : 'A';
	dt_cg_store_str(cg, n->args[0], off, size);
	struct dt_loop lp;
	int next = dt_asm_new_label(&cg->a);
	dt_cg_loop_begin(cg, &lp, size);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, size, 0), lp.done);
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, ALU64_REG(BPF_ADD, R1, R0));
	emit(cg, LDX_MEM(BPF_B, R2, R1, 0));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R2, 0, 0), lp.done);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R2, lo, 0), next);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R2, lo + 25, 0), next);
	emit(cg, ALU64_IMM(BPF_XOR, R2, 0x20));
	emit(cg, STX_MEM(BPF_B, R1, R2, 0));
	dt_asm_place(&cg->a, next);
	dt_cg_loop_end(cg, &lp);
}

/*
 * basename/dirname: one backward scan finds the last character of the
 * base name (C_A), its first (C_B, after the slash before it) and the
 * last character of the directory (C_C, before that slash's run).
 */
static void pathpart(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	int ts = str_arg(cg, n->args[0], size);
	int dir = n->func == DT_F_DIRNAME;
	dt_cg_strlen_at(cg, ts, size);
	int nonempty = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), nonempty);
	store_bytes(cg, ".", 1, ts, size);	/* "" is "." */
	emit(cg, MOV64_IMM(R0, 1));
	dt_asm_place(&cg->a, nonempty);
	dt_cg_st_cell(cg, C_LEN, R0);
	dt_cg_st_cell_imm(cg, C_A, -1);
	dt_cg_st_cell_imm(cg, C_B, -1);
	dt_cg_st_cell_imm(cg, C_C, -1);
	dt_cg_st_cell_imm(cg, C_D, 0);		/* phase */
	struct dt_loop lp;
	int next = dt_asm_new_label(&cg->a);
	dt_cg_loop_begin(cg, &lp, size);
	dt_cg_ld_cell(cg, R1, C_LEN);
	emit(cg, ALU64_IMM(BPF_ADD, R1, -1));
	emit(cg, ALU64_REG(BPF_SUB, R1, R0));		/* i = len - 1 - k */
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLT, R1, 0, 0), lp.done);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R1, size, 0), lp.done);
	dt_cg_ld_byte(cg, R2, ts, R1);
	dt_cg_ld_cell(cg, R3, C_D);
	int ph1 = dt_asm_new_label(&cg->a), ph2 = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R3, 1, 0), ph1);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R3, 2, 0), ph2);
	/* phase 0: skip trailing slashes */
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R2, '/', 0), next);
	dt_cg_st_cell(cg, C_A, R1);
	dt_cg_st_cell_imm(cg, C_D, 1);
	dt_asm_jump(&cg->a, JA(0), next);
	dt_asm_place(&cg->a, ph1);
	/* phase 1: back to the slash before the base name */
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R2, '/', 0), next);
	emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
	dt_cg_st_cell(cg, C_B, R1);
	dt_cg_st_cell_imm(cg, C_D, 2);
	dt_asm_jump(&cg->a, JA(0), next);
	dt_asm_place(&cg->a, ph2);
	/* phase 2: skip that run of slashes */
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R2, '/', 0), next);
	dt_cg_st_cell(cg, C_C, R1);
	dt_asm_jump(&cg->a, JA(0), lp.done);
	dt_asm_place(&cg->a, next);
	dt_cg_loop_end(cg, &lp);

	int some = dt_asm_new_label(&cg->a), copy = dt_asm_new_label(&cg->a);
	int end = dt_asm_new_label(&cg->a);
	dt_cg_ld_cell(cg, R1, C_A);
	dt_cg_ld_cell(cg, R2, C_B);
	dt_cg_ld_cell(cg, R3, C_C);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R1, 0, 0), some);
	/* nothing but slashes: "/" either way */
	emit(cg, MOV64_IMM(R1, 0));
	emit(cg, MOV64_IMM(R2, 0));
	emit(cg, MOV64_IMM(R3, 0));
	dt_asm_place(&cg->a, some);
	if (dir) {
		/* no slash before the base name: "." */
		int has = dt_asm_new_label(&cg->a);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R2, 0, 0), has);
		store_bytes(cg, ".", 1, off, size);
		dt_asm_jump(&cg->a, JA(0), end);
		dt_asm_place(&cg->a, has);
		emit(cg, JMP_IMM(BPF_JSGE, R3, 0, 1));
		emit(cg, MOV64_IMM(R3, 0));		/* "/base": "/" */
		emit(cg, MOV64_IMM(R4, 0));		/* start */
		emit(cg, MOV64_REG(R5, R3));		/* end */
	} else {
		emit(cg, JMP_IMM(BPF_JSGE, R2, 0, 1));
		emit(cg, MOV64_IMM(R2, 0));
		emit(cg, MOV64_REG(R4, R2));
		emit(cg, MOV64_REG(R5, R1));
	}
	dt_asm_place(&cg->a, copy);
	/* bytes start..end, then NUL: count end - start + 2 */
	emit(cg, ALU64_REG(BPF_SUB, R5, R4));
	emit(cg, ALU64_IMM(BPF_ADD, R5, 2));
	dt_cg_copy_sub(cg, off, ts, R4, R5, size, size);
	dt_asm_place(&cg->a, end);
	dt_cg_stmp_free(cg);
}

/*
 * lltostr(v[, base]): digits written backwards from the end of a
 * temporary, then DTrace's prefixes ("0x", "0", "-"), then copied.
 */
static void lltostr(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	int sv = int_arg(cg, n->args[0]);
	int sb;
	if (n->nargs > 1) {
		sb = int_arg(cg, n->args[1]);
		int ok = dt_asm_new_label(&cg->a), bad = dt_asm_new_label(&cg->a);
		emit(cg, LDX_MEM(BPF_DW, R1, R10, sb));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLE, R1, 1, 0), bad);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLE, R1, 36, 0), ok);
		dt_asm_place(&cg->a, bad);
		dt_cg_fault(cg, DTFLT_ILLOP, -1);
		dt_asm_place(&cg->a, ok);
	} else {
		sb = dt_cg_slot_alloc(cg);
		emit(cg, ST_MEM(BPF_DW, R10, sb, 10));
	}
	int t = dt_cg_stmp_alloc(cg);
	enum { END = 70 };
	dt_cg_fst_imm(cg, BPF_B, t + END, 0);
	dt_cg_st_cell_imm(cg, C_P, END);
	/* the magnitude for negative base-10 values, else the bits */
	emit(cg, LDX_MEM(BPF_DW, R1, R10, sv));
	emit(cg, LDX_MEM(BPF_DW, R2, R10, sb));
	int keep = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R2, 10, 0), keep);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R1, 0, 0), keep);
	emit(cg, NEG64(R1));
	dt_asm_place(&cg->a, keep);
	dt_cg_st_cell(cg, C_A, R1);

	struct dt_loop lp;
	dt_cg_loop_begin(cg, &lp, 64);
	dt_cg_ld_cell(cg, R1, C_A);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, 0, 0), lp.done);
	emit(cg, LDX_MEM(BPF_DW, R2, R10, sb));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R2, 0, 0), lp.done);	/* for the verifier */
	emit(cg, MOV64_REG(R3, R1));
	emit(cg, ALU64_REG(BPF_MOD, R3, R2));
	emit(cg, ALU64_REG(BPF_DIV, R1, R2));
	dt_cg_st_cell(cg, C_A, R1);
	emit(cg, ALU64_IMM(BPF_ADD, R3, '0'));
	emit(cg, JMP_IMM(BPF_JLE, R3, '9', 1));
	emit(cg, ALU64_IMM(BPF_ADD, R3, 'a' - '9' - 1));
	dt_cg_ld_cell(cg, R4, C_P);
	emit(cg, ALU64_IMM(BPF_ADD, R4, -1));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R4, END, 0), lp.done);
	dt_cg_st_cell(cg, C_P, R4);
	emit(cg, ALU64_IMM(BPF_ADD, R4, t));
	emit(cg, ALU64_REG(BPF_ADD, R4, R9));
	emit(cg, STX_MEM(BPF_B, R4, R3, 0));
	dt_cg_loop_end(cg, &lp);

	/* prefixes: each a condition on (v, base) and a character */
	struct { int cond; char c; } pre[] = { { 0, '0' }, { 1, 'x' }, { 2, '0' }, { 3, '-' } };
	for (size_t i = 0; i < sizeof(pre) / sizeof(pre[0]); i++) {
		int skip = dt_asm_new_label(&cg->a), yes = dt_asm_new_label(&cg->a);
		emit(cg, LDX_MEM(BPF_DW, R1, R10, sv));
		emit(cg, LDX_MEM(BPF_DW, R2, R10, sb));
		switch (pre[i].cond) {
		case 0:		/* v == 0 && base == 16 */
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R1, 0, 0), skip);
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R2, 16, 0), skip);
			break;
		case 1:		/* base == 16 */
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R2, 16, 0), skip);
			break;
		case 2:		/* v == 0 || base == 8 || base == 16 */
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, 0, 0), yes);
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R2, 8, 0), yes);
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R2, 16, 0), skip);
			break;
		case 3:		/* v < 0 && base == 10 */
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R1, 0, 0), skip);
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R2, 10, 0), skip);
			break;
		}
		dt_asm_place(&cg->a, yes);
		dt_cg_ld_cell(cg, R4, C_P);
		emit(cg, ALU64_IMM(BPF_ADD, R4, -1));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R4, END, 0), skip);
		dt_cg_st_cell(cg, C_P, R4);
		emit(cg, ALU64_IMM(BPF_ADD, R4, t));
		emit(cg, ALU64_REG(BPF_ADD, R4, R9));
		emit(cg, ST_MEM(BPF_B, R4, 0, pre[i].c));
		dt_asm_place(&cg->a, skip);
	}
	dt_cg_ld_cell(cg, R4, C_P);
	emit(cg, MOV64_IMM(R2, size));
	dt_cg_copy_sub(cg, off, t, R4, R2, END + 1, size);
	dt_cg_stmp_free(cg);
	dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
}

/*
 * strtok(s, delim): the string being split lives in the frame's strtok
 * buffer with the position reached (-1: none); delimiters go into a
 * 256-bit map.  A token ends at a delimiter, which the next call skips.
 */
static void strtok_(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int buf = dt_cg_strtok(dtp);
	int pos = buf + 2 * (int)DT_STRAREA(dtp), map = pos + 8;
	struct dt_node *s = n->args[0];
	if (!(s->kind == DN_CONST && s->ival == 0)) {
		dt_cg_store_str(cg, s, buf, size);
		dt_cg_fst_imm(cg, BPF_DW, pos, 0);
	}
	int td = str_arg(cg, n->args[1], size);
	for (int i = 0; i < 32; i += 8)
		dt_cg_fst_imm(cg, BPF_DW, map + i, 0);
	struct dt_loop lp;
	dt_cg_loop_begin(cg, &lp, size);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, size, 0), lp.done);
	dt_cg_ld_byte(cg, R1, td, R0);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, 0, 0), lp.done);
	emit(cg, MOV64_REG(R2, R1));
	emit(cg, ALU64_IMM(BPF_RSH, R2, 3));
	emit(cg, ALU64_IMM(BPF_ADD, R2, map));
	emit(cg, ALU64_REG(BPF_ADD, R2, R9));
	emit(cg, LDX_MEM(BPF_B, R3, R2, 0));
	emit(cg, ALU64_IMM(BPF_AND, R1, 7));
	emit(cg, MOV64_IMM(R4, 1));
	emit(cg, ALU64_REG(BPF_LSH, R4, R1));
	emit(cg, ALU64_REG(BPF_OR, R3, R4));
	emit(cg, STX_MEM(BPF_B, R2, R3, 0));
	dt_cg_loop_end(cg, &lp);

	/* R(d) = is the byte in R(c) a delimiter? (clobbers R(t)) */
#define IS_DELIM(c, d, t) do { \
	emit(cg, MOV64_REG(t, c)); \
	emit(cg, ALU64_IMM(BPF_RSH, t, 3)); \
	emit(cg, ALU64_IMM(BPF_ADD, t, map)); \
	emit(cg, ALU64_REG(BPF_ADD, t, R9)); \
	emit(cg, LDX_MEM(BPF_B, d, t, 0)); \
	emit(cg, MOV64_REG(t, c)); \
	emit(cg, ALU64_IMM(BPF_AND, t, 7)); \
	emit(cg, ALU64_REG(BPF_RSH, d, t)); \
	emit(cg, ALU64_IMM(BPF_AND, d, 1)); \
} while (0)

	int none = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	dt_cg_fld(cg, BPF_DW, R1, pos);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLT, R1, 0, 0), none);
	/* skip leading delimiters: the token starts at C_A (-1: none) */
	dt_cg_st_cell_imm(cg, C_A, -1);
	dt_cg_loop_begin(cg, &lp, size);
	dt_cg_fld(cg, BPF_DW, R1, pos);
	emit(cg, ALU64_REG(BPF_ADD, R1, R0));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R1, size, 0), lp.done);
	dt_cg_ld_byte(cg, R2, buf, R1);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R2, 0, 0), lp.done);
	IS_DELIM(R2, R3, R4);
	int more = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R3, 0, 0), more);
	dt_cg_st_cell(cg, C_A, R1);
	dt_asm_jump(&cg->a, JA(0), lp.done);
	dt_asm_place(&cg->a, more);
	dt_cg_loop_end(cg, &lp);
	dt_cg_ld_cell(cg, R1, C_A);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLT, R1, 0, 0), none);
	/* the token runs to the next delimiter or the end: C_B */
	dt_cg_st_cell(cg, C_B, R1);
	dt_cg_loop_begin(cg, &lp, size);
	dt_cg_ld_cell(cg, R1, C_A);
	emit(cg, ALU64_REG(BPF_ADD, R1, R0));
	dt_cg_st_cell(cg, C_B, R1);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R1, size, 0), lp.done);
	dt_cg_ld_byte(cg, R2, buf, R1);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R2, 0, 0), lp.done);
	IS_DELIM(R2, R3, R4);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R3, 0, 0), lp.done);
	dt_cg_loop_end(cg, &lp);
#undef IS_DELIM
	dt_cg_ld_cell(cg, R5, C_B);
	dt_cg_fst(cg, BPF_DW, pos, R5);
	dt_cg_ld_cell(cg, R4, C_A);
	emit(cg, ALU64_REG(BPF_SUB, R5, R4));
	emit(cg, ALU64_IMM(BPF_ADD, R5, 1));
	dt_cg_copy_sub(cg, off, buf, R4, R5, size, size);
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, none);
	/* nothing left: NULL (""), and nothing saved */
	dt_cg_fst_imm(cg, BPF_DW, pos, -1);
	dt_cg_fst_imm(cg, BPF_B, off, 0);
	dt_asm_place(&cg->a, end);
	dt_cg_stmp_free(cg);
}

/* ---- a string as a char array (sema/strarr.c) ---- */

/*
 * Fault with "invalid address" (the address of that byte) unless the
 * index in stack slot si lies in the storage of the string at R9 + ts:
 * size bytes, a string variable's (strsize characters and the NUL).
 * Clobbers R1, R2.
 */
static void check_index(struct dt_cg *cg, int ts, int si, int size)
{
	int ok = dt_asm_new_label(&cg->a);
	emit(cg, LDX_MEM(BPF_DW, R1, R10, si));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R1, size, 0), ok);
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, ts));
	dt_cg_launder(cg, R2);
	emit(cg, ALU64_REG(BPF_ADD, R2, R1));
	dt_cg_fault(cg, DTFLT_BADADDR, R2);
	dt_asm_place(&cg->a, ok);
}

/*
 * The string args[0] and the index args[1] of a STRCHAR or STROFF: the
 * string materialized at *ts, the index checked, R0 = the string's
 * length and R4 = the index, at most that length (the bytes past the
 * string's end read as its NUL).
 */
static void str_index(struct dt_cg *cg, struct dt_node *n, int size, int *ts)
{
	*ts = str_arg(cg, n->args[0], size);
	int si = int_arg(cg, n->args[1]);
	check_index(cg, *ts, si, size);
	dt_cg_strlen_at(cg, *ts, size);
	emit(cg, LDX_MEM(BPF_DW, R4, R10, si));
	emit(cg, JMP_REG(BPF_JLE, R4, R0, 1));
	emit(cg, MOV64_REG(R4, R0));
	clamp(cg, R4, size - 1);
	dt_cg_slot_free(cg);
}

/* s[i]: R0 = the char, sign-extended */
static void str_char(struct dt_cg *cg, struct dt_node *n, int size)
{
	int ts;
	str_index(cg, n, size, &ts);
	dt_cg_ld_byte(cg, R0, ts, R4);
	emit(cg, ALU64_IMM(BPF_LSH, R0, 56));
	emit(cg, ALU64_IMM(BPF_ARSH, R0, 56));
	dt_cg_stmp_free(cg);
}

/* s + i: the string from index i on */
static void str_off(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	int ts;
	str_index(cg, n, size, &ts);
	emit(cg, MOV64_IMM(R5, size));
	dt_cg_copy_sub(cg, off, ts, R4, R5, size, size);
	dt_cg_stmp_free(cg);
}

static void subr_str(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	int ts;
	switch (n->func) {
	case DT_F_STRJOIN: strjoin(cg, n, off, size); return;
	case DT_F_SUBSTR: substr(cg, n, off, size); return;
	case DT_F_STRSTR:
		search(cg, n, size, &ts);
		tail_from(cg, off, ts, size);
		dt_cg_stmp_free(cg);
		return;
	case DT_F_STRCHR: case DT_F_STRRCHR: strchr_(cg, n, off, size); return;
	case DT_F_TOUPPER: case DT_F_TOLOWER: changecase(cg, n, off, size); return;
	case DT_F_BASENAME: case DT_F_DIRNAME: pathpart(cg, n, off, size); return;
	case DT_F_LLTOSTR: lltostr(cg, n, off, size); return;
	case DT_F_STRTOK: strtok_(cg, n, off, size); return;
	case DT_F_CLEANPATH: case DT_F_INET_NTOA: case DT_F_INET_NTOA6:
	case DT_F_INET_NTOP: dt_cg_net(cg, n, off, size); return;
	case DT_F_PSARGS: dt_cg_psargs(cg, n, off, size); return;
	case DT_F_D_PATH: dt_cg_d_path(cg, n, off, size); return;
	case DT_F_STROFF: str_off(cg, n, off, size); return;
	}
	dt_cg_fail(cg, D_UNKNOWN, "line %d: subroutine not supported yet", n->line);
}

void dt_cg_str_int(struct dt_cg *cg, struct dt_node *n)
{
	int size = ssize(cg), ts;
	if (n->func == DT_F_STRCHAR) {
		str_char(cg, n, size);
		return;
	}
	if (n->func == DT_F_STRLEN) {
		struct dt_node *a = n->args[0];
		if (a->kind == DN_STR) {
			size_t l = strlen(a->str);
			emit(cg, MOV64_IMM(R0, (int32_t)(l < (size_t)size ? l : (size_t)size - 1)));
			return;
		}
		ts = str_arg(cg, a, size);
		dt_cg_strlen_at(cg, ts, size);
		dt_cg_stmp_free(cg);
		return;
	}
	/* index, rindex */
	search(cg, n, size, &ts);
	dt_cg_ld_cell(cg, R0, C_RES);
	dt_cg_stmp_free(cg);
}

void dt_cg_str_assign(struct dt_cg *cg, struct dt_node *n)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int size = ssize(cg);
	struct dt_node *l = n->l;
	if (n->ival && l->kind == DN_DVAR && l->dvar->kind != DT_DV_THIS) {
		dt_cg_dvar_delete(cg, l);	/* = NULL */
		return;
	}
	int t = str_arg(cg, n->r, size);
	if (l->kind == DN_VAR) {
		emit(cg, MOV64_REG(R3, R9));
		emit(cg, ALU64_IMM(BPF_ADD, R3, t));
		dt_asm_ld_map_value(&cg->a, R1, dtp->fd_globals, DT_G_VARS + l->var->offset);
		emit(cg, MOV64_IMM(R2, size));
		emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
	} else if (l->dvar->kind == DT_DV_THIS) {
		copy_frame(cg, dt_cg_this(dtp, l->dvar->this_off), t, size);
	} else {
		dt_cg_dvar_store_str(cg, l, t);
	}
	dt_cg_stmp_free(cg);
}

/* R9 + off = the size bytes of the char array n (a DN_KSTR), as they are:
 * trace() records a char array so, as dtrace does */
void dt_cg_store_chars(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	dt_cg_expr(cg, n->l, R0);
	emit(cg, MOV64_IMM(R2, size));
	read_str(cg, BPF_FUNC_probe_read_kernel, off);
}

void dt_cg_store_str(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	dtrace_hdl_t *dtp = cg->dtp;
	if (cg->failed)
		return;
	switch (n->kind) {
	case DN_STR:
		store_bytes(cg, n->str, n->slen, off, size);
		return;
	case DN_KSTR: {
		/* a char array in kernel memory (or scratch memory) */
		dt_cg_expr(cg, n->l, R0);
		dt_cg_checked_addr(cg, 1);
		int n1 = (int)n->ival + 1 < size ? (int)n->ival + 1 : size;
		emit(cg, MOV64_IMM(R2, n1));
		read_str(cg, BPF_FUNC_probe_read_kernel_str, off);
		return;
	}
	case DN_VAR:
		dt_asm_ld_map_value(&cg->a, R3, dtp->fd_globals, DT_G_VARS + n->var->offset);
		copy_r3(cg, off, size);
		return;
	case DN_DVAR: {
		if (n->dvar->kind == DT_DV_THIS) {
			copy_frame(cg, off, dt_cg_this(dtp, n->dvar->this_off), size);
			return;
		}
		int none = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
		dt_cg_dvar_ref(cg, n);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), none);
		emit(cg, MOV64_REG(R3, R0));
		copy_r3(cg, off, size);
		dt_asm_jump(&cg->a, JA(0), end);
		dt_asm_place(&cg->a, none);
		dt_cg_fst_imm(cg, BPF_B, off, 0);
		dt_asm_place(&cg->a, end);
		return;
	}
	case DN_TERNARY: {
		int lelse = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
		dt_cg_expr(cg, n->x, R0);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), lelse);
		dt_cg_store_str(cg, n->l, off, size);
		dt_asm_jump(&cg->a, JA(0), end);
		dt_asm_place(&cg->a, lelse);
		dt_cg_store_str(cg, n->r, off, size);
		dt_asm_place(&cg->a, end);
		return;
	}
	case DN_ASSIGN:
		dt_cg_str_assign(cg, n);
		dt_cg_store_str(cg, n->l, off, size);
		return;
	case DN_COMMA:
		dt_cg_expr(cg, n->l, R0);
		dt_cg_store_str(cg, n->r, off, size);
		return;
	case DN_CALL:
		if (n->func == DT_F_COPYINSTR) {
			/* user memory, NUL-terminated, at most size (or the length) */
			if (n->nargs > 1) {
				dt_cg_expr(cg, n->args[1], R0);
				int ls = dt_cg_slot_alloc(cg);
				emit(cg, STX_MEM(BPF_DW, R10, R0, ls));
				dt_cg_expr(cg, n->args[0], R0);
				emit(cg, LDX_MEM(BPF_DW, R2, R10, ls));
				dt_cg_slot_free(cg);
				emit(cg, ALU64_IMM(BPF_ADD, R2, 1));		/* + NUL */
				emit(cg, JMP_IMM(BPF_JLE, R2, size, 1));
				emit(cg, MOV64_IMM(R2, size));
				emit(cg, JMP_IMM(BPF_JGE, R2, 1, 1));
				emit(cg, MOV64_IMM(R2, 1));
			} else {
				dt_cg_expr(cg, n->args[0], R0);
				emit(cg, MOV64_IMM(R2, size));
			}
			read_str(cg, BPF_FUNC_probe_read_user_str, off);
			return;
		}
		subr_str(cg, n, off, size);
		return;
	case DN_ARG:
		if (!cg->in_error && cg->probe->ops->cg_argstr &&
		    cg->probe->ops->cg_argstr(cg->dtp, &cg->a, cg->probe, (int)n->ival, off,
		    size) == 0)
			return;
		break;
	case DN_BUILTIN: {
		int which = -1;
		switch (n->builtin) {
		case DT_BI_EXECNAME:
			emit(cg, MOV64_REG(R1, R9));
			emit(cg, ALU64_IMM(BPF_ADD, R1, off));
			emit(cg, MOV64_IMM(R2, size < 16 ? size : 16));
			emit(cg, CALL_HELPER(BPF_FUNC_get_current_comm));
			return;
		case DT_BI_CWD: case DT_BI_ROOT:
			dt_cg_path(cg, n, off, size);
			return;
		case DT_BI_PROBEPROV: which = 0; break;
		case DT_BI_PROBEMOD: which = 1; break;
		case DT_BI_PROBEFUNC: which = 2; break;
		case DT_BI_PROBENAME: which = 3; break;
		}
		if (which == 0) {
			int bl = prov_base(cg);
			if (bl >= 0) {
				pid_prov(cg, cg->probe->prov, bl, off, size);
				return;
			}
		}
		if (which >= 0 && dt_cg_group_str(cg, which, off, size))
			return;		/* a shared program's, read at run time */
		if (which >= 0) {
			const char *s = probe_str(cg, which);
			store_bytes(cg, s, strlen(s), off, size);
			return;
		}
		break;
	}
	default:
		break;
	}
	dt_cg_fail(cg, D_UNKNOWN,
	    "line %d: this string expression is not supported yet", n->line);
}
