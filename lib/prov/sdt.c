/*
 * sdt.c - the sdt provider: every kernel tracepoint, sdt:GROUP::EVENT.
 *
 * Named as Oracle Linux DTrace names them: the module is the tracepoint
 * group, the function is empty, the name is the event.  Probes are known
 * from a directory listing of tracefs; an event's format is read only
 * when a script uses the probe.  argN are the event's fields after the
 * common ones (integers by value; strings as 0, they are read through
 * args[]), and args[] is typed from the format: char[N] and
 * __data_loc char[] fields are strings, readable with trace()/printf().
 * The syscalls group is the syscall provider's; kprobes and uprobes
 * groups, and any other event tracefs's dynamic_events lists (a uprobe
 * event in a group of its own, even one named BEGIN: kernel/dynevents.c),
 * are dynamic and not sdt probes (a uprobe event takes a kprobe-type
 * program, not a tracepoint's).
 *
 * A probe whose clauses read no argument is a raw tracepoint program on
 * a BPF link instead of a perf event (sdt_cg_args): the same firings,
 * but cheap to remove, so that enabling a whole group (sdt:ext4::, 114
 * events) starts and stops in a fraction of a second; and such probes
 * with the same clauses share one program (sdt_prog_class).
 */
#include <stdlib.h>
#include <string.h>
#include "tracepoint.h"

extern const struct dt_provider_ops dt_prov_sdt;

static int sdt_populate(dtrace_hdl_t *dtp)
{
	return dt_tp_populate(dtp, &dt_prov_sdt);
}

static struct dt_tpmeta *meta(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	return dt_tpmeta_get(dtp, p, p->mod, p->name);
}

static const char *sdt_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i,
    int native)
{
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m || i >= m->ev.nfields)
		return NULL;
	return native ? dt_tp_native(m->ev.fields[i].ctype) : m->ev.fields[i].dtype;
}

static int is_str(const struct dt_tpfield *f)
{
	return f->kind == DT_TPF_CHARARRAY || f->kind == DT_TPF_DATALOC_STR;
}

/*
 * Which kind of program the probe gets is decided here, when its
 * trampoline is generated and nargs says whether any clause enabled on
 * it reads an argument: if none does, a raw tracepoint program attached
 * by a BPF link (removing it costs well under a millisecond); else a
 * perf tracepoint event's program, which is handed the record whose
 * fields argN and args[] are (removing the event waits for an RCU grace
 * period under the kernel's event_mutex: ~50 ms each, serialized).
 */
static int sdt_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	if (nargs == 0) {
		p->ptype = BPF_PROG_TYPE_RAW_TRACEPOINT;
		return 0;
	}
	p->ptype = BPF_PROG_TYPE_TRACEPOINT;
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m)
		return -1;
	for (int i = 0; i < nargs; i++) {
		const struct dt_tpfield *f = i < m->ev.nfields ? &m->ev.fields[i] : NULL;
		if (!f || is_str(f) || f->kind == DT_TPF_ARRAY || f->kind == DT_TPF_DATALOC ||
		    !(f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8)) {
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
			continue;
		}
		int sz = f->size == 8 ? BPF_DW : f->size == 4 ? BPF_W :
		    f->size == 2 ? BPF_H : BPF_B;
		dt_asm_emit(a, LDX_MEM(sz, R1, R6, (int16_t)f->offset));
		if (f->is_signed && f->size < 8) {
			int sh = 64 - 8 * f->size;
			dt_asm_emit(a, ALU64_IMM(BPF_LSH, R1, sh));
			dt_asm_emit(a, ALU64_IMM(BPF_ARSH, R1, sh));
		}
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS + 8 * i));
	}
	return 0;
}

static int sdt_cg_argstr(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int i,
    int off, int size)
{
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m || i >= m->ev.nfields || !is_str(&m->ev.fields[i]))
		return -1;
	return dt_tp_cg_str(a, &m->ev.fields[i], off, size);
}

/* an sdt probe's program runs under its own tracepoint */
static const char *sdt_tp_event(const struct dt_probe *p)
{
	return p->name;
}

static int sdt_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	if (p->ptype == BPF_PROG_TYPE_RAW_TRACEPOINT)
		return dt_rawtp_attach(dtp, p, p->name, prog_fd);
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m)
		return -1;
	if (m->ev.id < 0)
		return dt_set_err(dtp, "failed to enable %s:%s:%s:%s: no tracepoint id",
		    p->prov, p->mod, p->func, p->name);
	return dt_tp_attach(dtp, p, m->ev.id, prog_fd);
}

/*
 * Probes whose clauses read no argument, raw tracepoint programs (see
 * sdt_cg_args), share one program among the probes with the same
 * clauses, told apart by the link's cookie; a probe reading arguments
 * has its own (the record's layout is the event's).
 */
static int64_t sdt_prog_class(dtrace_hdl_t *dtp, struct dt_probe *p, int nargs)
{
	(void)dtp; (void)p;
	return nargs == 0 && dt_rawtp_cookies() ? 0 : -1;
}

static int sdt_attach_shared(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd,
    uint64_t cookie)
{
	return dt_rawtp_attach_cookie(dtp, p, p->name, prog_fd, cookie);
}

const struct dt_provider_ops dt_prov_sdt = {
	.name = "sdt",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.populate = sdt_populate,
	.cg_args = sdt_cg_args,
	.argtype = sdt_argtype,
	.cg_argstr = sdt_cg_argstr,
	.tp_event = sdt_tp_event,
	.attach = sdt_attach,
	.prog_class = sdt_prog_class,
	.attach_shared = sdt_attach_shared,
	.free_priv = dt_tpmeta_free,
};
