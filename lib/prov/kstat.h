/*
 * kstat.h - what the kernel-statistics providers (sysinfo, vminfo)
 * share (kstat.c): a probe is one Solaris statistic mapped onto a Linux
 * raw tracepoint, with the test that picks out the hits that count and
 * the value the statistic would be incremented by (arg0).
 */
#ifndef DT_PROV_KSTAT_H
#define DT_PROV_KSTAT_H

#include "tracepoint.h"

/* which hits of the tracepoint count, and what arg0 is */
enum dt_ks_kind {
	DT_KS_ALL,		/* every hit; arg0 = 1 */
	DT_KS_SYSENTER,		/* sys_enter of a 64-bit call in nrs; 1 */
	DT_KS_SYSBYTES,		/* sys_exit of a call in nrs that moved
				   bytes (ret > 0); arg0 = ret */
	DT_KS_FORK,		/* sys_enter: fork, clone/clone3 without
				   CLONE_VFORK or CLONE_THREAD; 1 */
	DT_KS_VFORK,		/* sys_enter: vfork, clone/clone3 with
				   CLONE_VFORK; 1 */
	DT_KS_INVSWTCH,		/* sched_switch away from a runnable task
				   (what Linux counts in nivcsw); 1 */
	DT_KS_FAULT_NP,		/* page fault on a page not present
				   (error code without X86_PF_PROT); 1 */
	DT_KS_FAULT_PROT,	/* page fault on a present page (X86_PF_PROT) */
	DT_KS_FAULT_KADDR,	/* page fault at a kernel address */
};

struct dt_ks_probe {
	const char *name;
	const char *tp[2];		/* raw tracepoints, the second optional */
	enum dt_ks_kind kind;
	const int *nrs;			/* system call numbers, -1 ended */
};

/* Make probes[0..n-1] the provider's probes (each probe's priv points
 * at its row); the other hooks below serve any such provider. */
int dt_ks_populate(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops,
    const struct dt_ks_probe *probes, int n);
const char *dt_ks_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native);
int dt_ks_cg_filter(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int out);
int dt_ks_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs);
const char *dt_ks_tp_event(const struct dt_probe *p);
int dt_ks_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd);

#endif
