/*
 * aggdata.h - an aggregation snapshot as the output sees it (the public
 * dtrace_aggdata_t, aggdata.c): made by agg.c, handed to the formatter.
 */
#ifndef DT_AGGDATA_H
#define DT_AGGDATA_H

#include "base/agg.h"
#include "base/handle.h"
#include "sema/program.h"

#define DT_PRINTA_MAXAGGS 64

struct dtrace_aggdata {
	dtrace_hdl_t *dtp;
	int naggs;
	struct dt_agg *const *aggs;	/* what is printed together */
	/* the rows: one aggregation's entries, or (printa() joining several
	 * or with a format) rows of the union of their keys; sorted */
	struct dt_aggentry *ents;
	struct dt_aggrow *rows;
	size_t n;
	const int64_t *zero;		/* zero-filled data: a missing value */
	/* how dtrace(1M) prints it */
	int blank;			/* printa()'s leading blank line */
	const struct dt_pfargv *pf;	/* printa()'s format */
	int ncpus;			/* aggpercpu: the CPUs, else 0 */
	/* made on demand by the accessors */
	dtrace_agginfo_t info[DT_PRINTA_MAXAGGS];
	dtrace_aggkey_t keys[DT_DV_MAXKEYS];
	char keyname[DT_DV_MAXKEYS][16];
	int64_t *lows[DT_PRINTA_MAXAGGS];	/* bucket bounds, per aggregation */
	dtrace_bucket_t *buckets;
	size_t bcap;
	dtrace_text_t text;
};

/* set up ad's descriptions (info, keys, text) once its fields are set */
void dt_aggdata_init(struct dtrace_aggdata *ad);
void dt_aggdata_fini(struct dtrace_aggdata *ad);

#endif
