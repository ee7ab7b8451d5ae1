/*
 * test_agg.c - unit tests for lib/agg.c, the consumer's aggregation core:
 * bucket functions (against transcriptions of dtrace.c's loops), value
 * merging, avg/stddev arithmetic, dtrace's sort order and options, and the
 * default printing, checked character for character against the output
 * examples of the DTrace guides (count, avg, stddev, quantize, lquantize).
 * Prints one line per failure and ends with "N passed, M failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fmt/agg.h"

#include "check.h"

/* ---- helpers ---- */

static char *membuf;
static size_t memlen;

static FILE *
mem(void)
{
	return open_memstream(&membuf, &memlen);
}

/* close the stream, compare with exp; on mismatch show where */
static int
same(FILE *f, const char *exp)
{
	size_t i;
	int ok;

	fclose(f);
	ok = strcmp(membuf, exp) == 0;
	if (!ok) {
		for (i = 0; membuf[i] && membuf[i] == exp[i]; i++)
			;
		printf("--- got (differs at %zu):\n%s--- expected:\n%s---\n",
		    i, membuf, exp);
	}
	free(membuf);
	membuf = NULL;
	return ok;
}

#define EXPECT(f, exp) CHECK(same((f), (exp)), "output differs")

/* string-keyed entries: key buffers of KS bytes, NUL padded */
#define KS 32
struct skey { char s[KS]; };

static const struct dt_aggkeyfield strkf[] = { { .is_string = 1, .size = KS, .is_signed = 0 } };
static const uint32_t off0[] = { 0 };

static void
setkey(struct skey *k, const char *s)
{
	memset(k, 0, sizeof(*k));
	strncpy(k->s, s, KS - 1);
}

static struct dt_aggdesc
desc(enum dt_aggfunc f)
{
	struct dt_aggdesc d;

	memset(&d, 0, sizeof(d));
	d.func = f;
	dt_agg_nwords(&d);
	return d;
}

static struct dt_aggdesc
ldesc(int64_t base, int64_t limit, int64_t step)
{
	struct dt_aggdesc d = desc(DT_AGG_LQUANTIZE);

	d.base = base;
	d.limit = limit;
	d.step = step;
	dt_agg_nwords(&d);
	return d;
}

static struct dt_aggdesc
lldesc(int64_t factor, int64_t low, int64_t high, int64_t nsteps)
{
	struct dt_aggdesc d = desc(DT_AGG_LLQUANTIZE);

	d.factor = factor;
	d.low = low;
	d.high = high;
	d.nsteps = nsteps;
	dt_agg_nwords(&d);
	return d;
}

/* add one data point the way the kernel aggregates it */
static void
add(const struct dt_aggdesc *d, int64_t *v, int64_t x, int64_t incr)
{
	unsigned __int128 sq;
	uint64_t lo, mag;

	switch (d->func) {
	case DT_AGG_COUNT: v[0]++; break;
	case DT_AGG_SUM: v[0] += x; break;
	case DT_AGG_MIN: if (!v[1] || x < v[0]) v[0] = x; v[1] = 1; break;
	case DT_AGG_MAX: if (!v[1] || x > v[0]) v[0] = x; v[1] = 1; break;
	case DT_AGG_AVG: v[0]++; v[1] += x; break;
	case DT_AGG_STDDEV:
		v[0]++;
		v[1] += x;
		mag = x < 0 ? 0 - (uint64_t)x : (uint64_t)x;
		sq = (unsigned __int128)mag * mag;
		lo = (uint64_t)v[2] + (uint64_t)sq;
		v[3] = (int64_t)((uint64_t)v[3] + (uint64_t)(sq >> 64) +
		    (lo < (uint64_t)sq));
		v[2] = (int64_t)lo;
		break;
	case DT_AGG_QUANTIZE: v[dt_quantize_bucket(x)] += incr; break;
	case DT_AGG_LQUANTIZE: v[dt_lquantize_bucket(d, x)] += incr; break;
	case DT_AGG_LLQUANTIZE: v[dt_llquantize_bucket(d, x)] += incr; break;
	}
}

/* ---- reference transcriptions of illumos dtrace.c (for the tests) ---- */

static int64_t
ref_bucketval(int b)
{
	if (b < 63)
		return -(int64_t)(1ULL << (62 - b));
	return b == 63 ? 0 : (int64_t)(1ULL << (b - 64));
}

static int
ref_quantize(int64_t val)
{
	int i;

	if (val < 0) {
		for (i = 0; i < 63; i++)
			if (val <= ref_bucketval(i))
				return i;
		return -1;
	}
	for (i = 64; i < 127; i++)
		if (val < ref_bucketval(i))
			return i - 1;
	return 126;
}

static int
ref_lquantize(int32_t base, uint16_t step, uint16_t levels, uint64_t nval)
{
	int32_t val = (int32_t)nval, level;

	if (val < base)
		return 0;
	level = (val - base) / step;
	return level < levels ? level + 1 : levels + 1;
}

static int
ref_llquantize(uint16_t factor, uint16_t low, uint16_t high, uint16_t nsteps,
    int64_t value)
{
	int64_t this = 1, last, next;
	int base = 1, order;

	/* the kernel's int64 products wrap; spelled out to avoid C's UB */
#define MULW(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
	for (order = 0; order < low; order++)
		this = MULW(this, factor);
	if (value < (last = this))
		return 0;
	for (this = MULW(this, factor); order <= high; order++) {
		int nbuckets = this > nsteps ? nsteps : this;

		if ((next = MULW(this, factor)) < this)
			value = this - 1;
		if (value < this)
			return base + (value - last) / (this / nbuckets);
		base += nbuckets - (nbuckets / factor);
		last = this;
		this = next;
	}
	return base;
}

static uint64_t rng = 88172645463325252ULL;

static uint64_t
rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* a random value spread over every magnitude and sign */
static int64_t
rndval(void)
{
	int sh = (int)(rnd() % 64);
	int64_t v = (int64_t)(rnd() >> sh);

	return rnd() & 1 ? -v : v;
}

/* ---- buckets ---- */

static void
buckets(void)
{
	struct dt_aggdesc d;
	int i, bad;

	CHECK(dt_quantize_bucket(0) == 63, "q 0");
	CHECK(dt_quantize_bucket(1) == 64, "q 1");
	CHECK(dt_quantize_bucket(2) == 65 && dt_quantize_bucket(3) == 65, "q 2,3");
	CHECK(dt_quantize_bucket(4) == 66, "q 4");
	CHECK(dt_quantize_bucket(-1) == 62, "q -1");
	CHECK(dt_quantize_bucket(-2) == 61 && dt_quantize_bucket(-3) == 61, "q -2,-3");
	CHECK(dt_quantize_bucket(-4) == 60, "q -4");
	CHECK(dt_quantize_bucket(INT64_MAX) == 126, "q max");
	CHECK(dt_quantize_bucket(1LL << 62) == 126, "q 2^62");
	CHECK(dt_quantize_bucket((1LL << 62) - 1) == 125, "q 2^62-1");
	CHECK(dt_quantize_bucket(INT64_MIN) == 0, "q min");
	CHECK(dt_quantize_bucket(-(1LL << 62)) == 0, "q -2^62");
	CHECK(dt_quantize_bucket(-(1LL << 62) + 1) == 1, "q -2^62+1");
	for (i = 0; i < DT_QUANTIZE_NBUCKETS; i++) {
		CHECK(dt_quantize_bucket_min(i) == ref_bucketval(i), "min %d", i);
		CHECK(dt_quantize_bucket(dt_quantize_bucket_min(i)) == i,
		    "bucket of min %d", i);
	}
	CHECK(dt_quantize_bucket_min(63) == 0 && dt_quantize_bucket_min(64) == 1 &&
	    dt_quantize_bucket_min(62) == -1, "mins");
	for (bad = 0, i = 0; i < 200000; i++) {
		int64_t v = rndval();

		bad += dt_quantize_bucket(v) != ref_quantize(v);
	}
	CHECK(bad == 0, "quantize vs dtrace.c: %d differ", bad);

	d = ldesc(0, 10, 1);
	CHECK(d.nwords == 12, "lq nwords %u", d.nwords);
	CHECK(dt_lquantize_bucket(&d, -1) == 0, "lq -1");
	CHECK(dt_lquantize_bucket(&d, 0) == 1, "lq 0");
	CHECK(dt_lquantize_bucket(&d, 9) == 10, "lq 9");
	CHECK(dt_lquantize_bucket(&d, 10) == 11, "lq 10");
	CHECK(dt_lquantize_bucket(&d, 1000) == 11, "lq 1000");
	/* dtrace.c truncates the value to 32 bits */
	CHECK(dt_lquantize_bucket(&d, (1LL << 32) + 5) == 6, "lq 2^32+5");
	CHECK(dt_lquantize_bucket(&d, 0xffffffffLL) == 0, "lq 2^32-1 is -1");
	d = ldesc(0, 10, 3);		/* levels 3: 0,3,6 then >= 9 */
	CHECK(d.nwords == 5, "lq step 3 nwords %u", d.nwords);
	CHECK(dt_lquantize_bucket(&d, 8) == 3 && dt_lquantize_bucket(&d, 9) == 4,
	    "lq step 3");
	d = ldesc(-100, 100, 7);
	for (bad = 0, i = 0; i < 100000; i++) {
		int64_t v = (int64_t)(rnd() % 400) - 200;

		if (i & 1)
			v = rndval();
		bad += dt_lquantize_bucket(&d, v) !=
		    ref_lquantize(-100, 7, 200 / 7, (uint64_t)v);
	}
	CHECK(bad == 0, "lquantize vs dtrace.c: %d differ", bad);

	d = lldesc(10, 3, 5, 10);
	CHECK(d.nwords == 29, "llq nwords %u", d.nwords);
	CHECK(dt_llquantize_nbuckets(10, 3, 5, 10) == 29, "llq nbuckets");
	CHECK(dt_llquantize_bucket(&d, -5) == 0 && dt_llquantize_bucket(&d, 999) == 0,
	    "llq underflow");
	CHECK(dt_llquantize_bucket(&d, 1000) == 1 && dt_llquantize_bucket(&d, 1999) == 1,
	    "llq 1000");
	CHECK(dt_llquantize_bucket(&d, 2000) == 2 && dt_llquantize_bucket(&d, 9999) == 9,
	    "llq 2000, 9999");
	CHECK(dt_llquantize_bucket(&d, 10000) == 10, "llq 10000");
	CHECK(dt_llquantize_bucket(&d, 999999) == 27, "llq 999999");
	CHECK(dt_llquantize_bucket(&d, 1000000) == 28 &&
	    dt_llquantize_bucket(&d, INT64_MAX) == 28, "llq overflow");
	d = lldesc(10, 0, 1, 20);	/* 1..9 by 1, 10..95 by 5 */
	CHECK(d.nwords == 29, "llq2 nwords %u", d.nwords);
	CHECK(dt_llquantize_bucket(&d, 0) == 0 && dt_llquantize_bucket(&d, 1) == 1 &&
	    dt_llquantize_bucket(&d, 9) == 9 && dt_llquantize_bucket(&d, 10) == 10 &&
	    dt_llquantize_bucket(&d, 14) == 10 && dt_llquantize_bucket(&d, 15) == 11 &&
	    dt_llquantize_bucket(&d, 99) == 27 && dt_llquantize_bucket(&d, 100) == 28,
	    "llq2 buckets");
	{
		static const int p[][4] = {
			{ 10, 3, 5, 10 }, { 10, 0, 1, 20 }, { 2, 0, 10, 2 },
			{ 2, 4, 60, 4 }, { 10, 0, 18, 10 }, { 4, 1, 30, 16 },
			{ 10, 2, 20, 100 },
		};
		unsigned j;

		for (bad = 0, j = 0; j < sizeof(p) / sizeof(p[0]); j++) {
			d = lldesc(p[j][0], p[j][1], p[j][2], p[j][3]);
			bad += (int)d.nwords != ref_llquantize(p[j][0], p[j][1],
			    p[j][2], p[j][3], INT64_MAX) + 1;
			for (i = 0; i < 20000; i++) {
				int64_t v = rndval();

				bad += dt_llquantize_bucket(&d, v) !=
				    ref_llquantize(p[j][0], p[j][1], p[j][2],
				    p[j][3], v);
			}
		}
		CHECK(bad == 0, "llquantize vs dtrace.c: %d differ", bad);
	}
}

/* ---- values: merge, avg, stddev ---- */

static void
values(void)
{
	struct dt_aggdesc d;
	int64_t a[4], b[4];
	static const int64_t sd8[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static const int64_t big[] = { 3000000000000LL, 3002000000000LL,
	    1000000000000LL, 7000000000000LL };
	unsigned i;

	/* min and max: a second word says the copy holds a value; a copy
	 * without one (a CPU the kernel zero-filled) is not a minimum of 0 */
	d = desc(DT_AGG_MIN);
	CHECK(d.nwords == 2, "min nwords");
	dt_agg_init(&d, a);
	CHECK(a[0] == INT64_MAX && a[1] == 0, "min init");
	dt_agg_zero(&d, a);
	b[0] = 0; b[1] = 0;		/* zero-filled */
	dt_agg_merge(&d, a, b);
	b[0] = 5; b[1] = 1;
	dt_agg_merge(&d, a, b);
	b[0] = 0; b[1] = 0;
	dt_agg_merge(&d, a, b);
	b[0] = 7; b[1] = 1;
	dt_agg_merge(&d, a, b);
	CHECK(a[0] == 5 && a[1] == 1, "min merge %lld", (long long)a[0]);
	dt_agg_zero(&d, a);
	b[0] = INT64_MAX; b[1] = 0;	/* cleared */
	dt_agg_merge(&d, a, b);
	CHECK(a[0] == 0 && a[1] == 0, "min of nothing is 0 (zero-filled)");
	d = desc(DT_AGG_MAX);
	dt_agg_zero(&d, a);
	b[0] = 0; b[1] = 0;
	dt_agg_merge(&d, a, b);
	b[0] = -5; b[1] = 1;
	dt_agg_merge(&d, a, b);
	CHECK(a[0] == -5, "max merge");
	dt_agg_init(&d, a);
	CHECK(a[0] == INT64_MIN && a[1] == 0, "max init");

	d = desc(DT_AGG_AVG);
	CHECK(d.nwords == 2, "avg nwords");
	a[0] = 2; a[1] = 3;
	CHECK(dt_agg_avg(&d, a) == 1, "avg truncates");
	a[0] = 2; a[1] = -3;
	CHECK(dt_agg_avg(&d, a) == -1, "avg truncates toward zero");
	a[0] = 0; a[1] = 7;
	CHECK(dt_agg_avg(&d, a) == 0, "avg of nothing");

	d = desc(DT_AGG_STDDEV);
	CHECK(d.nwords == 4, "stddev nwords");
	dt_agg_init(&d, a);
	for (i = 0; i < 8; i++)
		add(&d, a, sd8[i], 1);
	CHECK(dt_agg_stddev(&d, a) == 2, "stddev 2,4,4,4,5,5,7,9");
	dt_agg_init(&d, a);
	add(&d, a, -5, 1); add(&d, a, -7, 1); add(&d, a, -9, 1);
	CHECK(dt_agg_stddev(&d, a) == 1, "stddev negative (integer approx)");
	dt_agg_init(&d, a);
	CHECK(dt_agg_stddev(&d, a) == 0, "stddev of nothing");
	/* 128-bit sums of squares, merged from two CPUs with a carry */
	dt_agg_init(&d, a);
	dt_agg_init(&d, b);
	add(&d, a, big[0], 1); add(&d, a, big[1], 1);
	add(&d, b, big[2], 1); add(&d, b, big[3], 1);
	dt_agg_merge(&d, a, b);
	CHECK(a[0] == 4 && a[3] != 0, "128-bit sumsq merged");
	CHECK(dt_agg_stddev(&d, a) == 2179334932955ULL, "stddev 128-bit %llu",
	    (unsigned long long)dt_agg_stddev(&d, a));
	{
		/* carry out of the low word when merging */
		int64_t x[4] = { 1, 0, -1, 0 }, y[4] = { 1, 0, 1, 0 };

		dt_agg_merge(&d, x, y);
		CHECK(x[2] == 0 && x[3] == 1, "stddev carry");
	}

	d = desc(DT_AGG_QUANTIZE);
	CHECK(d.nwords == 127, "quantize nwords");
	d = desc(DT_AGG_COUNT);
	CHECK(d.nwords == 1, "count nwords");
}

/* ---- printing: the guides' examples ---- */

/* count(): "write system calls" (Dynamic Tracing Guide, Aggregations) */
static void
print_count(void)
{
	struct dt_aggdesc d = desc(DT_AGG_COUNT);
	struct skey k[3];
	int64_t v[3] = { 179, 4, 1 };
	struct dt_aggentry e[3];
	FILE *f;

	setkey(&k[0], "write system calls");
	e[0].key = (uint8_t *)&k[0];
	e[0].val = &v[0];
	f = mem();
	dt_agg_print(f, &d, strkf, 1, off0, e, 1);
	EXPECT(f, "\n"
	    "  write system calls                                              179\n");

	/* by execname, sorted by count */
	setkey(&k[0], "sed");
	setkey(&k[1], "cat");
	setkey(&k[2], "dtrace");
	v[0] = 9;
	e[1].key = (uint8_t *)&k[1];
	e[1].val = &v[1];
	e[2].key = (uint8_t *)&k[2];
	e[2].val = &v[2];
	f = mem();
	dt_agg_print_ext(f, &d, strkf, 1, off0, e, 3, NULL, DT_AGGP_NOBLANK);
	EXPECT(f,
	    "  dtrace                                                            1\n"
	    "  cat                                                               4\n"
	    "  sed                                                               9\n");
}

/* avg(): Oracle Linux DTrace guide, avg example (write times) */
static void
print_avg(void)
{
	static const struct { const char *k; int64_t n, avg; } g[] = {
		{ "cat", 3, 59752284 }, { "udisks-part-id", 7, 9279 },
		{ "lsof", 2, 14903 }, { "gnome-terminal", 11, 9378 },
		{ "pstree", 1, 102566 }, { "ip", 5, 15075 },
		{ "gconfd-2", 4, 17880523 }, { "date", 2, 15371 },
		{ "udisks-daemon", 8, 250405 }, { "ps", 6, 91792 },
		{ "gnome-session", 13, 8260 }, { "sestatus", 9, 98374 },
	};
	enum { N = sizeof(g) / sizeof(g[0]) };
	struct dt_aggdesc d = desc(DT_AGG_AVG);
	struct skey k[N];
	int64_t v[N][2];
	struct dt_aggentry e[N];
	FILE *f;
	int i;

	for (i = 0; i < N; i++) {
		setkey(&k[i], g[i].k);
		/* totals that truncate to the guide's averages */
		v[i][0] = g[i].n;
		v[i][1] = g[i].avg * g[i].n + g[i].n - 1;
		e[i].key = (uint8_t *)&k[i];
		e[i].val = v[i];
	}
	f = mem();
	dt_agg_print(f, &d, strkf, 1, off0, e, N);
	EXPECT(f, "\n"
	    "  gnome-session                                                  8260\n"
	    "  udisks-part-id                                                 9279\n"
	    "  gnome-terminal                                                 9378\n"
	    "  lsof                                                          14903\n"
	    "  ip                                                            15075\n"
	    "  date                                                          15371\n"
	    "  ps                                                            91792\n"
	    "  sestatus                                                      98374\n"
	    "  pstree                                                       102566\n"
	    "  udisks-daemon                                                250405\n"
	    "  gconfd-2                                                   17880523\n"
	    "  cat                                                        59752284\n");
}

/* stddev(): Oracle Linux DTrace guide examples (stddev.d and the
 * execname one, whose zero ties come out in key order) */
static void
print_stddev(void)
{
	static const struct { const char *k; int64_t x, y; } g[] = {
		{ "sed", 100000, 100000 + 2 * 7236 }, { "tr", 42, 42 },
		{ "getopt", 100000, 100000 + 2 * 5646 }, { "uname", 7, 7 },
		{ "mkdir", 1, 1 }, { "basename", 5000, 5000 + 2 * 7061 },
		{ "pidof", 3, 3 }, { "head", 9, 9 }, { "lsb_release", 0, 0 },
		{ "pkla-check-auth", 12, 12 },
	};
	enum { N = sizeof(g) / sizeof(g[0]) };
	struct dt_aggdesc d = desc(DT_AGG_STDDEV), da = desc(DT_AGG_AVG);
	struct skey k[N];
	int64_t v[N][4], av[2] = { 1, 253839 };
	struct dt_aggentry e[N];
	FILE *f;
	int i;

	for (i = 0; i < N; i++) {
		setkey(&k[i], g[i].k);
		dt_agg_init(&d, v[i]);
		add(&d, v[i], g[i].x, 1);
		add(&d, v[i], g[i].y, 1);
		e[i].key = (uint8_t *)&k[i];
		e[i].val = v[i];
	}
	f = mem();
	fputs("\nSTDDEV:", f);
	dt_agg_print(f, &d, strkf, 1, off0, e, N);
	EXPECT(f, "\nSTDDEV:\n"
	    "  head                                                              0\n"
	    "  lsb_release                                                       0\n"
	    "  mkdir                                                             0\n"
	    "  pidof                                                             0\n"
	    "  pkla-check-auth                                                   0\n"
	    "  tr                                                                0\n"
	    "  uname                                                             0\n"
	    "  getopt                                                         5646\n"
	    "  basename                                                       7061\n"
	    "  sed                                                            7236\n");

	/* stddev.d: printf("AVERAGE:"); printa(@execavg);
	 * printf("\nSTDDEV:"); printa(@execsd); */
	setkey(&k[0], "execve");
	dt_agg_init(&d, v[0]);
	add(&d, v[0], 0, 1);
	add(&d, v[0], 520452, 1);
	e[0].key = (uint8_t *)&k[0];
	e[0].val = av;
	f = mem();
	fputs("AVERAGE:", f);
	dt_agg_print(f, &da, strkf, 1, off0, e, 1);
	e[0].val = v[0];
	fputs("\nSTDDEV:", f);
	dt_agg_print(f, &d, strkf, 1, off0, e, 1);
	EXPECT(f, "AVERAGE:\n"
	    "  execve                                                       253839\n"
	    "\n"
	    "STDDEV:\n"
	    "  execve                                                       260226\n");
}

/* the guides' quantize and lquantize example output (wrquantize.d,
 * wrlquantize.d), row for row */
static const char guide_quantize[] =
	"\n"
	"  bash                                              \n"
	"           value  ------------- Distribution ------------- count    \n"
	"            8192 |                                         0        \n"
	"           16384 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@         4        \n"
	"           32768 |                                         0        \n"
	"           65536 |                                         0        \n"
	"          131072 |@@@@@@@@                                 1        \n"
	"          262144 |                                         0        \n"
	"\n"
	"  gnome-terminal                                    \n"
	"           value  ------------- Distribution ------------- count    \n"
	"            4096 |                                         0        \n"
	"            8192 |@@@@@@@@@@@@@                            5        \n"
	"           16384 |@@@@@@@@@@@@@                            5        \n"
	"           32768 |@@@@@@@@@@@                              4        \n"
	"           65536 |@@@                                      1        \n"
	"          131072 |                                         0        \n"
	"\n"
	"  Xorg                                              \n"
	"           value  ------------- Distribution ------------- count    \n"
	"            2048 |                                         0        \n"
	"            4096 |@@@@@@@                                  4        \n"
	"            8192 |@@@@@@@@@@@@@                            8        \n"
	"           16384 |@@@@@@@@@@@@                             7        \n"
	"           32768 |@@@                                      2        \n"
	"           65536 |@@                                       1        \n"
	"          131072 |                                         0        \n"
	"          262144 |                                         0        \n"
	"          524288 |                                         0        \n"
	"         1048576 |                                         0        \n"
	"         2097152 |@@@                                      2        \n"
	"         4194304 |                                         0        \n"
	"\n"
	"  firefox                                           \n"
	"           value  ------------- Distribution ------------- count    \n"
	"            2048 |                                         0        \n"
	"            4096 |@@@                                      22       \n"
	"            8192 |@@@@@@@@@@@                              90       \n"
	"           16384 |@@@@@@@@@@@@@                            107      \n"
	"           32768 |@@@@@@@@@                                72       \n"
	"           65536 |@@@                                      28       \n"
	"          131072 |                                         3        \n"
	"          262144 |                                         0        \n"
	"          524288 |                                         1        \n"
	"         1048576 |                                         1        \n"
	"         2097152 |                                         0        \n"
	"\n"
;
static const char guide_lquantize[] =
	"\n"
	"  gnome-session                                     \n"
	"           value  ------------- Distribution ------------- count    \n"
	"              25 |                                         0        \n"
	"              26 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 9        \n"
	"              27 |                                         0        \n"
	"\n"
	"  gnome-terminal                                    \n"
	"           value  ------------- Distribution ------------- count    \n"
	"              15 |                                         0        \n"
	"              16 |@@                                       1        \n"
	"              17 |                                         0        \n"
	"              18 |                                         0        \n"
	"              19 |                                         0        \n"
	"              20 |                                         0        \n"
	"              21 |@@@@@@@@                                 4        \n"
	"              22 |@@                                       1        \n"
	"              23 |@@                                       1        \n"
	"              24 |                                         0        \n"
	"              25 |                                         0        \n"
	"              26 |                                         0        \n"
	"              27 |                                         0        \n"
	"              28 |                                         0        \n"
	"              29 |@@@@@@@@@@@@@                            6        \n"
	"              30 |@@@@@@@@@@@@@                            6        \n"
	"              31 |                                         0        \n"
	"\n"
;

/* quantize(): the write-times example of the guides (wrquantize.d) */
static void
print_quantize(void)
{
	static const struct { const char *k; int64_t b[12][2]; } g[] = {
		{ "firefox", { { 4096, 22 }, { 8192, 90 }, { 16384, 107 },
		    { 32768, 72 }, { 65536, 28 }, { 131072, 3 },
		    { 524288, 1 }, { 1048576, 1 } } },
		{ "bash", { { 16384, 4 }, { 131072, 1 } } },
		{ "Xorg", { { 4096, 4 }, { 8192, 8 }, { 16384, 7 },
		    { 32768, 2 }, { 65536, 1 }, { 2097152, 2 } } },
		{ "gnome-terminal", { { 8192, 5 }, { 16384, 5 },
		    { 32768, 4 }, { 65536, 1 } } },
	};
	enum { N = 4 };
	struct dt_aggdesc d = desc(DT_AGG_QUANTIZE);
	struct skey k[N];
	int64_t v[N][DT_QUANTIZE_NBUCKETS];
	struct dt_aggentry e[N];
	FILE *f;
	int i, j;

	memset(v, 0, sizeof(v));
	for (i = 0; i < N; i++) {
		setkey(&k[i], g[i].k);
		for (j = 0; j < 12 && g[i].b[j][1]; j++) {
			int64_t t, c;

			/* times inside the bucket, one at a time */
			for (c = 0; c < g[i].b[j][1]; c++) {
				t = g[i].b[j][0] + (c * 37) % g[i].b[j][0];
				add(&d, v[i], t, 1);
			}
		}
		e[i].key = (uint8_t *)&k[i];
		e[i].val = v[i];
	}
	f = mem();
	dt_agg_print(f, &d, strkf, 1, off0, e, N);
	EXPECT(f, guide_quantize);
}

/* lquantize(): the write-by-fd example (wrlquantize.d, 0..100 step 1) */
static void
print_lquantize_guide(void)
{
	struct dt_aggdesc d = ldesc(0, 100, 1);
	struct skey k[2];
	int64_t v[2][102];
	struct dt_aggentry e[2];
	static const int fds[] = { 16, 21, 21, 21, 21, 22, 23, 29, 29, 29,
	    29, 29, 29, 30, 30, 30, 30, 30, 30 };
	FILE *f;
	unsigned i;

	memset(v, 0, sizeof(v));
	setkey(&k[0], "gnome-terminal");
	setkey(&k[1], "gnome-session");
	for (i = 0; i < sizeof(fds) / sizeof(fds[0]); i++)
		add(&d, v[0], fds[i], 1);
	for (i = 0; i < 9; i++)
		add(&d, v[1], 26, 1);
	for (i = 0; i < 2; i++) {
		e[i].key = (uint8_t *)&k[i];
		e[i].val = v[i];
	}
	f = mem();
	dt_agg_print(f, &d, strkf, 1, off0, e, 2);
	EXPECT(f, guide_lquantize);
}

/* lquantize rows below base and at/above the top level */
static void
print_lquantize_edges(void)
{
	struct dt_aggdesc d = ldesc(0, 10, 1);
	int64_t v[12];
	struct dt_aggentry e = { NULL, v, NULL, 0 };
	FILE *f;

	memset(v, 0, sizeof(v));
	add(&d, v, -3, 1);
	add(&d, v, 4, 1);
	add(&d, v, 4, 1);
	add(&d, v, 12, 1);
	f = mem();
	dt_agg_print(f, &d, NULL, 0, NULL, &e, 1);
	EXPECT(f, "\n"
	    "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             < 0 |@@@@@@@@@@                               1        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n"
	    "               2 |                                         0        \n"
	    "               3 |                                         0        \n"
	    "               4 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
	    "               5 |                                         0        \n"
	    "               6 |                                         0        \n"
	    "               7 |                                         0        \n"
	    "               8 |                                         0        \n"
	    "               9 |                                         0        \n"
	    "           >= 10 |@@@@@@@@@@                               1        \n"
	    "\n");

	/* step not dividing the range: the top row is base + levels*step */
	d = ldesc(0, 10, 3);
	memset(v, 0, sizeof(v));
	add(&d, v, 10, 1);
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               6 |                                         0        \n"
	    "            >= 9 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n");

	/* no data at all: the first three rows */
	memset(v, 0, sizeof(v));
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "             < 0 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               3 |                                         0        \n");
}

/* quantize of negative values; negative counts (negative increments),
 * alone (bars to the left of '|') and with positive ones (half bars on
 * both sides of a centre line) */
static void
print_quantize_signs(void)
{
	struct dt_aggdesc d = desc(DT_AGG_QUANTIZE);
	int64_t v[DT_QUANTIZE_NBUCKETS];
	FILE *f;

	/* negative values with positive counts: ordinary bars */
	memset(v, 0, sizeof(v));
	add(&d, v, -1, 1);
	add(&d, v, -1, 1);
	add(&d, v, 1, 1);
	add(&d, v, 1, 1);
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -2 |                                         0        \n"
	    "              -1 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
	    "               0 |                                         0        \n"
	    "               1 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
	    "               2 |                                         0        \n");

	memset(v, 0, sizeof(v));
	add(&d, v, -100, 3);
	add(&d, v, -5, 1);
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "            -128 |                                         0        \n"
	    "             -64 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
	    "             -32 |                                         0        \n"
	    "             -16 |                                         0        \n"
	    "              -8 |                                         0        \n"
	    "              -4 |@@@@@@@@@@                               1        \n"
	    "              -2 |                                         0        \n");

	/* only negative counts: bars grow to the left of '|' */
	memset(v, 0, sizeof(v));
	add(&d, v, 8, -2);
	add(&d, v, 32, -6);
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               4                                         | 0        \n"
	    "               8                               @@@@@@@@@@| -2       \n"
	    "              16                                         | 0        \n"
	    "              32           @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -6       \n"
	    "              64                                         | 0        \n");

	/* counts of both signs: half-width bars around a centre line */
	memset(v, 0, sizeof(v));
	add(&d, v, 1, 2);
	add(&d, v, 4, -2);
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               0                     |                     0        \n"
	    "               1                     |@@@@@@@@@@           2        \n"
	    "               2                     |                     0        \n"
	    "               4           @@@@@@@@@@|                     -2       \n"
	    "               8                     |                     0        \n");

	/* nothing: the rows around zero */
	memset(v, 0, sizeof(v));
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "              -1 |                                         0        \n"
	    "               0 |                                         0        \n"
	    "               1 |                                         0        \n");

	/* the largest bucket: no row after it */
	memset(v, 0, sizeof(v));
	add(&d, v, INT64_MAX, 1);
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "2305843009213693952 |                                         0        \n"
	    "4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n");
}

static void
print_llquantize(void)
{
	struct dt_aggdesc d = lldesc(10, 0, 1, 10);
	int64_t v[64];
	FILE *f;

	CHECK(d.nwords == 20, "llq nwords %u", d.nwords);
	memset(v, 0, sizeof(v));
	add(&d, v, 5, 1);
	add(&d, v, 50, 1);
	add(&d, v, 55, 1);
	add(&d, v, 59, 1);
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               4 |                                         0        \n"
	    "               5 |@@@@@@@@@@                               1        \n"
	    "               6 |                                         0        \n"
	    "               7 |                                         0        \n"
	    "               8 |                                         0        \n"
	    "               9 |                                         0        \n"
	    "              10 |                                         0        \n"
	    "              20 |                                         0        \n"
	    "              30 |                                         0        \n"
	    "              40 |                                         0        \n"
	    "              50 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
	    "              60 |                                         0        \n");

	/* underflow and overflow rows */
	memset(v, 0, sizeof(v));
	add(&d, v, -7, 1);
	add(&d, v, 1, 1);
	add(&d, v, 100, 2);
	d = lldesc(10, 1, 2, 10);	/* < 10, 10..90, 100..900, >= 1000 */
	CHECK(d.nwords == 20, "llq 1..2 nwords %u", d.nwords);
	memset(v, 0, sizeof(v));
	add(&d, v, 3, 1);
	add(&d, v, 12, 1);
	add(&d, v, 5000, 2);
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "            < 10 |@@@@@@@@@@                               1        \n"
	    "              10 |@@@@@@@@@@                               1        \n"
	    "              20 |                                         0        \n"
	    "              30 |                                         0        \n"
	    "              40 |                                         0        \n"
	    "              50 |                                         0        \n"
	    "              60 |                                         0        \n"
	    "              70 |                                         0        \n"
	    "              80 |                                         0        \n"
	    "              90 |                                         0        \n"
	    "             100 |                                         0        \n"
	    "             200 |                                         0        \n"
	    "             300 |                                         0        \n"
	    "             400 |                                         0        \n"
	    "             500 |                                         0        \n"
	    "             600 |                                         0        \n"
	    "             700 |                                         0        \n"
	    "             800 |                                         0        \n"
	    "             900 |                                         0        \n"
	    "         >= 1000 |@@@@@@@@@@@@@@@@@@@@                     2        \n");

	/* empty: "< low" and the first row */
	memset(v, 0, sizeof(v));
	f = mem();
	dt_agg_print_value(f, &d, v);
	EXPECT(f, "\n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "            < 10 |                                         0        \n"
	    "              10 |                                         0        \n");
}

/* keys of every size, several keys, no keys, odd strings */
static void
print_keys(void)
{
	struct k {
		int64_t a;
		int32_t b;
		int16_t c;
		int8_t d;
		char s[11];
	} __attribute__((packed)) k = { -1, -1, -1, -1, "abc" };
	static const struct dt_aggkeyfield kf[] = {
		{ .is_string = 0, .size = 8, .is_signed = 1 },
		{ .is_string = 0, .size = 4, .is_signed = 1 },
		{ .is_string = 0, .size = 2, .is_signed = 1 },
		{ .is_string = 0, .size = 1, .is_signed = 1 },
		{ .is_string = 1, .size = 11, .is_signed = 0 },
	};
	static const uint32_t ko[] = { 0, 8, 12, 14, 15 };
	struct dt_aggdesc d = desc(DT_AGG_SUM);
	int64_t v = -42;
	struct dt_aggentry e = { (uint8_t *)&k, &v, NULL, 0 };
	uint8_t raw[KS];
	FILE *f;

	f = mem();
	dt_agg_print(f, &d, kf, 5, ko, &e, 1);
	EXPECT(f, "\n"
	    "               -1       -1 65535 255  abc                                                             -42\n");

	/* a key-less aggregation: just the value */
	d = desc(DT_AGG_COUNT);
	v = 1;
	f = mem();
	dt_agg_print(f, &d, NULL, 0, NULL, &e, 1);
	EXPECT(f, "\n                1\n");
	/* and nothing to print: only printa()'s blank line */
	f = mem();
	dt_agg_print(f, &d, NULL, 0, NULL, &e, 0);
	EXPECT(f, "\n");

	/* a string filling its whole strsize (the field's last byte is
	   its NUL) still prints */
	memset(raw, 'x', sizeof(raw) - 1);
	raw[KS - 1] = '\0';
	e.key = raw;
	f = mem();
	dt_agg_print_keys(f, strkf, 1, off0, raw);
	EXPECT(f, "  xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx                   ");
	/* dtrace prints the empty string as bytes: its strsize bytes */
	memset(raw, 0, sizeof(raw));
	f = mem();
	dt_agg_print_keys(f, strkf, 1, off0, raw);
	EXPECT(f, "\n"
	    "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
	    "         0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ................\n"
	    "        10: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00     ...............\n");
	/* and bytes after the NUL make it binary too */
	memcpy(raw, "ab\0z", 4);
	f = mem();
	dt_agg_print_keys(f, strkf, 1, off0, raw);
	EXPECT(f, "\n"
	    "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
	    "         0: 61 62 00 7a 00 00 00 00 00 00 00 00 00 00 00 00  ab.z............\n"
	    "        10: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00     ...............\n");
	/* a long string is not cut at 50 columns */
	{
		char big[80];
		static const struct dt_aggkeyfield bkf[] = { { .is_string = 1, .size = 80, .is_signed = 0 } };

		memset(big, 0, sizeof(big));
		memset(big, 'y', 60);
		f = mem();
		dt_agg_print_keys(f, bkf, 1, off0, (uint8_t *)big);
		EXPECT(f, "  yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy");
	}

	/* normalize(): values divided when printed */
	d = desc(DT_AGG_SUM);
	d.normal = 1000;
	v = 123456;
	e.key = NULL;
	f = mem();
	dt_agg_print_value(f, &d, &v);
	EXPECT(f, "              123");
}

/* a quantize entry with keys: the key line, then the table */
static void
print_quantize_keys(void)
{
	struct dt_aggdesc d = desc(DT_AGG_QUANTIZE);
	struct { uint64_t pid; char s[16]; } k = { 1234, "sh" };
	static const struct dt_aggkeyfield kf[] = { { .is_string = 0, .size = 8, .is_signed = 0 }, { .is_string = 1, .size = 16, .is_signed = 0 } };
	static const uint32_t ko[] = { 0, 8 };
	int64_t v[DT_QUANTIZE_NBUCKETS];
	struct dt_aggentry e = { (uint8_t *)&k, v, NULL, 0 };
	FILE *f;

	memset(v, 0, sizeof(v));
	add(&d, v, 3, 1);
	f = mem();
	dt_agg_print(f, &d, kf, 2, ko, &e, 1);
	EXPECT(f, "\n"
	    "             1234  sh                                                \n"
	    "           value  ------------- Distribution ------------- count    \n"
	    "               1 |                                         0        \n"
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	    "               4 |                                         0        \n"
	    "\n");
}

/* ---- sorting ---- */

static void
sorting(void)
{
	struct dt_aggdesc d = desc(DT_AGG_COUNT);
	struct kk { uint32_t a; uint32_t b; } k[4] = {
		{ 2, 1 }, { 1, 2 }, { 0xffffffff, 0 }, { 1, 1 } };
	static const struct dt_aggkeyfield kf[] = { { .is_string = 0, .size = 4, .is_signed = 1 }, { .is_string = 0, .size = 4, .is_signed = 1 } };
	static const uint32_t ko[] = { 0, 4 };
	int64_t v[4] = { 5, 5, 5, 3 };
	struct dt_aggentry e[4];
	struct dt_aggsortopt o;
	FILE *f;
	int i;

#define FILL() for (i = 0; i < 4; i++) { e[i].key = (uint8_t *)&k[i]; e[i].val = &v[i]; }
	/* default: by value, ties by key (integers unsigned: -1 last) */
	FILL();
	f = mem();
	dt_agg_print(f, &d, kf, 2, ko, e, 4);
	EXPECT(f, "\n"
	    "        1        1                3\n"
	    "        1        2                5\n"
	    "        2        1                5\n"
	    "       -1        0                5\n");

	/* aggsortrev */
	memset(&o, 0, sizeof(o));
	o.rev = 1;
	FILL();
	f = mem();
	dt_agg_print_ext(f, &d, kf, 2, ko, e, 4, &o, DT_AGGP_NOBLANK);
	EXPECT(f,
	    "       -1        0                5\n"
	    "        2        1                5\n"
	    "        1        2                5\n"
	    "        1        1                3\n");

	/* aggsortkey */
	memset(&o, 0, sizeof(o));
	o.keysort = 1;
	FILL();
	f = mem();
	dt_agg_print_ext(f, &d, kf, 2, ko, e, 4, &o, DT_AGGP_NOBLANK);
	EXPECT(f,
	    "        1        1                3\n"
	    "        1        2                5\n"
	    "        2        1                5\n"
	    "       -1        0                5\n");

	/* aggsortkey + aggsortkeypos=1: second key first */
	o.keypos = 1;
	FILL();
	f = mem();
	dt_agg_print_ext(f, &d, kf, 2, ko, e, 4, &o, DT_AGGP_NOBLANK);
	EXPECT(f,
	    "       -1        0                5\n"
	    "        1        1                3\n"
	    "        2        1                5\n"
	    "        1        2                5\n");

	/* aggsortkeypos past the keys is ignored; with aggsortrev */
	o.keypos = 7;
	o.rev = 1;
	FILL();
	f = mem();
	dt_agg_print_ext(f, &d, kf, 2, ko, e, 4, &o, DT_AGGP_NOBLANK);
	EXPECT(f,
	    "       -1        0                5\n"
	    "        2        1                5\n"
	    "        1        2                5\n"
	    "        1        1                3\n");

	/* keypos also orders value ties */
	memset(&o, 0, sizeof(o));
	o.keypos = 1;
	FILL();
	dt_agg_sort(e, 4, &d, kf, 2, ko, &o);
	CHECK(e[0].key == (uint8_t *)&k[3] && e[1].key == (uint8_t *)&k[2] &&
	    e[2].key == (uint8_t *)&k[0] && e[3].key == (uint8_t *)&k[1],
	    "keypos on ties");

	/* NOSORT keeps the caller's order */
	FILL();
	f = mem();
	dt_agg_print_ext(f, &d, kf, 2, ko, e, 2, NULL,
	    DT_AGGP_NOSORT | DT_AGGP_NOBLANK);
	EXPECT(f,
	    "        2        1                5\n"
	    "        1        2                5\n");
#undef FILL

	/* negative sums sort below positive ones */
	{
		int64_t s[3] = { 4, -9, 0 };
		uint64_t kk[3] = { 1, 2, 3 };
		static const struct dt_aggkeyfield k8[] = { { .is_string = 0, .size = 8, .is_signed = 0 } };

		d = desc(DT_AGG_SUM);
		for (i = 0; i < 3; i++) {
			e[i].key = (uint8_t *)&kk[i];
			e[i].val = &s[i];
		}
		dt_agg_sort(e, 3, &d, k8, 1, off0, NULL);
		CHECK(*e[0].val == -9 && *e[1].val == 0 && *e[2].val == 4,
		    "sum order");
	}

	/* string keys compare as bytes */
	{
		struct skey sk[3];
		int64_t c[3] = { 1, 1, 1 };

		d = desc(DT_AGG_COUNT);
		setkey(&sk[0], "b");
		setkey(&sk[1], "B");
		setkey(&sk[2], "ab");
		for (i = 0; i < 3; i++) {
			e[i].key = (uint8_t *)&sk[i];
			e[i].val = &c[i];
		}
		dt_agg_sort(e, 3, &d, strkf, 1, off0, NULL);
		CHECK(e[0].key == (uint8_t *)&sk[1] && e[1].key == (uint8_t *)&sk[2] &&
		    e[2].key == (uint8_t *)&sk[0], "string key order");
	}
}

/* the quantize family sorts by weighted sum, then by the zero bucket */
static void
sortvals(void)
{
	struct dt_aggdesc d = desc(DT_AGG_QUANTIZE);
	int64_t a[DT_QUANTIZE_NBUCKETS], b[DT_QUANTIZE_NBUCKETS];
	struct dt_aggdesc l = ldesc(-5, 5, 1);
	int64_t la[12], lb[12];
	struct dt_aggdesc ll = lldesc(10, 1, 2, 10);
	int64_t lla[20], llb[20];

	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	add(&d, a, 0, 5);
	add(&d, b, 0, 1);
	CHECK(dt_agg_sortval(&d, a) == 0 && dt_agg_valcmp(&d, a, b) > 0,
	    "quantize zero tie");
	add(&d, b, 1024, 1);
	CHECK(dt_agg_sortval(&d, b) == 1024 && dt_agg_valcmp(&d, a, b) < 0,
	    "quantize weight");
	add(&d, a, -3, 1);		/* weight -2 */
	CHECK(dt_agg_sortval(&d, a) == -2, "quantize negative weight");

	memset(la, 0, sizeof(la));
	memset(lb, 0, sizeof(lb));
	add(&l, la, 0, 3);		/* zero bucket: weight 0 */
	add(&l, lb, 0, 1);
	CHECK(dt_agg_valcmp(&l, la, lb) > 0, "lquantize zero tie");
	add(&l, lb, 100, 1);		/* overflow: weight 5 + 1 */
	CHECK(dt_agg_sortval(&l, lb) == 6 && dt_agg_valcmp(&l, la, lb) < 0,
	    "lquantize overflow weight %lld", (long long)dt_agg_sortval(&l, lb));
	add(&l, la, -100, 1);		/* underflow: weight -5 - 1 */
	CHECK(dt_agg_sortval(&l, la) == -6, "lquantize underflow weight");

	memset(lla, 0, sizeof(lla));
	memset(llb, 0, sizeof(llb));
	add(&ll, lla, 250, 1);		/* weight 200 */
	add(&ll, llb, 5000, 1);		/* overflow: weight 1000 */
	CHECK(dt_agg_sortval(&ll, lla) == 200 && dt_agg_sortval(&ll, llb) == 1000,
	    "llquantize weights %lld %lld", (long long)dt_agg_sortval(&ll, lla),
	    (long long)dt_agg_sortval(&ll, llb));
	add(&ll, lla, 1, 1);		/* underflow: weight 9 */
	CHECK(dt_agg_sortval(&ll, lla) == 209, "llquantize underflow weight");

	d = desc(DT_AGG_AVG);
	{
		int64_t x[2] = { 3, 10 }, y[2] = { 2, 7 };

		CHECK(dt_agg_sortval(&d, x) == 3 && dt_agg_valcmp(&d, x, y) == 0,
		    "avg sorts as printed");
	}
}

/* ---- the merge table, and the 100,000-key budget ---- */

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
mergetab(void)
{
	/* as the consumer does: every CPU's value of each key merged into
	 * the total, then sorted */
	struct dt_aggdesc d = desc(DT_AGG_SUM);
	enum { NKEYS = 100000, NCPU = 4 };
	struct skey *keys = calloc(NKEYS, sizeof(*keys));
	int64_t *vals = calloc(NKEYS, sizeof(*vals));
	struct dt_aggentry *e = calloc(NKEYS, sizeof(*e));
	int i, cpu, bad;
	double t0, t1;

	CHECK(keys && vals && e, "memory");
	if (!keys || !vals || !e) {
		free(keys); free(vals); free(e);
		return;
	}
	t0 = now();
	for (i = 0; i < NKEYS; i++) {
		snprintf(keys[i].s, sizeof(keys[i].s), "key-%d", i);
		dt_agg_init(&d, &vals[i]);
		for (cpu = 0; cpu < NCPU; cpu++) {
			int64_t v = cpu + i % 1000;
			dt_agg_merge(&d, &vals[i], &v);
		}
		e[i].key = (const uint8_t *)&keys[i];
		e[i].val = &vals[i];
	}
	dt_agg_sort(e, NKEYS, &d, strkf, 1, off0, NULL);
	t1 = now();
	CHECK(t1 - t0 < 1.0, "merge+sort of %d keys took %.3f s", NKEYS, t1 - t0);
	for (bad = 0, i = 0; i < NKEYS; i++) {
		int idx = atoi(((const char *)e[i].key) + 4);

		bad += *e[i].val != NCPU * (idx % 1000) + 6;
		if (i > 0)
			bad += *e[i - 1].val > *e[i].val;
	}
	CHECK(bad == 0, "merged values and order: %d bad", bad);
	free(keys); free(vals); free(e);

	/* min and max merge by their own rule */
	{
		struct dt_aggdesc m = desc(DT_AGG_MAX);
		int64_t tot[2], x[2] = { 0, 1 };

		dt_agg_zero(&m, tot);
		x[0] = -3; dt_agg_merge(&m, tot, x);
		x[0] = -9; dt_agg_merge(&m, tot, x);
		x[0] = -1; dt_agg_merge(&m, tot, x);
		CHECK(tot[0] == -1, "max merged");
	}

	/* sorting 100,000 quantize entries stays fast too */
	{
		enum { NQ = 100000 };
		struct dt_aggdesc q = desc(DT_AGG_QUANTIZE);
		int64_t (*qv)[DT_QUANTIZE_NBUCKETS] = calloc(NQ, sizeof(*qv));
		uint64_t *qk = malloc(NQ * sizeof(uint64_t));
		struct dt_aggentry *qe = malloc(NQ * sizeof(*qe));
		static const struct dt_aggkeyfield k8[] = { { .is_string = 0, .size = 8, .is_signed = 0 } };

		if (qv && qk && qe) {
			for (i = 0; i < NQ; i++) {
				qk[i] = (uint64_t)i;
				add(&q, qv[i], (int64_t)(rnd() % 100000), 1);
				add(&q, qv[i], (int64_t)(rnd() % 1000), 2);
				qe[i].key = (uint8_t *)&qk[i];
				qe[i].val = qv[i];
			}
			t0 = now();
			dt_agg_sort(qe, NQ, &q, k8, 1, off0, NULL);
			t1 = now();
			CHECK(t1 - t0 < 1.0, "quantize sort took %.3f s", t1 - t0);
			for (bad = 0, i = 1; i < NQ; i++)
				bad += dt_agg_valcmp(&q, qe[i - 1].val, qe[i].val) > 0;
			CHECK(bad == 0, "quantize order: %d bad", bad);
		}
		free(qv);
		free(qk);
		free(qe);
	}
}

/*
 * printa() of several aggregations: the union of their keys, sorted by the
 * value of the aggregation at aggsortpos, then the following ones, then
 * the key; a missing entry is zero-filled data.
 */
static void
joined(void)
{
	struct dt_aggdesc c = desc(DT_AGG_COUNT), m = desc(DT_AGG_MIN);
	const struct dt_aggdesc *d[2] = { &c, &m };
	struct skey ka[3], kb[2];
	int64_t va[3] = { 2, 1, 1 }, vb[2][2] = { { 5, 1 }, { -1, 1 } };
	struct dt_aggentry ea[3], eb[2];
	struct dt_aggentry *ents[2] = { ea, eb };
	int n[2] = { 3, 2 }, nr = 0, i;
	struct dt_aggsortopt o;
	struct dt_aggrow *r;
	FILE *f;

	setkey(&ka[0], "x"); setkey(&ka[1], "y"); setkey(&ka[2], "w");
	setkey(&kb[0], "y"); setkey(&kb[1], "z");
	for (i = 0; i < 3; i++) {
		memset(&ea[i], 0, sizeof(ea[i]));
		ea[i].key = (uint8_t *)&ka[i];
		ea[i].val = &va[i];
	}
	for (i = 0; i < 2; i++) {
		memset(&eb[i], 0, sizeof(eb[i]));
		eb[i].key = (uint8_t *)&kb[i];
		eb[i].val = vb[i];
	}
	r = dt_agg_join(ents, n, 2, KS, &nr);
	CHECK(r != NULL && nr == 4, "join: %d rows", nr);
	if (r == NULL)
		return;

	/* by @a (count): z (missing: 0), then w, y (1, ties by key), x (2) */
	memset(&o, 0, sizeof(o));
	dt_agg_sort_rows(r, nr, d, 2, strkf, 1, off0, &o);
	f = mem();
	dt_agg_print_rows(f, r, nr, d, 2, strkf, 1, off0, 0);
	EXPECT(f, "\n"
	    "  z                                                                 0               -1\n"
	    "  w                                                                 1                0\n"
	    "  y                                                                 1                5\n"
	    "  x                                                                 2                0\n");

	/* aggsortpos=1: by @b (min; missing compare and print as 0), ties
	 * by @a, then the key */
	o.sortpos = 1;
	dt_agg_sort_rows(r, nr, d, 2, strkf, 1, off0, &o);
	CHECK(!strcmp((const char *)r[0].key, "z") && !strcmp((const char *)r[1].key, "w") &&
	    !strcmp((const char *)r[2].key, "x") && !strcmp((const char *)r[3].key, "y"),
	    "sortpos 1: %s %s %s %s", (const char *)r[0].key, (const char *)r[1].key,
	    (const char *)r[2].key, (const char *)r[3].key);

	/* out of range: 0; aggsortrev reverses everything */
	o.sortpos = 2;
	o.rev = 1;
	dt_agg_sort_rows(r, nr, d, 2, strkf, 1, off0, &o);
	CHECK(!strcmp((const char *)r[0].key, "x") && !strcmp((const char *)r[1].key, "y") &&
	    !strcmp((const char *)r[2].key, "w") && !strcmp((const char *)r[3].key, "z"),
	    "rev: %s %s %s %s", (const char *)r[0].key, (const char *)r[1].key,
	    (const char *)r[2].key, (const char *)r[3].key);

	/* aggsortkey: keys only */
	memset(&o, 0, sizeof(o));
	o.keysort = 1;
	dt_agg_sort_rows(r, nr, d, 2, strkf, 1, off0, &o);
	CHECK(!strcmp((const char *)r[0].key, "w") && !strcmp((const char *)r[3].key, "z"),
	    "keysort");
	free(r);

	/* aggpercpu: each value's per-CPU rows; a missing entry shows the
	 * initial values (count 0, min INT64_MAX) */
	{
		int64_t pz[2] = { 1, 1 };
		struct dt_aggentry e1 = { (uint8_t *)&ka[0], &va[1], pz, 2 };
		struct dt_aggentry *e[2] = { &e1, NULL };
		int n1[2] = { 1, 0 };
		struct dt_aggrow *r1 = dt_agg_join(e, n1, 2, KS, &nr);

		CHECK(r1 != NULL && nr == 1, "join one");
		if (r1 != NULL) {
			char exp[512];

			snprintf(exp, sizeof(exp), "\n  %-50s %16d\n    [CPU 0] %16d\n"
			    "    [CPU 1] %16d %16d\n    [CPU 0] %lld\n    [CPU 1] %lld\n",
			    "x", 1, 1, 1, 0, (long long)INT64_MAX, (long long)INT64_MAX);
			f = mem();
			dt_agg_print_rows(f, r1, nr, d, 2, strkf, 1, off0, 2);
			EXPECT(f, exp);
			free(r1);
		}
	}

	/* no entries at all: no rows */
	n[0] = n[1] = 0;
	r = dt_agg_join(ents, n, 2, KS, &nr);
	CHECK(r != NULL && nr == 0, "empty join");
	free(r);
}

/* aggpercpu: "\n    [CPU n]" and the value per CPU; min/max without a
 * value on a CPU show the initial value */
static void
percpu(void)
{
	struct dt_aggdesc mn = desc(DT_AGG_MIN), cnt = desc(DT_AGG_COUNT);
	int64_t pm[4] = { 0, 0, 3, 1 }, pc[2] = { 0, 4 };
	int64_t tot[2] = { 3, 1 }, tc = 4;
	struct skey k;
	struct dt_aggentry e;
	FILE *f;

	setkey(&k, "k");
	memset(&e, 0, sizeof(e));
	e.key = (uint8_t *)&k;
	e.val = tot;
	e.percpu = pm;
	e.ncpus = 2;
	f = mem();
	dt_agg_print_ext(f, &mn, strkf, 1, off0, &e, 1, NULL, DT_AGGP_NOBLANK | DT_AGGP_PERCPU);
	EXPECT(f, "  k                                                                 3\n"
	    "    [CPU 0] 9223372036854775807\n"
	    "    [CPU 1]                3\n");
	/* without DT_AGGP_PERCPU the per-CPU values are not read */
	f = mem();
	dt_agg_print_ext(f, &mn, strkf, 1, off0, &e, 1, NULL, DT_AGGP_NOBLANK);
	EXPECT(f, "  k                                                                 3\n");
	e.key = NULL;
	e.val = &tc;
	e.percpu = pc;
	f = mem();
	dt_agg_print_ext(f, &cnt, NULL, 0, NULL, &e, 1, NULL, DT_AGGP_PERCPU);
	EXPECT(f, "\n                4\n    [CPU 0]                0\n    [CPU 1]                4\n");
}

/* what %@ formats: scalars normalized, avg/stddev as printed */
static void
fmtvals(void)
{
	struct dt_aggdesc a = desc(DT_AGG_AVG), s = desc(DT_AGG_SUM);
	struct dt_aggdesc sd = desc(DT_AGG_STDDEV), q = desc(DT_AGG_QUANTIZE);
	int64_t av[2] = { 2, -7 }, sv = -9, sdv[4] = { 2, 4, 10, 0 };

	CHECK(dt_agg_fmtval(&a, av) == -3, "avg truncates toward zero");
	s.normal = 2;
	CHECK(dt_agg_fmtval(&s, &sv) == -4, "sum normalized: %lld",
	    (long long)dt_agg_fmtval(&s, &sv));
	CHECK(dt_agg_fmtval(&sd, sdv) == 1, "stddev of 1 and 3");
	a.normal = 2;
	av[1] = 15;
	CHECK(dt_agg_fmtval(&a, av) == 3, "avg normalized before dividing");
	CHECK(dt_agg_is_table(&q) && !dt_agg_is_table(&s), "tables");
}

/* each bucket's bounds (what JSON and OpenMetrics print) hold exactly the
 * values the bucket functions put in it: both ends land in the bucket,
 * the values just outside in its neighbours (lquantize buckets values
 * truncated to 32 bits, so its bounds are checked within int32) */
static int
bucket_of(const struct dt_aggdesc *d, int64_t v)
{
	switch (d->func) {
	case DT_AGG_QUANTIZE: return dt_quantize_bucket(v);
	case DT_AGG_LQUANTIZE: return dt_lquantize_bucket(d, v);
	default: return dt_llquantize_bucket(d, v);
	}
}

static void
check_lows(const char *what, const struct dt_aggdesc *d)
{
	int64_t lo[8192];
	uint32_t b, bad = 0;

	dt_agg_bucket_lows(d, lo);
	for (b = 0; b < d->nwords; b++) {
		int64_t l = lo[b], hi = b + 1 < d->nwords ? lo[b + 1] - 1 : INT64_MAX;
		if (d->func == DT_AGG_LQUANTIZE) {
			l = l < INT32_MIN ? INT32_MIN : l;
			hi = hi > INT32_MAX ? INT32_MAX : hi;
		}
		if (l > hi || bucket_of(d, l) != (int)b || bucket_of(d, hi) != (int)b ||
		    (b > 0 && bucket_of(d, lo[b] - 1) != (int)b - 1))
			bad++;
	}
	CHECK(bad == 0, "%s: %u of %u buckets with wrong bounds", what, bad, d->nwords);
}

static void
bucket_bounds(void)
{
	struct dt_aggdesc q = desc(DT_AGG_QUANTIZE);
	struct dt_aggdesc l1 = ldesc(0, 100, 10), l2 = ldesc(-50, 50, 7), l3 = ldesc(3, 4, 1);
	struct dt_aggdesc ll1 = lldesc(10, 0, 6, 20), ll2 = lldesc(2, 3, 20, 4);
	struct dt_aggdesc ll3 = lldesc(10, 2, 9, 100);
	int64_t lo[DT_QUANTIZE_NBUCKETS];

	check_lows("quantize", &q);
	check_lows("lquantize(0, 100, 10)", &l1);
	check_lows("lquantize(-50, 50, 7)", &l2);
	check_lows("lquantize(3, 4, 1)", &l3);
	check_lows("llquantize(10, 0, 6, 20)", &ll1);
	check_lows("llquantize(2, 3, 20, 4)", &ll2);
	check_lows("llquantize(10, 2, 9, 100)", &ll3);
	dt_agg_bucket_lows(&q, lo);
	CHECK(lo[0] == INT64_MIN && lo[DT_QUANTIZE_ZERO] == 0 && lo[DT_QUANTIZE_ZERO + 1] == 1 &&
	    lo[DT_QUANTIZE_ZERO + 3] == 4 && lo[DT_QUANTIZE_ZERO - 1] == -1 &&
	    lo[DT_QUANTIZE_ZERO - 3] == -7, "quantize bounds: ..., [-7,-4], ..., [4,7]");
}

int
main(void)
{
	bucket_bounds();
	buckets();
	values();
	print_count();
	print_avg();
	print_stddev();
	print_quantize();
	print_lquantize_guide();
	print_lquantize_edges();
	print_quantize_signs();
	print_llquantize();
	print_keys();
	print_quantize_keys();
	sorting();
	sortvals();
	mergetab();
	joined();
	percpu();
	fmtvals();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
