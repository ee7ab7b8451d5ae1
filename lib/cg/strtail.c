/*
 * strtail.c - a record's strings written packed, so that a string costs
 * the bytes it holds, not strsize.
 *
 * sema/strtail.c lays a clause's string fields out last.  The actions
 * write each string at its own offset as usual; before the record is
 * output, each string after the first is copied down to right after the
 * previous one's NUL (bpf_probe_read_kernel_str from the frame to the
 * frame, which also gives its length; the first is copied onto itself
 * for its length), and the record is output only up to the last NUL,
 * rounded up to 8.  A string never lands past its own field, so a later
 * string is read before anything is written over it.  The consumer
 * (consume/strtail.c) walks the NULs to put the strings back.
 *
 * A record whose only string is execname (at most 16 bytes, NUL-padded
 * by get_current_comm) needs neither: it is output up to those 16.
 *
 * The buffer policies still count the clause's whole record size (fill
 * claims it, specsize is charged it): the record may be smaller, never
 * larger.
 */
#include "cg.h"
#include "sema/node.h"

/* reg = min(max(reg, 1), max): the bytes written, NUL included */
static void clamp_len(struct dt_cg *cg, int reg, int32_t max)
{
	emit(cg, JMP_IMM(BPF_JSGE, reg, 1, 1));
	emit(cg, MOV64_IMM(reg, 1));
	emit(cg, JMP_IMM(BPF_JLE, reg, max, 1));
	emit(cg, MOV64_IMM(reg, max));
}

/* the most bytes (NUL included) string field j of action a can hold,
 * known without looking: execname's (get_current_comm() writes 16, NUL
 * padded); 0 if unknown */
static uint32_t known_bound(const struct dt_action *a, int j)
{
	const struct dt_node *n = a->node, *v = NULL;
	if (!n)
		return 0;
	if (a->kind == DT_ACT_TRACE && j == 0 && n->nargs > 0)
		v = n->args[0];
	else if (a->kind == DT_ACT_PRINTF && j + 1 < n->nargs)
		v = n->args[j + 1];
	if (!v || v->kind != DN_BUILTIN || v->builtin != DT_BI_EXECNAME)
		return 0;
	return a->fields[j].size < 16 ? a->fields[j].size : 16;
}

/* a record whose only string has a known bound: its size is a constant
 * (0: not such a record) */
static uint32_t const_size(const struct dt_stmt *st, uint32_t size)
{
	uint32_t n = 0, bound = 0;
	for (int i = 0; i < st->nactions; i++)
		for (int j = 0; j < st->actions[i].nfields; j++)
			if (st->actions[i].fields[j].kind == DT_RV_STR) {
				n++;
				bound = known_bound(&st->actions[i], j);
			}
	if (n != 1 || !bound)
		return 0;
	uint32_t s = (st->strtail + bound + 7) & ~7u;
	return s < size ? s : size;
}

void dt_cg_rec_size(struct dt_cg *cg, const struct dt_stmt *st, uint32_t size)
{
	if (!st || !st->strtail) {
		dt_cg_ustack_size(cg, st, size);
		return;
	}
	uint32_t cs = const_size(st, size);
	if (cs) {	/* printf("%s\n", execname): no copy, no helper */
		emit(cg, MOV64_IMM(R5, (int32_t)cs));
		return;
	}
	/* the slot: where the next string goes, from R9 */
	int slot = dt_cg_slot_alloc(cg), first = 1;
	for (int i = 0; i < st->nactions; i++) {
		const struct dt_action *a = &st->actions[i];
		for (int j = 0; j < a->nfields; j++) {
			const struct dt_recfield *f = &a->fields[j];
			if (f->kind != DT_RV_STR)
				continue;
			int src = DT_MS_BUF + (int)f->offset;
			emit(cg, MOV64_REG(R1, R9));
			if (first) {
				emit(cg, ALU64_IMM(BPF_ADD, R1, src));
			} else {
				emit(cg, LDX_MEM(BPF_DW, R2, R10, slot));
				emit(cg, ALU64_REG(BPF_ADD, R1, R2));
			}
			emit(cg, MOV64_IMM(R2, (int32_t)f->size));
			emit(cg, MOV64_REG(R3, R9));
			emit(cg, ALU64_IMM(BPF_ADD, R3, src));
			emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
			clamp_len(cg, R0, (int32_t)f->size);
			if (first) {
				emit(cg, ALU64_IMM(BPF_ADD, R0, src));
			} else {
				emit(cg, LDX_MEM(BPF_DW, R1, R10, slot));
				emit(cg, ALU64_REG(BPF_ADD, R0, R1));
			}
			emit(cg, STX_MEM(BPF_DW, R10, R0, slot));
			first = 0;
		}
	}
	int32_t whole = (int32_t)((size + 7) & ~7u);
	emit(cg, LDX_MEM(BPF_DW, R5, R10, slot));
	emit(cg, ALU64_IMM(BPF_ADD, R5, 7 - DT_MS_BUF));
	emit(cg, ALU64_IMM(BPF_AND, R5, -8));
	emit(cg, JMP_IMM(BPF_JLE, R5, whole, 1));
	emit(cg, MOV64_IMM(R5, whole));
	dt_cg_slot_free(cg);
}
