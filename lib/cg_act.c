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

static void store_value(struct dt_cg *cg, struct dt_node *v, struct dt_recfield *f)
{
	int off = DT_MS_BUF + (int)f->offset;
	if (f->kind == DT_RV_STR) {
		dt_cg_store_str(cg, v, off, (int)f->size);
		return;
	}
	if (f->kind == DT_RV_BYTES) {
		dt_cg_sou_to_frame(cg, v, off);
		return;
	}
	dt_cg_expr(cg, v, R0);
	dt_cg_fst(cg, size_code(f->size), off, R0);
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
	case DT_F_TRUNC:
	case DT_F_NORMALIZE:
		if (a->nfields)
			store_value(cg, n->args[1], &a->fields[0]);
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
		case DN_S_AGG:
			cg->action = n->act;
			dt_cg_agg(cg, n);
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
