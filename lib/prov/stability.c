/*
 * info.c - what a consumer can ask about probes and programs: argument
 * types and stability attributes (dtrace -lv, -v), enabled probes (-l -s).
 *
 * Attributes follow the Dynamic Tracing Guide's stability model: each
 * provider declares the stability of its provider, module, function and
 * name fields and of its arguments; a probe description's attributes are
 * the minimum over its four fields, a program's over what it uses.
 */
#include <string.h>
#include "base/handle.h"

static const char *const st_names[] = { "Internal", "Private", "Obsolete",
	"External", "Unstable", "Evolving", "Stable", "Standard" };
static const char *const cl_names[] = { "Unknown", "CPU", "Platform",
	"Group", "ISA", "Common" };

static struct dt_attr amin(struct dt_attr a, struct dt_attr b)
{
	struct dt_attr r = {
		a.name < b.name ? a.name : b.name,
		a.data < b.data ? a.data : b.data,
		a.class < b.class ? a.class : b.class,
	};
	return r;
}

static void export(struct dt_attr a, dtrace_attribute_t *out)
{
	out->name = st_names[a.name];
	out->data = st_names[a.data];
	out->class = cl_names[a.class];
}

/* The minimum over the provider and the probe's non-empty fields. */
static struct dt_attr desc_attr(const struct dt_probe *p)
{
	const struct dt_provider_ops *ops = p->ops;
	const char *f[4] = { p->prov, p->mod, p->func, p->name };
	struct dt_attr a = ops->attr[0];
	for (int i = 1; i < 4; i++)
		if (*f[i])
			a = amin(a, ops->attr[i]);
	return a;
}

int dtrace_probe_info(dtrace_hdl_t *dtp, uint32_t id, dtrace_probeinfo_t *pi)
{
	if (id == 0 || id > dtp->nprobes)
		return dt_set_err(dtp, "probe id %u does not exist", id);
	struct dt_probe *p = dtp->probes[id - 1];
	memset(pi, 0, sizeof(*pi));
	pi->id = p->id;
	pi->prov = p->prov;
	pi->mod = p->mod;
	pi->func = p->func;
	pi->name = p->name;
	export(desc_attr(p), &pi->desc);
	export(p->ops->attr[4], &pi->args);
	pi->nargs = 0;
	if (p->ops->argtype) {
		for (int i = 0; i < 10; i++) {
			const char *t = p->ops->argtype(dtp, p, i, 1);
			if (!t)
				break;
			pi->argtypes[pi->nargs++] = t;
		}
	}
	return 0;
}

int dtrace_enabled_iter(dtrace_hdl_t *dtp, dtrace_probe_f *fn, void *arg)
{
	int n = 0;
	for (int i = dtp->prog_first_stmt; i < dtp->nstmts; i++) {
		struct dt_stmt *st = dtp->stmts[i];
		for (int k = 0; k < st->nprobes; k++) {
			struct dt_probe *p = st->probes[k];
			dtrace_probeinfo_t pi = { .id = p->id, .prov = p->prov,
				.mod = p->mod, .func = p->func, .name = p->name };
			n++;
			if (fn && fn(&pi, arg))
				return n;
		}
	}
	return n;
}

const char *dtrace_unmatched(dtrace_hdl_t *dtp, int i)
{
	return i >= 0 && i < dtp->nunmatched ? dtp->unmatched[i] : NULL;
}

int dtrace_program_attrs(dtrace_hdl_t *dtp, dtrace_attribute_t *desc,
    dtrace_attribute_t *stmt)
{
	struct dt_attr d = { DT_ST_STANDARD, DT_ST_STANDARD, DT_CL_COMMON };
	/* D's own built-in variables and actions are Stable/Common */
	struct dt_attr s = { DT_ST_STABLE, DT_ST_STABLE, DT_CL_COMMON };
	/* the program compiled last: its statements and their probes */
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		for (int c = 0; c < p->nclauses; c++) {
			if (p->clauses[c]->index < dtp->prog_first_stmt)
				continue;
			d = amin(d, desc_attr(p));
			if (p->clauses[c]->uses_args > 0)
				s = amin(s, p->ops->attr[4]);
		}
	}
	export(d, desc);
	export(s, stmt);
	return 0;
}
