/*
 * aggshare.c - which aggregations share BPF maps, decided before the
 * maps are made and the programs generated.
 *
 * Each aggregation has a map of its own (rt/load.c) unless a probe's
 * program would update more aggregations than a program may reference
 * maps (the kernel's MAX_USED_MAPS, 64, less DT_AGG_MAP_RESERVE for the
 * program's other maps).  Then every aggregation such a program updates
 * shares a map with those of its kind: keyless ones whose values have
 * the same words one PERCPU_ARRAY, an entry each (its slot); keyed ones
 * with the same key and value sizes one PERCPU_HASH whose key is the
 * tuple then the aggregation's 8-byte id, sized as the sum of what each
 * member's own map would have held.  The decision is global (an
 * aggregation may be updated by several probes) and deterministic (the
 * maps in order of their first member's id).  A program whose kinds still
 * exceed the budget is refused, naming the clause that passed it, its
 * line and the limit (but with -x bpflog, whose log the verifier gives).  Small scripts are untouched: their programs and
 * maps are what they were before sharing existed.
 * DTRACE_AGGSHARE=1 shares every aggregation's map (tests use it to run
 * the consumer's actions on shared maps with small scripts).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "rt.h"
#include "base/handle.h"
#include "kernel/bpfmap.h"
#include "prov/prov.h"
#include "sema/program.h"

struct kind {
	int array;
	uint32_t ksize, nwords;
	uint64_t entries;
	int first;			/* the id of its first member */
};

struct plan {
	struct kind *v;
	int n;
};

/* a's kind among those so far, added if new: its index, or -1 */
static int kind_of(struct plan *pl, const struct dt_agg *a)
{
	for (int i = 0; i < pl->n; i++)
		if (pl->v[i].array == a->array && pl->v[i].nwords == a->desc.nwords &&
		    (a->array || pl->v[i].ksize == a->ksize))
			return i;
	struct kind *v = realloc(pl->v, (size_t)(pl->n + 1) * sizeof(*v));
	if (!v)
		return -1;
	pl->v = v;
	v[pl->n] = (struct kind){ a->array, a->ksize, a->desc.nwords, 0, a->id };
	return pl->n++;
}

/* the entries a's own map holds (rt/load.c's sizing) */
static uint64_t own_entries(const dtrace_hdl_t *dtp, const struct dt_agg *a)
{
	uint64_t n = dtp->opt[DTOPT_AGGSIZE] / ((uint64_t)(a->ksize + a->desc.nwords * 8) *
	    (uint64_t)dtp->ncpus + 64);
	return n ? n : 1;
}

static int same_clauses(const struct dt_probe *p, const struct dt_probe *q)
{
	return q && p->nclauses == q->nclauses &&
	    !memcmp(p->clauses, q->clauses, sizeof(*p->clauses) * (size_t)p->nclauses);
}

/*
 * The maps p's program references for its aggregations, clause by clause
 * (then ERROR's, which every program may run), counting a shared kind
 * once: mark holds the stamp of what is counted.  With over set, the
 * clause whose aggregations passed the budget, if one did.
 */
static int count_maps(dtrace_hdl_t *dtp, const struct dt_probe *p, const struct dt_probe *err,
    uint32_t *mark, uint32_t *kmark, uint32_t stamp, const struct dt_stmt **over,
    const struct dt_agg **overa)
{
	int n = 0;
	for (int pass = 0; pass < 2; pass++) {
		const struct dt_probe *q = pass ? err : p;
		if (!q || (pass && q == p))
			continue;
		for (int c = 0; c < q->nclauses; c++) {
			const struct dt_stmt *st = q->clauses[c];
			for (int i = 0; i < st->naggs; i++) {
				const struct dt_agg *a = st->aggs[i];
				uint32_t *m = a->shared ? &kmark[a->shared - 1] : &mark[a->id];
				if (*m != stamp) {
					*m = stamp;
					if (++n == DT_AGG_MAP_BUDGET + 1 && over) {
						*over = st;
						*overa = a;
					}
				}
			}
		}
	}
	(void)dtp;
	return n;
}

int dt_agg_share_plan(dtrace_hdl_t *dtp)
{
	const char *e = getenv("DTRACE_AGGSHARE");
	int all = e && *e && strcmp(e, "0") != 0, rc = -1;
	struct plan pl = { NULL, 0 };
	uint32_t *mark = calloc((size_t)dtp->naggs + 1, sizeof(*mark));
	uint8_t *want = calloc((size_t)dtp->naggs + 1, 1);
	uint32_t *kmark = NULL, stamp = 0;
	struct dt_probe *err = dtp->nprobes >= DT_PROBE_ERROR ?
	    dtp->probes[DT_PROBE_ERROR - 1] : NULL;
	const struct dt_probe *last = NULL;

	if (!mark || !want)
		goto nomem;
	for (int i = 0; i < dtp->naggs; i++) {
		struct dt_agg *a = dtp->aggs[i];
		/* keyless: one per-CPU array entry, the words then the word
		 * saying it exists (cg/agg.c); DTRACE_NOAGGARRAY=1: a hash */
		a->array = a->nkeys == 0 && !getenv("DTRACE_NOAGGARRAY");
		a->shared = 0;
		a->slot = 0;
		a->owns_fd = 1;
	}
	/* the aggregations of each program over the budget */
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		const struct dt_probe *p = dtp->probes[i];
		if (!p->nclauses || p == err || same_clauses(p, last))
			continue;
		last = p;
		if (all || count_maps(dtp, p, err, mark, NULL, ++stamp, NULL, NULL) > DT_AGG_MAP_BUDGET)
			for (int pass = 0; pass < 2; pass++) {
				const struct dt_probe *q = pass ? err : p;
				for (int c = 0; q && c < q->nclauses; c++)
					for (int k = 0; k < q->clauses[c]->naggs; k++)
						want[q->clauses[c]->aggs[k]->id] = 1;
			}
	}
	/* their kinds, in order of id */
	for (int i = 0; i < dtp->naggs; i++) {
		struct dt_agg *a = dtp->aggs[i];
		if (!want[a->id])
			continue;
		int k = kind_of(&pl, a);
		if (k < 0)
			goto nomem;
		a->shared = k + 1;
		a->owns_fd = pl.v[k].first == a->id;
		a->slot = (uint32_t)pl.v[k].entries;
		pl.v[k].entries += a->array ? 1 : own_entries(dtp, a);
		if (!a->array && a->ksize + 8 > dtp->agg_tuple)
			dtp->agg_tuple = a->ksize + 8;	/* the frame's key area */
	}
	/* what still does not fit */
	if (pl.n && !(kmark = calloc((size_t)pl.n, sizeof(*kmark))))
		goto nomem;
	last = NULL;
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		const struct dt_probe *p = dtp->probes[i];
		const struct dt_stmt *over = NULL;
		const struct dt_agg *oa = NULL;
		if (!p->nclauses || p == err || same_clauses(p, last))
			continue;
		last = p;
		int n = count_maps(dtp, p, err, mark, kmark, ++stamp, &over, &oa);
		/* with -x bpflog a real load leaves the refusal to the
		 * verifier, whose log is what the option asks for (as
		 * rt/load.c's check_prog does) */
		if (n > DT_AGG_MAP_BUDGET && over && !(dtp->opt[DTOPT_BPFLOG] && !dtp->check_only)) {
			dt_set_err(dtp, "failed to load program for %s:%s:%s:%s: clause %d (%s, line %d): "
			    "@%s (line %d) passes the %d maps a program may use for aggregations (of "
			    "the kernel's %d); its aggregations need %d maps of different kinds",
			    p->prov, p->mod, p->func, p->name, over->index + 1,
			    over->pdesc_text ? over->pdesc_text : "", over->line, oa->name, oa->line,
			    DT_AGG_MAP_BUDGET, DT_PROG_MAX_MAPS, n);
			goto out;
		}
	}
	rc = 0;
	goto out;
nomem:
	dt_set_err(dtp, "out of memory");
out:
	free(pl.v);
	free(mark);
	free(want);
	free(kmark);
	return rc;
}

/* The shared maps, one per kind, each member given its fd. */
int dt_agg_share_create(dtrace_hdl_t *dtp, const struct bpf_map_create_opts *o)
{
	for (int i = 0; i < dtp->naggs; i++) {
		struct dt_agg *a = dtp->aggs[i];
		if (!a->shared || !a->owns_fd)
			continue;
		uint32_t vsize = a->desc.nwords * 8, n = 0;
		uint64_t entries = 0;
		for (int j = i; j < dtp->naggs; j++) {
			const struct dt_agg *b = dtp->aggs[j];
			if (b->shared == a->shared)
				entries += b->array ? 1 : own_entries(dtp, b);
		}
		n = entries > UINT32_MAX / 2 ? UINT32_MAX / 2 : (uint32_t)entries;
		char name[16];
		snprintf(name, sizeof(name), "dt_aggs_%d", a->shared);
		if (a->array)
			a->fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PERCPU_ARRAY, name, 4, vsize + 8, n, o);
		else
			a->fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PERCPU_HASH, name, a->ksize + 8, vsize,
			    n, o);
		if (a->fd < 0)
			return dt_set_err(dtp, "cannot create aggregation @%s: %s", a->name,
			    strerror(errno));
		for (int j = i + 1; j < dtp->naggs; j++)
			if (dtp->aggs[j]->shared == a->shared)
				dtp->aggs[j]->fd = a->fd;
	}
	return 0;
}
