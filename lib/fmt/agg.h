/*
 * agg.h - aggregations printed exactly as dtrace(1M) prints them (agg.c).
 */
#ifndef DT_FMT_AGG_H
#define DT_FMT_AGG_H

#include <stdint.h>
#include <stdio.h>
#include "base/agg.h"

/* Print the key columns of one entry as dtrace does: " %16lld", " %8d",
 * " %5d", " %3d" by size, strings "  %-50s" (or a hex dump). */
int dt_agg_print_keys(FILE *out, const struct dt_aggkeyfield *kf, int nkf,
    const uint32_t *koff, const uint8_t *key);

/* Print just the value part in the default format, what printa("%@d")
 * shows: " %16lld" for count/sum/min/max/avg, " %16llu" for stddev, the
 * distribution table (starting with a newline) for the quantize family.
 * No trailing newline after a scalar.  Returns 0, -1 on output error. */
int dt_agg_print_value(FILE *out, const struct dt_aggdesc *d, const int64_t *val);

/*
 * aggpercpu: after an entry's merged value, each CPU's own value on its
 * own line, "\n    [CPU %d]" then the value as dt_agg_print_value prints
 * it (a CPU that never saw the key: the function's initial value, so
 * INT64_MAX for min), as Oracle Linux DTrace prints them.
 */
int dt_agg_print_percpu(FILE *out, const struct dt_aggdesc *d,
    const int64_t *percpu, int ncpus);

/*
 * The value a %@ conversion of printa() formats for a scalar function
 * (count, sum, min, max: the value / normal; avg and stddev as printed by
 * default); dt_agg_is_table says the quantize family, whose %@ prints the
 * distribution table as dt_agg_print_value does, whatever the conversion.
 */
int64_t dt_agg_fmtval(const struct dt_aggdesc *d, const int64_t *val);
int dt_agg_is_table(const struct dt_aggdesc *d);

/* printa(@a, @b, ...) without a format: a blank line, then per row the
 * keys and each aggregation's value (zero-filled where it has none), with
 * ncpus > 0 (aggpercpu) each followed by its per-CPU values (the initial
 * values where the aggregation has no entry). */
int dt_agg_print_rows(FILE *out, struct dt_aggrow *r, int n,
    const struct dt_aggdesc *const *d, int naggs,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff, int ncpus);

/*
 * Print one aggregation's entries as dtrace(1M) does at exit or for
 * printa(@a) without a format: entries sorted by value (then by key),
 * each key field formatted as trace() formats it, then the value
 * (count/sum/min/max/avg/stddev in one column; quantize family as a
 * distribution table).  An aggregation with no keys prints one line/table.
 * Returns 0, -1 on output error.
 *
 * Output: a blank line (as printa() prints), then per entry the keys,
 * the value and a newline (after a table that newline leaves a blank
 * line).  dt_agg_print sorts e in place with the default options.
 */
int dt_agg_print(FILE *out, const struct dt_aggdesc *d,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff,
    struct dt_aggentry *e, int n);

/*
 * dt_agg_print with options.  DT_AGGP_NOBLANK leaves out the leading
 * blank line: at exit dtrace(1M) prints one "\n" and then every
 * aggregation not yet printed by printa(), in aggregation id order, with
 * no line between them.  DT_AGGP_NOSORT prints e in the order given
 * (otherwise it is sorted in place with opt, NULL for the defaults).
 */
#define DT_AGGP_NOBLANK	0x1
#define DT_AGGP_NOSORT	0x2
#define DT_AGGP_PERCPU	0x4	/* aggpercpu: entries' percpu values too */
int dt_agg_print_ext(FILE *out, const struct dt_aggdesc *d,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff,
    struct dt_aggentry *e, int n, const struct dt_aggsortopt *opt,
    int flags);

#endif
