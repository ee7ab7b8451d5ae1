/*
 * xlate.c - translators: declarations, the xlate operator, member rewriting.
 *
 * Owns the handle's translator list and D's rules for it (the Dynamic
 * Tracing Guide's "Translators" chapter): a declaration's output must be
 * a complete struct or union, every member it defines must be a member of
 * the output and have a compatible type, a pair of types has at most one
 * translator.  xlate <T>(e) and xlate <T *>(e) find the translator for
 * e's type (exact type first, then any compatible input), and become a
 * DN_XLATE node that only member references may consume: x.m and x->m
 * are rewritten into the translator's expression for m, lowered with the
 * input identifier bound to e, so only the members used are computed.
 *
 * Library translators are checked lazily, when an xlate to their output
 * type is compiled: their input is typically a kernel type whose BTF is
 * not read unless a script needs it.
 */
#include <stdio.h>
#include <string.h>
#include "front/ast.h"
#include "kernel/btf.h"
#include "sema_int.h"
#include "xlate.h"
#include "dlib.h"

#define MAX_BIND_DEPTH 32

/* The type of member name of struct/union t, NULL if it has none. */
static struct dt_type *member_type(struct sema *s, struct dt_type *t, const char *name)
{
	if (t->btf_id) {
		uint32_t off, bits, bitoff;
		struct dt_type *mt;
		return dt_btf_member(dt_sema_hdl(s), t, name, &off, &mt, &bits, &bitoff) < 0 ? NULL : mt;
	}
	for (int i = 0; i < t->nmembers; i++)
		if (!strcmp(t->members[i].name, name))
			return t->members[i].type;
	return NULL;
}

/* ---- the input identifier ---- */

void dt_xlate_bind(struct sema *s, const char *name, struct dt_node *n, int line)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	if (dtp->nxlbinds == MAX_BIND_DEPTH)
		dt_sema_err(s, D_ID_OFLOW, line, "translators nested too deeply (a translator using itself?)");
	if (dtp->nxlbinds == dtp->xlbindcap) {
		dtp->xlbindcap = MAX_BIND_DEPTH;
		dtp->xlbinds = dt_alloc(dtp, sizeof(*dtp->xlbinds) * MAX_BIND_DEPTH);
	}
	dtp->xlbinds[dtp->nxlbinds].name = name;
	dtp->xlbinds[dtp->nxlbinds].node = n;
	dtp->nxlbinds++;
}

void dt_xlate_unbind(struct sema *s)
{
	dt_sema_hdl(s)->nxlbinds--;
}

struct dt_node *dt_xlate_binding(dtrace_hdl_t *dtp, const char *name)
{
	for (int i = dtp->nxlbinds - 1; i >= 0; i--)
		if (!strcmp(dtp->xlbinds[i].name, name))
			return dtp->xlbinds[i].node;
	return NULL;
}

void dt_xlate_reset(dtrace_hdl_t *dtp)
{
	dtp->nxlbinds = 0;
}

/* A stand-in of type t for checking member expressions at declaration. */
static struct dt_node *placeholder(struct sema *s, struct dt_type *t, int line)
{
	if (t->kind == DT_TK_STRUCT || t->kind == DT_TK_UNION) {
		struct dt_node *p = placeholder(s, dt_type_ptr(&dt_sema_hdl(s)->types, t), line);
		struct dt_node *n = dt_sema_node(s, DN_UNARY, line, t);
		n->op = DT_OP_DEREF;
		n->l = p;
		return n;
	}
	return dt_sema_node(s, DN_ARG, line, t);	/* never generated */
}

/* ---- declarations ---- */

static void check(struct sema *s, struct dt_xlator *x);

/* Resolve x's output type (cheap: no kernel types in practice). */
static void resolve_out(struct sema *s, struct dt_xlator *x)
{
	if (x->out)
		return;
	struct dt_sema_ctx save;
	dt_sema_enter(s, x->libtag, 0, &save);
	x->out = dt_sema_type(s, x->ast->out_type);
	dt_sema_leave(s, &save);
}

/* Make x usable if it translates to out (or to anything if out is NULL). */
static int ready_for(struct sema *s, struct dt_xlator *x, struct dt_type *out)
{
	if (x->state == DT_XL_PENDING) {
		resolve_out(s, x);
		if (out && !dt_sema_type_same(x->out, out))
			return 0;
		check(s, x);
	}
	return !out || dt_sema_type_same(x->out, out);
}

static void check(struct sema *s, struct dt_xlator *x)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	struct ast_translator *a = x->ast;
	struct dt_sema_ctx save;

	x->state = DT_XL_CHECKING;
	dt_sema_enter(s, x->libtag, 1, &save);
	if (!x->out)
		x->out = dt_sema_type(s, a->out_type);
	x->in = dt_sema_type(s, a->in_type);
	for (struct dt_xlator *o = dtp->xlators; o && o != x; o = o->next) {
		if (!ready_for(s, o, x->out) || !o->in)
			continue;
		if (dt_sema_type_same(o->in, x->in))
			dt_sema_err(s, D_XLATE_REDECL, x->line, "translator from %s to %s has already been declared",
			    x->in->name, x->out->name);
	}
	struct dt_type *out = x->out;
	if ((out->kind == DT_TK_STRUCT || out->kind == DT_TK_UNION || out->kind == DT_TK_ENUM) &&
	    !out->complete && !out->btf_id)
		dt_sema_err(s, D_XLATE_SOU, x->line, "incomplete struct/union/enum %s", out->name);
	if (out->kind != DT_TK_STRUCT && out->kind != DT_TK_UNION)
		dt_sema_err(s, D_XLATE_SOU, x->line, "translator output type must be a struct or union");
	for (struct ast_xlmember *m = a->members; m; m = m->next) {
		struct dt_type *mt = member_type(s, out, m->name);
		if (!mt)
			dt_sema_err(s, D_XLATE_MEMB, m->line, "translator member %s is not a member of %s",
			    m->name, out->name);
		dt_xlate_bind(s, a->in_name, placeholder(s, x->in, m->line), m->line);
		struct dt_node *v = dt_sema_expr(s, m->value);
		dt_xlate_unbind(s);
		if (!dt_sema_argcompat(mt, v)) {
			char vt[64];	/* a kernel char array is still one */
			snprintf(vt, sizeof(vt), "char [%lld]", (long long)v->ival);
			dt_sema_err(s, D_XLATE_INCOMPAT, m->line, "translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
			    m->name, mt->name, v->kind == DN_KSTR ? vt : v->type->name);
		}
	}
	dt_sema_leave(s, &save);
	x->state = DT_XL_READY;
}

void dt_xlate_declare(struct sema *s, struct ast_item *it)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	struct dt_xlator *x = dt_alloc(dtp, sizeof(*x));
	x->ast = &it->xlator;
	x->line = it->line;
	x->libtag = dtp->cur_libtag;
	x->state = DT_XL_PENDING;
	struct dt_xlator **tail = &dtp->xlators;
	while (*tail)
		tail = &(*tail)->next;
	*tail = x;
	if (!x->libtag)
		check(s, x);
}

/* ---- the xlate operator ---- */

static struct dt_xlator *lookup(struct sema *s, struct dt_node *v, struct dt_type *out)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	/* the exact input type first, then any compatible one */
	for (struct dt_xlator *x = dtp->xlators; x; x = x->next)
		if (ready_for(s, x, out) && x->in && dt_sema_type_same(x->in, v->type))
			return x;
	for (struct dt_xlator *x = dtp->xlators; x; x = x->next)
		if (ready_for(s, x, out) && x->in && dt_sema_argcompat(x->in, v))
			return x;
	return NULL;
}

struct dt_xlator *dt_xlate_find(struct sema *s, struct dt_node *v, struct dt_type *t)
{
	struct dt_type *out = t->kind == DT_TK_PTR ? t->ref : t;
	struct dt_xlator *x = NULL;
	if (out->kind == DT_TK_STRUCT || out->kind == DT_TK_UNION)
		x = lookup(s, v, out);
	/* a translator of a D library not compiled yet (it is indexed by
	 * its output type's name) */
	if (!x && (out->kind == DT_TK_STRUCT || out->kind == DT_TK_UNION) &&
	    (dt_sema_need_type(s, t->name) | dt_sema_need_type(s, out->name)) > 0)
		x = lookup(s, v, out);
	return x;
}

struct dt_node *dt_xlate_to(struct sema *s, struct dt_node *v, struct dt_type *t, int line)
{
	struct dt_xlator *x = dt_xlate_find(s, v, t);
	if (!x)
		dt_sema_err(s, D_XLATE_NONE, line, "cannot translate from \"%s\" to \"%s\"",
		    v->type->name, t->name);
	struct dt_node *n = dt_sema_node(s, DN_XLATE, line, t);
	n->l = v;
	n->xlator = x;
	return n;
}

struct dt_node *dt_xlate_expr(struct sema *s, struct ast_expr *e)
{
	struct dt_type *t = dt_sema_type(s, e->xlate.type);
	struct dt_node *v = dt_sema_expr(s, e->xlate.operand);
	return dt_xlate_to(s, v, t, e->line);
}

struct dt_node *dt_xlate_deref(struct sema *s, struct dt_node *x)
{
	struct dt_node *n = dt_sema_node(s, DN_XLATE, x->line, x->type->ref);
	n->l = x->l;
	n->xlator = x->xlator;
	return n;
}

/* The member's value as the output member's type. */
static struct dt_node *convert(struct sema *s, struct dt_node *v, struct dt_type *mt,
    const char *name, int line)
{
	if (dt_sema_strcompat(mt) && mt->kind != DT_TK_PTR && v->type->kind == DT_TK_STRING) {
		/* (or a string known to be shorter: no substr to run) */
		uint32_t b = dt_sema_str_bound(s, v);
		if (mt->kind != DT_TK_ARRAY || !mt->nelems ||
		    (v->kind == DN_KSTR && v->ival <= (int64_t)mt->nelems) ||
		    (b && b <= mt->nelems))
			return v;
		/* no longer than the char array member: substr(v, 0, N - 1) */
		dtrace_hdl_t *dtp = dt_sema_hdl(s);
		struct dt_node *n = dt_sema_node(s, DN_CALL, line, v->type);
		n->func = DT_F_SUBSTR;
		n->nargs = 3;
		n->args = dt_alloc(dtp, sizeof(*n->args) * 3);
		n->args[0] = v;
		n->args[1] = dt_sema_node(s, DN_CONST, line, dtp->types.t_int);
		n->args[2] = dt_sema_node(s, DN_CONST, line, dtp->types.t_int);
		n->args[2]->ival = mt->nelems - 1;
		return n;
	}
	if (dt_is_scalar(mt) && dt_is_scalar(v->type))
		return dt_sema_cast(s, v, mt);
	if ((mt->kind == DT_TK_STRUCT || mt->kind == DT_TK_UNION) && v->kind == DN_XLATE)
		return v;
	if ((mt->kind == DT_TK_STRUCT || mt->kind == DT_TK_UNION) &&
	    (v->kind == DN_UNARY || v->kind == DN_OBJ) && dt_sema_type_same(mt, v->type))
		return v;		/* a struct in memory or in a D variable */
	if (mt->kind == DT_TK_STRING && v->type->kind == DT_TK_STRING)
		return v;
	dt_sema_err(s, D_XLATE_INCOMPAT, line, "translator member %s of type %s is not supported yet", name, mt->name);
}

struct dt_node *dt_xlate_member(struct sema *s, struct dt_node *x, const char *name,
    int arrow, int line)
{
	struct dt_xlator *xl = x->xlator;
	dt_sema_sou_of(s, line, arrow, x->type);
	struct ast_xlmember *m = xl->ast->members;
	while (m && strcmp(m->name, name))
		m = m->next;
	if (!m)
		dt_sema_err(s, D_XLATE_NOCONV, line, "translator does not define conversion for member: %s", name);
	struct dt_type *mt = member_type(s, xl->out, name);
	/* the input, as the translator declares it */
	struct dt_node *in = x->l;
	if (dt_is_scalar(in->type) && dt_is_scalar(xl->in))
		in = dt_sema_cast(s, in, xl->in);
	struct dt_sema_ctx save;
	if (xl->libtag)
		dt_sema_enter(s, xl->libtag, 0, &save);
	dt_xlate_bind(s, xl->ast->in_name, in, line);
	struct dt_node *v = dt_sema_expr(s, m->value);
	dt_xlate_unbind(s);
	v = convert(s, v, mt, name, m->line);
	if (xl->libtag)
		dt_sema_leave(s, &save);
	return v;
}

/*
 * x (a translation to a struct or union, not a pointer) as a whole value:
 * every member the translator defines, at its offset, the others zero
 * (the guide: members without a translation are zero-filled in a copy).
 * Members that are translations themselves are built the same way.
 */
struct dt_node *dt_xlate_whole(struct sema *s, struct dt_node *x)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	struct dt_xlator *xl = x->xlator;
	struct dt_type *out = xl->out;
	int n = 0;
	for (struct ast_xlmember *m = xl->ast->members; m; m = m->next)
		n++;
	struct dt_node *v = dt_sema_node(s, DN_SOU, x->line, out);
	v->args = dt_alloc(dtp, sizeof(*v->args) * (size_t)(n ? n : 1));
	v->offs = dt_alloc(dtp, sizeof(*v->offs) * 2 * (size_t)(n ? n : 1));
	for (struct ast_xlmember *m = xl->ast->members; m; m = m->next) {
		uint32_t off = 0, bits = 0, bitoff = 0;
		struct dt_type *mt = NULL;
		if (out->btf_id) {
			dt_btf_member(dtp, out, m->name, &off, &mt, &bits, &bitoff);
		} else {
			for (int i = 0; i < out->nmembers; i++)
				if (!strcmp(out->members[i].name, m->name)) {
					mt = out->members[i].type;
					off = out->members[i].offset;
					bits = out->members[i].bits;
				}
		}
		if (bits)
			dt_sema_err(s, D_XLATE_INCOMPAT, x->line, "xlate <%s>: bit-field member %s cannot be copied",
			    out->name, m->name);
		struct dt_node *mv = dt_xlate_member(s, x, m->name, 0, x->line);
		if (mv->kind == DN_XLATE)
			mv = dt_xlate_whole(s, mv);
		v->args[v->nargs] = mv;
		v->offs[2 * v->nargs] = off;
		v->offs[2 * v->nargs + 1] = mt->kind == DT_TK_PTR ? 8 : mt->size;
		v->nargs++;
	}
	return v;
}

/* ---- translated values may only be dereferenced ---- */

void dt_xlate_check(struct sema *s, struct dt_node *n)
{
	for (; n; n = n->next) {
		if (n->kind == DN_XLATE && n->type->kind == DT_TK_PTR)
			dt_sema_err(s, D_CG_DYN, n->line, "expression cannot evaluate to result of "
			    "a translated pointer");
		if (n->kind == DN_XLATE)
			dt_sema_err(s, D_CG_DYN, n->line, "xlate <%s>: a translated struct may only be "
			    "assigned to a variable, traced, or used through its members", n->type->name);
		dt_xlate_check(s, n->l);
		dt_xlate_check(s, n->r);
		if (n->kind == DN_TERNARY || n->kind == DN_S_IF)
			dt_xlate_check(s, n->x);
		for (int i = 0; i < n->nargs; i++)
			dt_xlate_check(s, n->args[i]);
	}
}

void dt_xlate_free(dtrace_hdl_t *dtp)
{
	/* everything lives in the handle's arena */
	dtp->xlators = NULL;
	dtp->nxlbinds = 0;
}
