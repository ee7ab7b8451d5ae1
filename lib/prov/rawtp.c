/*
 * rawtp.c - the rawtp provider: every kernel tracepoint as a raw
 * tracepoint, rawtp:GROUP::EVENT, as Oracle Linux DTrace names them.
 *
 * A probe is a raw tracepoint program attached through a BPF link
 * (dt_rawtp_attach: cheap to attach and to remove).  Its arguments are
 * the tracepoint's own, untranslated: argN is the Nth TP_PROTO argument
 * as the kernel hands it to the program (a u64), and args[N] has the
 * type the kernel declares (struct task_struct *, so args[1]->comm
 * reads the kernel's structure through BTF).  The prototypes come from
 * the kernel's BTF typedef btf_trace_EVENT (kernel/btf.c), read when a
 * probe is used.
 *
 * Probes are named from tracefs like sdt's; the groups that are not
 * kernel tracepoints are left out: syscalls (the per-system-call events
 * are made by the syscall tracer from raw_syscalls' sys_enter and
 * sys_exit, which are listed), dynamic events (the kprobes, uprobes,
 * eprobes, fprobes and synthetic groups, and any event tracefs's
 * dynamic_events lists, in a group of its own) and ftrace's internal
 * events.
 */
#include <stdlib.h>
#include <string.h>
#include "tracepoint.h"
#include "kernel/btf.h"

extern const struct dt_provider_ops dt_prov_rawtp;

#define RAWTP_MAXARGS	10	/* the frame's args[] */

struct rawtp_meta {
	int loaded;			/* 1 ok, -1 failed, 0 not yet */
	int nargs;			/* TP_PROTO parameters */
	char native[RAWTP_MAXARGS][128];
	char dtype[RAWTP_MAXARGS][128];
};

static int rawtp_populate(dtrace_hdl_t *dtp)
{
	return dt_tp_populate(dtp, &dt_prov_rawtp);
}

/* The probe's prototype, read from BTF on first use. */
static struct rawtp_meta *meta(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	struct rawtp_meta *m = p->priv;
	if (!m) {
		m = calloc(1, sizeof(*m));
		if (!m) {
			dt_set_err(dtp, "out of memory");
			return NULL;
		}
		p->priv = m;
	}
	if (!m->loaded) {
		m->nargs = dt_btf_tp_params(dtp, p->name, RAWTP_MAXARGS, m->native, m->dtype);
		m->loaded = m->nargs >= 0 ? 1 : -1;
	}
	if (m->loaded < 0) {
		dt_set_err(dtp, "cannot read the prototype of %s:%s:%s:%s: the kernel's BTF "
		    "has no btf_trace_%s", p->prov, p->mod, p->func, p->name, p->name);
		return NULL;
	}
	return m;
}

static const char *rawtp_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	struct rawtp_meta *m = meta(dtp, p);
	if (!m || i < 0 || i >= m->nargs || i >= RAWTP_MAXARGS)
		return NULL;
	return native ? m->native[i] : m->dtype[i];
}

static int rawtp_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	if (nargs == 0)
		return 0;	/* no prototype needed (nor BTF read) */
	struct rawtp_meta *m = meta(dtp, p);
	if (!m)
		return -1;
	for (int i = 0; i < nargs; i++) {
		/* past the prototype: 0 (the context ends with the last
		 * argument; reading further fails the attachment) */
		if (i >= m->nargs) {
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
			continue;
		}
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, (int16_t)(8 * i)));
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS + 8 * i));
	}
	return 0;
}

/* the program runs under the tracepoint of its name */
static const char *rawtp_tp_event(const struct dt_probe *p)
{
	return p->name;
}

static int rawtp_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	return dt_rawtp_attach(dtp, p, p->name, prog_fd);
}

/*
 * Probes with the same clauses share one program when it reads the same
 * arguments of each (the context of a tracepoint with fewer than the
 * program reads cannot be attached, and past its prototype cg_args
 * stores 0): the class is how many of the context's words it reads.
 * The program tells the probes apart by the link's cookie.
 */
static int64_t rawtp_prog_class(dtrace_hdl_t *dtp, struct dt_probe *p, int nargs)
{
	if (!dt_rawtp_cookies())
		return -1;
	if (nargs == 0)
		return 0;
	struct rawtp_meta *m = meta(dtp, p);
	if (!m)
		return -1;	/* its own program, whose cg_args will say why */
	return nargs < m->nargs ? nargs : m->nargs;
}

static int rawtp_attach_shared(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd,
    uint64_t cookie)
{
	return dt_rawtp_attach_cookie(dtp, p, p->name, prog_fd, cookie);
}

static void rawtp_free_priv(struct dt_probe *p)
{
	free(p->priv);
	p->priv = NULL;
}

const struct dt_provider_ops dt_prov_rawtp = {
	.name = "rawtp",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = rawtp_populate,
	.argtype = rawtp_argtype,
	.cg_args = rawtp_cg_args,
	.tp_event = rawtp_tp_event,
	.attach = rawtp_attach,
	.prog_class = rawtp_prog_class,
	.attach_shared = rawtp_attach_shared,
	.free_priv = rawtp_free_priv,
};
