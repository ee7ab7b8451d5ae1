/*
 * io.c - the io provider: block device I/O, as the Dynamic Tracing
 * Guide's io provider defines it, from the kernel's block-layer
 * tracepoints.
 *
 * start is block_rq_issue (a request handed to the device's driver),
 * done is block_rq_complete (the driver completed the request's bytes,
 * before the block layer's completion processing).  Both tracepoints'
 * first argument is the struct request *; args[0..2] are it, translated
 * by dlib/io.d to bufinfo_t, devinfo_t and fileinfo_t (the argxlate
 * hook), as in lib/prov/proc.c.
 *
 * wait-start and wait-done are not provided: Linux has no tracepoint
 * where a thread starts or stops waiting for a given I/O request (a
 * submitter sleeps in io_schedule() on a completion or a page lock,
 * neither of which names the request), so they are not listed.
 */
#include <string.h>
#include "tracepoint.h"

extern const struct dt_provider_ops dt_prov_io;

struct io_probe {
	const char *name;
	const char *tp;			/* the kernel tracepoint */
};

static const struct io_probe probes[] = {
	{ "start", "block_rq_issue" },		/* (struct request *rq) */
	{ "done", "block_rq_complete" },	/* (rq, blk_status_t, nr_bytes) */
};
#define NPROBES ((int)(sizeof(probes) / sizeof(probes[0])))

/* the Guide's argument types; each is translated from the request */
static const char *const argtypes[] = { "bufinfo_t *", "devinfo_t *", "fileinfo_t *" };
#define NARGS 3

static int io_populate(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < NPROBES; i++)
		if (!dt_probe_create(dtp, &dt_prov_io, "vmlinux", "", probes[i].name,
		    (uint64_t)i))
			return -1;
	return 0;
}

static const struct io_probe *probe_of(const struct dt_probe *p)
{
	return &probes[p->pdata];
}

static const char *io_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	(void)dtp;
	(void)p;
	(void)native;
	return i >= 0 && i < NARGS ? argtypes[i] : NULL;
}

static const char *io_argxlate(dtrace_hdl_t *dtp, struct dt_probe *p, int i)
{
	(void)dtp;
	(void)p;
	return i >= 0 && i < NARGS ? "struct request *" : NULL;
}

/* args[0..2] = the request (raw tracepoint argument 0) */
static int io_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	(void)dtp;
	(void)p;
	if (nargs > 0)
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 0));
	for (int i = 0; i < nargs; i++) {
		if (i < NARGS)
			dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS + 8 * i));
		else
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
	}
	return 0;
}

static const char *io_tp_event(const struct dt_probe *p)
{
	return probe_of(p)->tp;
}

static int io_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	return dt_rawtp_attach(dtp, p, probe_of(p)->tp, prog_fd);
}

const struct dt_provider_ops dt_prov_io = {
	.name = "io",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = io_populate,
	.argtype = io_argtype,
	.argxlate = io_argxlate,
	.cg_args = io_cg_args,
	.tp_event = io_tp_event,
	.attach = io_attach,
};
