/*
 * agg.h - aggregations as the consumer sees them: the functions, the
 * layout of their per-key values, and the printing of a merged
 * aggregation exactly as dtrace(1M) prints it.
 *
 * Value layout (int64_t words per key, after merging every CPU):
 *   count, sum, min, max   1 word
 *   avg                    2 words: count, total
 *   stddev                 4 words: count, total, sum of squares as a
 *                          128-bit unsigned (low word, then high word)
 *   quantize               DT_QUANTIZE_NBUCKETS words (bucket counts)
 *   lquantize              levels + 2 words: < base, levels, >= limit
 *   llquantize             dt_llquantize_nbuckets() words
 * Each word is summed across CPUs when merging except min and max.
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
};

/* A key field: an integer of size 1/2/4/8 (signed or not) or a string. */
struct dt_aggkeyfield {
	int is_string;
	uint32_t size;			/* bytes in the key (strings: strsize+1) */
	int is_signed;
};

struct dt_aggentry {
	const uint8_t *key;		/* packed fields, in order, at offsets */
	const int64_t *val;		/* desc->nwords words */
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
/* The lower bound printed for a bucket. */
int64_t dt_quantize_bucket_min(int b);

/* The value an entry sorts by (count, sum, avg rounded as printed, ...). */
int64_t dt_agg_sortval(const struct dt_aggdesc *d, const int64_t *val);

/*
 * Print one aggregation's entries as dtrace(1M) does at exit or for
 * printa(@a) without a format: entries sorted by value (then by key),
 * each key field formatted as trace() formats it, then the value
 * (count/sum/min/max/avg/stddev in one column; quantize family as a
 * distribution table).  An aggregation with no keys prints one line/table.
 * Returns 0, -1 on output error.
 */
int dt_agg_print(FILE *out, const struct dt_aggdesc *d,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff,
    struct dt_aggentry *e, int n);

#endif
