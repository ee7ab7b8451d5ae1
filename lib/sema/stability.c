/*
 * stability.c - what a consumer can ask about the program it compiled:
 * the probes its clauses enabled (dtrace -l -s), the descriptions that
 * matched nothing, and its stability (dtrace -v): the minimum over the
 * probe descriptions' attributes and over what its statements use,
 * following the Dynamic Tracing Guide's stability model; and -x amin,
 * which refuses a clause whose stability is below a minimum.
 */
#include <stdio.h>
#include "program.h"
#include "sema_int.h"
#include "prov/prov.h"

/* a below the minimum m in any of its three parts (dtrace_attr_cmp) */
static int below(struct dt_attr a, struct dt_attr m)
{
	return a.name < m.name || a.data < m.data || a.class < m.class;
}

static void amin_fail(struct sema *s, int line, const char *what, struct dt_attr a)
{
	dtrace_attribute_t x;
	dt_attr_export(a, &x);
	dt_sema_err(s, D_ATTR_MIN, line, "attributes for %s (%s/%s/%s) are less than "
	    "predefined minimum", what, x.name, x.data, x.class);
}

void dt_sema_amin(struct sema *s, const struct dt_stmt *st, int line)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	if (!dtp->optset[DTOPT_AMIN])
		return;
	uint64_t v = dtp->opt[DTOPT_AMIN];
	struct dt_attr m = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff };
	for (int k = 0; k < st->nprobes; k++) {
		const struct dt_probe *p = st->probes[k];
		struct dt_attr a = dt_probe_desc_attr(p);
		char what[1024];
		if (below(a, m)) {
			snprintf(what, sizeof(what), "probe description %s:%s:%s:%s", p->prov,
			    p->mod, p->func, p->name);
			amin_fail(s, line, what, a);
		}
		if (st->uses_args > 0 && below(p->ops->attr[4], m)) {
			snprintf(what, sizeof(what), "the arguments of %s:%s:%s:%s", p->prov,
			    p->mod, p->func, p->name);
			amin_fail(s, line, what, p->ops->attr[4]);
		}
	}
}

int dtrace_enabled_iter(dtrace_hdl_t *dtp, dtrace_probe_f *fn, void *arg)
{
	int n = 0;
	for (int i = dtp->prog_first_stmt; i < dtp->nstmts; i++) {
		struct dt_stmt *st = dtp->stmts[i];
		for (int k = 0; k < st->nprobes; k++) {
			dtrace_probeinfo_t pi;
			dt_probeinfo(st->probes[k], &pi);
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
			d = dt_attr_min(d, dt_probe_desc_attr(p));
			if (p->clauses[c]->uses_args > 0)
				s = dt_attr_min(s, p->ops->attr[4]);
		}
	}
	dt_attr_export(d, desc);
	dt_attr_export(s, stmt);
	return 0;
}
