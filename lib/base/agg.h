/*
 * agg.h - aggregations as the consumer sees them: the functions, the
 * layout of their per-key values, merging and sorting (agg.c; printing
 * them as dtrace(1M) does is fmt/agg.c's).
 *
 * Value layout (int64_t words per key, after merging every CPU):
 *   count, sum             1 word
 *   min, max               2 words: the value, then 1 once this copy holds
 *                          one (a CPU's copy of a key another CPU created
 *                          is zero-filled by the kernel: 0 says "no data",
 *                          so a 0 there is not taken for a minimum)
 *   avg                    2 words: count, total
 *   stddev                 4 words: count, total, sum of squares as a
 *                          128-bit unsigned (low word, then high word)
 *   quantize               DT_QUANTIZE_NBUCKETS words (bucket counts)
 *   lquantize              levels + 2 words: < base, levels, >= limit
 *   llquantize             dt_llquantize_nbuckets() words
 * Each word is summed across CPUs when merging except min and max (the
 * smallest/largest of the copies that hold a value; none: 0, as dtrace's
 * zero-filled data) and the stddev sum of squares, added as one 128-bit
 * number: dt_agg_merge.
 *
 * Bucket indexes (what the BPF code computes and increments in-kernel;
 * the dt_*_bucket functions below are the reference, bit for bit the
 * same as illumos/Solaris dtrace.c dtrace_aggregate_{,l,ll}quantize):
 *
 *   quantize     0..126.  Bucket 63 holds 0.  Bucket 63+k (k = 1..63)
 *                holds [2^(k-1), 2^k) (126 also everything >= 2^62).
 *                Bucket 63-k holds (-2^k, -2^(k-1)] (0 also everything
 *                <= -2^62, INT64_MIN included).  The printed row label is
 *                dt_quantize_bucket_min(b): 0, 2^(k-1) or -2^(k-1).
 *   lquantize    levels = (limit - base) / step.  The value is first
 *                truncated to 32 bits (int32_t), as dtrace.c does.
 *                0 holds v < base; 1 + (v - base) / step for
 *                base <= v < base + levels * step; levels + 1 holds the
 *                rest (">= base + levels * step", not ">= limit" when
 *                step does not divide limit - base).
 *   llquantize   0 holds v < factor^low (negative values included);
 *                then, per magnitude m = low..high, the buckets of width
 *                factor^(m+1) / nsteps (1 if that is 0) from factor^m up
 *                to factor^(m+1); the last bucket holds v >=
 *                factor^(high+1).  nbuckets = last index + 1.
 *
 * Keys: the fields are packed at koff[i] in the entry's key bytes.  An
 * integer field of 1, 2, 4 or 8 bytes is read in host byte order.  A
 * string field must be NUL-padded to its full size (as dtrace's kernel
 * pads it; equal strings must be equal keys anyway): a string followed by
 * anything but NULs is printed as a hex dump, exactly as dtrace does, and
 * so is the empty string.
 */
#ifndef DT_AGG_H
#define DT_AGG_H

#include <stdint.h>
#include <stdio.h>

enum dt_aggfunc {
	DT_AGG_COUNT, DT_AGG_SUM, DT_AGG_AVG, DT_AGG_MIN, DT_AGG_MAX,
	DT_AGG_STDDEV, DT_AGG_QUANTIZE, DT_AGG_LQUANTIZE, DT_AGG_LLQUANTIZE
};

/* quantize: buckets for -2^62..-1 (63), 0, 1..2^62 (63), as DTrace */
#define DT_QUANTIZE_NBUCKETS 127
#define DT_QUANTIZE_ZERO 63

struct dt_aggdesc {
	enum dt_aggfunc func;
	/* lquantize(value, base, limit, step); llquantize(value, factor,
	 * low, high, nsteps) */
	int64_t base, limit, step;
	int64_t factor, low, high, nsteps;
	uint32_t nwords;		/* words of value per key */
	/* normalize() divisor applied when printing (0 or 1: none); sorting
	 * ignores it, as in dtrace */
	uint64_t normal;
};

/*
 * A key field: an integer of size 1/2/4/8 or a string (any size).
 * is_signed is informational: dtrace prints 8- and 4-byte integer keys as
 * signed and 2- and 1-byte keys as unsigned whatever their type, and
 * sorts all of them as unsigned numbers; we do the same.
 */
struct dt_aggkeyfield {
	int is_string;
	uint32_t size;			/* bytes in the key (strings: strsize+1) */
	int is_signed;
	int is_stack;			/* stack(): size / 8 kernel PCs, printed
					   as frames through hdl's symbols */
	int symkind;			/* DT_SYMK_*: sym(), func(), mod() */
	const void *hdl;		/* the dtrace handle, for is_stack and
					   symkind */
	/* a ustack() key: its frames (the key is the pid and the PCs),
	 * printed by render (set by the consumer: consume/usym.c) */
	uint32_t ustack;
	int (*render)(FILE *out, const uint8_t *key, uint32_t size, void *arg);
	void *arg;
};

struct dt_aggentry {
	const uint8_t *key;		/* packed fields, in order, at offsets */
	const int64_t *val;		/* desc->nwords words */
	/* aggpercpu: each CPU's own value (ncpus x nwords words, CPU 0
	 * first), printed under the merged one with DT_AGGP_PERCPU (only
	 * then read) */
	const int64_t *percpu;
	int ncpus;
};

/* Number of words of a quantize-family value; sets desc->nwords. */
uint32_t dt_agg_nwords(struct dt_aggdesc *desc);
/* llquantize's bucket count for (factor, low, high, nsteps). */
uint32_t dt_llquantize_nbuckets(int64_t factor, int64_t low, int64_t high, int64_t nsteps);
/* The bucket a value falls in (what the BPF code computes in-kernel too,
 * used by tests and by the consumer to label rows). */
int dt_quantize_bucket(int64_t v);
int dt_lquantize_bucket(const struct dt_aggdesc *d, int64_t v);
int dt_llquantize_bucket(const struct dt_aggdesc *d, int64_t v);
/* The lowest value of every bucket of a quantize-family aggregation
 * (desc->nwords of them): bucket b holds lo[b] up to lo[b+1] - 1, the
 * last one up to INT64_MAX, the first one down to INT64_MIN. */
void dt_agg_bucket_lows(const struct dt_aggdesc *d, int64_t *lo);
/* The lower bound printed for a bucket. */
int64_t dt_quantize_bucket_min(int b);

/* helpers fmt/agg.c shares: lquantize's levels, wrapping multiply and
 * signed division (INT64_MIN / -1 wraps), the normalize() divisor (1 for
 * none), an integer key field of 1, 2, 4 or 8 bytes, the largest value
 * of several aggregations in words */
int64_t dt_lquantize_levels(const struct dt_aggdesc *d);
int64_t dt_agg_wmul(int64_t a, int64_t b);
int64_t dt_agg_sdiv(int64_t a, int64_t b);
uint64_t dt_agg_normal(const struct dt_aggdesc *d);
int dt_agg_is_int_size(uint32_t size);
uint64_t dt_agg_keyint(const uint8_t *p, uint32_t size);
uint32_t dt_agg_max_nwords(const struct dt_aggdesc *const *d, int naggs);

/* A fresh value (min: INT64_MAX, max: INT64_MIN, others 0; min and max
 * not yet holding one). */
void dt_agg_init(const struct dt_aggdesc *d, int64_t *val);
/* Merge one CPU's value into dst (sum / min / max; 128-bit sum of
 * squares with carry).  Start from all zeros (dt_agg_zero) and merge
 * every CPU, CPU 0 included. */
void dt_agg_merge(const struct dt_aggdesc *d, int64_t *dst, const int64_t *src);
void dt_agg_zero(const struct dt_aggdesc *d, int64_t *val);

/* The avg and stddev dtrace prints (normalized by d->normal); 0 when the
 * count is 0.  stddev is sqrt(sumsq/n - (total/n)^2) in integers. */
int64_t dt_agg_avg(const struct dt_aggdesc *d, const int64_t *val);
uint64_t dt_agg_stddev(const struct dt_aggdesc *d, const int64_t *val);

/* The value an entry sorts by (count, sum, avg rounded as printed, ...).
 * For the quantize family this is dtrace's weighted bucket sum, clamped to
 * the int64 range; ties there are broken by the zero bucket, which
 * dt_agg_valcmp and dt_agg_sort do and this number cannot. */
int64_t dt_agg_sortval(const struct dt_aggdesc *d, const int64_t *val);
/* dtrace's value comparison: <0, 0, >0 (no aggsortrev). */
int dt_agg_valcmp(const struct dt_aggdesc *d, const int64_t *a, const int64_t *b);

/*
 * Sorting options (dtrace -x aggsortkey, aggsortrev, aggsortpos,
 * aggsortkeypos).  All zero: dtrace's default, by value ascending, ties
 * by key.
 *   keysort  sort by key only (keys compared field by field: integers as
 *            unsigned numbers of their size, other fields byte by byte)
 *   rev      reverse every comparison (so the whole order)
 *   keypos   compare key fields starting at this index, wrapping around
 *            (ignored when >= the number of key fields)
 *   sortpos  which aggregation of a multi-aggregation printa() sorts;
 *            meaningless for one aggregation, so dt_agg_sort ignores it
 */
struct dt_aggsortopt {
	int keysort;
	int rev;
	int keypos;
	int sortpos;
};

/* Sort entries as dtrace does before printing (opt NULL: defaults). */
void dt_agg_sort(struct dt_aggentry *e, int n, const struct dt_aggdesc *d,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff,
    const struct dt_aggsortopt *opt);

/*
 * printa() with several aggregations (dtrace's joined walk): one row per
 * key any of them has, vals[j] aggregation j's value for that key or NULL
 * (printed and compared as dtrace's zero-filled data).  Keys are ksize
 * bytes, compared byte for byte (they are built zero-padded).
 */
struct dt_aggrow {
	const uint8_t *key;
	const int64_t **vals;		/* naggs pointers */
	const int64_t **percpu;		/* naggs: the entries' percpu */
};
/* The rows of the union of the keys of ents[0..naggs-1] (n[j] entries
 * each), in no particular order; NULL (ENOMEM) or one malloc'd block to
 * free() (the rows and their vals arrays). */
struct dt_aggrow *dt_agg_join(struct dt_aggentry *const *ents, const int *n,
    int naggs, uint32_t ksize, int *nrows);
/* Sort rows as dtrace does: by the value of aggregation opt->sortpos
 * (0 if out of range), ties by the next aggregations' values in turn
 * (wrapping), then by key; aggsortkey: by key first; aggsortrev reverses
 * everything. */
void dt_agg_sort_rows(struct dt_aggrow *r, int n,
    const struct dt_aggdesc *const *d, int naggs,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff,
    const struct dt_aggsortopt *opt);
#endif
