/*
 * kstat.c - the machinery of the kernel-statistics providers (sysinfo.c,
 * vminfo.c).  On Solaris their probes fire where the kernel increments a
 * named statistic; here each is a raw tracepoint program on the Linux
 * event that means the same, preceded by a test (the cg_filter hook)
 * that ends the program on the hits that do not count: another system
 * call number, a clone that makes a thread, a voluntary switch, a fault
 * of the other kind.  arg0 is the value the statistic would grow by (1,
 * or the bytes moved for readch/writech); Linux has no kstat counter nor
 * cpu_t for arg1 and arg2, which read 0.
 */
#include <linux/sched.h>
#include <asm/unistd.h>
#include "kstat.h"

/* x86_64 struct pt_regs offsets */
#define REGS_DI		(14 * 8)
#define REGS_ORIG_AX	(15 * 8)
#define REGS_CS		(17 * 8)
#define USER64_CS	0x33		/* __USER_CS: a 64-bit task's calls */
#define X86_PF_PROT	0x1		/* fault on a present page */

int dt_ks_populate(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops,
    const struct dt_ks_probe *probes, int n)
{
	for (int i = 0; i < n; i++) {
		struct dt_probe *p = dt_probe_create(dtp, ops, "vmlinux", "", probes[i].name,
		    (uint64_t)i);
		if (!p)
			return -1;
		p->priv = (void *)&probes[i];
	}
	return 0;
}

static const struct dt_ks_probe *row(const struct dt_probe *p)
{
	return p->priv;
}

const char *dt_ks_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	(void)dtp;
	(void)p;
	(void)native;
	return i == 0 ? "uint64_t" : NULL;
}

/* R0 = the 8 bytes at regs + off (the raw sys_enter/sys_exit context's
 * first argument is the task's struct pt_regs *); stack slot -8 */
static void read_reg(struct dt_asm *a, int off)
{
	dt_asm_emit(a, MOV64_REG(R1, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, -8));
	dt_asm_emit(a, MOV64_IMM(R2, 8));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, off));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R10, -8));
}

/* only 64-bit system calls: a 32-bit task's numbers mean other calls */
static void only_64bit(struct dt_asm *a, int lx)
{
	read_reg(a, REGS_CS);
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, USER64_CS, 0), lx);
}

/* reg in nrs: go to lok, else to lx */
static void nr_in(struct dt_asm *a, int reg, const int *nrs, int lok, int lx)
{
	for (int i = 0; nrs && nrs[i] >= 0; i++)
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, reg, nrs[i], 0), lok);
	dt_asm_jump(a, JA(0), lx);
}

/* fork and vfork: which clone() flags make the call one or the other */
static void clone_kind(struct dt_asm *a, int vfork, int lok, int lx)
{
	int lclone = dt_asm_new_label(a), lclone3 = dt_asm_new_label(a);
	int lflags = dt_asm_new_label(a);

	only_64bit(a, lx);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 8));
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, __NR_fork, 0), vfork ? lx : lok);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, __NR_vfork, 0), vfork ? lok : lx);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, __NR_clone, 0), lclone);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, __NR_clone3, 0), lclone3);
	dt_asm_jump(a, JA(0), lx);
	/* clone(flags, ...): the flags are the first argument */
	dt_asm_place(a, lclone);
	read_reg(a, REGS_DI);
	dt_asm_jump(a, JA(0), lflags);
	/* clone3(struct clone_args *, size): flags are its first member */
	dt_asm_place(a, lclone3);
	read_reg(a, REGS_DI);
	dt_asm_emit(a, MOV64_REG(R3, R0));
	dt_asm_emit(a, MOV64_REG(R1, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, -8));
	dt_asm_emit(a, MOV64_IMM(R2, 8));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_user));
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), lx);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R10, -8));
	dt_asm_place(a, lflags);
	if (vfork) {
		dt_asm_jump(a, JMP_IMM(BPF_JSET, R0, CLONE_VFORK, 0), lok);
		dt_asm_jump(a, JA(0), lx);
	} else {
		dt_asm_jump(a, JMP_IMM(BPF_JSET, R0, CLONE_VFORK | CLONE_THREAD, 0), lx);
		dt_asm_jump(a, JA(0), lok);
	}
}

int dt_ks_cg_filter(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int out)
{
	(void)out;
	const struct dt_ks_probe *k = row(p);
	if (k->kind == DT_KS_ALL)
		return 0;
	int lok = dt_asm_new_label(a), lx = dt_asm_new_label(a);

	switch (k->kind) {
	case DT_KS_SYSENTER:	/* sys_enter(struct pt_regs *, long id) */
		only_64bit(a, lx);
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 8));
		nr_in(a, R1, k->nrs, lok, lx);
		break;
	case DT_KS_SYSBYTES:	/* sys_exit(struct pt_regs *, long ret) */
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 8));
		dt_asm_jump(a, JMP_IMM(BPF_JSLE, R1, 0, 0), lx);
		only_64bit(a, lx);
		read_reg(a, REGS_ORIG_AX);
		nr_in(a, R0, k->nrs, lok, lx);
		break;
	case DT_KS_FORK:
	case DT_KS_VFORK:
		clone_kind(a, k->kind == DT_KS_VFORK, lok, lx);
		break;
	case DT_KS_INVSWTCH:	/* sched_switch(bool preempt, prev, next,
				   unsigned int prev_state) */
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 0));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R1, 0, 0), lok);
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 24));
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, 0, 0), lok);
		dt_asm_jump(a, JA(0), lx);
		break;
	case DT_KS_FAULT_NP:	/* page_fault_*(address, regs, error_code) */
	case DT_KS_FAULT_PROT:
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 16));
		dt_asm_jump(a, JMP_IMM(BPF_JSET, R1, X86_PF_PROT, 0),
		    k->kind == DT_KS_FAULT_PROT ? lok : lx);
		dt_asm_jump(a, JA(0), k->kind == DT_KS_FAULT_PROT ? lx : lok);
		break;
	case DT_KS_FAULT_KADDR:	/* the kernel half: the top bit set */
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 0));
		dt_asm_jump(a, JMP_IMM(BPF_JSLT, R1, 0, 0), lok);
		dt_asm_jump(a, JA(0), lx);
		break;
	default:
		return dt_set_err(dtp, "cannot select the events of %s:%s:%s:%s",
		    p->prov, p->mod, p->func, p->name);
	}
	dt_asm_place(a, lx);
	dt_asm_emit(a, MOV64_IMM(R0, 0));
	dt_asm_emit(a, EXIT_INSN());
	dt_asm_place(a, lok);
	return 0;
}

int dt_ks_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	(void)dtp;
	for (int i = 0; i < nargs; i++) {
		if (i == 0 && row(p)->kind == DT_KS_SYSBYTES) {
			dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 8));	/* bytes moved */
			dt_asm_emit(a, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS));
		} else {
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, i == 0));
		}
	}
	return 0;
}

const char *dt_ks_tp_event(const struct dt_probe *p)
{
	return row(p)->tp[0];
}

int dt_ks_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	const struct dt_ks_probe *k = row(p);
	for (int i = 0; i < 2 && k->tp[i]; i++)
		if (dt_rawtp_attach(dtp, p, k->tp[i], prog_fd) < 0)
			return -1;
	return 0;
}
