/*
 * agg.c - the semantic rules of aggregations.
 *
 * `@name[keys] = func(args)` statements and the aggregation actions
 * (printa, clear, trunc, normalize, denormalize).  An aggregation is
 * defined by its first use: later uses must call the same function with
 * the same parameters and keys of the same signature, with dtrace's
 * errors otherwise.  The consumer lays keys out as dtrace records them
 * (integers as 8 bytes, strings as DT_STRAREA bytes: koff, wksize); the
 * map's keys are the same fields but a string whose length has a known
 * bound (execname, probefunc, a char[N] member, a literal, a substr()
 * of a constant length) takes only that bound rounded up to 8 (msize,
 * ksize: dt_sema_str_bound() below), the largest over every use of the
 * aggregation, so the BPF programs build, zero and hash small keys; the
 * consumer widens them as it reads them.
 */
#include <string.h>
#include <stdlib.h>
#include "sema_int.h"
#include "front/ast.h"
#include "fmt/printf.h"

/* the aggregating functions; their prototypes are proto_check's */
static const struct {
	const char *name;
	enum dt_aggfunc func;
} aggfuncs[] = {
	{ "count", DT_AGG_COUNT }, { "sum", DT_AGG_SUM }, { "avg", DT_AGG_AVG },
	{ "min", DT_AGG_MIN }, { "max", DT_AGG_MAX }, { "stddev", DT_AGG_STDDEV },
	{ "quantize", DT_AGG_QUANTIZE }, { "lquantize", DT_AGG_LQUANTIZE },
	{ "llquantize", DT_AGG_LLQUANTIZE },
};

static int aggfunc_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(aggfuncs) / sizeof(aggfuncs[0]); i++)
		if (!strcmp(aggfuncs[i].name, name))
			return (int)i;
	return -1;
}

int dt_sema_is_aggfunc(const char *name)
{
	return aggfunc_lookup(name) >= 0;
}

static const char *fname(enum dt_aggfunc f)
{
	for (size_t i = 0; i < sizeof(aggfuncs) / sizeof(aggfuncs[0]); i++)
		if (aggfuncs[i].func == f)
			return aggfuncs[i].name;
	return "?";
}

static struct dt_agg *agg_lookup(dtrace_hdl_t *dtp, const char *name)
{
	return dt_namehash_get(&dtp->agg_ix, name);
}

/* Argument #i (numbered after the value, as dtrace numbers them) of an
 * lquantize()/llquantize(), which must be an integer constant. */
static int64_t const_arg(struct sema *s, struct dt_node *n, enum dt_errtag tag,
    const char *fmt, int i, const char *what)
{
	if (n->kind != DN_CONST)
		dt_sema_err(s, tag, n->line, fmt, i, what, "an integer constant");
	return n->ival;
}

/* llquantize's parameters and the tags of their errors, as dtrace's */
static const struct {
	const char *what;
	enum dt_errtag type, val, match;
} llparams[4] = {
	{ "factor", D_LLQUANT_FACTORTYPE, D_LLQUANT_FACTORVAL, D_LLQUANT_FACTORMATCH },
	{ "low magnitude", D_LLQUANT_LOWTYPE, D_LLQUANT_LOWVAL, D_LLQUANT_LOWMATCH },
	{ "high magnitude", D_LLQUANT_HIGHTYPE, D_LLQUANT_HIGHVAL, D_LLQUANT_HIGHMATCH },
	{ "linear steps per magnitude", D_LLQUANT_NSTEPTYPE, D_LLQUANT_NSTEPVAL,
	    D_LLQUANT_NSTEPMATCH },
};

/* The parameters of lquantize/llquantize, checked as dtrace checks them. */
static void quant_params(struct sema *s, struct dt_aggdesc *d, struct dt_node **a, int na, int line)
{
	if (d->func == DT_AGG_LQUANTIZE) {
		static const char fmt[] = "lquantize( ) argument #%d%s must be %s";
		d->base = const_arg(s, a[1], D_LQUANT_BASETYPE, fmt, 1, "");
		if (d->base < INT32_MIN || d->base > INT32_MAX)
			dt_sema_err(s, D_LQUANT_BASEVAL, line, fmt, 1, "", "a 32-bit quantity");
		d->limit = const_arg(s, a[2], D_LQUANT_LIMTYPE, fmt, 2, "");
		if (d->limit < INT32_MIN || d->limit > INT32_MAX)
			dt_sema_err(s, D_LQUANT_LIMVAL, line, fmt, 2, "", "a 32-bit quantity");
		if (d->limit < d->base)
			dt_sema_err(s, D_LQUANT_MISMATCH, line, "lquantize( ) base (argument #1) must be less than limit (argument #2)");
		d->step = 1;
		if (na > 3) {
			if (a[3]->kind != DN_CONST || a[3]->ival <= 0)
				dt_sema_err(s, D_LQUANT_STEPTYPE, line, fmt, 3, "",
				    "a non-zero positive integer constant");
			d->step = a[3]->ival;
			if (d->step > UINT16_MAX)
				dt_sema_err(s, D_LQUANT_STEPVAL, line, fmt, 3, "", "a 16-bit quantity");
		}
		int64_t levels = (d->limit - d->base) / d->step;
		if (levels == 0)
			dt_sema_err(s, D_LQUANT_STEPLARGE, line, "lquantize( ) step (argument #3) too large: must have at least one quantization level");
		if (levels > UINT16_MAX)
			dt_sema_err(s, D_LQUANT_STEPSMALL, line, "lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity");
		d->limit = d->base + levels * d->step;	/* the limit in effect */
	} else if (d->func == DT_AGG_LLQUANTIZE) {
		static const char fmt[] = "llquantize( ) argument #%d (%s) must be %s";
		int64_t v[4];
		for (int i = 0; i < 4; i++) {
			v[i] = const_arg(s, a[i + 1], llparams[i].type, fmt, i + 1, llparams[i].what);
			if (v[i] < 0 || v[i] > UINT16_MAX)
				dt_sema_err(s, llparams[i].val, line, fmt, i + 1, llparams[i].what,
				    "an unsigned 16-bit quantity");
		}
		d->factor = v[0], d->low = v[1], d->high = v[2], d->nsteps = v[3];
		if (d->factor < 2)
			dt_sema_err(s, D_LLQUANT_FACTORSMALL, line, "llquantize( ) factor (argument #1) must be two or more");
		if (d->low >= d->high)
			dt_sema_err(s, D_LLQUANT_MAGRANGE, line, "llquantize( ) high magnitude (argument #3) must be greater than low magnitude (argument #2)");
		if (d->nsteps < d->factor)
			dt_sema_err(s, D_LLQUANT_FACTORNSTEPS, line, "llquantize( ) factor (argument #1) must be less than or equal to the number of linear steps per magnitude (argument #4)");
		int64_t p = d->factor;
		while (p < d->nsteps)
			p *= d->factor;
		if (d->nsteps % d->factor || p % d->nsteps)
			dt_sema_err(s, D_LLQUANT_FACTOREVEN, line, "llquantize( ) factor (argument #1) must evenly divide the number of steps per magnitude (argument #4), and the number of steps per magnitude must evenly divide a power of the factor");
		uint64_t order = 1;
		for (int64_t i = 0; i <= d->high + 1; i++) {
			if (order * (uint64_t)d->factor <= order)
				dt_sema_err(s, D_LLQUANT_MAGTOOBIG, line, "llquantize( ) factor (%d) raised to power of high magnitude (%d) plus 1 overflows 64-bits",
				    (int)d->factor, (int)d->high);
			order *= (uint64_t)d->factor;
		}
	}
}

/* A later use of an lquantize/llquantize aggregation with other
 * parameters: the first that differs, as dtrace reports it. */
static void params_differ(struct sema *s, int line, const struct dt_aggdesc *o,
    const struct dt_aggdesc *d)
{
	static const char fmt[] = "%s( ) %s (argument #%d) doesn't match previous declaration: expected %lld, found %lld";
	if (d->func == DT_AGG_LQUANTIZE) {
		int64_t olim = o->base + (o->limit - o->base) / o->step * o->step;
		int64_t lim = d->base + (d->limit - d->base) / d->step * d->step;
		if (o->base != d->base)
			dt_sema_err(s, D_LQUANT_MATCHBASE, line, fmt, "lquantize", "base", 1,
			    (long long)o->base, (long long)d->base);
		if (olim != lim)
			dt_sema_err(s, D_LQUANT_MATCHLIM, line, fmt, "lquantize", "limit", 2,
			    (long long)olim, (long long)lim);
		dt_sema_err(s, D_LQUANT_MATCHSTEP, line, fmt, "lquantize", "step", 3,
		    (long long)o->step, (long long)d->step);
	}
	const int64_t ov[4] = { o->factor, o->low, o->high, o->nsteps };
	const int64_t dv[4] = { d->factor, d->low, d->high, d->nsteps };
	for (int i = 0; i < 4; i++)
		if (ov[i] != dv[i])
			dt_sema_err(s, llparams[i].match, line, fmt, "llquantize", llparams[i].what,
			    i + 1, (long long)ov[i], (long long)dv[i]);
}

/*
 * The most bytes (with its NUL) string key k can take, when that is known
 * at compile time and less than a string's strsize + 1; 0 otherwise.  A
 * map key holds a string in its bound rounded up to 8 bytes rather than
 * strsize's, so a small key (execname: 16) is not zeroed, copied and
 * hashed as 256 bytes at every firing.
 */
uint32_t dt_sema_str_bound(struct sema *s, const struct dt_node *k)
{
	switch (k->kind) {
	case DN_STR:
		return (uint32_t)k->slen + 1;
	case DN_KSTR:		/* char[ival] (stringof: ival is strsize) */
		return k->ival >= 0 && k->ival < UINT32_MAX ? (uint32_t)k->ival + 1 : 0;
	case DN_TERNARY: {
		uint32_t l = dt_sema_str_bound(s, k->l), r = dt_sema_str_bound(s, k->r);
		return l && r ? (l > r ? l : r) : 0;
	}
	case DN_COMMA:
		return dt_sema_str_bound(s, k->r);
	case DN_CALL: {
		/* substr(s, i[, n]): part of s, and at most n characters
		 * (a translator's string member of a char array is one) */
		if (k->func != DT_F_SUBSTR)
			return 0;
		uint32_t b = dt_sema_str_bound(s, k->args[0]);
		if (k->nargs > 2 && k->args[2]->kind == DN_CONST && k->args[2]->ival >= 0 &&
		    k->args[2]->ival < UINT32_MAX - 1 && (!b || (uint64_t)k->args[2]->ival + 1 < b))
			b = (uint32_t)k->args[2]->ival + 1;
		return b;
	}
	case DN_BUILTIN:
		break;
	default:
		return 0;
	}
	if (k->builtin == DT_BI_EXECNAME)
		return 16;		/* the task's comm: TASK_COMM_LEN */
	int which = k->builtin == DT_BI_PROBEPROV ? 0 : k->builtin == DT_BI_PROBEMOD ? 1 :
	    k->builtin == DT_BI_PROBEFUNC ? 2 : k->builtin == DT_BI_PROBENAME ? 3 : -1;
	if (which < 0 || !s->matches || s->matches->n == 0)
		return 0;
	/* the longest among the clause's probes (and ERROR's: an ERROR
	 * clause's code runs with the ERROR probe's description) */
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	size_t max = strlen("ERROR");
	if (dtp->nprobes >= DT_PROBE_ERROR) {
		const struct dt_probe *e = dtp->probes[DT_PROBE_ERROR - 1];
		const char *f[4] = { e->prov, e->mod, e->func, e->name };
		max = strlen(f[which]);
	}
	for (int i = 0; i < s->matches->n; i++) {
		const struct dt_probe *p = s->matches->v[i];
		const char *f[4] = { p->prov, p->mod, p->func, p->name };
		size_t l = strlen(f[which]);
		if (l > max)
			max = l;
	}
	return max < UINT32_MAX - 1 ? (uint32_t)max + 1 : 0;
}

/* Key k of g's map as this use keys it: a string takes its bound rounded
 * up to 8 if that is smaller than DT_STRAREA (what every string takes in
 * the consumer's layout), and keeps the largest any use needs. */
static void key_msize(struct sema *s, struct dt_agg *g, int k, const struct dt_node *n)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	uint32_t full = DT_STRAREA(dtp), m = 8;
	(void)n;
	if (g->kf[k].is_stack || g->kf[k].ustack || DT_SYMK_USER(g->kf[k].symkind))
		m = g->kf[k].size;
	else if (g->kf[k].is_string) {
		uint32_t b = dt_sema_str_bound(s, n);
		m = b && ((b + 7) & ~7u) < full ? (b + 7) & ~7u : full;
	}
	if (m > g->msize[k])
		g->msize[k] = m;
}

/* g's map key size after a use: its keys' msize (8 bytes without keys) */
static void key_layout(dtrace_hdl_t *dtp, struct dt_agg *g)
{
	uint32_t off = 0;
	for (int i = 0; i < g->nkeys; i++)
		off += g->msize[i];
	g->ksize = off ? off : 8;
	if (g->ksize > dtp->agg_tuple)
		dtp->agg_tuple = g->ksize;
}

static struct dt_type *key_type(struct sema *s, struct dt_node *k)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	if (k->type->kind == DT_TK_STRING)
		return dtp->types.t_string;
	return k->type;
}

/*
 * An integer key keeps every bit of each use: one wider than the
 * aggregation's key so far widens it (signed if either is), which only
 * changes how keys print, every integer key taking 8 bytes in the map
 * (dtrace records each use's key at its own type's size).
 */
static void key_widen(struct sema *s, struct dt_agg *g, int k, struct dt_type *t)
{
	struct dt_type *kt = g->keys[k];
	if (t->size <= kt->size)
		return;
	if (kt->is_signed && !t->is_signed)
		t = dt_typedef_lookup(&dt_sema_hdl(s)->types, t->size == 8 ? "int64_t" :
		    t->size == 4 ? "int32_t" : "int16_t");
	g->keys[k] = t;
	g->kf[k].size = t->size;
	g->kf[k].is_signed = t->is_signed;
}

static const char *tname(struct dt_type *t)
{
	return t->name ? t->name : "?";
}

void dt_sema_agg_mdim(struct sema *s, struct ast_expr *agg)
{
	dt_sema_err(s, D_AGG_MDIM, agg->line, "improper attempt to reference @%s as a multi-dimensional array",
	    agg->agg.name);
}

/*
 * The prototypes dtrace gives the aggregating functions: count takes
 * nothing, sum..stddev one value of any type ("@"), quantize a value and
 * more ("..."), lquantize and llquantize a value then int32_t parameters
 * (2 and 4) and more.  nfixed counts the arguments before "..."; the
 * increment and nothing after it are checked with the parameters.
 */
static void proto_check(struct sema *s, int line, const char *fn, enum dt_aggfunc f,
    struct dt_node **args, int na)
{
	int nfixed = f == DT_AGG_COUNT ? 0 : f == DT_AGG_LQUANTIZE ? 3 :
	    f == DT_AGG_LLQUANTIZE ? 5 : 1;
	int varargs = f == DT_AGG_QUANTIZE || f == DT_AGG_LQUANTIZE || f == DT_AGG_LLQUANTIZE;
	if (varargs ? na < nfixed : na != nfixed)
		dt_sema_err(s, D_PROTO_LEN, line, "%s( ) prototype mismatch: %d arg%spassed, %d expected",
		    fn, na, na == 1 ? " " : "s ", nfixed);
	for (int i = 1; i < nfixed; i++)
		if (!dt_is_int(args[i]->type))
			dt_sema_err(s, D_PROTO_ARG, line, "%s( ) argument #%d is incompatible with prototype:\n"
			    "\tprototype: int32_t\n\t argument: %s", fn, i + 1, tname(args[i]->type));
}

/*
 * @name[keys] = func(args), checked in dtrace's order: the keys against
 * the aggregation's key signature (dtrace cooks the left side first), the
 * function's prototype, that it is an aggregating function at all, that
 * it is the aggregation's function, then the value and parameters.
 */
/* A key's name, for formats that name them (JSON, OpenMetrics labels):
 * the variable or member it reads (execname, pid, pr_fname, self->fd's
 * fd), else NULL. */
static const char *key_name(const struct ast_expr *k)
{
	if (k->kind == AST_E_IDENT)
		return k->ident.name;
	if (k->kind == AST_E_MEMBER)
		return k->member.name;
	return NULL;
}

struct dt_node *dt_sema_aggregate(struct sema *s, struct ast_expr *e, int is_assign)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	struct ast_expr *le = e->binary.left, *re = e->binary.right;
	const char *aname = le->agg.name;
	struct dt_agg *g = agg_lookup(dtp, aname);

	/* keys */
	struct dt_node *keys[DT_DV_MAXKEYS];
	int nk = 0;
	for (struct ast_expr *k = le->agg.keys; k; k = k->next) {
		if (nk >= DT_DV_MAXKEYS)
			dt_sema_err(s, D_ID_OFLOW, e->line, "@%s[ ]: too many keys (at most %d)", aname, DT_DV_MAXKEYS);
		if (k->kind == AST_E_CALL && k->call.fn->kind == AST_E_IDENT &&
		    !strcmp(k->call.fn->ident.name, "stack")) {
			keys[nk++] = dt_sema_stack_key(s, k);
			continue;
		}
		if ((keys[nk] = dt_sema_ustack_key(s, k)) != NULL) {
			nk++;
			continue;
		}
		s->symcall = k;		/* @[func(caller)] */
		keys[nk] = dt_sema_expr(s, k);
		s->symcall = NULL;
		if (keys[nk]->type->kind == DT_TK_VOID)
			dt_sema_err(s, D_KEY_TYPE, e->line, "void expression may not be used as aggregation index: key #%d",
			    nk + 1);
		if (!dt_is_scalar(keys[nk]->type) && keys[nk]->type->kind != DT_TK_STRING)
			dt_sema_err(s, D_KEY_TYPE, e->line, "@%s[ ]: keys of type %s are not supported", aname,
			    tname(keys[nk]->type));
		nk++;
	}
	if (g) {
		if (g->nkeys != nk)
			dt_sema_err(s, D_PROTO_LEN, e->line, "@%s[ ] prototype mismatch: %d key%spassed, %d expected",
			    aname, nk, nk == 1 ? " " : "s ", g->nkeys);
		for (int k = 0; k < nk; k++) {
			struct dt_type *kt = g->keys[k];
			int ok = g->kf[k].is_stack || dt_sema_is_stack(keys[k]) ?
			    g->kf[k].is_stack && dt_sema_is_stack(keys[k]) &&
			    g->kf[k].size == keys[k]->type->size :
			    kt->kind == DT_TK_STRING ? keys[k]->type->kind == DT_TK_STRING :
			    dt_is_scalar(keys[k]->type);
			if (g->kf[k].ustack || dt_sema_is_ustack(keys[k]))
				ok = dt_sema_is_ustack(keys[k]) && g->kf[k].ustack == keys[k]->ival;
			if (DT_SYMK_USER(g->kf[k].symkind) || dt_sema_is_usym(keys[k]))
				ok = DT_SYMK_USER(g->kf[k].symkind) && dt_sema_is_usym(keys[k]);
			if (!ok)
				dt_sema_err(s, D_PROTO_ARG, e->line, "@%s[ ] key #%d is incompatible with prototype:\n"
				    "\tprototype: %s\n\t      key: %s", aname, k + 1, tname(kt),
				    tname(keys[k]->type));
			if (dt_is_int(kt) && dt_is_int(keys[k]->type) && !dt_sema_is_usym(keys[k]))
				key_widen(s, g, k, keys[k]->type);
		}
	}

	/* the function and its arguments */
	const char *fn = re->kind == AST_E_CALL && re->call.fn->kind == AST_E_IDENT ?
	    re->call.fn->ident.name : NULL;
	int fi = fn ? aggfunc_lookup(fn) : -1;
	if (fi < 0 || !is_assign)
		dt_sema_err(s, D_AGG_FUNC, e->line, "@%s must be assigned the result of an aggregating function", aname);
	enum dt_aggfunc f = aggfuncs[fi].func;
	int na = re->call.nargs;
	struct dt_node *args[6] = { NULL };
	int i = 0;
	for (struct ast_expr *a = re->call.args; a && i < 6; a = a->next, i++)
		args[i] = dt_sema_expr(s, a);
	proto_check(s, e->line, fn, f, args, na);
	if (g && g->desc.func != f)
		dt_sema_err(s, D_AGG_REDEF, e->line, "aggregation redefined: @%s\n\t current: @%s = %s( )\n"
		    "\tprevious: @%s = %s( ) : line %d", aname, aname, fn, aname,
		    fname(g->desc.func), g->line);
	if (na > 0 && !dt_is_scalar(args[0]->type))
		dt_sema_err(s, D_AGG_SCALAR, e->line, "%s( ) argument #1 must be of scalar type", fn);

	struct dt_aggdesc d;
	memset(&d, 0, sizeof(d));
	d.func = f;
	quant_params(s, &d, args, na, e->line);
	dt_agg_nwords(&d);
	if (g && memcmp(&g->desc, &d, sizeof(d)) != 0)
		params_differ(s, e->line, &g->desc, &d);

	/* the increment of the quantize family, and nothing after it */
	int incr = f == DT_AGG_QUANTIZE ? 1 : f == DT_AGG_LQUANTIZE ? 4 :
	    f == DT_AGG_LLQUANTIZE ? 5 : -1;
	if (incr > 0 && na > incr) {
		if (!dt_is_scalar(args[incr]->type))
			dt_sema_err(s, D_PROTO_ARG, e->line, "%s( ) increment value (argument #%d) must be of scalar type",
			    fn, incr + 1);
		if (na > incr + 1)
			dt_sema_err(s, D_PROTO_LEN, e->line, "%s( ) prototype mismatch: %d args passed, at most %d expected",
			    fn, na, incr + 1);
	}

	if (!g) {
		if (!(dtp->naggs & (dtp->naggs - 1))) {	/* 0, 1, 2, 4 ...: full */
			struct dt_agg **na2 = realloc(dtp->aggs,
			    (size_t)(dtp->naggs ? dtp->naggs * 2 : 1) * sizeof(*na2));
			if (!na2)
				dt_sema_err(s, D_UNKNOWN, e->line, "out of memory");
			dtp->aggs = na2;
		}
		g = dt_alloc(dtp, sizeof(*g));
		g->name = dt_alloc(dtp, strlen(aname) + 1);
		strcpy(g->name, aname);
		if (dt_namehash_put(&dtp->agg_ix, g->name, g) < 0)
			dt_sema_err(s, D_UNKNOWN, e->line, "out of memory");
		dtp->aggs[dtp->naggs] = g;
		g->id = dtp->naggs++;
		g->line = e->line;
		g->desc = d;
		g->nkeys = nk;
		g->fd = -1;
		uint32_t off = 0;
		struct ast_expr *ke = le->agg.keys;
		for (int k = 0; k < nk; k++, ke = ke->next) {
			g->keynames[k] = key_name(ke);
			struct dt_type *kt = dt_sema_is_ustack(keys[k]) ? keys[k]->type :
			    key_type(s, keys[k]);
			g->keys[k] = kt;
			g->koff[k] = off;
			if (dt_sema_is_stack(keys[k])) {
				g->kf[k].is_stack = 1;
				g->kf[k].hdl = dtp;
				g->kf[k].size = kt->size;
				off += kt->size;
			} else if (dt_sema_is_ustack(keys[k])) {
				g->kf[k].ustack = (uint32_t)keys[k]->ival;
				g->kf[k].size = 8 + 8 * g->kf[k].ustack;
				off += g->kf[k].size;
			} else if (dt_sema_is_usym(keys[k])) {
				/* usym() and friends: the pid, the address */
				g->kf[k].symkind = (int)keys[k]->ival;
				g->kf[k].hdl = dtp;
				g->kf[k].size = 16;
				off += 16;
			} else if (kt->kind == DT_TK_STRING) {
				g->kf[k].is_string = 1;
				g->kf[k].size = (uint32_t)dtp->opt[DTOPT_STRSIZE] + 1;
				off += DT_STRAREA(dtp);
			} else {
				g->kf[k].size = kt->kind == DT_TK_PTR ? 8 : kt->size;
				g->kf[k].is_signed = kt->is_signed && kt->kind != DT_TK_PTR;
				g->kf[k].symkind = kt->symkind;
				g->kf[k].hdl = kt->symkind ? dtp : NULL;
				off += 8;
			}
		}
		g->wksize = off ? off : 8;
		g->ksize = 8;
		if (d.nwords * 8 > dtp->agg_valsize)
			dtp->agg_valsize = d.nwords * 8;
	}

	for (int k = 0; k < nk; k++)
		key_msize(s, g, k, keys[k]);
	key_layout(dtp, g);

	struct dt_node *n = dt_sema_node(s, DN_S_AGG, e->line, dtp->types.t_void);
	n->agg = g;
	n->nargs = nk;
	n->args = dt_alloc(dtp, sizeof(*n->args) * (size_t)(nk ? nk : 1));
	for (int k = 0; k < nk; k++)
		n->args[k] = g->keys[k]->kind == DT_TK_STRING || g->kf[k].is_stack || g->kf[k].ustack ||
		    dt_sema_is_usym(keys[k]) ? keys[k] :
		    dt_sema_cast(s, keys[k], g->keys[k]);
	struct dt_type *i64 = dt_typedef_lookup(&dtp->types, "int64_t");
	if (na > 0)
		n->l = dt_sema_cast(s, args[0], i64);
	if (incr > 0 && na > incr)
		n->r = dt_sema_cast(s, args[incr], i64);
	return n;
}

/* An aggregation operand of an action: @name, defined earlier.  dtrace
 * numbers a bad printa() operand by where the aggregations start (#1, or
 * #2 after a format) whichever it is: i is that number. */
static struct dt_agg *agg_operand(struct sema *s, struct ast_expr *x, const char *fn, int i)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	/* dtrace tags a bad operand by the action */
	enum dt_errtag tag = fn[0] == 'p' ? D_PRINTA_AGGARG : fn[0] == 'c' ? D_CLEAR_AGGARG :
	    fn[0] == 't' ? D_TRUNC_AGGARG : D_NORMALIZE_AGGARG;
	if (x->kind != AST_E_AGG)
		dt_sema_err(s, tag, x->line, "%s( ) argument #%d is incompatible with prototype:\n"
		    "\tprototype: aggregation\n\t argument: %s", fn, i,
		    tname(dt_sema_expr(s, x)->type));
	if (x->agg.keys)
		dt_sema_err(s, tag, x->line, "%s( ) argument #%d is incompatible with prototype:\n"
		    "\tprototype: aggregation\n\t argument: tuple", fn, i);
	struct dt_agg *g = agg_lookup(dtp, x->agg.name);
	if (!g)
		dt_sema_err(s, D_IDENT_UNDEF, x->line, "failed to resolve @%s: Unknown variable name",
		    x->agg.name);
	return g;
}

/* printa() of several aggregations: their key signatures must match */
static void printa_keys(struct sema *s, int line, const struct dt_agg *l, const struct dt_agg *r)
{
	if (l->nkeys != r->nkeys)
		dt_sema_err(s, D_PRINTA_AGGKEY, line, "printa( ): @%s and @%s do not have matching key signatures: "
		    "@%s has %d key%s, @%s has %d key%s", l->name, r->name, l->name, l->nkeys,
		    l->nkeys == 1 ? "" : "s", r->name, r->nkeys, r->nkeys == 1 ? "" : "s");
	for (int k = 0; k < l->nkeys; k++) {
		int ls = l->keys[k]->kind == DT_TK_STRING, rs = r->keys[k]->kind == DT_TK_STRING;
		if (ls != rs)
			dt_sema_err(s, D_PRINTA_AGGPROTO, line, "printa( ): @%s[ ] key #%d is incompatible with @%s:\n"
			    "%9s key #%d: %s\n%9s key #%d: %s", r->name, k + 1, l->name, l->name,
			    k + 1, tname(l->keys[k]), r->name, k + 1, tname(r->keys[k]));
	}
}

void dt_sema_aggact(struct sema *s, struct dt_node *n, struct ast_expr *e, struct dt_action *a)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	const char *fn = e->call.fn->ident.name;
	struct ast_expr *x = e->call.args;
	int i = 1;
	a->aggs = dt_alloc(dtp, sizeof(*a->aggs) * (size_t)(e->call.nargs ? e->call.nargs : 1));
	switch (n->func) {
	case DT_F_PRINTA:
		a->kind = DT_ACT_PRINTA;
		if (x && x->kind == AST_E_STR) {
			/* printa(format, @a, ...): checked against @a's keys */
			struct dt_node *f = dt_sema_expr(s, x);
			char err[1024];
			if (dt_printf_parse(f->str, &a->pf, err, sizeof(err)) < 0)
				dt_sema_pf_err(s, e->line, NULL, err);
			dt_register_pf(dtp, a->pf);
			dt_sema_pf_uaddr(s, a->pf);
			x = x->next;
			i++;
		}
		if (!x)
			dt_sema_err(s, D_PRINTA_PROTO, e->line, "printa( ) prototype mismatch: %d args passed, %d expected",
			    e->call.nargs, i);
		for (; x; x = x->next) {
			struct dt_agg *g = agg_operand(s, x, fn, i);
			if (a->naggs > 0)
				printa_keys(s, e->line, a->aggs[0], g);
			a->aggs[a->naggs++] = g;
		}
		if (a->pf) {
			struct dt_agg *g = a->aggs[0];
			struct dt_pfarg_type pt[DT_DV_MAXKEYS];
			struct dt_pfcheck_opts o = { DT_PRINTF_AGGREGATION, 2, NULL };
			const char *tag = NULL;
			char err[1024];
			for (int k = 0; k < g->nkeys; k++)
				dt_sema_pftype(g->keys[k], &pt[k]);
			if (dt_printf_check_opts(a->pf, pt, g->nkeys, "printa", &o, &tag,
			    err, sizeof(err)) < 0)
				dt_sema_pf_err(s, e->line, tag, err);
		}
		return;
	case DT_F_CLEAR:
	case DT_F_DENORMALIZE:
		a->kind = n->func == DT_F_CLEAR ? DT_ACT_CLEAR : DT_ACT_DENORMALIZE;
		a->aggs[a->naggs++] = agg_operand(s, x, fn, 1);
		return;
	case DT_F_TRUNC:
	case DT_F_NORMALIZE:
		a->kind = n->func == DT_F_TRUNC ? DT_ACT_TRUNC : DT_ACT_NORMALIZE;
		a->aggs[a->naggs++] = agg_operand(s, x, fn, 1);
		if (x->next) {
			struct dt_node *v = dt_sema_expr(s, x->next);
			/* normalize's prototype says uint64_t; trunc() checks
			 * its count itself, as dtrace does */
			if (n->func == DT_F_TRUNC && !dt_is_scalar(v->type))
				dt_sema_err(s, D_TRUNC_SCALAR, e->line,
				    "%s( ) argument #2 must be of scalar type", fn);
			if (n->func == DT_F_NORMALIZE && !dt_is_int(v->type))
				dt_sema_err(s, D_PROTO_ARG, e->line, "%s( ) argument #2 is incompatible with prototype:\n"
				    "\tprototype: uint64_t\n\t argument: %s", fn, tname(v->type));
			n->args[1] = dt_sema_cast(s, v, dt_typedef_lookup(&dtp->types, "int64_t"));
			dt_sema_field(s, a, n->args[1]->type);
		}
		return;
	}
}
