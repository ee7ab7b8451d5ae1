/*
 * obj.c - D variables that hold objects: scalar arrays, structs and
 * unions declared as globals (`int a[5]; struct foo f;`), clause-locals
 * (`this int a[5];`), thread-locals (`self struct foo s;`) and the
 * elements of associative arrays (`struct foo a[string];`,
 * `self struct foo t[int]`, or implied by assigning such an object).
 *
 * Such a variable is not a value but storage (in the globals map, the
 * mstate frame's this-> area, or a dynamic variable's value), so it
 * lowers to a DN_OBJ: the variable, the key tuple of an associative
 * array's element (args), a constant byte offset, and the run-time
 * indexes met on the way (`m[i][2].x` is offset 2 * 8 + offsetof(x)
 * plus i * 24).  Constant
 * indexes are checked here (dtrace's "index outside array bounds"), the
 * others when the program runs (cg/obj.c, fault "index out of bounds").
 * A scalar DN_OBJ is loaded or stored in place (a bit-field as its bits
 * in the unit of its type holding it); a char array is also a string (a
 * DN_KSTR reading its address), as DTrace treats char arrays; any other
 * array decays to the address of its first element.
 */
#include <string.h>
#include "sema_int.h"
#include "kernel/btf.h"

int dt_obj_is_aggregate(const struct dt_type *t)
{
	return t->kind == DT_TK_ARRAY || t->kind == DT_TK_STRUCT || t->kind == DT_TK_UNION;
}

static int is_chararray(const struct dt_type *t)
{
	return t->kind == DT_TK_ARRAY && t->ref->kind == DT_TK_INT && t->ref->size == 1;
}

struct dt_node *dt_obj_of(struct dt_node *n)
{
	if (n->kind == DN_OBJ)
		return n;
	if (n->kind == DN_KSTR && n->l && n->l->kind == DN_OBJADDR)
		return n->l->l;
	return NULL;
}

struct dt_node *dt_obj_addr(struct sema *s, int line, struct dt_node *obj,
    struct dt_type *ptype)
{
	struct dt_node *a = dt_sema_node(s, DN_OBJADDR, line, ptype);
	a->l = obj;
	return a;
}

/* obj as an expression: itself, or for a char array the string in it */
static struct dt_node *value(struct sema *s, int line, struct dt_node *obj)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	struct dt_type *t = obj->type;
	if (!is_chararray(t))
		return obj;
	struct dt_node *k = dt_sema_node(s, DN_KSTR, line, dtp->types.t_string);
	k->l = dt_obj_addr(s, line, obj, dt_type_ptr(&dtp->types, t->ref));
	k->ival = t->nelems;
	k->op = 1;		/* an array: indexes are bounds-checked */
	return k;
}

struct dt_node *dt_obj_var(struct sema *s, int line, struct dt_gvar *g, struct dt_dvar *v,
    struct dt_node **keys, int nkeys)
{
	struct dt_node *n = dt_sema_node(s, DN_OBJ, line, g ? g->type : v->type);
	n->var = g;
	n->dvar = v;
	n->args = keys;
	n->nargs = nkeys;
	return value(s, line, n);
}

int dt_obj_is_dynamic(const struct dt_node *obj)
{
	return obj->dvar && obj->dvar->kind != DT_DV_THIS;
}

/* a copy of obj at offset off (type t), with path + one more index */
static struct dt_node *derive(struct sema *s, int line, struct dt_node *obj,
    struct dt_type *t, int64_t off)
{
	struct dt_node *n = dt_sema_node(s, DN_OBJ, line, t);
	n->var = obj->var;
	n->dvar = obj->dvar;
	n->args = obj->args;
	n->nargs = obj->nargs;
	n->ival = off;
	n->path = obj->path;
	return n;
}

struct dt_node *dt_obj_index(struct sema *s, int line, struct dt_node *obj,
    struct dt_node *idx)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	struct dt_type *t = obj->type, *et = t->ref;
	if (!dt_is_int(idx->type))
		dt_sema_err(s, D_OP_INCOMPAT, line, "operands have incompatible types: \"%s\" + \"%s\"",
		    t->name, idx->type->name);
	if (idx->kind == DN_CONST) {
		if (idx->ival < 0 || (uint64_t)idx->ival >= t->nelems)
			dt_sema_err(s, D_ARR_BADREF, line, "index outside array bounds: %lld, max is %u",
			    (long long)idx->ival, t->nelems);
		return value(s, line, derive(s, line, obj, et, obj->ival + idx->ival * (int64_t)et->size));
	}
	struct dt_node *n = derive(s, line, obj, et, obj->ival);
	struct dt_objpath *p = dt_alloc(dtp, sizeof(*p));
	if (obj->path)
		*p = *obj->path;
	if (p->n >= DT_OBJ_MAXIDX)
		dt_sema_err(s, D_ID_OFLOW, line, "more than %d variable array indexes in one expression",
		    DT_OBJ_MAXIDX);
	p->idx[p->n] = dt_sema_cast(s, idx, dtp->types.t_long);
	p->nelems[p->n] = t->nelems;
	p->stride[p->n] = et->size;
	p->n++;
	n->path = p;
	return value(s, line, n);
}

struct dt_node *dt_obj_member(struct sema *s, int line, struct dt_node *obj,
    const char *name)
{
	struct dt_type *st = obj->type;
	uint32_t off, bits, bitoff;
	struct dt_type *mt = dt_sema_member_find(s, st, name, &off, &bits, &bitoff);
	if (!mt)
		dt_sema_err(s, D_TYPE_MEMBER, line, "%s is not a member of %s", name, st->name);
	if (!bits)
		return value(s, line, derive(s, line, obj, mt, obj->ival + off));
	/* a bit-field is read and written in the unit of its type holding
	 * it (cg/obj.c); a packed one (a kernel struct's) the caller reads
	 * through the address */
	uint32_t at, unit, rel;
	if (dt_sema_bitfield_unit((uint64_t)off * 8 + bitoff, bits, mt, &at, &unit, &rel) != 1)
		return NULL;
	struct dt_node *n = derive(s, line, obj, mt, obj->ival + at);
	n->bitfield = bits;
	n->bitoff = rel;
	return n;
}
