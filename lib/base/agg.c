/*
 * agg.c - the consumer's aggregation core (see agg.h).
 *
 * Owns the bucket functions of quantize/lquantize/llquantize (the same
 * arithmetic as the in-kernel aggregation of illumos dtrace.c), merging
 * per-CPU values, dtrace's sort order and the
 * default printing of an aggregation: key columns, scalar values, avg and
 * stddev integer arithmetic, and the '@' distribution tables, to the
 * character as libdtrace dt_consume.c prints them.  Written from scratch
 * from the behaviour of libdtrace; nothing here touches BPF.
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

static int64_t
lq_levels(const struct dt_aggdesc *d)
{
	return d->step > 0 ? (d->limit - d->base) / d->step : 0;
}

int
dt_lquantize_bucket(const struct dt_aggdesc *d, int64_t v)
{
	int64_t val = (int32_t)(uint32_t)v;	/* dtrace.c: int32_t val */
	int64_t levels = lq_levels(d), level;

	if (val < d->base || d->step <= 0)
		return 0;
	level = (val - d->base) / d->step;
	return level < levels ? (int)level + 1 : (int)levels + 1;
}

/* wrapping signed multiply, as the kernel's int64 arithmetic does */
static int64_t
mulw(int64_t a, int64_t b)
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
		cur = mulw(cur, factor);
	if (value < (last = cur))
		return 0;
	for (cur = mulw(cur, factor); order <= high; order++) {
		int64_t nb = cur > nsteps ? nsteps : cur;

		if ((next = mulw(cur, factor)) < cur)
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
		n = (uint32_t)lq_levels(d) + 2;
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

static uint64_t
normal_of(const struct dt_aggdesc *d)
{
	return d->normal ? d->normal : 1;
}

/* signed division that wraps instead of trapping on INT64_MIN / -1 */
static int64_t
sdiv(int64_t a, int64_t b)
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
	return sdiv(sdiv(val[1], (int64_t)normal_of(d)), val[0]);
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
	avg = sdiv(sdiv(val[1], (int64_t)normal), (int64_t)cnt);
	mag = avg < 0 ? 0 - (uint64_t)avg : (uint64_t)avg;
	return isqrt128(sq - (u128)mag * mag);
}

uint64_t
dt_agg_stddev(const struct dt_aggdesc *d, const int64_t *val)
{
	return stddev_norm(val, normal_of(d));
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
	int64_t levels = lq_levels(d), i, b = d->base;
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
		value = mulw(value, d->factor);
	t = (long double)v[bin++] * (long double)(value - 1);
	next = mulw(value, d->factor);
	step = next > d->nsteps ? next / d->nsteps : 1;
	while (order <= d->high && bin + 1 < nb) {
		t += (long double)v[bin++] * (long double)value;
		value += step;
		if (value != next)
			continue;
		next = mulw(value, d->factor);
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
		k->ival = v[0] ? sdiv(v[1], v[0]) : 0;
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

static uint64_t
rdint(const uint8_t *p, uint32_t size)
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

static int
is_int_size(uint32_t size)
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

		if (is_int_size(size)) {
			uint64_t x = rdint(a + off, size);
			uint64_t y = rdint(b + off, size);

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
 * Printing
 */

static int
out_err(FILE *out)
{
	return ferror(out) ? -1 : 0;
}

/* dtrace's printable test for trace data: isprint, isspace, \b, \a */
static int
printable(unsigned char c)
{
	return (c >= ' ' && c <= '~') || (c >= '\t' && c <= '\r') ||
	    c == '\b' || c == '\a';
}

static void
hexdump(FILE *out, const uint8_t *p, uint32_t n)
{
	uint32_t i, j;

	fprintf(out, "\n%5s      ", "");
	for (i = 0; i < 16; i++)
		fprintf(out, "  %c", "0123456789abcdef"[i]);
	fputs("  0123456789abcdef\n", out);
	for (i = 0; i < n; i += 16) {
		fprintf(out, "%5s%5x:", "", i);
		for (j = i; j < i + 16 && j < n; j++)
			fprintf(out, " %02x", p[j]);
		for (; j % 16 != 0; j++)
			fputs("   ", out);
		fputs("  ", out);
		for (j = i; j < i + 16 && j < n; j++)
			fputc(p[j] < ' ' || p[j] > '~' ? '.' : p[j], out);
		fputc('\n', out);
	}
}

static void
print_strkey(FILE *out, const uint8_t *p, uint32_t n)
{
	uint32_t i, j;

	if (n == 0)
		return;
	for (i = 0; i < n; i++) {
		if (printable(p[i]))
			continue;
		if (p[i] == '\0' && i > 0) {
			for (j = i + 1; j < n && p[j] == '\0'; j++)
				;
			if (j == n) {
				fprintf(out, "  %-50s", (const char *)p);
				return;
			}
		}
		break;
	}
	if (i == n) {			/* all printable, no NUL */
		fprintf(out, "  %-50.*s", (int)n, (const char *)p);
		return;
	}
	hexdump(out, p, n);
}

int
dt_agg_print_keys(FILE *out, const struct dt_aggkeyfield *kf, int nkf,
    const uint32_t *koff, const uint8_t *key)
{
	int i;

	for (i = 0; i < nkf; i++) {
		const uint8_t *p = key + koff[i];
		uint64_t v;

		if (kf[i].is_string || !is_int_size(kf[i].size)) {
			print_strkey(out, p, kf[i].size);
			continue;
		}
		v = rdint(p, kf[i].size);
		switch (kf[i].size) {
		case 8:
			fprintf(out, " %16lld", (long long)v);
			break;
		case 4:
			fprintf(out, " %8d", (int)(uint32_t)v);
			break;
		case 2:
			fprintf(out, " %5d", (int)v);
			break;
		default:
			fprintf(out, " %3d", (int)v);
			break;
		}
	}
	return out_err(out);
}

/* one distribution row after its label: bar, count */
static void
quantline(FILE *out, int64_t val, uint64_t normal, long double total,
    int pos, int neg)
{
	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	static const char spc[] = "                                        ";
	unsigned len = 40, depth = 0;
	long double mag = val < 0 ? -(long double)val : (long double)val;
	long long cnt = (long long)((uint64_t)val / normal);

	if (!neg) {
		if (pos)
			depth = (unsigned)(mag * len / total + 0.5L);
		fprintf(out, "|%.*s%.*s %-9lld\n", (int)depth, ats,
		    (int)(len - depth), spc, cnt);
		return;
	}
	if (!pos) {
		depth = (unsigned)(mag * len / total + 0.5L);
		fprintf(out, "%.*s%.*s| %-9lld\n", (int)(len - depth), spc,
		    (int)depth, ats, cnt);
		return;
	}
	/* both signs: half-width bars on each side of the centre line */
	len /= 2;
	depth = (unsigned)(mag * len / total + 0.5L);
	if (val <= 0)
		fprintf(out, "%.*s%.*s|%*s %-9lld\n", (int)(len - depth), spc,
		    (int)depth, ats, (int)len, "", cnt);
	else
		fprintf(out, "%20s|%.*s%.*s %-9lld\n", "", (int)depth, ats,
		    (int)(len - depth), spc, cnt);
}

struct dist {
	int first, last;
	long double total;
	int pos, neg;
};

/* trim to the data plus one zero row each side; total and signs */
static void
dist_range(const int64_t *v, int nb, int emptyfirst, int emptylast,
    struct dist *ds)
{
	int i, f = 0, l = nb - 1;

	while (f < nb && v[f] == 0)
		f++;
	if (f == nb) {
		f = emptyfirst;
		l = emptylast;
	} else {
		if (f > 0)
			f--;
		while (l > 0 && v[l] == 0)
			l--;
		if (l < nb - 1)
			l++;
	}
	ds->first = f;
	ds->last = l;
	ds->total = 0;
	ds->pos = ds->neg = 0;
	for (i = f; i <= l; i++) {
		ds->pos |= v[i] > 0;
		ds->neg |= v[i] < 0;
		ds->total += v[i] < 0 ? -(long double)v[i] : (long double)v[i];
	}
}

static void
dist_header(FILE *out)
{
	fprintf(out, "\n%16s %41s %-9s\n", "value",
	    "------------- Distribution -------------", "count");
}

static void
print_quantize(FILE *out, const int64_t *v, uint64_t normal)
{
	struct dist ds;
	int i;

	dist_range(v, DT_QUANTIZE_NBUCKETS, DT_QUANTIZE_ZERO - 1,
	    DT_QUANTIZE_ZERO + 1, &ds);
	dist_header(out);
	for (i = ds.first; i <= ds.last; i++) {
		fprintf(out, "%16lld ", (long long)dt_quantize_bucket_min(i));
		quantline(out, v[i], normal, ds.total, ds.pos, ds.neg);
	}
}

static void
print_lquantize(FILE *out, const struct dt_aggdesc *d, const int64_t *v,
    uint64_t normal)
{
	int levels = (int)lq_levels(d), base = (int)d->base;
	int step = (int)d->step;
	struct dist ds;
	char lab[32];
	int i;

	dist_range(v, levels + 2, 0, 2, &ds);
	dist_header(out);
	for (i = ds.first; i <= ds.last; i++) {
		if (i == 0) {
			snprintf(lab, sizeof(lab), "< %d", base);
			fprintf(out, "%16s ", lab);
		} else if (i == levels + 1) {
			snprintf(lab, sizeof(lab), ">= %d",
			    base + levels * step);
			fprintf(out, "%16s ", lab);
		} else {
			fprintf(out, "%16d ", base + (i - 1) * step);
		}
		quantline(out, v[i], normal, ds.total, ds.pos, ds.neg);
	}
}

static void
print_llquantize(FILE *out, const struct dt_aggdesc *d, const int64_t *v,
    uint64_t normal)
{
	int nb = (int)d->nwords, bin = 1;
	int64_t value = 1, next, step, order;
	struct dist ds;
	char lab[32];

	dist_range(v, nb, 0, 1, &ds);
	dist_header(out);
	for (order = 0; order < d->low; order++)
		value = mulw(value, d->factor);
	next = mulw(value, d->factor);
	step = next > d->nsteps ? next / d->nsteps : 1;
	if (ds.first == 0) {
		snprintf(lab, sizeof(lab), "< %lld", (long long)value);
		fprintf(out, "%16s ", lab);
		quantline(out, v[0], normal, ds.total, ds.pos, ds.neg);
	}
	while (order <= d->high && bin < nb - 1) {
		if (bin >= ds.first && bin <= ds.last) {
			fprintf(out, "%16lld ", (long long)value);
			quantline(out, v[bin], normal, ds.total, ds.pos,
			    ds.neg);
		}
		bin++;
		value += step;
		if (value != next)
			continue;
		next = mulw(value, d->factor);
		step = next > d->nsteps ? next / d->nsteps : 1;
		order++;
	}
	if (ds.last < bin)
		return;
	snprintf(lab, sizeof(lab), ">= %lld", (long long)value);
	fprintf(out, "%16s ", lab);
	quantline(out, v[bin], normal, ds.total, ds.pos, ds.neg);
}

int
dt_agg_print_value(FILE *out, const struct dt_aggdesc *d, const int64_t *val)
{
	uint64_t normal = normal_of(d);

	switch (d->func) {
	case DT_AGG_AVG:
		fprintf(out, " %16lld", (long long)dt_agg_avg(d, val));
		break;
	case DT_AGG_STDDEV:
		fprintf(out, " %16llu",
		    (unsigned long long)dt_agg_stddev(d, val));
		break;
	case DT_AGG_QUANTIZE:
		print_quantize(out, val, normal);
		break;
	case DT_AGG_LQUANTIZE:
		print_lquantize(out, d, val, normal);
		break;
	case DT_AGG_LLQUANTIZE:
		print_llquantize(out, d, val, normal);
		break;
	default:
		/* dtrace divides the 64-bit value as unsigned by normal */
		fprintf(out, " %16lld", (long long)((uint64_t)val[0] / normal));
		break;
	}
	return out_err(out);
}

int64_t
dt_agg_fmtval(const struct dt_aggdesc *d, const int64_t *val)
{
	switch (d->func) {
	case DT_AGG_AVG:
		return dt_agg_avg(d, val);
	case DT_AGG_STDDEV:
		return (int64_t)dt_agg_stddev(d, val);
	case DT_AGG_QUANTIZE:
	case DT_AGG_LQUANTIZE:
	case DT_AGG_LLQUANTIZE:
		return dt_agg_sortval(d, val);
	default:
		return sdiv(val[0], (int64_t)normal_of(d));
	}
}

int
dt_agg_is_table(const struct dt_aggdesc *d)
{
	return d->func == DT_AGG_QUANTIZE || d->func == DT_AGG_LQUANTIZE ||
	    d->func == DT_AGG_LLQUANTIZE;
}

int
dt_agg_print_percpu(FILE *out, const struct dt_aggdesc *d,
    const int64_t *percpu, int ncpus)
{
	int64_t tmp[2];
	int c;

	for (c = 0; c < ncpus; c++) {
		const int64_t *v = percpu + (size_t)c * d->nwords;

		if ((d->func == DT_AGG_MIN || d->func == DT_AGG_MAX) &&
		    v[1] == 0) {
			dt_agg_init(d, tmp);	/* no value on this CPU */
			v = tmp;
		}
		fprintf(out, "\n    [CPU %d]", c);
		dt_agg_print_value(out, d, v);
	}
	return out_err(out);
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

static uint32_t
max_nwords(const struct dt_aggdesc *const *d, int naggs)
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
	zero = calloc(max_nwords(d, naggs), sizeof(int64_t));
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

int
dt_agg_print_rows(FILE *out, struct dt_aggrow *r, int n,
    const struct dt_aggdesc *const *d, int naggs,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff, int ncpus)
{
	/* zero-filled values; per CPU (ncpus of them) where there is none */
	size_t nz = (size_t)max_nwords(d, naggs) * (size_t)(ncpus > 0 ? ncpus : 1);
	int64_t *zero = calloc(nz, sizeof(int64_t));
	int i, j;

	if (zero == NULL)
		return -1;
	fputc('\n', out);
	for (i = 0; i < n && !ferror(out); i++) {
		dt_agg_print_keys(out, kf, nkf, koff, r[i].key);
		for (j = 0; j < naggs; j++) {
			dt_agg_print_value(out, d[j],
			    r[i].vals[j] ? r[i].vals[j] : zero);
			if (ncpus > 0)
				dt_agg_print_percpu(out, d[j], r[i].vals[j] &&
				    r[i].percpu[j] ? r[i].percpu[j] : zero, ncpus);
		}
		fputc('\n', out);
	}
	free(zero);
	return out_err(out);
}

int
dt_agg_print_ext(FILE *out, const struct dt_aggdesc *d,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff,
    struct dt_aggentry *e, int n, const struct dt_aggsortopt *opt,
    int flags)
{
	int i;

	if (!(flags & DT_AGGP_NOBLANK))
		fputc('\n', out);
	if (!(flags & DT_AGGP_NOSORT))
		dt_agg_sort(e, n, d, kf, nkf, koff, opt);
	for (i = 0; i < n; i++) {
		dt_agg_print_keys(out, kf, nkf, koff, e[i].key);
		dt_agg_print_value(out, d, e[i].val);
		if ((flags & DT_AGGP_PERCPU) && e[i].percpu != NULL)
			dt_agg_print_percpu(out, d, e[i].percpu, e[i].ncpus);
		fputc('\n', out);
		if (ferror(out))
			return -1;
	}
	return out_err(out);
}

int
dt_agg_print(FILE *out, const struct dt_aggdesc *d,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff,
    struct dt_aggentry *e, int n)
{
	return dt_agg_print_ext(out, d, kf, nkf, koff, e, n, NULL, 0);
}
