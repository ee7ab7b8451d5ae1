/*
 * flow.c - flow indentation (-F, -x flowindent): the probe column of each
 * record when flowindent is on.
 *
 * dtrace(1M) then prints "CPU FUNCTION" as the heading and, for each
 * record, the CPU and the probe's function indented by the call depth:
 * "-> func" for a probe named entry (or ending in -entry), "<- func" for
 * return, "=> / <=" instead for the syscall provider (a provider flag,
 * DT_PROVF_SYSCALL_FLOW), and "| func:name"
 * for any other probe.  Depth grows by two columns after an entry and
 * shrinks before a return; a second clause of the probe that just fired
 * an entry does not indent again.  The depth is one for all CPUs, as in
 * dtrace.  Flow indentation does not depend on quiet: the columns are
 * printed even with -q (dtrace does the same).
 */
#include <string.h>
#include "consume.h"
#include "prov/prov.h"
#include "sema/program.h"

enum { FLOW_NONE, FLOW_ENTRY, FLOW_RETURN };

/* "entry" or "...-entry" (not "carpentry") */
static int named(const char *name, const char *what)
{
	size_t n = strlen(name), w = strlen(what);
	if (n < w || strcmp(name + n - w, what))
		return 0;
	return n == w || name[n - w - 1] == '-';
}

void dt_flow_heading(dtrace_hdl_t *dtp)
{
	fprintf(dtp->out, "%3s %-41s\n", "CPU", "FUNCTION");
}

void dt_flow_line(dtrace_hdl_t *dtp, int cpu, uint32_t epid)
{
	struct dt_probe *p = dtp->ecbs[epid].probe;
	int syscall = (p->ops->flags & DT_PROVF_SYSCALL_FLOW) != 0;
	int flow = named(p->name, "entry") ? FLOW_ENTRY :
	    named(p->name, "return") ? FLOW_RETURN : FLOW_NONE;
	uint32_t last = dtp->flow_last;
	char name[600];

	/* the same probe again through another clause: no new level */
	if (flow == FLOW_ENTRY && last && last != epid && last < dtp->necbs &&
	    dtp->ecbs[last].probe == p)
		flow = FLOW_NONE;
	if (flow == FLOW_RETURN && dtp->flow_indent > 0)
		dtp->flow_indent -= 2;
	if (flow == FLOW_NONE)
		snprintf(name, sizeof(name), "%*s| %s:%s", dtp->flow_indent, "",
		    p->func, p->name);
	else
		snprintf(name, sizeof(name), "%*s%s%s", dtp->flow_indent, "",
		    flow == FLOW_ENTRY ? (syscall ? " => " : " -> ") :
		    (syscall ? " <= " : " <- "), p->func);
	fprintf(dtp->out, "%3d %-41s ", cpu, name);
	if (flow == FLOW_ENTRY)
		dtp->flow_indent += 2;
	dtp->flow_last = epid;
}
