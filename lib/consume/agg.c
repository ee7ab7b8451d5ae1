/*
 * agg.c - the consumer's side of aggregations: snapshots of the
 * per-CPU maps merged into one value per key, the aggregation actions
 * (printa, clear, trunc, normalize, denormalize) as the records arrive,
 * the print of every aggregation not printed by printa() at exit, the
 * sorting options (aggsortkey, aggsortrev, aggsortpos, aggsortkeypos),
 * aggpercpu, and the per-CPU drop reports (read at aggrate).
 * Values, merging and sorting are base/agg.c's, formatting fmt/agg.c's.
 *
 * A snapshot reads a map with BPF_MAP_LOOKUP_BATCH (all CPUs' values of
 * thousands of keys per system call), falling back to get_next_key +
 * lookup per key where the kernel refuses batches; DTRACE_DEBUG=1 reports
 * how long each snapshot took, DTRACE_DEBUG_NOBATCH=1 forces the fallback
 * (bench/ and the tests compare the two).
 *
 * A map key holds a string in the bytes its bound needs (sema/agg.c:
 * msize, ksize); a snapshot widens every key to the layout dtrace records
 * (koff, wksize: a string in strsize + 1 bytes, zero-filled), so sorting,
 * joining and printing see the same bytes whatever the map's layout.
 *
 * A keyless aggregation with a->array set is the one entry of a per-CPU
 * array (cg/agg.c): its words then a word a firing sets to 1.  It is read
 * as a hash with one key, there once any CPU's word is 1; clear() keeps
 * those words (the key stays, as a hash's does) and trunc() zeroes them
 * with the rest (the key goes).
 *
 * An aggregation whose map is shared (a->shared, rt/aggshare.c) is, when
 * keyless, entry a->slot of its kind's array; when keyed, the keys of its
 * kind's hash that end in its id (8 bytes after the tuple): a snapshot,
 * clear() and trunc() read the whole map and touch only those.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <bpf/bpf.h>
#include "consume.h"
#include "aggdata.h"
#include "base/output.h"
#include "fmt/agg.h"
#include "fmt/printf.h"
#include "fmt/symfmt.h"
#include "fmt/usymfmt.h"
#include "rt/rt.h"
#include "sema/program.h"

/* one aggregation's merged entries */
struct dt_aggsnap {
	uint8_t *keys;
	int64_t *vals;
	int64_t *percpu;		/* aggpercpu: each CPU's value too */
	struct dt_aggentry *ents;
	int n;
};

/* the round-up the kernel applies to per-CPU values */
static uint32_t pcpu_size(uint32_t vsize)
{
	return (vsize + 7) & ~7u;
}

/* the bytes between two CPUs' copies of a's value in a lookup */
static uint32_t val_stride(const struct dt_agg *a)
{
	return pcpu_size(a->desc.nwords * 8 + (a->array ? 8 : 0));
}

/* a->array's entry, each CPU's copy ps bytes apart in pcpu: 1 if a CPU
 * has fired it (it exists), 0 if none has, -1 if it cannot be read */
static int array_read(const dtrace_hdl_t *dtp, const struct dt_agg *a, uint8_t *pcpu,
    uint32_t ps)
{
	uint32_t k = a->slot;
	if (bpf_map_lookup_elem(a->fd, &k, pcpu) != 0)
		return -1;
	for (int c = 0; c < dtp->ncpus; c++) {
		int64_t there;
		memcpy(&there, pcpu + (size_t)c * ps + 8 * a->desc.nwords, 8);
		if (there)
			return 1;
	}
	return 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void snap_free(struct dt_aggsnap *sn)
{
	free(sn->keys);
	free(sn->vals);
	free(sn->percpu);
	free(sn->ents);
	memset(sn, 0, sizeof(*sn));
}

/* the options that order aggregation output, as set now */
static void sortopt(const dtrace_hdl_t *dtp, struct dt_aggsortopt *o)
{
	memset(o, 0, sizeof(*o));
	o->keysort = dtp->optset[DTOPT_AGGSORTKEY];
	o->rev = dtp->optset[DTOPT_AGGSORTREV];
	if (dtp->optset[DTOPT_AGGSORTKEYPOS] && dtp->opt[DTOPT_AGGSORTKEYPOS] <= 0x7fffffff)
		o->keypos = (int)dtp->opt[DTOPT_AGGSORTKEYPOS];
	if (dtp->optset[DTOPT_AGGSORTPOS] && dtp->opt[DTOPT_AGGSORTPOS] <= 0x7fffffff)
		o->sortpos = (int)dtp->opt[DTOPT_AGGSORTPOS];
}

struct snapbuf {
	struct dt_aggsnap *sn;
	const struct dt_agg *a;
	size_t cap;
	uint32_t ks, nw, ps;		/* map key bytes, value words, per-CPU bytes */
	int ncpus, percpu;
};

/* the bytes of a's map key: its tuple, then its id when the map is
 * shared */
static uint32_t map_ksize(const struct dt_agg *a)
{
	return a->ksize + (a->shared && !a->array ? 8 : 0);
}

/* is map key mk a's? (another's in a shared map is not) */
static int key_mine(const struct dt_agg *a, const uint8_t *mk)
{
	uint64_t id;
	if (!a->shared || a->array)
		return 1;
	memcpy(&id, mk + a->ksize, 8);
	return id == (uint64_t)a->id;
}

/* map key mk of a in the consumer's layout at wk (wksize bytes) */
static void key_widen(const struct dt_agg *a, const uint8_t *mk, uint8_t *wk)
{
	if (a->nkeys == 0) {
		memcpy(wk, mk, a->wksize);
		return;
	}
	memset(wk, 0, a->wksize);
	for (int k = 0, off = 0; k < a->nkeys; off += (int)a->msize[k], k++)
		memcpy(wk + a->koff[k], mk + off, a->msize[k]);
}

/* the consumer's key wk of a as its map key at mk (ksize bytes) */
static void key_narrow(const struct dt_agg *a, const uint8_t *wk, uint8_t *mk)
{
	if (a->nkeys == 0) {
		memcpy(mk, wk, a->ksize);
		return;
	}
	for (int k = 0, off = 0; k < a->nkeys; off += (int)a->msize[k], k++)
		memcpy(mk + off, wk + a->koff[k], a->msize[k]);
}

static int snap_grow(struct snapbuf *b)
{
	struct dt_aggsnap *sn = b->sn;
	size_t cap = b->cap ? b->cap * 2 : 256;
	void *p;

	if (!(p = realloc(sn->keys, cap * b->a->wksize)))
		return -1;
	sn->keys = p;
	if (!(p = realloc(sn->vals, cap * b->nw * 8)))
		return -1;
	sn->vals = p;
	if (b->percpu) {
		if (!(p = realloc(sn->percpu, cap * (size_t)b->ncpus * b->nw * 8)))
			return -1;
		sn->percpu = p;
	}
	b->cap = cap;
	return 0;
}

/* Add one key with its per-CPU values (ncpus values, ps bytes apart). */
static int snap_add(struct snapbuf *b, const struct dt_aggdesc *d,
    const uint8_t *key, const uint8_t *pcpu)
{
	struct dt_aggsnap *sn = b->sn;
	if (!key_mine(b->a, key))
		return 0;
	if ((size_t)sn->n == b->cap && snap_grow(b) < 0)
		return -1;
	key_widen(b->a, key, sn->keys + (size_t)sn->n * b->a->wksize);
	int64_t *tot = sn->vals + (size_t)sn->n * b->nw;
	dt_agg_zero(d, tot);
	for (int c = 0; c < b->ncpus; c++)
		dt_agg_merge(d, tot, (const int64_t *)(pcpu + (size_t)c * b->ps));
	if (b->percpu) {
		int64_t *pc = sn->percpu + (size_t)sn->n * (size_t)b->ncpus * b->nw;
		for (int c = 0; c < b->ncpus; c++)
			memcpy(pc + (size_t)c * b->nw, pcpu + (size_t)c * b->ps, b->nw * 8);
	}
	sn->n++;
	return 0;
}

/*
 * Every key with BPF_MAP_LOOKUP_BATCH.  1: done; 0: the kernel does not do
 * batches on this map (nothing added); -1: failure.
 */
static int snap_batch(dtrace_hdl_t *dtp, struct dt_agg *a, struct snapbuf *b)
{
	size_t per = b->ks + (size_t)dtp->ncpus * b->ps;
	uint32_t chunk = (uint32_t)((8u << 20) / per);
	uint64_t in_tok = 0, out_tok = 0;
	uint8_t *keys = NULL, *vals = NULL;
	int first = 1, rc = -1;
	LIBBPF_OPTS(bpf_map_batch_opts, opts);

	if (chunk < 16)
		chunk = 16;
	if (chunk > 65536)
		chunk = 65536;
	for (;;) {
		if (!keys) {
			keys = calloc(chunk, b->ks);
			vals = calloc((size_t)chunk * (size_t)dtp->ncpus, b->ps);
			if (!keys || !vals)
				goto out;
		}
		uint32_t count = chunk;
		int err = bpf_map_lookup_batch(a->fd, first ? NULL : &in_tok, &out_tok,
		    keys, vals, &count, &opts);
		int e = err ? errno : 0;
		if (err && e == ENOSPC && count == 0) {
			/* a hash bucket holds more keys than a chunk */
			free(keys);
			free(vals);
			keys = vals = NULL;
			chunk *= 2;
			continue;
		}
		if (err && e != ENOENT) {
			if (first && (e == EINVAL || e == ENOTSUP || e == EOPNOTSUPP ||
			    e == ENOSYS || e == EPERM))
				rc = 0;
			goto out;
		}
		for (uint32_t i = 0; i < count; i++)
			if (snap_add(b, &a->desc, keys + (size_t)i * b->ks,
			    vals + (size_t)i * dtp->ncpus * b->ps) < 0)
				goto out;
		if (err)		/* ENOENT: that was the last batch */
			break;
		first = 0;
		in_tok = out_tok;
	}
	rc = 1;
out:
	free(keys);
	free(vals);
	return rc;
}

/* a->array's one key, if it exists: 0, or -1 on failure */
static int snap_array(dtrace_hdl_t *dtp, struct dt_agg *a, struct snapbuf *b)
{
	uint8_t *pcpu = calloc((size_t)dtp->ncpus, b->ps);
	uint8_t *key = calloc(1, a->ksize > a->wksize ? a->ksize : a->wksize);
	int rc = -1, there;
	if (pcpu && key && (there = array_read(dtp, a, pcpu, b->ps)) >= 0)
		rc = there ? snap_add(b, &a->desc, key, pcpu) : 0;
	free(pcpu);
	free(key);
	return rc;
}

/* Every key with get_next_key + lookup (2 system calls a key). */
static int snap_onebyone(dtrace_hdl_t *dtp, struct dt_agg *a, struct snapbuf *b)
{
	uint8_t *pcpu = calloc((size_t)dtp->ncpus, b->ps);
	uint8_t *key = calloc(1, b->ks), *next = calloc(1, b->ks);
	int rc = -1, first = 1;
	if (!pcpu || !key || !next)
		goto out;
	while (bpf_map_get_next_key(a->fd, first ? NULL : key, next) == 0) {
		first = 0;
		memcpy(key, next, b->ks);
		if (bpf_map_lookup_elem(a->fd, key, pcpu) != 0)
			continue;	/* deleted meanwhile */
		if (snap_add(b, &a->desc, key, pcpu) < 0)
			goto out;
	}
	rc = 0;
out:
	free(pcpu);
	free(key);
	free(next);
	return rc;
}

/*
 * sym()/func() keys stand for their function and mod() keys for their
 * module: each key's address becomes the one that stands for it
 * (fmt/symfmt.c) and entries whose keys are now the same are merged, as dtrace
 * prints one row a function.  trunc() chooses among these merged
 * entries too, then deletes every map key of the others.
 */
static const struct dt_agg *canon_agg;
static const uint8_t *canon_keys;

static int canon_cmp(const void *x, const void *y)
{
	int i = *(const int *)x, j = *(const int *)y;
	size_t w = canon_agg->wksize;
	int c = memcmp(canon_keys + (size_t)i * w, canon_keys + (size_t)j * w, w);
	return c ? c : (i > j) - (i < j);
}

/* Has a sym()/func()/mod() key field? */
static int has_symkey(const struct dt_agg *a)
{
	for (int k = 0; k < a->nkeys; k++)
		if (a->kf[k].symkind != DT_SYMK_NONE)
			return 1;
	return 0;
}

/* a (widened) key as it is printed: each sym/func/mod field's address
 * the one that stands for its function or module */
static void canon_key(dtrace_hdl_t *dtp, const struct dt_agg *a, uint8_t *key)
{
	for (int k = 0; k < a->nkeys; k++)
		if (a->kf[k].symkind != DT_SYMK_NONE) {
			uint64_t v, pid;
			uint8_t *p = key + a->koff[k];
			if (DT_SYMK_USER(a->kf[k].symkind)) {
				/* usym() and friends: pid, address */
				memcpy(&pid, p, 8);
				memcpy(&v, p + 8, 8);
				v = dt_usym_canon((int)pid, v, a->kf[k].symkind);
				memcpy(p + 8, &v, 8);
				continue;
			}
			memcpy(&v, p, 8);
			v = dt_ksym_canon(dtp, v, a->kf[k].symkind);
			memcpy(p, &v, 8);
		}
}

static int canon_merge(dtrace_hdl_t *dtp, const struct dt_agg *a, struct snapbuf *b)
{
	struct dt_aggsnap *sn = b->sn;
	size_t w = a->wksize;

	if (!has_symkey(a) || sn->n < 1)
		return 0;
	for (int i = 0; i < sn->n; i++)
		canon_key(dtp, a, sn->keys + (size_t)i * w);
	int *ix = malloc((size_t)sn->n * sizeof(*ix));
	if (!ix)
		return -1;
	for (int i = 0; i < sn->n; i++)
		ix[i] = i;
	canon_agg = a;
	canon_keys = sn->keys;
	qsort(ix, (size_t)sn->n, sizeof(*ix), canon_cmp);
	/* merge each run into its first entry, then compact in place */
	uint8_t *dead = calloc((size_t)sn->n, 1);
	if (!dead) {
		free(ix);
		return -1;
	}
	for (int r = 0; r < sn->n;) {
		int f = ix[r], e = r + 1;
		for (; e < sn->n && !memcmp(sn->keys + (size_t)f * w,
		    sn->keys + (size_t)ix[e] * w, w); e++) {
			int o = ix[e];
			dt_agg_merge(&a->desc, sn->vals + (size_t)f * b->nw,
			    sn->vals + (size_t)o * b->nw);
			if (b->percpu)
				for (int c = 0; c < b->ncpus; c++)
					dt_agg_merge(&a->desc, sn->percpu +
					    ((size_t)f * (size_t)b->ncpus + (size_t)c) * b->nw,
					    sn->percpu + ((size_t)o * (size_t)b->ncpus +
					    (size_t)c) * b->nw);
			dead[o] = 1;
		}
		r = e;
	}
	int n = 0;
	for (int i = 0; i < sn->n; i++) {
		if (dead[i])
			continue;
		if (n != i) {
			memcpy(sn->keys + (size_t)n * w, sn->keys + (size_t)i * w, w);
			memcpy(sn->vals + (size_t)n * b->nw, sn->vals + (size_t)i * b->nw,
			    b->nw * 8);
			if (b->percpu)
				memcpy(sn->percpu + (size_t)n * (size_t)b->ncpus * b->nw,
				    sn->percpu + (size_t)i * (size_t)b->ncpus * b->nw,
				    (size_t)b->ncpus * b->nw * 8);
		}
		n++;
	}
	sn->n = n;
	free(dead);
	free(ix);
	return 0;
}

/* Read every key of a, merging the CPUs' values (keeping each CPU's too
 * with aggpercpu); -1 on failure. */
static int snapshot(dtrace_hdl_t *dtp, struct dt_agg *a, struct dt_aggsnap *sn, int canon)
{
	struct snapbuf b = { sn, a, 0, map_ksize(a), a->desc.nwords, val_stride(a),
	    dtp->ncpus, dtp->optset[DTOPT_AGGPERCPU] };
	uint64_t t0 = now_ns();
	int how = 0, rc = -1;
	dt_usym_keys(dtp, a);

	memset(sn, 0, sizeof(*sn));
	if (a->array)
		how = snap_array(dtp, a, &b) == 0 ? 3 : -1;
	else if (!getenv("DTRACE_DEBUG_NOBATCH"))
		how = snap_batch(dtp, a, &b);
	if (how == 0 && sn->n == 0)
		how = snap_onebyone(dtp, a, &b) == 0 ? 2 : -1;
	if (how < 0 || (canon && canon_merge(dtp, a, &b) < 0))
		goto out;
	sn->ents = calloc((size_t)(sn->n ? sn->n : 1), sizeof(*sn->ents));
	if (!sn->ents)
		goto out;
	for (int i = 0; i < sn->n; i++) {
		sn->ents[i].key = sn->keys + (size_t)i * a->wksize;
		sn->ents[i].val = sn->vals + (size_t)i * b.nw;
		if (b.percpu) {
			sn->ents[i].percpu = sn->percpu + (size_t)i * (size_t)b.ncpus * b.nw;
			sn->ents[i].ncpus = b.ncpus;
		}
	}
	if (dt_debug(dtp))
		dt_out_message(dtp, 1, "@%s: %d keys read and merged in %.3f ms (%s)",
		    a->name, sn->n, (double)(now_ns() - t0) / 1e6,
		    how == 1 ? "batch" : how == 3 ? "array" : "key by key");
	rc = 0;
out:
	if (rc < 0)
		snap_free(sn);
	return rc;
}

/* printa(@a) or the exit print of @a: a's entries, sorted by the
 * options, to the output (blank: printa()'s leading blank line; at the
 * end, one with no entries prints nothing) */
static int print_one(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, struct dt_agg *a,
    int blank)
{
	struct dt_aggsnap sn;
	struct dt_aggsortopt opt;
	if (snapshot(dtp, a, &sn, 1) < 0)
		return -1;
	uint64_t t0 = now_ns();
	sortopt(dtp, &opt);
	dt_agg_sort(sn.ents, sn.n, &a->desc, a->kf, a->nkeys, a->koff, &opt);
	struct dtrace_aggdata ad = { .dtp = dtp, .naggs = 1, .aggs = &a, .ents = sn.ents,
		.n = (size_t)sn.n, .blank = blank,
		.ncpus = dtp->optset[DTOPT_AGGPERCPU] ? dtp->ncpus : 0 };
	dt_aggdata_init(&ad);
	int rc = 0;
	if (blank || sn.n > 0)
		rc = DT_OUT(dtp, aggregation, pd, &ad);
	if (sn.n > 0)
		a->printed = 1;	/* printa(): not again at exit */
	if (dt_debug(dtp))
		dt_out_message(dtp, 1, "@%s: %d keys sorted and printed in %.3f ms",
		    a->name, sn.n, (double)(now_ns() - t0) / 1e6);
	dt_aggdata_fini(&ad);
	snap_free(&sn);
	return rc;
}

/* clear(): every key's value back to its initial value, keys kept */
static void clear(dtrace_hdl_t *dtp, struct dt_agg *a)
{
	uint32_t ks = map_ksize(a), ps = val_stride(a);
	uint8_t *pcpu = calloc((size_t)dtp->ncpus, ps);
	uint8_t *key = calloc(1, ks), *next = calloc(1, ks);
	int first = 1;
	if (a->array && pcpu && array_read(dtp, a, pcpu, ps) > 0) {
		/* the words, not the one saying the entry exists */
		for (int c = 0; c < dtp->ncpus; c++)
			dt_agg_init(&a->desc, (int64_t *)(pcpu + (size_t)c * ps));
		uint32_t k = a->slot;
		bpf_map_update_elem(a->fd, &k, pcpu, BPF_ANY);
	} else if (!a->array && pcpu && key && next) {
		for (int c = 0; c < dtp->ncpus; c++)
			dt_agg_init(&a->desc, (int64_t *)(pcpu + (size_t)c * ps));
		while (bpf_map_get_next_key(a->fd, first ? NULL : key, next) == 0) {
			first = 0;
			memcpy(key, next, ks);
			if (key_mine(a, key))
				bpf_map_update_elem(a->fd, key, pcpu, BPF_EXIST);
		}
	}
	free(pcpu);
	free(key);
	free(next);
}

/* trunc(@a, n): keep the n entries with the largest values (n < 0: the
 * smallest); without n, delete every key.  dtrace orders by value here
 * whatever the sorting options say.  The entries are those printed (a
 * function's sym()/func() keys merged, a module's mod() keys): the map
 * keys deleted are every one whose printed key is not among those kept. */
static size_t trunc_w;

/* trunc()'s delete of map key mk (a->array: its entry zeroed, every CPU's) */
static void agg_delete(dtrace_hdl_t *dtp, struct dt_agg *a, const uint8_t *mk)
{
	if (!a->array) {
		bpf_map_delete_elem(a->fd, mk);
		return;
	}
	uint8_t *zero = calloc((size_t)dtp->ncpus, val_stride(a));
	uint32_t k = a->slot;
	if (zero)
		bpf_map_update_elem(a->fd, &k, zero, BPF_ANY);
	free(zero);
}

static int trunc_cmp(const void *x, const void *y)
{
	return memcmp(*(const uint8_t *const *)x, *(const uint8_t *const *)y, trunc_w);
}

static void trunc_(dtrace_hdl_t *dtp, struct dt_agg *a, int have_n, int64_t n)
{
	struct dt_aggsnap sn, raw;
	int sym = has_symkey(a);
	if (snapshot(dtp, a, &sn, 1) < 0)
		return;
	if (!sym)
		raw = sn;
	else if (snapshot(dtp, a, &raw, 0) < 0) {
		snap_free(&sn);
		return;
	}
	struct dt_aggsortopt opt;
	memset(&opt, 0, sizeof(opt));
	dt_agg_sort(sn.ents, sn.n, &a->desc, a->kf, a->nkeys, a->koff, &opt);
	/* sorted ascending: the largest are at the end */
	int lo = 0, hi = 0;	/* the kept entries: [lo, hi) */
	if (have_n && n > 0)
		lo = n < sn.n ? sn.n - (int)n : 0, hi = sn.n;
	else if (have_n && n < 0)
		hi = -n < sn.n ? (int)-n : sn.n;
	const uint8_t **kept = calloc((size_t)(hi - lo) + 1, sizeof(*kept));
	uint8_t *mk = calloc(1, map_ksize(a)), *ck = calloc(1, a->wksize);
	uint64_t id = (uint64_t)a->id;
	if (mk && map_ksize(a) > a->ksize)	/* a shared map's key ends in the id */
		memcpy(mk + a->ksize, &id, 8);
	for (int i = lo; kept && i < hi; i++)
		kept[i - lo] = sn.ents[i].key;
	trunc_w = a->wksize;
	if (kept)
		qsort(kept, (size_t)(hi - lo), sizeof(*kept), trunc_cmp);
	for (int i = 0; kept && mk && ck && i < raw.n; i++) {
		const uint8_t *k = ck;
		memcpy(ck, raw.ents[i].key, a->wksize);
		if (sym)
			canon_key(dtp, a, ck);
		if (hi > lo && bsearch(&k, kept, (size_t)(hi - lo), sizeof(*kept), trunc_cmp))
			continue;
		key_narrow(a, raw.ents[i].key, mk);
		agg_delete(dtp, a, mk);
	}
	free(kept);
	free(mk);
	free(ck);
	if (sym)
		snap_free(&raw);
	snap_free(&sn);
}

/*
 * printa(@a, @b, ...) and printa(format, @a, ...): dtrace's joined walk.
 * The rows are the union of the aggregations' keys, sorted by the value
 * of the aggregation at aggsortpos (then the others', then the key); an
 * aggregation without an entry for a key shows zero-filled data.  With
 * one aggregation this is the same as sorting its entries.
 */
static void printa_joined(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd,
    const struct dt_action *act)
{
	struct dt_aggsnap sn[DT_PRINTA_MAXAGGS];
	struct dt_aggentry *ents[DT_PRINTA_MAXAGGS] = { NULL };
	const struct dt_aggdesc *descs[DT_PRINTA_MAXAGGS];
	int n[DT_PRINTA_MAXAGGS] = { 0 };
	int na = act->naggs < DT_PRINTA_MAXAGGS ? act->naggs : DT_PRINTA_MAXAGGS;
	struct dt_agg *g = act->aggs[0];
	struct dt_aggrow *rows = NULL;
	int64_t *zero = NULL;
	int got = 0, nrows = 0;
	uint32_t maxw = 1;

	for (; got < na; got++) {
		struct dt_agg *aj = act->aggs[got];
		if (snapshot(dtp, aj, &sn[got], 1) < 0)
			goto out;
		ents[got] = sn[got].ents;
		n[got] = sn[got].n;
		descs[got] = &aj->desc;
		if (aj->desc.nwords > maxw)
			maxw = aj->desc.nwords;
	}
	rows = dt_agg_join(ents, n, na, g->wksize, &nrows);
	zero = calloc(maxw, sizeof(int64_t));
	if (!rows || !zero)
		goto out;
	struct dt_aggsortopt opt;
	sortopt(dtp, &opt);
	dt_agg_sort_rows(rows, nrows, descs, na, g->kf, g->nkeys, g->koff, &opt);
	for (int j = 0; j < na && nrows > 0; j++)
		act->aggs[j]->printed = 1;	/* not again at exit */
	struct dtrace_aggdata ad = { .dtp = dtp, .naggs = na, .aggs = act->aggs, .rows = rows,
		.n = (size_t)nrows, .zero = zero, .blank = 1, .pf = act->pf,
		.ncpus = dtp->optset[DTOPT_AGGPERCPU] ? dtp->ncpus : 0 };
	dt_aggdata_init(&ad);
	DT_OUT(dtp, aggregation, pd, &ad);
	dt_aggdata_fini(&ad);
out:
	free(rows);
	free(zero);
	for (int j = 0; j < got; j++)
		snap_free(&sn[j]);
}

void dt_agg_action(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd,
    const struct dt_action *act, int have_n, int64_t n)
{
	if (act->kind == DT_ACT_PRINTA && (act->pf || act->naggs > 1)) {
		printa_joined(dtp, pd, act);
		return;
	}
	for (int i = 0; i < act->naggs; i++) {
		struct dt_agg *a = act->aggs[i];
		switch (act->kind) {
		case DT_ACT_PRINTA:
			print_one(dtp, pd, a, 1);
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

/*
 * At exit: every aggregation printa() has not printed, in order of
 * introduction (dtrace sorts the aggregations by id, so aggsortrev
 * reverses that too); one with no entries prints nothing.
 */
int dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *out)
{
	int rc = 0;
	dt_outact_set_out(dtp, out);	/* or where freopen() sent the output */
	DT_OUT0(dtp, agg_begin);
	for (int k = 0; k < dtp->naggs; k++) {
		int i = dtp->optset[DTOPT_AGGSORTREV] ? dtp->naggs - 1 - k : k;
		if (!dtp->aggs[i]->printed && dtp->aggs[i]->fd >= 0 &&
		    print_one(dtp, NULL, dtp->aggs[i], 0) < 0)
			rc = -1;
	}
	DT_OUT0(dtp, agg_end);
	DT_OUT0(dtp, flush);
	if (dt_out_error(dtp) < 0)
		return -1;
	return rc < 0 ? dt_set_err(dtp, "failed to print the aggregations") : 0;
}

int dt_agg_each(dtrace_hdl_t *dtp, int (*fn)(const dtrace_aggdata_t *ad, void *arg),
    void *arg)
{
	for (int i = 0; i < dtp->naggs; i++) {
		struct dt_agg *a = dtp->aggs[i];
		struct dt_aggsnap sn;
		struct dt_aggsortopt opt;
		if (a->fd < 0)
			continue;
		if (snapshot(dtp, a, &sn, 1) < 0)
			return -1;
		sortopt(dtp, &opt);
		dt_agg_sort(sn.ents, sn.n, &a->desc, a->kf, a->nkeys, a->koff, &opt);
		struct dtrace_aggdata ad = { .dtp = dtp, .naggs = 1, .aggs = &a, .ents = sn.ents,
			.n = (size_t)sn.n };
		dt_aggdata_init(&ad);
		int rc = fn(&ad, arg);
		dt_aggdata_fini(&ad);
		snap_free(&sn);
		if (rc)
			return rc;
	}
	return 0;
}

/*
 * Aggregation drops, per CPU.  dtrace reads the aggregation buffers at
 * aggrate and reports their drops then; here the maps are read on demand
 * (printa, exit), so aggrate sets how often the drop counters are polled
 * (the consume loop calls this every 50 ms at most).  The first report
 * is followed by a hint, once a run, naming the option to raise.
 */
void dt_agg_drops(dtrace_hdl_t *dtp, int force)
{
	if (!dtp->naggs || dtp->fd_scratch < 0)
		return;
	uint64_t now = now_ns();
	if (dtp->aggdrops_at == 0 && !force) {
		dtp->aggdrops_at = now;	/* the first read one aggrate from now */
		return;
	}
	if (!force && now - dtp->aggdrops_at < dtp->opt[DTOPT_AGGRATE])
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
	int dropped = 0;
	for (int c = 0; c < dtp->ncpus; c++) {
		uint64_t seen = dtp->aggdrops[c];
		dt_consume_drops(dtp, DTRACE_DROP_AGGREGATION, c, &dtp->aggdrops[c], now_drops[c] +
		    (dtp->uagg_drops ? dtp->uagg_drops[c] : 0), "aggregation drop", "");
		dropped |= dtp->aggdrops[c] != seen;
	}
	if (dropped && !dtp->aggsize_hinted) {
		/* every aggregation drop is a key a full map had no room for:
		 * say once which option makes room */
		dtp->aggsize_hinted = 1;
		uint64_t sz = dtp->opt[DTOPT_AGGSIZE];
		int j = 0, mul = 10;
		for (; mul < 64 && (1ULL << mul) <= sz; j++, mul += 10)
			continue;
		if (j > 0 && !(sz & ((1ULL << (mul - 10)) - 1)))
			dt_out_message(dtp, 0, "aggregations are full: raise -x aggsize (now "
			    "%llu%c) to keep more keys", (unsigned long long)(sz >> (mul - 10)),
			    " kmgtpe"[j]);
		else
			dt_out_message(dtp, 0, "aggregations are full: raise -x aggsize (now "
			    "%llu byte%s) to keep more keys", (unsigned long long)sz,
			    sz == 1 ? "" : "s");
	}
}
