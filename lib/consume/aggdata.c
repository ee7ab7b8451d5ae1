/*
 * aggdata.c - an aggregation snapshot as typed values for the output
 * (include/dtrace.h's dtrace_aggdata_t): the aggregations' functions and
 * parameters, the keys' names and types, each row's key values and each
 * aggregation's value in it (scalars as dtrace prints them; the quantize
 * family as its non-empty buckets with their bounds), and the text
 * dtrace(1M) prints for it (fmt/agg.c, and printa()'s format).
 */
#include <stdlib.h>
#include <string.h>
#include "aggdata.h"
#include "consume.h"
#include "fmt/agg.h"
#include "fmt/kstack.h"
#include "fmt/printf.h"
#include "fmt/symfmt.h"
#include "fmt/usymfmt.h"

static const char *const fnames[] = {
	[DT_AGG_COUNT] = "count", [DT_AGG_SUM] = "sum", [DT_AGG_AVG] = "avg",
	[DT_AGG_MIN] = "min", [DT_AGG_MAX] = "max", [DT_AGG_STDDEV] = "stddev",
	[DT_AGG_QUANTIZE] = "quantize", [DT_AGG_LQUANTIZE] = "lquantize",
	[DT_AGG_LLQUANTIZE] = "llquantize",
};

static int render(const void *cookie, FILE *fp);

void dt_aggdata_init(struct dtrace_aggdata *ad)
{
	const struct dt_agg *g = ad->aggs[0];
	for (int j = 0; j < ad->naggs; j++) {
		const struct dt_aggdesc *d = &ad->aggs[j]->desc;
		dtrace_agginfo_t *in = &ad->info[j];
		in->name = ad->aggs[j]->name;
		in->func = fnames[d->func];
		in->kind = (dtrace_aggfunc_t)d->func;
		in->base = d->base;
		in->limit = d->limit;
		in->step = d->step;
		in->factor = d->factor;
		in->low = d->low;
		in->high = d->high;
		in->nsteps = d->nsteps;
		in->normal = d->normal;
	}
	for (int k = 0; k < g->nkeys; k++) {
		dtrace_aggkey_t *ki = &ad->keys[k];
		const char *n = g->keynames[k];
		/* a name twice (@[pid, pid]) is no name */
		for (int i = 0; n && i < k; i++)
			if (g->keynames[i] && !strcmp(g->keynames[i], n))
				n = NULL;
		snprintf(ad->keyname[k], sizeof(ad->keyname[k]), "key%d", k);
		ki->name = n ? n : ad->keyname[k];
		ki->is_string = g->kf[k].is_string || g->kf[k].symkind;
		ki->size = g->kf[k].size;
		ki->is_signed = g->kf[k].is_signed;
		ki->is_stack = g->kf[k].is_stack;
		ki->is_ustack = g->kf[k].ustack != 0;
	}
	ad->text.render = render;
	ad->text.cookie = ad;
}

void dt_aggdata_fini(struct dtrace_aggdata *ad)
{
	for (int j = 0; j < ad->naggs; j++)
		free(ad->lows[j]);
	free(ad->buckets);
}

int dtrace_aggdata_naggs(const dtrace_aggdata_t *ad)
{
	return ad->naggs;
}

const dtrace_agginfo_t *dtrace_aggdata_agg(const dtrace_aggdata_t *ad, int j)
{
	return j >= 0 && j < ad->naggs ? &ad->info[j] : NULL;
}

int dtrace_aggdata_nkeys(const dtrace_aggdata_t *ad)
{
	return ad->aggs[0]->nkeys;
}

const dtrace_aggkey_t *dtrace_aggdata_keyinfo(const dtrace_aggdata_t *ad, int k)
{
	return k >= 0 && k < ad->aggs[0]->nkeys ? &ad->keys[k] : NULL;
}

size_t dtrace_aggdata_nrows(const dtrace_aggdata_t *ad)
{
	return ad->n;
}

static const uint8_t *row_key(const dtrace_aggdata_t *ad, size_t r)
{
	return ad->ents ? ad->ents[r].key : ad->rows[r].key;
}

static const int64_t *row_val(const dtrace_aggdata_t *ad, size_t r, int j)
{
	const int64_t *v = ad->ents ? ad->ents[r].val : ad->rows[r].vals[j];
	return v ? v : ad->zero;
}

void dtrace_aggdata_key(const dtrace_aggdata_t *ad, size_t r, int k, dtrace_value_t *v)
{
	const struct dt_agg *g = ad->aggs[0];
	const uint8_t *p = row_key(ad, r) + g->koff[k];
	memset(v, 0, sizeof(*v));
	if (g->kf[k].is_stack || g->kf[k].ustack) {
		v->kind = DTRACE_VAL_BYTES;
		v->size = g->kf[k].size;
		v->bytes = p;
		return;
	}
	if (g->kf[k].is_string) {
		/* NUL-padded to its size, as the programs build it */
		v->kind = DTRACE_VAL_STRING;
		v->size = (uint32_t)strnlen((const char *)p, g->kf[k].size - 1);
		v->str = (const char *)p;
		return;
	}
	if (DT_SYMK_USER(g->kf[k].symkind)) {
		/* usym() and friends: pid, address; the text as sym()'s */
		static __thread char usym[512];
		uint64_t pid, a;
		memcpy(&pid, p, 8);
		memcpy(&a, p + 8, 8);
		v->kind = DTRACE_VAL_SYMBOL;
		v->str = dt_usym_format((int)pid, a, g->kf[k].symkind, usym, sizeof(usym));
		v->size = (uint32_t)strlen(usym);
		return;
	}
	v->size = g->kf[k].size;
	v->kind = g->kf[k].is_signed ? DTRACE_VAL_INT : DTRACE_VAL_UINT;
	uint64_t u = dt_agg_keyint(p, v->size);
	if (g->kf[k].symkind) {
		/* the symbol's text, valid until this thread's next call */
		static __thread char sym[512];
		v->kind = DTRACE_VAL_SYMBOL;
		v->str = dt_ksym_format(ad->dtp, u, g->kf[k].symkind, sym, sizeof(sym));
		v->size = (uint32_t)strlen(sym);
		return;
	}
	if (g->kf[k].is_signed && v->size < 8) {
		int sh = 64 - 8 * (int)v->size;
		u = (uint64_t)((int64_t)(u << sh) >> sh);
	}
	v->u = u;
}

int dtrace_aggdata_stack(const dtrace_aggdata_t *ad, size_t r, int k, dtrace_stack_t *s)
{
	const struct dt_agg *g = ad->aggs[0];
	memset(s, 0, sizeof(*s));
	if (k < 0 || k >= g->nkeys || (!g->kf[k].is_stack && !g->kf[k].ustack) || r >= ad->n)
		return -1;
	if (g->kf[k].ustack) {	/* the pid, then the PCs */
		uint64_t pid;
		memcpy(&pid, row_key(ad, r) + g->koff[k], 8);
		dt_ustack_make(ad->dtp, (int)pid, row_key(ad, r) + g->koff[k] + 8,
		    (g->kf[k].size - 8) / 8, s);
		return 0;
	}
	dt_stack_make(ad->dtp, (const uint64_t *)(const void *)(row_key(ad, r) + g->koff[k]),
	    g->kf[k].size / 8, s);
	return 0;
}

void dtrace_stack_free(dtrace_stack_t *s)
{
	dt_stack_free(s);
}

void dtrace_aggdata_value(const dtrace_aggdata_t *adc, size_t r, int j, dtrace_aggval_t *v)
{
	struct dtrace_aggdata *ad = (struct dtrace_aggdata *)adc;
	const struct dt_aggdesc *d = &ad->aggs[j]->desc;
	const int64_t *val = row_val(ad, r, j);

	memset(v, 0, sizeof(*v));
	if (!dt_agg_is_table(d)) {
		v->value = dt_agg_fmtval(d, val);
		if (d->func == DT_AGG_AVG || d->func == DT_AGG_STDDEV)
			v->count = (uint64_t)val[0];
		return;
	}
	if (!ad->lows[j] && (ad->lows[j] = malloc(d->nwords * sizeof(int64_t))))
		dt_agg_bucket_lows(d, ad->lows[j]);
	if (ad->bcap < d->nwords) {
		dtrace_bucket_t *nb = realloc(ad->buckets, d->nwords * sizeof(*nb));
		if (!nb)
			return;
		ad->buckets = nb;
		ad->bcap = d->nwords;
	}
	if (!ad->lows[j])
		return;
	for (uint32_t b = 0; b < d->nwords; b++) {
		if (!val[b])
			continue;
		dtrace_bucket_t *bk = &ad->buckets[v->nbuckets++];
		bk->low = ad->lows[j][b];
		bk->high = b + 1 < d->nwords ? ad->lows[j][b + 1] - 1 : INT64_MAX;
		bk->count = (uint64_t)val[b];
		v->count += bk->count;
	}
	v->value = (int64_t)v->count;
	v->buckets = ad->buckets;
}

const dtrace_text_t *dtrace_aggdata_text(const dtrace_aggdata_t *ad)
{
	return &ad->text;
}

/* ---- the text dtrace(1M) prints ---- */

/* a stack key as a %k conversion prints it */
struct stackarg {
	struct dt_pfcallback cb;
	const struct dt_aggkeyfield *kf;
	const uint8_t *pcs;
};

static int print_kstack(FILE *out, const void *arg)
{
	const struct stackarg *s = arg;
	long before = ftell(out);
	dt_print_kstack(out, (dtrace_hdl_t *)(uintptr_t)s->kf->hdl, s->pcs, s->kf->size / 8);
	long after = ftell(out);
	if (ferror(out))
		return -1;
	return before >= 0 && after >= before ? (int)(after - before) : 0;
}

/* one key field as a printf value (cb: room for a stack key's callback) */
static void key_pfval(const struct dt_agg *a, const uint8_t *key, int k, struct dt_pfval *v,
    struct stackarg *cb)
{
	memset(v, 0, sizeof(*v));
	const uint8_t *p = key + a->koff[k];
	if (a->kf[k].is_stack && cb) {
		/* %k: the frames as a stack key prints them */
		cb->cb.print = print_kstack;
		cb->cb.arg = cb;
		cb->kf = &a->kf[k];
		cb->pcs = p;
		v->kind = DT_PFV_CALLBACK;
		v->u = (uint64_t)(uintptr_t)&cb->cb;
		return;
	}
	if (a->kf[k].is_string) {
		v->kind = DT_PFV_STRING;
		v->s = (const char *)p;
		v->size = (int)a->kf[k].size;
		return;
	}
	v->kind = DT_PFV_INT;
	v->size = (int)a->kf[k].size;
	v->is_signed = a->kf[k].is_signed;
	if (DT_SYMK_USER(a->kf[k].symkind)) {
		/* usym() and friends: the address, of its process (%A) */
		memcpy(&v->pid, p, 8);
		memcpy(&v->u, p + 8, 8);
		v->size = 8;
		return;
	}
	memcpy(&v->u, p, 8);
}

/* a quantize-family value as a %@ conversion prints it: its table */
struct tablearg {
	struct dt_pfcallback cb;
	const struct dt_aggdesc *d;
	const int64_t *val;
};

static int print_table(FILE *out, const void *arg)
{
	const struct tablearg *t = arg;
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return -1;
	dt_agg_print_value(m, t->d, t->val);
	if (fclose(m) != 0) {
		free(buf);
		return -1;
	}
	size_t w = fwrite(buf, 1, len, out);
	free(buf);
	return w == len ? (int)len : -1;
}

/* printa(format, @a, ...): each row through the format */
static int render_format(const struct dtrace_aggdata *ad, FILE *fp)
{
	const struct dt_agg *g = ad->aggs[0];
	struct tablearg tabs[DT_PRINTA_MAXAGGS];
	struct stackarg stacks[DT_DV_MAXKEYS];
	for (size_t i = 0; i < ad->n; i++) {
		struct dt_pfval kv[DT_DV_MAXKEYS], av[DT_PRINTA_MAXAGGS];
		for (int k = 0; k < g->nkeys; k++)
			key_pfval(g, ad->rows[i].key, k, &kv[k], &stacks[k]);
		for (int j = 0; j < ad->naggs; j++) {
			const struct dt_aggdesc *d = &ad->aggs[j]->desc;
			const int64_t *v = row_val(ad, i, j);
			memset(&av[j], 0, sizeof(av[j]));
			if (dt_agg_is_table(d)) {
				tabs[j].d = d;
				tabs[j].val = v;
				tabs[j].cb.print = print_table;
				tabs[j].cb.arg = &tabs[j];
				av[j].kind = DT_PFV_CALLBACK;
				av[j].u = (uint64_t)(uintptr_t)&tabs[j].cb;
				continue;
			}
			av[j].kind = DT_PFV_INT;
			av[j].size = 8;
			av[j].is_signed = d->func != DT_AGG_STDDEV;
			av[j].u = (uint64_t)dt_agg_fmtval(d, v);
		}
		dt_printf_format_agg(fp, ad->pf, kv, g->nkeys, av, ad->naggs);
	}
	return ferror(fp) ? -1 : 0;
}

static int render(const void *cookie, FILE *fp)
{
	const struct dtrace_aggdata *ad = cookie;
	const struct dt_agg *g = ad->aggs[0];
	if (ad->pf)
		return render_format(ad, fp);
	if (ad->ents)
		return dt_agg_print_ext(fp, &g->desc, g->kf, g->nkeys, g->koff, ad->ents,
		    (int)ad->n, NULL, (ad->blank ? 0 : DT_AGGP_NOBLANK) | DT_AGGP_NOSORT |
		    (ad->ncpus ? DT_AGGP_PERCPU : 0));
	const struct dt_aggdesc *descs[DT_PRINTA_MAXAGGS];
	for (int j = 0; j < ad->naggs; j++)
		descs[j] = &ad->aggs[j]->desc;
	return dt_agg_print_rows(fp, ad->rows, (int)ad->n, descs, ad->naggs, g->kf, g->nkeys,
	    g->koff, ad->ncpus);
}
