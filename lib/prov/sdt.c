/*
 * prov_sdt.c - the sdt provider: every kernel tracepoint, sdt:GROUP::EVENT.
 *
 * Named as Oracle Linux DTrace names them: the module is the tracepoint
 * group, the function is empty, the name is the event.  Probes are known
 * from a directory listing of tracefs; an event's format is read only
 * when a script uses the probe.  argN are the event's fields after the
 * common ones (integers by value; strings as 0, they are read through
 * args[]), and args[] is typed from the format: char[N] and
 * __data_loc char[] fields are strings, readable with trace()/printf().
 * The syscalls group is the syscall provider's; kprobes and uprobes
 * groups are dynamic and not sdt probes.
 */
#include <stdlib.h>
#include <string.h>
#include "tracepoint.h"

struct dt_tpmeta *dt_tpmeta_get(dtrace_hdl_t *dtp, struct dt_probe *p,
    const char *cat, const char *event)
{
	struct dt_tpmeta *m = p->priv;
	char err[256];
	if (!m) {
		m = calloc(1, sizeof(*m));
		if (!m)
			return NULL;
		p->priv = m;
	}
	if (!m->loaded) {
		m->loaded = dt_tp_load(cat, event, &m->ev, err, sizeof(err)) == 0 ? 1 : -1;
		if (m->loaded < 0)
			dt_set_err(dtp, "cannot read %s:%s:%s:%s: %s", p->prov, p->mod,
			    p->func, p->name, err);
	}
	return m->loaded > 0 ? m : NULL;
}

/* A C type as listings print it: "unsigned" is "unsigned int". */
const char *dt_tp_native(const char *ctype)
{
	if (!strcmp(ctype, "unsigned"))
		return "unsigned int";
	if (!strcmp(ctype, "signed"))
		return "int";
	return ctype;
}

void dt_tpmeta_free(struct dt_probe *p)
{
	struct dt_tpmeta *m = p->priv;
	if (m && m->loaded > 0)
		dt_tp_free(&m->ev);
	free(m);
	p->priv = NULL;
}

static int skip_group(const char *cat)
{
	return !strcmp(cat, "syscalls") || !strcmp(cat, "kprobes") ||
	    !strcmp(cat, "uprobes") || !strcmp(cat, "ftrace");
}

static int add_event(const char *cat, const char *event, void *arg)
{
	dtrace_hdl_t *dtp = arg;
	return dt_probe_create(dtp, &dt_prov_sdt, cat, "", event, 0) ? 0 : -1;
}

static int add_group(const char *cat, void *arg)
{
	if (skip_group(cat))
		return 0;
	dt_tp_events(cat, add_event, arg);
	return 0;
}

static int sdt_populate(dtrace_hdl_t *dtp)
{
	return dt_tp_categories(add_group, dtp) < 0 ? -1 : 0;
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

static int sdt_cg_args(struct dt_cg *cg, struct dt_probe *p, int nargs)
{
	struct dt_tpmeta *m = meta(cg->dtp, p);
	if (!m)
		return -1;
	for (int i = 0; i < nargs; i++) {
		const struct dt_tpfield *f = i < m->ev.nfields ? &m->ev.fields[i] : NULL;
		if (!f || is_str(f) || f->kind == DT_TPF_ARRAY || f->kind == DT_TPF_DATALOC ||
		    !(f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8)) {
			emit(cg, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
			continue;
		}
		int sz = f->size == 8 ? BPF_DW : f->size == 4 ? BPF_W :
		    f->size == 2 ? BPF_H : BPF_B;
		emit(cg, LDX_MEM(sz, R1, R6, (int16_t)f->offset));
		if (f->is_signed && f->size < 8) {
			int sh = 64 - 8 * f->size;
			emit(cg, ALU64_IMM(BPF_LSH, R1, sh));
			emit(cg, ALU64_IMM(BPF_ARSH, R1, sh));
		}
		emit(cg, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS + 8 * i));
	}
	return 0;
}

/* A string field of the record into R9 + off. */
int dt_tp_cg_str(struct dt_cg *cg, const struct dt_tpfield *f, int off, int size)
{
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	if (f->kind == DT_TPF_CHARARRAY) {
		int n = f->size + 1 < size ? f->size + 1 : size;
		emit(cg, MOV64_IMM(R2, n));
		emit(cg, MOV64_REG(R3, R6));
		emit(cg, ALU64_IMM(BPF_ADD, R3, f->offset));
	} else {
		/* __data_loc: u32 with the offset in the low and the length in
		 * the high 16 bits (__rel_loc: offset from after the word) */
		emit(cg, LDX_MEM(BPF_W, R3, R6, (int16_t)f->offset));
		emit(cg, ALU64_IMM(BPF_AND, R3, 0xffff));
		if (f->is_rel)
			emit(cg, ALU64_IMM(BPF_ADD, R3, f->offset + 4));
		emit(cg, ALU64_REG(BPF_ADD, R3, R6));
		emit(cg, MOV64_IMM(R2, size));
	}
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
	return 0;
}

static int sdt_cg_argstr(struct dt_cg *cg, struct dt_probe *p, int i, int off, int size)
{
	struct dt_tpmeta *m = meta(cg->dtp, p);
	if (!m || i >= m->ev.nfields || !is_str(&m->ev.fields[i]))
		return -1;
	return dt_tp_cg_str(cg, &m->ev.fields[i], off, size);
}

static int sdt_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m)
		return -1;
	if (m->ev.id < 0)
		return dt_set_err(dtp, "failed to enable %s:%s:%s:%s: no tracepoint id",
		    p->prov, p->mod, p->func, p->name);
	return dt_tp_attach(dtp, p, m->ev.id, prog_fd);
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
	.attach = sdt_attach,
	.free_priv = dt_tpmeta_free,
};
