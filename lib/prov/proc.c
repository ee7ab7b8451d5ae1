/*
 * proc.c - the proc provider: process and thread life cycle, as the
 * Dynamic Tracing Guide's proc provider defines it, from the kernel's
 * scheduler and signal tracepoints.
 *
 * Each probe is a raw tracepoint program attached through a BPF link
 * (cheap to remove).  Its arguments are the Guide's: the provider copies
 * the kernel's values (a struct task_struct *, a signal number) into
 * args[], and args[i] of a translated type (psinfo_t *, lwpsinfo_t *) is
 * that value translated by dlib/procfs.d's translators (the argxlate
 * hook), as DTrace's stable providers map the kernel onto stable types.
 */
#include <string.h>
#include "tracepoint.h"

extern const struct dt_provider_ops dt_prov_proc;

/* where an argument comes from */
enum { SRC_CTX, SRC_CURTASK };

struct proc_arg {
	const char *type;		/* the Guide's type */
	const char *native;		/* translated from, or NULL */
	int src, idx;			/* SRC_CTX: raw tracepoint argument idx */
};

struct proc_probe {
	const char *name;
	const char *tp;			/* the kernel tracepoint */
	int nargs;
	struct proc_arg args[3];
};

static const struct proc_probe probes[] = {
	/* sched_process_fork(struct task_struct *parent, *child) */
	{ "create", "sched_process_fork", 1,
	    { { "psinfo_t *", "struct task_struct *", SRC_CTX, 1 } } },
};
#define NPROBES ((int)(sizeof(probes) / sizeof(probes[0])))

static int proc_populate(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < NPROBES; i++)
		if (!dt_probe_create(dtp, &dt_prov_proc, "vmlinux", "", probes[i].name,
		    (uint64_t)i))
			return -1;
	return 0;
}

static const struct proc_probe *probe_of(const struct dt_probe *p)
{
	return &probes[p->pdata];
}

static const char *proc_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	(void)dtp;
	(void)native;
	const struct proc_probe *pp = probe_of(p);
	return i < pp->nargs ? pp->args[i].type : NULL;
}

static const char *proc_argxlate(dtrace_hdl_t *dtp, struct dt_probe *p, int i)
{
	(void)dtp;
	const struct proc_probe *pp = probe_of(p);
	return i < pp->nargs ? pp->args[i].native : NULL;
}

static int proc_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	(void)dtp;
	const struct proc_probe *pp = probe_of(p);
	for (int i = 0; i < nargs; i++) {
		if (i >= pp->nargs) {
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
			continue;
		}
		const struct proc_arg *pa = &pp->args[i];
		if (pa->src == SRC_CURTASK)
			dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_task));
		else
			dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, (int16_t)(8 * pa->idx)));
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS + 8 * i));
	}
	return 0;
}

static const char *proc_tp_event(const struct dt_probe *p)
{
	return probe_of(p)->tp;
}

static int proc_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	return dt_rawtp_attach(dtp, p, probe_of(p)->tp, prog_fd);
}

const struct dt_provider_ops dt_prov_proc = {
	.name = "proc",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = proc_populate,
	.argtype = proc_argtype,
	.argxlate = proc_argxlate,
	.cg_args = proc_cg_args,
	.tp_event = proc_tp_event,
	.attach = proc_attach,
};
