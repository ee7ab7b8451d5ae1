/*
 * agg.c - the aggregation core (see agg.h): what an aggregation's value
 * is and how values combine and compare.
 *
 * Owns the bucket functions of quantize/lquantize/llquantize (the same
 * arithmetic as the in-kernel aggregation of illumos dtrace.c), merging
 * per-CPU values, avg and stddev integer arithmetic, dtrace's sort order,
 * and the join of several aggregations on their keys for printa().
 * Written from scratch from the behaviour of libdtrace; nothing here
 * touches BPF, and printing is fmt/agg.c's.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"

typedef unsigned __int128 u128;

/*
 * Buckets
 */

int64_t
dt_quantize_bucket_min(int b)
{
	if (b < DT_QUANTIZE_ZERO)
		return -(int64_t)(1ULL << (DT_QUANTIZE_ZERO - 1 - b));
	if (b == DT_QUANTIZE_ZERO)
		return 0;
	return (int64_t)(1ULL << (b - DT_QUANTIZE_ZERO - 1));
}

int
dt_quantize_bucket(int64_t v)
{
	uint64_t mag;
	int nbits;

	if (v == 0)
		return DT_QUANTIZE_ZERO;
	mag = v < 0 ? -(uint64_t)v : (uint64_t)v;
	nbits = 64 - __builtin_clzll(mag);	/* 1..64 */
	if (nbits > 63)
		nbits = 63;			/* |INT64_MIN| */
	return v < 0 ? DT_QUANTIZE_ZERO - nbits : DT_QUANTIZE_ZERO + nbits;
}

int64_t
dt_lquantize_levels(const struct dt_aggdesc *d)
{
	return d->step > 0 ? (d->limit - d->base) / d->step : 0;
}

int
dt_lquantize_bucket(const struct dt_aggdesc *d, int64_t v)
{
	int64_t val = (int32_t)(uint32_t)v;	/* dtrace.c: int32_t val */
	int64_t levels = dt_lquantize_levels(d), level;

	if (val < d->base || d->step <= 0)
		return 0;
	level = (val - d->base) / d->step;
	return level < levels ? (int)level + 1 : (int)levels + 1;
}

/* wrapping signed multiply, as the kernel's int64 arithmetic does */
int64_t
dt_agg_wmul(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a * (uint64_t)b);
}

static int
llq_bucket(int64_t factor, int64_t low, int64_t high, int64_t nsteps,
    int64_t value)
{
	int64_t cur = 1, last, next;
	int base = 1;
	int64_t order;

	if (factor < 2 || nsteps < 1)
		return 0;
	for (order = 0; order < low; order++)
		cur = dt_agg_wmul(cur, factor);
	if (value < (last = cur))
		return 0;
	for (cur = dt_agg_wmul(cur, factor); order <= high; order++) {
		int64_t nb = cur > nsteps ? nsteps : cur;

		if ((next = dt_agg_wmul(cur, factor)) < cur)
			value = cur - 1;	/* 64-bit overflow: clamp */
		if (value < cur)
			return base + (int)((value - last) / (cur / nb));
		base += (int)(nb - nb / factor);
		last = cur;
		cur = next;
	}
	return base;
}

int
dt_llquantize_bucket(const struct dt_aggdesc *d, int64_t v)
{
	return llq_bucket(d->factor, d->low, d->high, d->nsteps, v);
}

uint32_t
dt_llquantize_nbuckets(int64_t factor, int64_t low, int64_t high, int64_t nsteps)
{
	return (uint32_t)llq_bucket(factor, low, high, nsteps, INT64_MAX) + 1;
}

/*
 * The lowest value each bucket of a quantize-family aggregation holds
 * (lo[0..nwords-1]; bucket b holds lo[b]..lo[b+1]-1, the last one up to
 * INT64_MAX).  The first bucket of each holds everything below the
 * second (lquantize: below its base), the last everything from its low
 * up: so they are the bounds DTrace's "< base" and ">= limit" rows mean
 * (lquantize buckets values truncated to 32 bits, as dtrace.c does).
 * llquantize's are found by bisection: its bucket function never
 * decreases.
 */
void
dt_agg_bucket_lows(const struct dt_aggdesc *d, int64_t *lo)
{
	uint32_t b;

	switch (d->func) {
	case DT_AGG_QUANTIZE:
		for (b = 0; b < DT_QUANTIZE_NBUCKETS; b++) {
			if (b == 0)
				lo[b] = INT64_MIN;
			else if (b < DT_QUANTIZE_ZERO)	/* (-2^k, -2^(k-1)] */
				lo[b] = 1 - (int64_t)(1ULL << (DT_QUANTIZE_ZERO - b));
			else
				lo[b] = dt_quantize_bucket_min((int)b);
		}
		break;
	case DT_AGG_LQUANTIZE:
		lo[0] = INT64_MIN;
		for (b = 1; b < d->nwords; b++)
			lo[b] = d->base + (int64_t)(b - 1) * d->step;
		break;
	case DT_AGG_LLQUANTIZE:
		lo[0] = INT64_MIN;
		for (b = 1; b < d->nwords; b++) {
			int64_t l = b > 1 ? lo[b - 1] : 0, h = INT64_MAX;
			while (l < h) {		/* the least v with bucket(v) >= b */
				int64_t m = l + (h - l) / 2;
				if (dt_llquantize_bucket(d, m) >= (int)b)
					h = m;
				else
					l = m + 1;
			}
			lo[b] = l;
		}
		break;
	default:
		break;
	}
}

uint32_t
dt_agg_nwords(struct dt_aggdesc *d)
{
	uint32_t n = 1;

	switch (d->func) {
	case DT_AGG_MIN:
	case DT_AGG_MAX:
	case DT_AGG_AVG:
		n = 2;
		break;
	case DT_AGG_STDDEV:
		n = 4;
		break;
	case DT_AGG_QUANTIZE:
		n = DT_QUANTIZE_NBUCKETS;
		break;
	case DT_AGG_LQUANTIZE:
		n = (uint32_t)dt_lquantize_levels(d) + 2;
		break;
	case DT_AGG_LLQUANTIZE:
		n = dt_llquantize_nbuckets(d->factor, d->low, d->high,
		    d->nsteps);
		break;
	default:
		break;
	}
	d->nwords = n;
	return n;
}

/*
 * Values: initial value, merging, avg and stddev
 */

void
dt_agg_init(const struct dt_aggdesc *d, int64_t *val)
{
	memset(val, 0, d->nwords * sizeof(int64_t));
	if (d->func == DT_AGG_MIN)
		val[0] = INT64_MAX;
	else if (d->func == DT_AGG_MAX)
		val[0] = INT64_MIN;
}

void
dt_agg_zero(const struct dt_aggdesc *d, int64_t *val)
{
	memset(val, 0, d->nwords * sizeof(int64_t));
}

void
dt_agg_merge(const struct dt_aggdesc *d, int64_t *dst, const int64_t *src)
{
	uint32_t i;

	switch (d->func) {
	case DT_AGG_MIN:
	case DT_AGG_MAX:
		if (src[1] == 0)	/* this copy holds no value */
			return;
		if (dst[1] == 0 || (d->func == DT_AGG_MIN ? src[0] < dst[0] :
		    src[0] > dst[0]))
			dst[0] = src[0];
		dst[1] = 1;
		return;
	case DT_AGG_STDDEV: {
		uint64_t lo = (uint64_t)dst[2] + (uint64_t)src[2];

		dst[3] = (int64_t)((uint64_t)dst[3] + (uint64_t)src[3] +
		    (lo < (uint64_t)src[2]));
		dst[2] = (int64_t)lo;
		dst[0] = (int64_t)((uint64_t)dst[0] + (uint64_t)src[0]);
		dst[1] = (int64_t)((uint64_t)dst[1] + (uint64_t)src[1]);
		return;
	}
	default:
		for (i = 0; i < d->nwords; i++)
			dst[i] = (int64_t)((uint64_t)dst[i] + (uint64_t)src[i]);
	}
}

uint64_t
dt_agg_normal(const struct dt_aggdesc *d)
{
	return d->normal ? d->normal : 1;
}

/* signed division that wraps instead of trapping on INT64_MIN / -1 */
int64_t
dt_agg_sdiv(int64_t a, int64_t b)
{
	if (b == -1)
		return (int64_t)(0 - (uint64_t)a);
	return a / b;
}

int64_t
dt_agg_avg(const struct dt_aggdesc *d, const int64_t *val)
{
	if (val[0] == 0)
		return 0;
	return dt_agg_sdiv(dt_agg_sdiv(val[1], (int64_t)dt_agg_normal(d)), val[0]);
}

static uint64_t
isqrt128(u128 x)
{
	u128 res = 0, bit = (u128)1 << 126;

	while (bit > x)
		bit >>= 2;
	while (bit != 0) {
		if (x >= res + bit) {
			x -= res + bit;
			res = (res >> 1) + bit;
		} else {
			res >>= 1;
		}
		bit >>= 2;
	}
	return (uint64_t)res;
}

static uint64_t
stddev_norm(const int64_t *val, uint64_t normal)
{
	u128 sq = ((u128)(uint64_t)val[3] << 64) | (uint64_t)val[2];
	uint64_t cnt = (uint64_t)val[0], mag;
	int64_t avg;

	if (cnt == 0)
		return 0;
	/* average of the squares: sumsq / normal^2 / count, floored */
	sq = sq / normal / normal / cnt;
	/* square of the average, the average truncated toward zero */
	avg = dt_agg_sdiv(dt_agg_sdiv(val[1], (int64_t)normal), (int64_t)cnt);
	mag = avg < 0 ? 0 - (uint64_t)avg : (uint64_t)avg;
	return isqrt128(sq - (u128)mag * mag);
}

uint64_t
dt_agg_stddev(const struct dt_aggdesc *d, const int64_t *val)
{
	return stddev_norm(val, dt_agg_normal(d));
}

/*
 * Sorting values: dtrace's weighted sums for the quantize family
 */

static void
quantize_weight(const int64_t *v, long double *sum, int64_t *zero)
{
	long double t = 0;
	int i;

	for (i = 0; i < DT_QUANTIZE_NBUCKETS; i++)
		t += (long double)dt_quantize_bucket_min(i) * (long double)v[i];
	*sum = t;
	*zero = v[DT_QUANTIZE_ZERO];
}

static void
lquantize_weight(const struct dt_aggdesc *d, const int64_t *v,
    long double *sum, int64_t *zero)
{
	int64_t levels = dt_lquantize_levels(d), i, b = d->base;
	long double t = (long double)v[0] * (long double)(b - 1);

	for (i = 0; i < levels; i++, b += d->step)
		t += (long double)v[i + 1] * (long double)b;
	*sum = t + (long double)v[levels + 1] * (long double)(b + 1);

	/* the weight at zero: the bucket whose weight above is 0 */
	*zero = 0;
	if (d->base - 1 == 0)
		*zero = v[0];
	else if (d->base <= 0 && (-d->base) % d->step == 0 &&
	    -d->base / d->step < levels)
		*zero = v[-d->base / d->step + 1];
	else if (b + 1 == 0)
		*zero = v[levels + 1];
}

static void
llquantize_weight(const struct dt_aggdesc *d, const int64_t *v,
    long double *sum, int64_t *zero)
{
	uint32_t nb = d->nwords, bin = 0;
	int64_t value = 1, next, step, order;
	long double t;

	for (order = 0; order < d->low; order++)
		value = dt_agg_wmul(value, d->factor);
	t = (long double)v[bin++] * (long double)(value - 1);
	next = dt_agg_wmul(value, d->factor);
	step = next > d->nsteps ? next / d->nsteps : 1;
	while (order <= d->high && bin + 1 < nb) {
		t += (long double)v[bin++] * (long double)value;
		value += step;
		if (value != next)
			continue;
		next = dt_agg_wmul(value, d->factor);
		step = next > d->nsteps ? next / d->nsteps : 1;
		order++;
	}
	*sum = t + (long double)v[bin] * (long double)value;
	*zero = v[0];
}

struct sortkey {
	long double fsum;	/* quantize family */
	int64_t ival;		/* count..max, avg, quantize zero bucket */
	uint64_t uval;		/* stddev */
};

static void
sortkey_of(const struct dt_aggdesc *d, const int64_t *v, struct sortkey *k)
{
	k->fsum = 0;
	k->ival = 0;
	k->uval = 0;
	switch (d->func) {
	case DT_AGG_AVG:
		k->ival = v[0] ? dt_agg_sdiv(v[1], v[0]) : 0;
		break;
	case DT_AGG_STDDEV:
		k->uval = stddev_norm(v, 1);
		break;
	case DT_AGG_QUANTIZE:
		quantize_weight(v, &k->fsum, &k->ival);
		break;
	case DT_AGG_LQUANTIZE:
		lquantize_weight(d, v, &k->fsum, &k->ival);
		break;
	case DT_AGG_LLQUANTIZE:
		llquantize_weight(d, v, &k->fsum, &k->ival);
		break;
	default:
		k->ival = v[0];
		break;
	}
}

static int
sortkey_cmp(const struct dt_aggdesc *d, const struct sortkey *a,
    const struct sortkey *b)
{
	switch (d->func) {
	case DT_AGG_STDDEV:
		return (a->uval > b->uval) - (a->uval < b->uval);
	case DT_AGG_QUANTIZE:
	case DT_AGG_LQUANTIZE:
	case DT_AGG_LLQUANTIZE:
		if (a->fsum < b->fsum)
			return -1;
		if (a->fsum > b->fsum)
			return 1;
		break;		/* ties by the weight at zero */
	default:
		break;
	}
	return (a->ival > b->ival) - (a->ival < b->ival);
}

int
dt_agg_valcmp(const struct dt_aggdesc *d, const int64_t *a, const int64_t *b)
{
	struct sortkey ka, kb;

	sortkey_of(d, a, &ka);
	sortkey_of(d, b, &kb);
	return sortkey_cmp(d, &ka, &kb);
}

int64_t
dt_agg_sortval(const struct dt_aggdesc *d, const int64_t *val)
{
	struct sortkey k;

	sortkey_of(d, val, &k);
	switch (d->func) {
	case DT_AGG_STDDEV:
		return k.uval > INT64_MAX ? INT64_MAX : (int64_t)k.uval;
	case DT_AGG_QUANTIZE:
	case DT_AGG_LQUANTIZE:
	case DT_AGG_LLQUANTIZE:
		if (k.fsum >= 9223372036854775807.0L)
			return INT64_MAX;
		if (k.fsum <= -9223372036854775808.0L)
			return INT64_MIN;
		return (int64_t)k.fsum;
	default:
		return k.ival;
	}
}

/*
 * Sorting entries
 */

struct sortctx {
	const struct dt_aggdesc *d;
	const struct dt_aggkeyfield *kf;
	const uint32_t *koff;
	int nkf, keypos, keysort, rev;
};

struct sortrec {
	struct dt_aggentry e;
	struct sortkey k;
};

uint64_t
dt_agg_keyint(const uint8_t *p, uint32_t size)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	switch (size) {
	case 1:
		memcpy(&u8, p, 1);
		return u8;
	case 2:
		memcpy(&u16, p, 2);
		return u16;
	case 4:
		memcpy(&u32, p, 4);
		return u32;
	default:
		memcpy(&u64, p, 8);
		return u64;
	}
}

int
dt_agg_is_int_size(uint32_t size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

/* dtrace's key comparison, before any reversal */
static int
keycmp(const struct sortctx *c, const uint8_t *a, const uint8_t *b)
{
	int i, keypos = c->keypos >= c->nkf || c->keypos < 0 ? 0 : c->keypos;

	for (i = 0; i < c->nkf; i++) {
		int f = (i + keypos) % c->nkf;
		uint32_t off = c->koff[f], size = c->kf[f].size;

		if (dt_agg_is_int_size(size)) {
			uint64_t x = dt_agg_keyint(a + off, size);
			uint64_t y = dt_agg_keyint(b + off, size);

			if (x != y)
				return x < y ? -1 : 1;
		} else {
			int r = memcmp(a + off, b + off, size);

			if (r != 0)
				return r < 0 ? -1 : 1;
		}
	}
	return 0;
}

static int
entcmp(const void *l, const void *r, void *arg)
{
	const struct sortctx *c = arg;
	const struct sortrec *a = l, *b = r;
	int rv = 0;

	if (!c->keysort)
		rv = sortkey_cmp(c->d, &a->k, &b->k);
	if (rv == 0)
		rv = keycmp(c, a->e.key, b->e.key);
	return c->rev ? -rv : rv;
}

/* fallback when no memory for the precomputed sort keys */
static int
entcmp_slow(const void *l, const void *r, void *arg)
{
	const struct sortctx *c = arg;
	const struct dt_aggentry *a = l, *b = r;
	int rv = 0;

	if (!c->keysort)
		rv = dt_agg_valcmp(c->d, a->val, b->val);
	if (rv == 0)
		rv = keycmp(c, a->key, b->key);
	return c->rev ? -rv : rv;
}

void
dt_agg_sort(struct dt_aggentry *e, int n, const struct dt_aggdesc *d,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff,
    const struct dt_aggsortopt *opt)
{
	struct sortctx c = { d, kf, koff, nkf, 0, 0, 0 };
	struct sortrec *r;
	int i;

	if (n < 2)
		return;
	if (opt != NULL) {
		c.keysort = opt->keysort;
		c.rev = opt->rev;
		c.keypos = opt->keypos;
	}
	r = malloc((size_t)n * sizeof(*r));
	if (r == NULL) {
		qsort_r(e, (size_t)n, sizeof(*e), entcmp_slow, &c);
		return;
	}
	for (i = 0; i < n; i++) {
		r[i].e = e[i];
		if (!c.keysort)
			sortkey_of(d, e[i].val, &r[i].k);
	}
	qsort_r(r, (size_t)n, sizeof(*r), entcmp, &c);
	for (i = 0; i < n; i++)
		e[i] = r[i].e;
	free(r);
}

/*
 * Joined aggregations
 */

struct joinent {
	const uint8_t *key;
	const int64_t *val, *percpu;
	int agg;
};

static int
joincmp(const void *l, const void *r, void *arg)
{
	const struct joinent *a = l, *b = r;
	int c = memcmp(a->key, b->key, *(const uint32_t *)arg);

	if (c != 0)
		return c;
	return (a->agg > b->agg) - (a->agg < b->agg);
}

struct dt_aggrow *
dt_agg_join(struct dt_aggentry *const *ents, const int *n, int naggs,
    uint32_t ksize, int *nrows)
{
	struct joinent *all;
	struct dt_aggrow *rows;
	const int64_t **vals;
	size_t tot = 0, i, k;
	int j, nr = 0;

	for (j = 0; j < naggs; j++)
		tot += (size_t)n[j];
	all = malloc((tot ? tot : 1) * sizeof(*all));
	if (all == NULL)
		return NULL;
	for (j = 0, k = 0; j < naggs; j++) {
		for (i = 0; i < (size_t)n[j]; i++, k++) {
			all[k].key = ents[j][i].key;
			all[k].val = ents[j][i].val;
			all[k].percpu = ents[j][i].percpu;
			all[k].agg = j;
		}
	}
	qsort_r(all, tot, sizeof(*all), joincmp, &ksize);
	/* one block: the rows, then each row's naggs value pointers and
	 * naggs per-CPU pointers */
	rows = calloc(1, (tot ? tot : 1) * (sizeof(*rows) +
	    2 * (size_t)naggs * sizeof(*vals)));
	if (rows == NULL) {
		free(all);
		return NULL;
	}
	vals = (const int64_t **)(rows + (tot ? tot : 1));
	for (i = 0; i < tot; i++) {
		if (i == 0 || memcmp(all[i].key, all[i - 1].key, ksize) != 0) {
			rows[nr].key = all[i].key;
			rows[nr].vals = vals + 2 * (size_t)nr * (size_t)naggs;
			rows[nr].percpu = rows[nr].vals + naggs;
			nr++;
		}
		rows[nr - 1].vals[all[i].agg] = all[i].val;
		rows[nr - 1].percpu[all[i].agg] = all[i].percpu;
	}
	free(all);
	*nrows = nr;
	return rows;
}

struct rowctx {
	struct sortctx c;
	const struct dt_aggdesc *const *d;
	int naggs, sortpos;
};

struct sortrow {
	struct dt_aggrow r;
	struct sortkey *k;		/* naggs sort keys */
};

static int
rowcmp(const void *l, const void *r, void *arg)
{
	const struct rowctx *rc = arg;
	const struct sortrow *a = l, *b = r;
	int rv = 0, i;

	if (rc->c.keysort)
		rv = keycmp(&rc->c, a->r.key, b->r.key);
	for (i = 0; rv == 0 && i < rc->naggs; i++) {
		int j = (rc->sortpos + i) % rc->naggs;

		rv = sortkey_cmp(rc->d[j], &a->k[j], &b->k[j]);
	}
	if (rv == 0 && !rc->c.keysort)
		rv = keycmp(&rc->c, a->r.key, b->r.key);
	return rc->c.rev ? -rv : rv;
}

uint32_t
dt_agg_max_nwords(const struct dt_aggdesc *const *d, int naggs)
{
	uint32_t m = 1;
	int j;

	for (j = 0; j < naggs; j++)
		if (d[j]->nwords > m)
			m = d[j]->nwords;
	return m;
}

void
dt_agg_sort_rows(struct dt_aggrow *r, int n, const struct dt_aggdesc *const *d,
    int naggs, const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff,
    const struct dt_aggsortopt *opt)
{
	struct rowctx rc;
	struct sortrow *sr;
	struct sortkey *keys;
	int64_t *zero;
	int i, j;

	if (n < 2)
		return;
	memset(&rc, 0, sizeof(rc));
	rc.c.kf = kf;
	rc.c.koff = koff;
	rc.c.nkf = nkf;
	rc.d = d;
	rc.naggs = naggs;
	if (opt != NULL) {
		rc.c.keysort = opt->keysort;
		rc.c.rev = opt->rev;
		rc.c.keypos = opt->keypos;
		rc.sortpos = opt->sortpos >= 0 && opt->sortpos < naggs ?
		    opt->sortpos : 0;
	}
	sr = malloc((size_t)n * sizeof(*sr));
	keys = malloc((size_t)n * (size_t)naggs * sizeof(*keys));
	zero = calloc(dt_agg_max_nwords(d, naggs), sizeof(int64_t));
	if (sr == NULL || keys == NULL || zero == NULL)
		goto out;	/* left unsorted */
	for (i = 0; i < n; i++) {
		sr[i].r = r[i];
		sr[i].k = keys + (size_t)i * (size_t)naggs;
		for (j = 0; j < naggs; j++)
			sortkey_of(d[j], r[i].vals[j] ? r[i].vals[j] : zero,
			    &sr[i].k[j]);
	}
	qsort_r(sr, (size_t)n, sizeof(*sr), rowcmp, &rc);
	for (i = 0; i < n; i++)
		r[i] = sr[i].r;
out:
	free(sr);
	free(keys);
	free(zero);
}

