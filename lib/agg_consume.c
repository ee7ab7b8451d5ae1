/*
 * agg_consume.c - the consumer's side of aggregations: snapshots of the
 * per-CPU maps merged into one value per key, the aggregation actions
 * (printa, clear, trunc, normalize, denormalize) as the records arrive,
 * the print of every aggregation not printed by printa() at exit, and
 * the per-CPU drop reports.  Formatting and sorting are agg.c's.
 */
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <bpf/bpf.h>
#include "dt_impl.h"
#include "agg_consume.h"
#include "printf.h"

/* the round-up the kernel applies to per-CPU values */
static uint32_t pcpu_size(uint32_t vsize)
{
	return (vsize + 7) & ~7u;
}

static void snap_free(struct dt_aggsnap *sn)
{
	free(sn->keys);
	free(sn->vals);
	free(sn->ents);
	memset(sn, 0, sizeof(*sn));
}

/* Read every key of a, merging the CPUs' values; -1 on failure. */
static int snapshot(dtrace_hdl_t *dtp, struct dt_agg *a, struct dt_aggsnap *sn)
{
	uint32_t ks = a->ksize, nw = a->desc.nwords, ps = pcpu_size(nw * 8);
	size_t cap = 64;
	memset(sn, 0, sizeof(*sn));
	sn->keys = malloc(cap * ks);
	sn->vals = malloc(cap * nw * 8);
	uint8_t *pcpu = calloc((size_t)dtp->ncpus, ps);
	uint8_t *key = calloc(1, ks), *next = calloc(1, ks);
	int rc = -1, first = 1;
	if (!sn->keys || !sn->vals || !pcpu || !key || !next)
		goto out;
	while (bpf_map_get_next_key(a->fd, first ? NULL : key, next) == 0) {
		first = 0;
		memcpy(key, next, ks);
		if (bpf_map_lookup_elem(a->fd, key, pcpu) != 0)
			continue;	/* deleted meanwhile */
		if ((size_t)sn->n == cap) {
			cap *= 2;
			void *k2 = realloc(sn->keys, cap * ks), *v2;
			if (!k2)
				goto out;
			sn->keys = k2;
			if (!(v2 = realloc(sn->vals, cap * nw * 8)))
				goto out;
			sn->vals = v2;
		}
		memcpy(sn->keys + (size_t)sn->n * ks, key, ks);
		int64_t *tot = sn->vals + (size_t)sn->n * nw;
		memcpy(tot, pcpu, nw * 8);
		for (int c = 1; c < dtp->ncpus; c++)
			dt_agg_merge(&a->desc, tot, (const int64_t *)(pcpu + (size_t)c * ps));
		sn->n++;
	}
	sn->ents = calloc((size_t)(sn->n ? sn->n : 1), sizeof(*sn->ents));
	if (!sn->ents)
		goto out;
	for (int i = 0; i < sn->n; i++) {
		sn->ents[i].key = sn->keys + (size_t)i * ks;
		sn->ents[i].val = sn->vals + (size_t)i * nw;
	}
	rc = 0;
out:
	free(pcpu);
	free(key);
	free(next);
	if (rc < 0)
		snap_free(sn);
	return rc;
}

int dt_agg_print_one(dtrace_hdl_t *dtp, struct dt_agg *a, int blank)
{
	struct dt_aggsnap sn;
	if (snapshot(dtp, a, &sn) < 0)
		return -1;
	int rc = dt_agg_print_ext(dtp->out, &a->desc, a->kf, a->nkeys, a->koff, sn.ents, sn.n,
	    NULL, blank ? 0 : DT_AGGP_NOBLANK);
	snap_free(&sn);
	return rc;
}

/* clear(): every key's value back to its initial value, keys kept */
static void clear(dtrace_hdl_t *dtp, struct dt_agg *a)
{
	uint32_t ks = a->ksize, ps = pcpu_size(a->desc.nwords * 8);
	uint8_t *pcpu = calloc((size_t)dtp->ncpus, ps);
	uint8_t *key = calloc(1, ks), *next = calloc(1, ks);
	int first = 1;
	if (pcpu && key && next) {
		for (int c = 0; c < dtp->ncpus; c++)
			dt_agg_init(&a->desc, (int64_t *)(pcpu + (size_t)c * ps));
		while (bpf_map_get_next_key(a->fd, first ? NULL : key, next) == 0) {
			first = 0;
			memcpy(key, next, ks);
			bpf_map_update_elem(a->fd, key, pcpu, BPF_EXIST);
		}
	}
	free(pcpu);
	free(key);
	free(next);
}

/* trunc(@a, n): keep the n entries with the largest values (n < 0: the
 * smallest); without n, delete every key */
static void trunc_(dtrace_hdl_t *dtp, struct dt_agg *a, int have_n, int64_t n)
{
	struct dt_aggsnap sn;
	if (snapshot(dtp, a, &sn) < 0)
		return;
	struct dt_aggsortopt opt;
	memset(&opt, 0, sizeof(opt));
	dt_agg_sort(sn.ents, sn.n, &a->desc, a->kf, a->nkeys, a->koff, &opt);
	/* sorted ascending: the largest are at the end */
	for (int i = 0; i < sn.n; i++) {
		int keep = 0;
		if (have_n && n > 0)
			keep = i >= sn.n - n;
		else if (have_n && n < 0)
			keep = i < -n;
		if (!keep)
			bpf_map_delete_elem(a->fd, sn.ents[i].key);
	}
	snap_free(&sn);
}

static uint32_t cmp_ksize;
static int key_cmp(const void *a, const void *b)
{
	const struct dt_aggentry *x = a, *y = b;
	return memcmp(x->key, y->key, cmp_ksize);
}

/* one key field as a printf value */
static void key_val(const struct dt_agg *a, const uint8_t *key, int k, struct dt_pfval *v)
{
	memset(v, 0, sizeof(*v));
	const uint8_t *p = key + a->koff[k];
	if (a->kf[k].is_string) {
		v->kind = DT_PFV_STRING;
		v->s = (const char *)p;
		v->size = (int)a->kf[k].size;
		return;
	}
	v->kind = DT_PFV_INT;
	v->size = (int)a->kf[k].size;
	v->is_signed = a->kf[k].is_signed;
	memcpy(&v->u, p, 8);
}

/*
 * printa(format, @a, @b, ...): one line per key of @a in @a's order, its
 * key fields feeding the format's conversions and each aggregation's
 * value for that key (0 if it has none) the %@ conversions, in order.
 */
static void printa_fmt(dtrace_hdl_t *dtp, const struct dt_action *act)
{
	struct dt_aggsnap sn[8];
	int na = act->naggs < 8 ? act->naggs : 8;
	struct dt_agg *g = act->aggs[0];
	int got = 0;
	for (; got < na; got++) {
		if (snapshot(dtp, act->aggs[got], &sn[got]) < 0)
			goto out;
	}
	struct dt_aggsortopt opt;
	memset(&opt, 0, sizeof(opt));
	dt_agg_sort(sn[0].ents, sn[0].n, &g->desc, g->kf, g->nkeys, g->koff, &opt);
	for (int j = 1; j < na; j++) {
		cmp_ksize = act->aggs[j]->ksize;
		qsort(sn[j].ents, (size_t)sn[j].n, sizeof(*sn[j].ents), key_cmp);
	}
	for (int i = 0; i < sn[0].n; i++) {
		struct dt_pfval kv[DT_DV_MAXKEYS], av[8];
		for (int k = 0; k < g->nkeys; k++)
			key_val(g, sn[0].ents[i].key, k, &kv[k]);
		for (int j = 0; j < na; j++) {
			const struct dt_agg *aj = act->aggs[j];
			const struct dt_aggentry *hit = &sn[0].ents[i];
			if (j > 0) {
				cmp_ksize = aj->ksize;
				hit = aj->ksize == g->ksize ? bsearch(hit, sn[j].ents, (size_t)sn[j].n,
				    sizeof(*sn[j].ents), key_cmp) : NULL;
			}
			memset(&av[j], 0, sizeof(av[j]));
			av[j].kind = DT_PFV_INT;
			av[j].size = 8;
			av[j].is_signed = 1;
			int64_t v = hit ? dt_agg_sortval(&aj->desc, hit->val) : 0;
			if (aj->desc.normal > 0)
				v /= aj->desc.normal;
			av[j].u = (uint64_t)v;
		}
		dt_printf_format_agg(dtp->out, act->pf, kv, g->nkeys, av, na);
	}
out:
	for (int j = 0; j < got; j++)
		snap_free(&sn[j]);
}

void dt_agg_action(dtrace_hdl_t *dtp, const struct dt_action *act, int have_n, int64_t n)
{
	if (act->kind == DT_ACT_PRINTA && act->pf) {
		printa_fmt(dtp, act);
		return;
	}
	for (int i = 0; i < act->naggs; i++) {
		struct dt_agg *a = act->aggs[i];
		switch (act->kind) {
		case DT_ACT_PRINTA:
			dt_agg_print_one(dtp, a, 1);
			break;
		case DT_ACT_CLEAR:
			clear(dtp, a);
			break;
		case DT_ACT_TRUNC:
			trunc_(dtp, a, have_n, n);
			break;
		case DT_ACT_NORMALIZE:
			a->desc.normal = n > 0 ? n : 0;
			break;
		case DT_ACT_DENORMALIZE:
			a->desc.normal = 0;
			break;
		default:
			break;
		}
	}
}

void dt_agg_print_exit(dtrace_hdl_t *dtp)
{
	/* one blank line, then each aggregation printa() has not printed */
	int any = 0;
	for (int i = 0; i < dtp->naggs; i++)
		any |= !dtp->aggs[i]->printed && dtp->aggs[i]->fd >= 0;
	if (!any)
		return;
	fputc('\n', dtp->out);
	for (int i = 0; i < dtp->naggs; i++)
		if (!dtp->aggs[i]->printed && dtp->aggs[i]->fd >= 0)
			dt_agg_print_one(dtp, dtp->aggs[i], 0);
}

void dt_agg_drops(dtrace_hdl_t *dtp, int force)
{
	if (!dtp->naggs || dtp->fd_scratch < 0)
		return;
	/* checked at statusrate (the consume loop polls every 50 ms) */
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	uint64_t now = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	if (!force && now - dtp->aggdrops_at < dtp->opt[DTOPT_STATUSRATE])
		return;
	dtp->aggdrops_at = now;
	uint32_t ps = pcpu_size(dtp->scratch_size);
	if (!dtp->aggdrops) {
		/* the drops seen, then those read now; the per-CPU map's copy */
		dtp->aggdrops = calloc((size_t)dtp->ncpus * 2, sizeof(uint64_t));
		dtp->aggdrops_buf = dtp->scratch_percpu ? calloc((size_t)dtp->ncpus, ps) : NULL;
		if (!dtp->aggdrops || (dtp->scratch_percpu && !dtp->aggdrops_buf))
			return;
	}
	uint64_t *now_drops = dtp->aggdrops + dtp->ncpus;
	if (dt_scratch_aggdrops(dtp, dtp->aggdrops_buf, now_drops) != 0)
		return;
	for (int c = 0; c < dtp->ncpus; c++) {
		uint64_t d = now_drops[c];
		if (d > dtp->aggdrops[c]) {
			fflush(dtp->out);
			fprintf(stderr, "dtrace: %llu aggregation drop%s on CPU %d\n",
			    (unsigned long long)(d - dtp->aggdrops[c]),
			    d - dtp->aggdrops[c] == 1 ? "" : "s", c);
			dtp->aggdrops[c] = d;
		}
	}
}
