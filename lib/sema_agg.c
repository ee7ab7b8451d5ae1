/*
 * sema_agg.c - the semantic rules of aggregations.
 *
 * `@name[keys] = func(args)` statements and the aggregation actions
 * (printa, clear, trunc, normalize, denormalize).  An aggregation is
 * defined by its first use: later uses must call the same function with
 * the same parameters and keys of the same signature, with dtrace's
 * errors otherwise.  Keys are laid out as dynamic variable keys are
 * (integers as 8 bytes, strings as DT_STRAREA bytes), so the BPF side can
 * build them the same way.
 */
#include <string.h>
#include <stdlib.h>
#include "sema_int.h"
#include "ast.h"
#include "printf.h"

static const struct {
	const char *name;
	enum dt_aggfunc func;
	int minargs, maxargs;
} aggfuncs[] = {
	{ "count", DT_AGG_COUNT, 0, 0 }, { "sum", DT_AGG_SUM, 1, 1 },
	{ "avg", DT_AGG_AVG, 1, 1 }, { "min", DT_AGG_MIN, 1, 1 },
	{ "max", DT_AGG_MAX, 1, 1 }, { "stddev", DT_AGG_STDDEV, 1, 1 },
	{ "quantize", DT_AGG_QUANTIZE, 1, 2 }, { "lquantize", DT_AGG_LQUANTIZE, 3, 5 },
	{ "llquantize", DT_AGG_LLQUANTIZE, 5, 6 },
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
	for (int i = 0; i < dtp->naggs; i++)
		if (!strcmp(dtp->aggs[i]->name, name))
			return dtp->aggs[i];
	return NULL;
}

static int64_t const_arg(struct sema *s, struct dt_node *n, const char *fn, int i)
{
	if (n->kind != DN_CONST)
		dt_sema_err(s, n->line, "%s( ) argument #%d must be an integer constant", fn, i);
	return n->ival;
}

/* The parameters of lquantize/llquantize, checked as dtrace checks them. */
static void quant_params(struct sema *s, struct dt_aggdesc *d, struct dt_node **a, int na, int line)
{
	if (d->func == DT_AGG_LQUANTIZE) {
		d->base = const_arg(s, a[1], "lquantize", 2);
		d->limit = const_arg(s, a[2], "lquantize", 3);
		d->step = na > 3 ? const_arg(s, a[3], "lquantize", 4) : 1;
		if (d->step <= 0)
			dt_sema_err(s, line, "lquantize( ) step must be greater than zero");
		if (d->base < INT32_MIN || d->base > INT32_MAX)
			dt_sema_err(s, line, "lquantize( ) argument #2 must be a 32-bit quantity");
		if (d->limit < INT32_MIN || d->limit > INT32_MAX)
			dt_sema_err(s, line, "lquantize( ) argument #3 must be a 32-bit quantity");
		if (d->step > UINT16_MAX)
			dt_sema_err(s, line, "lquantize( ) argument #4 must be a 16-bit quantity");
		if (d->limit <= d->base)
			dt_sema_err(s, line, "lquantize( ) base (argument #2) must be less than limit (argument #3)");
		if ((d->limit - d->base) / d->step > UINT16_MAX)
			dt_sema_err(s, line, "lquantize( ) limit (argument #3) must be no more than %d steps of size %lld above base (argument #2)",
			    UINT16_MAX, (long long)d->step);
	} else if (d->func == DT_AGG_LLQUANTIZE) {
		d->factor = const_arg(s, a[1], "llquantize", 2);
		d->low = const_arg(s, a[2], "llquantize", 3);
		d->high = const_arg(s, a[3], "llquantize", 4);
		d->nsteps = const_arg(s, a[4], "llquantize", 5);
		if (d->factor < 2)
			dt_sema_err(s, line, "llquantize( ) argument #2 (factor) must be two or more");
		if (d->low < 0)
			dt_sema_err(s, line, "llquantize( ) argument #3 (low magnitude) must be non-negative");
		if (d->high < d->low)
			dt_sema_err(s, line, "llquantize( ) argument #4 (high magnitude) must be at least argument #3 (low magnitude)");
		if (d->nsteps < d->factor || d->nsteps % d->factor != 0)
			dt_sema_err(s, line, "llquantize( ) argument #5 (number of steps) must be a multiple of argument #2 (factor) and at least as large");
	}
}

static struct dt_type *key_type(struct sema *s, struct dt_node *k)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	if (k->type->kind == DT_TK_STRING)
		return dtp->types.t_string;
	return k->type;
}

static const char *tname(struct dt_type *t)
{
	return t->name ? t->name : "?";
}

/* @name[keys] = func(args) */
struct dt_node *dt_sema_aggregate(struct sema *s, struct ast_expr *e, int is_assign)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	struct ast_expr *le = e->binary.left, *re = e->binary.right;
	const char *aname = le->agg.name;
	const char *fn = re->kind == AST_E_CALL && re->call.fn->kind == AST_E_IDENT ?
	    re->call.fn->ident.name : NULL;
	int fi = fn ? aggfunc_lookup(fn) : -1;
	if (fi < 0 || !is_assign)
		dt_sema_err(s, e->line, "@%s must be assigned the result of an aggregating function", aname);
	int na = re->call.nargs;
	if (na < aggfuncs[fi].minargs || na > aggfuncs[fi].maxargs) {
		int want = na < aggfuncs[fi].minargs ? aggfuncs[fi].minargs : aggfuncs[fi].maxargs;
		dt_sema_err(s, e->line, "%s( ) prototype mismatch: %d arg%spassed, %d expected",
		    fn, na, na == 1 ? " " : "s ", want);
	}
	struct dt_node *args[6] = { NULL };
	int i = 0;
	for (struct ast_expr *a = re->call.args; a; a = a->next, i++) {
		args[i] = dt_sema_expr(s, a);
		if (!dt_is_scalar(args[i]->type))
			dt_sema_err(s, e->line, "%s( ) argument #%d is incompatible with prototype:\n"
			    "\tprototype: %s\n\t argument: %s", fn, i + 1,
			    i == 0 ? "uint64_t" : "int", tname(args[i]->type));
	}
	struct dt_aggdesc d;
	memset(&d, 0, sizeof(d));
	d.func = aggfuncs[fi].func;
	quant_params(s, &d, args, na, e->line);
	dt_agg_nwords(&d);

	/* keys */
	struct dt_node *keys[DT_DV_MAXKEYS];
	int nk = 0;
	for (struct ast_expr *k = le->agg.keys; k; k = k->next) {
		if (nk >= DT_DV_MAXKEYS)
			dt_sema_err(s, e->line, "@%s[ ]: too many keys (at most %d)", aname, DT_DV_MAXKEYS);
		keys[nk] = dt_sema_expr(s, k);
		if (!dt_is_scalar(keys[nk]->type) && keys[nk]->type->kind != DT_TK_STRING)
			dt_sema_err(s, e->line, "@%s[ ]: keys of type %s are not supported", aname,
			    tname(keys[nk]->type));
		nk++;
	}

	struct dt_agg *g = agg_lookup(dtp, aname);
	if (g) {
		if (g->desc.func != d.func)
			dt_sema_err(s, e->line, "aggregation redefined: @%s\n\t current: @%s = %s( )\n"
			    "\tprevious: @%s = %s( ) : line %d", aname, aname, fn, aname,
			    fname(g->desc.func), g->line);
		if (memcmp(&g->desc, &d, sizeof(d)) != 0)
			dt_sema_err(s, e->line, "%s( ) parameters of @%s differ from its previous use : line %d",
			    fn, aname, g->line);
		if (g->nkeys != nk)
			dt_sema_err(s, e->line, "@%s[ ] prototype mismatch: %d arg%spassed, %d expected",
			    aname, nk, nk == 1 ? " " : "s ", g->nkeys);
		for (int k = 0; k < nk; k++) {
			struct dt_type *kt = g->keys[k];
			int ok = kt->kind == DT_TK_STRING ? keys[k]->type->kind == DT_TK_STRING :
			    dt_is_scalar(keys[k]->type);
			if (!ok)
				dt_sema_err(s, e->line, "@%s[ ] argument #%d is incompatible with prototype:\n"
				    "\tprototype: %s\n\t argument: %s", aname, k + 1, tname(kt),
				    tname(keys[k]->type));
		}
	} else {
		struct dt_agg **na2 = realloc(dtp->aggs, (size_t)(dtp->naggs + 1) * sizeof(*na2));
		if (!na2)
			dt_sema_err(s, e->line, "out of memory");
		dtp->aggs = na2;
		g = dt_alloc(dtp, sizeof(*g));
		dtp->aggs[dtp->naggs] = g;
		g->id = dtp->naggs++;
		g->name = dt_alloc(dtp, strlen(aname) + 1);
		strcpy(g->name, aname);
		g->line = e->line;
		g->desc = d;
		g->nkeys = nk;
		g->fd = -1;
		uint32_t off = 0;
		for (int k = 0; k < nk; k++) {
			struct dt_type *kt = key_type(s, keys[k]);
			g->keys[k] = kt;
			g->koff[k] = off;
			if (kt->kind == DT_TK_STRING) {
				g->kf[k].is_string = 1;
				g->kf[k].size = (uint32_t)dtp->opt[DTOPT_STRSIZE] + 1;
				off += DT_STRAREA(dtp);
			} else {
				g->kf[k].size = kt->kind == DT_TK_PTR ? 8 : kt->size;
				g->kf[k].is_signed = kt->is_signed && kt->kind != DT_TK_PTR;
				off += 8;
			}
		}
		g->ksize = off ? off : 8;
		if (g->ksize > dtp->agg_tuple)
			dtp->agg_tuple = g->ksize;
		if (d.nwords * 8 > dtp->agg_valsize)
			dtp->agg_valsize = d.nwords * 8;
	}

	struct dt_node *n = dt_sema_node(s, DN_S_AGG, e->line, dtp->types.t_void);
	n->agg = g;
	n->nargs = nk;
	n->args = dt_alloc(dtp, sizeof(*n->args) * (size_t)(nk ? nk : 1));
	for (int k = 0; k < nk; k++)
		n->args[k] = g->keys[k]->kind == DT_TK_STRING ? keys[k] :
		    dt_sema_cast(s, keys[k], g->keys[k]);
	struct dt_type *i64 = dt_typedef_lookup(&dtp->types, "int64_t");
	if (na > 0)
		n->l = dt_sema_cast(s, args[0], i64);
	int incr = d.func == DT_AGG_QUANTIZE ? 1 : d.func == DT_AGG_LQUANTIZE ? 4 :
	    d.func == DT_AGG_LLQUANTIZE ? 5 : -1;
	if (incr > 0 && na > incr)
		n->r = dt_sema_cast(s, args[incr], i64);
	return n;
}

/* An aggregation operand of an action: @name, defined earlier. */
static struct dt_agg *agg_operand(struct sema *s, struct ast_expr *x, const char *fn, int i)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	if (x->kind != AST_E_AGG)
		dt_sema_err(s, x->line, "%s( ) argument #%d is incompatible with prototype:\n"
		    "\tprototype: aggregation\n\t argument: %s", fn, i,
		    tname(dt_sema_expr(s, x)->type));
	if (x->agg.keys)
		dt_sema_err(s, x->line, "%s( ) argument #%d is incompatible with prototype:\n"
		    "\tprototype: aggregation\n\t argument: tuple", fn, i);
	struct dt_agg *g = agg_lookup(dtp, x->agg.name);
	if (!g)
		dt_sema_err(s, x->line, "failed to resolve @%s: Unknown variable name", x->agg.name);
	return g;
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
				dt_sema_err(s, e->line, "%s", err);
			dt_register_pf(dtp, a->pf);
			x = x->next;
			i++;
		}
		if (!x)
			dt_sema_err(s, e->line, "printa( ) prototype mismatch: no aggregation specified");
		for (; x; x = x->next, i++) {
			struct dt_agg *g = agg_operand(s, x, fn, i);
			g->printed = 1;
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
				dt_sema_err(s, e->line, "%s", err);
			for (int k = 1; k < a->naggs; k++)
				if (a->aggs[k]->nkeys != g->nkeys)
					dt_sema_err(s, e->line, "printa( ): aggregation @%s has a different key signature than @%s",
					    a->aggs[k]->name, g->name);
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
			if (!dt_is_int(v->type))
				dt_sema_err(s, e->line, "%s( ) argument #2 is incompatible with prototype:\n"
				    "\tprototype: uint64_t\n\t argument: %s", fn, tname(v->type));
			n->args[1] = dt_sema_cast(s, v, dt_typedef_lookup(&dtp->types, "int64_t"));
			dt_sema_field(s, a, n->args[1]->type);
		}
		return;
	}
}
