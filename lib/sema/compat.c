/*
 * compat.c - D's rules of type compatibility, as dtrace judges them
 * (dt_parser.c's dt_node_is_argcompat, dt_node_is_ptrcompat and
 * dt_node_is_strcompat): what may be assigned to a variable, passed
 * where a type is expected (translator members and inputs), and what a
 * string may be compared with.
 *
 * Integers (and enums) mix freely; strings, char arrays and char
 * pointers are all strings; pointers need the same referenced type or a
 * void pointer on either side, and the integer constant 0 is any
 * pointer's NULL.  A string is, to dtrace, a char array: so a void
 * pointer or NULL is also compatible with it (a NULL string compares
 * equal to "", as dtrace's string comparison reads a NULL string as
 * empty).
 */
#include <string.h>
#include "sema_int.h"

int dt_sema_type_same(const struct dt_type *a, const struct dt_type *b)
{
	if (a == b)
		return 1;
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case DT_TK_INT:
	case DT_TK_FLOAT:
		return a->size == b->size && a->is_signed == b->is_signed;
	case DT_TK_PTR:
		return dt_sema_type_same(a->ref, b->ref);
	case DT_TK_ARRAY:
		return a->nelems == b->nelems && dt_sema_type_same(a->ref, b->ref);
	case DT_TK_STRUCT:
	case DT_TK_UNION:
	case DT_TK_ENUM:
		/* a kernel struct and its placeholder (curthread) are one */
		return !strcmp(a->name, b->name);
	case DT_TK_STRING:
	case DT_TK_VOID:
		return 1;
	default:
		return 0;
	}
}

int dt_sema_strcompat(const struct dt_type *t)
{
	if (t->kind == DT_TK_STRING)
		return 1;
	return (t->kind == DT_TK_ARRAY || t->kind == DT_TK_PTR) && t->ref &&
	    t->ref->kind == DT_TK_INT && t->ref->size == 1;
}

/* a pointer to void */
static int voidp(const struct dt_type *t)
{
	return t->kind == DT_TK_PTR && t->ref->kind == DT_TK_VOID;
}

int dt_sema_is_null(const struct dt_node *v)
{
	return v->kind == DN_CONST && v->ival == 0 && (dt_is_int(v->type) || voidp(v->type));
}

int dt_sema_argcompat(const struct dt_type *f, const struct dt_node *v)
{
	const struct dt_type *t = v->type;
	if (dt_is_int(f) && dt_is_int(t))
		return 1;
	if (dt_sema_strcompat(f) && dt_sema_strcompat(t))
		return 1;
	if (f->kind == DT_TK_STRING)
		return dt_sema_is_null(v) || voidp(t);
	if (f->kind != DT_TK_PTR)
		return dt_sema_type_same(f, t);
	if (dt_is_int(t))
		return dt_sema_is_null(v);
	if (t->kind != DT_TK_PTR)
		return 0;
	return voidp(f) || voidp(t) || dt_sema_type_same(f->ref, t->ref);
}

struct dt_node *dt_sema_strval(struct sema *s, struct dt_node *n)
{
	if (dt_sema_is_null(n)) {
		struct dt_node *e = dt_sema_node(s, DN_STR, n->line, s->tt->t_string);
		e->str = "";
		return e;
	}
	if (voidp(n->type)) {
		/* the string at that address */
		struct dt_node *k = dt_sema_node(s, DN_KSTR, n->line, s->tt->t_string);
		k->l = n;
		k->ival = (int64_t)dt_sema_hdl(s)->opt[DTOPT_STRSIZE];
		return k;
	}
	return dt_sema_string(s, n);
}
