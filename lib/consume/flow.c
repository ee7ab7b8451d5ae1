/*
 * flow.c - flow indentation (-F, -x flowindent): where each record stands
 * in the flow of calls, which the text formatter prints (fmt/text.c).
 *
 * dtrace(1M) prints "CPU FUNCTION" as the heading and, for each
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

/* "entry" or "...-entry" (not "carpentry") */
static int named(const char *name, const char *what)
{
	size_t n = strlen(name), w = strlen(what);
	if (n < w || strcmp(name + n - w, what))
		return 0;
	return n == w || name[n - w - 1] == '-';
}

void dt_flow(dtrace_hdl_t *dtp, uint32_t epid, int *flowp, int *indent)
{
	struct dt_probe *p = dtp->ecbs[epid].probe;
	int flow = named(p->name, "entry") ? DTRACE_FLOW_ENTRY :
	    named(p->name, "return") ? DTRACE_FLOW_RETURN : DTRACE_FLOW_NONE;
	uint32_t last = dtp->flow_last;

	/* the same probe again through another clause: no new level */
	if (flow == DTRACE_FLOW_ENTRY && last && last != epid && last < dtp->necbs &&
	    dtp->ecbs[last].probe == p)
		flow = DTRACE_FLOW_NONE;
	if (flow == DTRACE_FLOW_RETURN && dtp->flow_indent > 0)
		dtp->flow_indent -= 2;
	*flowp = flow;
	*indent = dtp->flow_indent;
	if (flow == DTRACE_FLOW_ENTRY)
		dtp->flow_indent += 2;
	dtp->flow_last = epid;
}
