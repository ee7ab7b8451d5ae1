/*
 * act.c - code generation for statements and record-producing actions.
 *
 * Actions write their values at fixed offsets of the clause's record in
 * the mstate frame's buffer (R9 + DT_MS_BUF); the clause commits the
 * whole record at its end (cg/prog.c), so a clause that faults half way
 * leaves nothing behind, as in DTrace.
 */
#include <string.h>
#include "cg.h"
#include "sema/node.h"
#include "base/spec.h"

static void store_value(struct dt_cg *cg, struct dt_node *v, struct dt_recfield *f)
{
	int off = DT_MS_BUF + (int)f->offset;
	if (f->kind == DT_RV_STR) {
		if (cg->dtp->opt[DTOPT_RAWBYTES]) {
			/* the bytes after the NUL are shown too: zero them,
			 * as DTrace's records are */
			uint32_t o = 0;
			for (; o + 8 <= f->size; o += 8)
				emit(cg, ST_MEM(BPF_DW, R9, (int16_t)(off + (int)o), 0));
			for (; o < f->size; o++)
				emit(cg, ST_MEM(BPF_B, R9, (int16_t)(off + (int)o), 0));
		}
		dt_cg_store_str(cg, v, off, (int)f->size);
		return;
	}
	if (f->kind == DT_RV_BYTES) {
		dt_cg_sou_to_frame(cg, v, off);
		return;
	}
	if (f->kind == DT_RV_CHARS) {
		dt_cg_store_chars(cg, v, off, (int)f->size);
		return;
	}
	dt_cg_expr(cg, v, R0);
	dt_cg_fst(cg, dt_cg_size_code(f->size), off, R0);
}

/*
 * exit(): status in R0.  As in DTrace, only the first exit() counts: it
 * moves the activity state from ACTIVE (INACTIVE in BEGIN) to DRAINING
 * with a compare-and-swap and only then stores the status the consumer
 * reports, so a racing exit() on another CPU changes nothing.  In END
 * (already DRAINING) exit() always sets the status, as DTrace honors it
 * there.  Clobbers R0-R3.
 */
static void exit_state(struct dt_cg *cg)
{
	int skip = dt_asm_new_label(&cg->a);
	uint32_t pid = cg->probe->id;
	dt_asm_ld_map_value(&cg->a, R1, cg->dtp->fd_globals, 0);
	if (pid != DT_PROBE_END) {
		emit(cg, MOV64_REG(R2, R0));
		emit(cg, MOV64_IMM(R0, pid == DT_PROBE_BEGIN ? DT_ST_INACTIVE : DT_ST_ACTIVE));
		emit(cg, MOV64_IMM(R3, DT_ST_DRAINING));
		emit(cg, INSN(BPF_STX | BPF_DW | BPF_ATOMIC, R1, R3, DT_G_STATE, BPF_CMPXCHG));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, pid == DT_PROBE_BEGIN ? DT_ST_INACTIVE :
		    DT_ST_ACTIVE, 0), skip);
		emit(cg, MOV64_REG(R0, R2));
	}
	emit(cg, STX_MEM(BPF_DW, R1, R0, DT_G_EXITSTAT));
	dt_asm_place(&cg->a, skip);
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
		if (dt_sema_is_usym(n->args[0]))
			dt_cg_usym_at(cg, n->args[0], DT_MS_BUF + (int)a->fields[0].offset);
		else
			store_value(cg, n->args[0], &a->fields[0]);
		break;
	case DT_F_PRINTF:
	case DT_F_FREOPEN:
	case DT_F_SYSTEM:
		for (int i = 1; i < n->nargs; i++)
			store_value(cg, n->args[i], &a->fields[i - 1]);
		break;
	case DT_F_SETOPT:
		for (int i = 0; i < n->nargs; i++)
			store_value(cg, n->args[i], &a->fields[i]);
		break;
	case DT_F_TRACEMEM:
	case DT_F_PRINT:
		dt_cg_outact(cg, n);
		break;
	case DT_F_STACK:
		dt_cg_kstack_rec(cg, DT_MS_BUF + (int)a->fields[0].offset,
		    (int)(a->fields[0].size / 8));
		break;
	case DT_F_USTACK:
		dt_cg_ustack(cg, n);
		break;
	case DT_F_TRUNC:
	case DT_F_NORMALIZE:
		if (a->nfields)
			store_value(cg, n->args[1], &a->fields[0]);
		break;
	case DT_F_SPECULATE:
		dt_cg_spec_speculate(cg, n);
		break;
	case DT_F_COMMIT:
	case DT_F_DISCARD:
		dt_cg_spec_commit(cg, n);
		break;
	case DT_F_EXIT:
		store_value(cg, n->args[0], &a->fields[0]);
		exit_state(cg);
		cg->has_exit = 1;
		break;
	case DT_F_STOP: case DT_F_RAISE: case DT_F_COPYOUT:
	case DT_F_COPYOUTSTR: case DT_F_CHILL:
		dt_cg_destr(cg, n);
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
			int lelse = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
			dt_cg_expr(cg, n->x, R0);
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), lelse);
			dt_cg_stmt_list(cg, n->l);
			dt_asm_jump(&cg->a, JA(0), end);
			dt_asm_place(&cg->a, lelse);
			dt_cg_stmt_list(cg, n->r);
			dt_asm_place(&cg->a, end);
			break;
		}
		default:
			break;
		}
	}
}
