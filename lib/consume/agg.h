/*
 * agg_consume.h - the consumer's aggregation work (agg_consume.c).
 */
#ifndef DT_AGG_CONSUME_H
#define DT_AGG_CONSUME_H

#include "base/handle.h"

/* one aggregation's merged entries */
struct dt_aggsnap {
	uint8_t *keys;
	int64_t *vals;
	int64_t *percpu;		/* aggpercpu: each CPU's value too */
	struct dt_aggentry *ents;
	int n;
};

/* print a's current contents as dtrace does (blank: the leading blank
 * line printa() prints) */
int dt_agg_print_one(dtrace_hdl_t *dtp, struct dt_agg *a, int blank);
/* an aggregation action's record (n: trunc/normalize's operand) */
void dt_agg_action(dtrace_hdl_t *dtp, const struct dt_action *act, int have_n, int64_t n);
/* (at exit, every aggregation printa() did not print: dtrace.h's
 * dtrace_aggregate_print) */
/* report new aggregation drops, per CPU (at most once per aggrate unless
 * force) */
void dt_agg_drops(dtrace_hdl_t *dtp, int force);
/* load.c: each CPU's aggregation drop counter (its frame's) into drops[];
 * buf: room for the per-CPU scratch map's value when it is one */
int dt_scratch_aggdrops(dtrace_hdl_t *dtp, void *buf, uint64_t *drops);

#endif
