/*
 * dtrace.c - the dtrace provider: BEGIN, END and ERROR.
 *
 * BEGIN and END run in the dtrace process itself, as in the original: the
 * consumer runs their program with BPF_PROG_RUN (dt_fire), so the clauses
 * run synchronously, in dtrace's own context, before the call returns.
 * Nothing is attached, so there is no attach or detach cost (a uprobe on
 * a function of dtrace costs ~30 ms to attach and ~120 ms to remove).
 * The same mechanism serves tick-N (prov/profile.c).  ERROR has no
 * program: generated code runs the ERROR clauses from its fault paths.
 * Ids 1, 2 and 3 are BEGIN, END and ERROR, as in DTrace.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "prov.h"
#include "kernel/bpf_asm.h"

/*
 * Run a consumer-fired probe's program now, in this thread.  The program
 * is a raw tracepoint program that is never attached: BPF_PROG_RUN
 * executes it synchronously on the calling CPU, with current = dtrace.
 */
int dt_fire(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	uint64_t args[1] = { p->id };
	LIBBPF_OPTS(bpf_test_run_opts, o, .ctx_in = args, .ctx_size_in = sizeof(args));
	(void)dtp;
	if (p->prog_fd < 0)
		return 0;
	return bpf_prog_test_run_opts(p->prog_fd, &o);
}

extern const struct dt_provider_ops dt_prov_dtrace;

static int dtrace_populate(dtrace_hdl_t *dtp)
{
	struct dt_probe *b = dt_probe_create(dtp, &dt_prov_dtrace, "", "", "BEGIN", 0);
	struct dt_probe *e = dt_probe_create(dtp, &dt_prov_dtrace, "", "", "END", 0);
	if (!b || !e || !dt_probe_create(dtp, &dt_prov_dtrace, "", "", "ERROR", 0))
		return -1;
	b->cfire = e->cfire = 1;
	return 0;
}

/* BEGIN and END have no arguments. */
static int dtrace_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	(void)dtp; (void)p;
	for (int i = 0; i < nargs; i++)
		dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
	return 0;
}

static int dtrace_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	(void)dtp; (void)p; (void)prog_fd;
	return 0;	/* BEGIN/END: dt_fire(); ERROR: from fault paths */
}

const struct dt_provider_ops dt_prov_dtrace = {
	.name = "dtrace",
	.attr = { { DT_ST_STABLE, DT_ST_STABLE, DT_CL_COMMON }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_STABLE, DT_ST_STABLE, DT_CL_COMMON },
	    { DT_ST_STABLE, DT_ST_STABLE, DT_CL_COMMON } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = dtrace_populate,
	.cg_args = dtrace_cg_args,
	.attach = dtrace_attach,
};
