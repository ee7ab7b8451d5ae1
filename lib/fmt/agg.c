/*
 * agg.c - aggregations printed exactly as dtrace(1M) prints them: key
 * columns, scalar values, avg and stddev, the '@' distribution tables of
 * the quantize family, aggpercpu's per-CPU lines, and printa() of several
 * aggregations joined on their keys, to the character as libdtrace
 * dt_consume.c prints them.  (What the values are, how they merge and
 * sort: base/agg.c.)
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "bytes.h"
#include "kstack.h"
#include "symfmt.h"
#include "usymfmt.h"

/*
 * Printing
 */

static int
out_err(FILE *out)
{
	return ferror(out) ? -1 : 0;
}

int
dt_agg_print_keys(FILE *out, const struct dt_aggkeyfield *kf, int nkf,
    const uint32_t *koff, const uint8_t *key)
{
	int i;

	for (i = 0; i < nkf; i++) {
		const uint8_t *p = key + koff[i];
		uint64_t v;

		if (kf[i].is_stack) {
			dt_print_kstack(out, (dtrace_hdl_t *)(uintptr_t)kf[i].hdl,
			    p, kf[i].size / 8);
			continue;
		}
		if (kf[i].render) {
			kf[i].render(out, p, kf[i].size, kf[i].arg);
			continue;
		}
		if (DT_SYMK_USER(kf[i].symkind)) {
			/* usym() and friends: pid, address; sym()'s column */
			char sym[512];
			uint64_t pid, a;
			memcpy(&pid, p, 8);
			memcpy(&a, p + 8, 8);
			fprintf(out, "  %-50s", dt_usym_format((int)pid, a,
			    kf[i].symkind, sym, sizeof(sym)));
			continue;
		}
		if (kf[i].is_string || !dt_agg_is_int_size(kf[i].size)) {
			/* a string is dtrace's strsize bytes: its NUL and
			   the zeros after it */
			dt_print_bytes(out, p, kf[i].is_string ? kf[i].size - 1 :
			    kf[i].size, 50, 0);
			continue;
		}
		v = dt_agg_keyint(p, kf[i].size);
		if (kf[i].symkind) {	/* sym(), func(), mod(): a string's column */
			char sym[512];
			fprintf(out, "  %-50s", dt_ksym_format((struct dtrace_hdl *)
			    (uintptr_t)kf[i].hdl, v, kf[i].symkind,
			    sym, sizeof(sym)));
			continue;
		}
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

/*
 * Trim to the data plus one zero row each side, as dtrace's
 * dt_print_quantize/lquantize/llquantize do; all zero (counts that cancel
 * out), the rows emptyfirst..emptylast.  Total and signs of what is shown.
 * (illumos' dt_print_quantize stops its search for data one bucket short,
 * so a table whose only count is in the last bucket, values of 2^62 and
 * up, came out as the empty one around zero; Oracle Linux DTrace fixed
 * that, and we print the row.)
 */
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
	int levels = (int)dt_lquantize_levels(d), base = (int)d->base;
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
		value = dt_agg_wmul(value, d->factor);
	next = dt_agg_wmul(value, d->factor);
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
		next = dt_agg_wmul(value, d->factor);
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
	uint64_t normal = dt_agg_normal(d);

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
		return dt_agg_sdiv(val[0], (int64_t)dt_agg_normal(d));
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

int
dt_agg_print_rows(FILE *out, struct dt_aggrow *r, int n,
    const struct dt_aggdesc *const *d, int naggs,
    const struct dt_aggkeyfield *kf, int nkf, const uint32_t *koff, int ncpus)
{
	/* zero-filled values; per CPU (ncpus of them) where there is none */
	size_t nz = (size_t)dt_agg_max_nwords(d, naggs) * (size_t)(ncpus > 0 ? ncpus : 1);
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
