/*
 * aggstack.c - the frames of an aggregation's stack keys for the outputs
 * that rearrange them (folded stacks, flame graphs: out/stacktree.c):
 * a kernel stack key's frames as stack.c makes them, a user stack key's
 * (ustack()) as uframes.c makes them: the texts dtrace's own output
 * prints.  Innermost frame first, as printed.
 */
#include <string.h>
#include "consume.h"
#include "aggdata.h"

int dt_aggdata_stackkind(const dtrace_aggdata_t *ad, int k)
{
	const struct dt_agg *g = ad->aggs[0];
	if (k < 0 || k >= g->nkeys)
		return DT_STACKK_NONE;
	if (g->kf[k].is_stack)
		return DT_STACKK_KERNEL;
	return g->kf[k].ustack ? DT_STACKK_USER : DT_STACKK_NONE;
}

/* the same frames as dtrace_aggdata_stack gives (the text output's) */
int dt_aggdata_frames(const dtrace_aggdata_t *ad, size_t r, int k, dtrace_stack_t *s)
{
	if (dt_aggdata_stackkind(ad, k) == DT_STACKK_NONE) {
		memset(s, 0, sizeof(*s));
		return -1;
	}
	return dtrace_aggdata_stack(ad, r, k, s);
}
