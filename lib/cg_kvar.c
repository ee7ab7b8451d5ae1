/*
 * cg_kvar.c - code generation for per-CPU kernel variables (`runqueues,
 * `cpu_number): the address of the current CPU's copy.
 *
 * A per-CPU variable's copy for a CPU lies at its link address plus that
 * CPU's per-CPU offset (__per_cpu_offset[cpu], this_cpu_off).  The kernel
 * would compute it for a BTF ksym with bpf_this_cpu_ptr(), but that needs
 * the variable in kallsyms (kvar.c says why it may not be), and no
 * program can read the offset directly.  The scratch map gives it: a
 * PERCPU_ARRAY's value for this CPU (R7, frame 0) is its per-CPU pointer
 * (struct bpf_array's pptrs[0]) plus this CPU's offset, so
 *
 *	offset = R7 - map->pptrs[0]
 *
 * with pptrs[0] read from the map (its address is the map pointer the
 * loader puts in the program; the member's offset comes from BTF).  Both
 * R7 and the map pointer are laundered into plain numbers first.  The
 * read cannot fail on a live map, but is checked like every kernel read.
 */
#include "cg.h"
#include "btf.h"

void dt_cg_kpercpu(struct dt_cg *cg, uint64_t addr)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int pptrs = dt_btf_offsetof(dtp, "bpf_array", "pptrs");
	if (pptrs < 0) {
		cg->failed = 1;
		snprintf(cg->errmsg, sizeof(cg->errmsg),
		    "per-CPU kernel variables need kernel BTF for struct bpf_array");
		return;
	}
	asm_ld_map_fd(&cg->a, R0, dtp->fd_scratch);
	dt_cg_launder(cg, R0);
	dt_cg_kread(cg, pptrs, 8);			/* pptrs[0] */
	int base = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, base));
	emit(cg, MOV64_REG(R0, R7));
	dt_cg_launder(cg, R0);
	emit(cg, LDX_MEM(BPF_DW, R1, R10, base));
	emit(cg, ALU64_REG(BPF_SUB, R0, R1));		/* this CPU's offset */
	dt_cg_slot_free(cg);
	asm_ld_imm64(&cg->a, R1, 0, addr);
	emit(cg, ALU64_REG(BPF_ADD, R0, R1));
}
