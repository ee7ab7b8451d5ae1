/*
 * stability.c - what a consumer can ask about a probe: its argument
 * types and stability attributes (dtrace -lv); and the attribute
 * arithmetic sema/stability.c uses for a program's (dtrace -v).
 *
 * Attributes follow the Dynamic Tracing Guide's stability model: each
 * provider declares the stability of its provider, module, function and
 * name fields and of its arguments; a probe description's attributes are
 * the minimum over its four fields, a program's over what it uses.
 */
#include <string.h>
#include "prov.h"
#include "provdef.h"

static const char *const st_names[] = { "Internal", "Private", "Obsolete",
	"External", "Unstable", "Evolving", "Stable", "Standard" };
static const char *const cl_names[] = { "Unknown", "CPU", "Platform",
	"Group", "ISA", "Common" };

struct dt_attr dt_attr_min(struct dt_attr a, struct dt_attr b)
{
	struct dt_attr r = {
		a.name < b.name ? a.name : b.name,
		a.data < b.data ? a.data : b.data,
		a.class < b.class ? a.class : b.class,
	};
	return r;
}

void dt_attr_export(struct dt_attr a, dtrace_attribute_t *out)
{
	out->name = st_names[a.name];
	out->data = st_names[a.data];
	out->class = cl_names[a.class];
}

/* The minimum over the provider and the probe's non-empty fields. */
struct dt_attr dt_probe_desc_attr(const struct dt_probe *p)
{
	const struct dt_provider_ops *ops = p->ops;
	const char *f[4] = { p->prov, p->mod, p->func, p->name };
	struct dt_attr a = ops->attr[0];
	for (int i = 1; i < 4; i++)
		if (*f[i])
			a = dt_attr_min(a, ops->attr[i]);
	return a;
}

int dtrace_probe_info(dtrace_hdl_t *dtp, uint32_t id, dtrace_probeinfo_t *pi)
{
	if (id == 0 || id > dtp->nprobes)
		return dt_set_err(dtp, "probe id %u does not exist", id);
	struct dt_probe *p = dtp->probes[id - 1];
	dt_probeinfo(p, pi);
	dt_attr_export(dt_probe_desc_attr(p), &pi->desc);
	dt_attr_export(p->ops->attr[4], &pi->args);
	pi->nargs = pi->nnative = 0;
	/* a probe a provider definition describes: its translated types,
	 * as DTrace lists them */
	const struct dt_pdprobe *pp = dt_provdef_for(dtp, p);
	if (pp) {
		for (int i = 0; i < pp->xargc && i < 10; i++)
			pi->argtypes[pi->nargs++] = pp->xargv[i];
		/* and, translated, the native ones it was given */
		for (int i = 0; pp->xlated && i < pp->nargc && i < 10; i++)
			pi->nativetypes[pi->nnative++] = pp->nargv[i];
	} else if (p->ops->argtype) {
		for (int i = 0; i < 10; i++) {
			const char *t = p->ops->argtype(dtp, p, i, 1);
			if (!t)
				break;
			pi->argtypes[pi->nargs++] = t;
		}
	}
	return 0;
}
