/*
 * cg_act.c - code generation for statements and record-producing actions.
 *
 * Actions write their values at fixed offsets of the clause's record in
 * the mstate frame's buffer (R9 + DT_MS_BUF); the clause commits the
 * whole record at its end (cg_prog.c), so a clause that faults half way
 * leaves nothing behind, as in DTrace.
 */
#include <string.h>
#include "cg.h"
#include "node.h"

static int size_code(uint32_t size)
{
	switch (size) {
	case 1: return BPF_B;
	case 2: return BPF_H;
	case 4: return BPF_W;
	default: return BPF_DW;
	}
}

static const char *probe_str(struct dt_cg *cg, int which)
{
	struct dt_probe *p = cg->probe;
	if (cg->in_error) {
		static const char *const e[] = { "dtrace", "", "", "ERROR" };
		return e[which];
	}
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
		emit(cg, ST_MEM(chunk == 4 ? BPF_W : chunk == 2 ? BPF_H : BPF_B,
		    R9, (int16_t)(off + (int)i), v));
		i += chunk;
	}
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
	emit(cg, CALL_HELPER(helper));
	int ok = asm_new_label(&cg->a);
	asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R0, 0, 0), ok);
	emit(cg, LDX_MEM(BPF_DW, R1, R10, as));
	dt_cg_fault(cg, DTFLT_BADADDR, R1);
	asm_place(&cg->a, ok);
	dt_cg_slot_free(cg);
}

void dt_cg_store_str(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	if (n->kind == DN_STR) {
		store_bytes(cg, n->str, n->slen, off, size);
		return;
	}
	if (n->kind == DN_KSTR) {
		/* a char array in kernel memory */
		dt_cg_expr(cg, n->l, R0);
		int n1 = (int)n->ival + 1 < size ? (int)n->ival + 1 : size;
		emit(cg, MOV64_IMM(R2, n1));
		read_str(cg, BPF_FUNC_probe_read_kernel_str, off);
		return;
	}
	if (n->kind == DN_CALL && n->func == DT_F_COPYINSTR) {
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
	if (n->kind == DN_ARG && !cg->in_error && cg->probe->ops->cg_argstr) {
		if (cg->probe->ops->cg_argstr(cg, cg->probe, (int)n->ival, off, size) == 0)
			return;
	}
	if (n->kind == DN_BUILTIN) {
		int which = -1;
		switch (n->builtin) {
		case DT_BI_EXECNAME:
			emit(cg, MOV64_REG(R1, R9));
			emit(cg, ALU64_IMM(BPF_ADD, R1, off));
			emit(cg, MOV64_IMM(R2, size < 16 ? size : 16));
			emit(cg, CALL_HELPER(BPF_FUNC_get_current_comm));
			return;
		case DT_BI_PROBEPROV: which = 0; break;
		case DT_BI_PROBEMOD: which = 1; break;
		case DT_BI_PROBEFUNC: which = 2; break;
		case DT_BI_PROBENAME: which = 3; break;
		}
		if (which >= 0) {
			const char *s = probe_str(cg, which);
			store_bytes(cg, s, strlen(s), off, size);
			return;
		}
	}
	cg->failed = 1;
	snprintf(cg->errmsg, sizeof(cg->errmsg),
	    "line %d: this string expression is not supported yet", n->line);
}

static void store_value(struct dt_cg *cg, struct dt_node *v, struct dt_recfield *f)
{
	int off = DT_MS_BUF + (int)f->offset;
	if (f->kind == DT_RV_STR) {
		dt_cg_store_str(cg, v, off, (int)f->size);
		return;
	}
	dt_cg_expr(cg, v, R0);
	emit(cg, STX_MEM(size_code(f->size), R9, R0, (int16_t)off));
}

static void action(struct dt_cg *cg, struct dt_node *n)
{
	struct dt_action *a = n->action;
	cg->action = n->act;
	if (a->cond) {
		/* mark the action as executed in the record header's mask */
		int bit = (int)(a - cg->stmt->actions);
		emit(cg, LDX_MEM(BPF_W, R1, R9, DT_MS_BUF + 4));
		emit(cg, ALU32_IMM(BPF_OR, R1, (int32_t)(1u << bit)));
		emit(cg, STX_MEM(BPF_W, R9, R1, DT_MS_BUF + 4));
	}
	switch (n->func) {
	case DT_F_TRACE:
		store_value(cg, n->args[0], &a->fields[0]);
		break;
	case DT_F_PRINTF:
		for (int i = 1; i < n->nargs; i++)
			store_value(cg, n->args[i], &a->fields[i - 1]);
		break;
	case DT_F_EXIT:
		store_value(cg, n->args[0], &a->fields[0]);
		/* the status also goes to the globals for the consumer */
		asm_ld_map_value(&cg->a, R1, cg->dtp->fd_globals, 0);
		emit(cg, STX_MEM(BPF_DW, R1, R0, DT_G_EXITSTAT));
		emit(cg, ST_MEM(BPF_DW, R1, DT_G_STATE, DT_ST_DRAINING));
		cg->has_exit = 1;
		break;
	}
}

void dt_cg_stmt_list(struct dt_cg *cg, struct dt_node *n)
{
	for (; n && !cg->failed; n = n->next) {
		switch (n->kind) {
		case DN_S_EXPR:
			cg->action = n->act;
			dt_cg_expr(cg, n->l, R0);
			break;
		case DN_S_ACTION:
			action(cg, n);
			break;
		case DN_S_IF: {
			int lelse = asm_new_label(&cg->a), end = asm_new_label(&cg->a);
			dt_cg_expr(cg, n->x, R0);
			asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), lelse);
			dt_cg_stmt_list(cg, n->l);
			asm_jump(&cg->a, JA(0), end);
			asm_place(&cg->a, lelse);
			dt_cg_stmt_list(cg, n->r);
			asm_place(&cg->a, end);
			break;
		}
		default:
			break;
		}
	}
}
