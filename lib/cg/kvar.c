/*
 * kvar.c - code generation for per-CPU kernel variables (`runqueues,
 * `cpu_number): the address of the current CPU's copy.
 *
 * A per-CPU variable's copy for a CPU lies at its link address plus that
 * CPU's per-CPU offset (__per_cpu_offset[cpu], this_cpu_off).  The kernel
 * would compute it for a BTF ksym with bpf_this_cpu_ptr(), but that needs
 * the variable in kallsyms (kvar.c says why it may not be), and no
 * helper gives the offset itself.  A per-CPU map does: the value a
 * PERCPU_ARRAY's lookup returns on this CPU is its per-CPU pointer
 * (struct bpf_array's pptrs[0]) plus this CPU's offset, so
 *
 *	offset = lookup(dt_kvar, 0) - dt_kvar->pptrs[0]
 *
 * with pptrs[0] read from the map (its address is the map pointer the
 * loader puts in the program; the member's offset comes from BTF).  Both
 * pointers are laundered into plain numbers first.  dt_kvar is a map of
 * its own (one 8-byte entry, made when a program first needs it), so
 * the trick does not depend on how the scratch frames are stored.
 */
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include <unistd.h>
#include "cg.h"
#include "kernel/btf.h"

static int kvar_map(struct dt_cg *cg)
{
	dtrace_hdl_t *dtp = cg->dtp;
	if (!dtp->kvar_map_made) {
		LIBBPF_OPTS(bpf_map_create_opts, o);
		dtp->fd_kvar = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PERCPU_ARRAY, "dt_kvar", 4, 8, 1, &o);
		if (dtp->fd_kvar < 0) {
			dt_cg_fail(cg, D_UNKNOWN,
			    "cannot create the per-CPU variables map: %m");
			return -1;
		}
		dtp->kvar_map_made = 1;
	}
	return dtp->fd_kvar;
}

void dt_cg_kpercpu(struct dt_cg *cg, uint64_t addr)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int pptrs = dt_btf_offsetof(dtp, "bpf_array", "pptrs");
	if (pptrs < 0) {
		dt_cg_fail(cg, D_SYM_NOTYPES,
		    "per-CPU kernel variables need kernel BTF for struct bpf_array");
		return;
	}
	int fd = kvar_map(cg);
	if (fd < 0)
		return;
	int ok = dt_asm_new_label(&cg->a);
	int slot = dt_cg_slot_alloc(cg);
	emit(cg, ST_MEM(BPF_DW, R10, slot, 0));
	dt_asm_ld_map_fd(&cg->a, R1, fd);
	emit(cg, MOV64_REG(R2, R10));
	emit(cg, ALU64_IMM(BPF_ADD, R2, slot));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), ok);
	dt_cg_fault(cg, DTFLT_ILLOP, -1);		/* entry 0 always exists */
	dt_asm_place(&cg->a, ok);
	dt_cg_launder(cg, R0);
	emit(cg, STX_MEM(BPF_DW, R10, R0, slot));	/* this CPU's pointer */
	dt_asm_ld_map_fd(&cg->a, R0, fd);
	dt_cg_launder(cg, R0);
	dt_cg_kread(cg, pptrs, 8);			/* the per-CPU pointer */
	emit(cg, LDX_MEM(BPF_DW, R1, R10, slot));
	emit(cg, ALU64_REG(BPF_SUB, R1, R0));		/* this CPU's offset */
	dt_cg_slot_free(cg);
	dt_asm_ld_imm64(&cg->a, R0, 0, addr);
	emit(cg, ALU64_REG(BPF_ADD, R0, R1));
}

void dt_kvar_close(dtrace_hdl_t *dtp)
{
	if (dtp->kvar_map_made)
		close(dtp->fd_kvar);
	dtp->kvar_map_made = 0;
}
