/*
 * outact.c - code generation for tracemem() and print(): memory
 * copied into the record.
 *
 * Both copy a size fixed at compile time from a run-time address with
 * one bpf_probe_read_kernel() into their record field; an unreadable
 * address faults with "invalid address" and that address, as DTrace's
 * safe loads do.  (Scratch memory from alloca()/copyin() is kernel memory
 * too, so tracemem(copyin(uaddr, n), n) dumps user memory.)
 */
#include "cg.h"
#include "sema/node.h"

/* size bytes at the address in stack slot aslot into R9 + off */
static void memcopy(struct dt_cg *cg, int aslot, int off, uint32_t size)
{
	emit(cg, LDX_MEM(BPF_DW, R0, R10, (int16_t)aslot));
	dt_cg_checked_addr(cg, (int32_t)size);
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, MOV64_IMM(R2, (int32_t)size));
	emit(cg, LDX_MEM(BPF_DW, R3, R10, (int16_t)aslot));
	dt_cg_call_checked(cg, BPF_FUNC_probe_read_kernel, BPF_JEQ, aslot);
}

void dt_cg_outact(struct dt_cg *cg, struct dt_node *n)
{
	struct dt_action *a = n->action;
	int slot = dt_cg_slot_alloc(cg);

	dt_cg_expr(cg, n->args[0], R0);
	emit(cg, STX_MEM(BPF_DW, R10, R0, (int16_t)slot));
	if (n->func == DT_F_PRINT) {
		/* the address, then the object it points to */
		emit(cg, STX_MEM(BPF_DW, R9, R0, (int16_t)(DT_MS_BUF + a->fields[0].offset)));
		memcopy(cg, slot, DT_MS_BUF + (int)a->fields[1].offset, a->fields[1].size);
	} else {
		memcopy(cg, slot, DT_MS_BUF + (int)a->fields[0].offset, a->fields[0].size);
		if (n->nargs > 2) {	/* the number of bytes to show */
			dt_cg_expr(cg, n->args[2], R0);
			emit(cg, STX_MEM(BPF_DW, R9, R0, (int16_t)(DT_MS_BUF + a->fields[1].offset)));
		}
	}
	dt_cg_slot_free(cg);
}
