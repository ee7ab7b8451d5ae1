/*
 * expr.c - D expressions: each kind of expression checked and typed, and
 * lowered to the typed IR (node.h).
 *
 * Literals take the smallest type that holds them (a character constant
 * as a decimal one: int, long past four characters); unary -, + and ~
 * promote their operand as C does; ?: takes the common type of its arms;
 * casts are between scalars (an array cast is its address); sizeof and
 * stringof are folded or lowered here.
 * Assignments are checked here and their targets found by var.c;
 * binary operators are arith.c's, names var.c's, members, indexing and
 * & member.c's, calls call.c's.  A constant subexpression is folded as
 * it is built, so a constant anywhere is a DN_CONST.
 */
#include <string.h>
#include "sema_int.h"
#include "front/ast.h"
#include "xlate.h"

static int is_lvalue(struct dt_node *n)
{
	/* *p and p->m too: stores are checked to hit scratch memory at run
	 * time, as DTrace does */
	return n->kind == DN_VAR || n->kind == DN_DVAR ||
	    (n->kind == DN_OBJ && dt_is_value(n->type)) ||
	    (n->kind == DN_UNARY && n->op == DT_OP_DEREF && dt_is_value(n->type));
}

/* Can a value of type r be assigned to an object of type l?  Scalars
 * convert; a float only to a float of its size (DTrace's compatible
 * types). */
static int assignable(const struct dt_type *l, const struct dt_type *r)
{
	return (dt_is_scalar(l) && dt_is_scalar(r)) ||
	    (dt_is_float(l) && dt_is_float(r) && l->size == r->size);
}

struct dt_node *dt_sema_cast(struct sema *s, struct dt_node *n,
    struct dt_type *t)
{
	if (n->type == t)
		return n;
	if (n->kind == DN_CONST && (dt_is_int(t) || t->kind == DT_TK_PTR))
		return dt_sema_const(s, n->line, t, n->ival);
	struct dt_node *c = dt_sema_node(s, DN_CAST, n->line, t);
	c->l = n;
	return c;
}

/*
 * n as a string value: strings as they are, char arrays and char pointers
 * (D's promotions) as the kernel string at that address; else NULL.
 */
struct dt_node *dt_sema_string(struct sema *s, struct dt_node *n)
{
	struct dt_type *t = n->type;
	if (t->kind == DT_TK_STRING)
		return n;
	if (t->kind == DT_TK_PTR && t->ref->kind == DT_TK_INT && t->ref->size == 1) {
		struct dt_node *k = dt_sema_node(s, DN_KSTR, n->line, s->tt->t_string);
		k->l = n;
		k->ival = (int64_t)s->dtp->opt[DTOPT_STRSIZE];
		return k;
	}
	return NULL;
}

/*
 * n as a whole value: a translation to a struct becomes the struct built
 * member by member (the guide's Translators chapter: a translated struct
 * may be copied whole); anything else is unchanged.
 */
struct dt_node *dt_sema_whole(struct sema *s, struct dt_node *n)
{
	if (n->kind == DN_XLATE && (n->type->kind == DT_TK_STRUCT || n->type->kind == DT_TK_UNION))
		return dt_xlate_whole(s, n);
	return n;
}

/*
 * e an assignment (=, +=, ...): a scalar or string stored to a variable
 * or through a pointer, a struct or union copied whole, a string copied
 * into a char array.  The target, which the assignment may declare, is
 * var.c's.
 */
static struct dt_node *assign(struct sema *s, struct ast_expr *e)
{
	struct ast_expr *le = e->binary.left;
	enum ast_op op = e->binary.op;
	if (le->kind == AST_E_IDENT && strchr(le->ident.name, '`'))	/* a kernel symbol */
		dt_sema_err(s, D_OP_WRITE, e->line, "operator %s can only be applied to a writable variable",
		    dt_sema_opname(op));
	if (le->kind == AST_E_INDEX && le->index.base->kind == AST_E_AGG)	/* @a[x][y] */
		dt_sema_agg_mdim(s, le->index.base);
	struct dt_node *r = dt_sema_whole(s, dt_sema_expr(s, e->binary.right));
	struct dt_node *l = dt_sema_assign_target(s, e, r);
	struct dt_node *obj = dt_obj_of(l);
	if (obj && op == AST_OP_ASSIGN && dt_obj_is_dynamic(obj) && obj->type == obj->dvar->type &&
	    !obj->ival && !obj->path && r->kind == DN_CONST && !r->ival && dt_is_int(r->type) &&
	    (obj->type->kind == DT_TK_STRUCT || obj->type->kind == DT_TK_UNION)) {
		/* 0 deletes a dynamic variable, a struct or union too (as
		 * Oracle Linux DTrace does; a statement) */
		struct dt_node *n = dt_sema_node(s, DN_ASSIGN, e->line, s->tt->t_void);
		n->l = obj;
		n->r = r;
		n->ival = 1;
		return n;
	}
	if (r->type->kind == DT_TK_STRUCT || r->type->kind == DT_TK_UNION ||
	    (obj && op == AST_OP_ASSIGN &&
	    (obj->type->kind == DT_TK_STRUCT || obj->type->kind == DT_TK_UNION))) {
		/* a struct or union copied whole into a D variable */
		if (op != AST_OP_ASSIGN || !obj || obj->type->kind != r->type->kind ||
		    (obj->type != r->type && strcmp(obj->type->name, r->type->name)))
			dt_sema_err(s, D_OP_INCOMPAT, e->line, "operands have incompatible types: \"%s\" %s \"%s\"",
			    l->type->name, dt_sema_opname(op), r->type->name);
		if (r->kind == DN_SOU && r->type->size > s->dtp->sou_size)
			s->dtp->sou_size = r->type->size;
		/* (a statement: the copy is not a value) */
		struct dt_node *n = dt_sema_node(s, DN_ASSIGN, e->line, s->tt->t_void);
		n->l = obj;
		n->r = r;
		return n;
	}
	if (obj && obj->type->kind == DT_TK_ARRAY && op == AST_OP_ASSIGN &&
	    dt_sema_string(s, r)) {
		/* a string into a char array variable (a statement) */
		struct dt_node *n = dt_sema_node(s, DN_ASSIGN, e->line, s->tt->t_void);
		n->l = obj;
		n->r = dt_sema_string(s, r);
		return n;
	}
	if (obj && obj->type->kind == DT_TK_ARRAY && op == AST_OP_ASSIGN)
		dt_sema_err(s, D_OP_ARRFUN, e->line, "operator %s may not be applied to operand of type \"%s\"",
		    dt_sema_opname(op), obj->type->name);
	if (!is_lvalue(l)) {
		if (l->kind == DN_BUILTIN || l->kind == DN_ARG)
			dt_sema_err(s, D_OP_WRITE, e->line, "operator %s can only be applied to a writable variable",
			    dt_sema_opname(op));
		dt_sema_err(s, D_OP_LVAL, e->line, "operator %s requires modifiable lvalue as an operand",
		    dt_sema_opname(op));
	}
	struct dt_node *val = r;
	if (l->type->kind == DT_TK_STRING) {
		/* a string, char array or pointer, void pointer or NULL */
		struct dt_node *sv = op == AST_OP_ASSIGN && dt_sema_argcompat(l->type, r) ?
		    dt_sema_strval(s, r) : NULL;
		if (!sv)
			dt_sema_err(s, D_OP_INCOMPAT, e->line, "operands have incompatible types: \"%s\" %s \"%s\"",
			    l->type->name, dt_sema_opname(op), r->type->name);
		struct dt_node *n = dt_sema_node(s, DN_ASSIGN, e->line, l->type);
		n->var = l->var;
		n->l = l;
		n->r = sv;
		/* NULL (0) deletes a dynamic variable, as any 0 does; a
		 * global or clause-local one holds "" */
		n->ival = dt_sema_is_null(r);
		return n;
	}
	if ((op == AST_OP_ADD_ASSIGN || op == AST_OP_SUB_ASSIGN) &&
	    !(dt_is_int(l->type) && dt_is_int(r->type)) &&
	    (l->type->kind != DT_TK_PTR || l->type->ref->kind == DT_TK_VOID ||
	    l->type->ref->kind == DT_TK_FUNC))
		dt_sema_err(s, D_OP_VFPTR, e->line, "operator %s requires left-hand scalar operand of known size",
		    dt_sema_opname(op));
	if (op != AST_OP_ASSIGN)
		val = dt_sema_binop(s, e->line, op, l, r);
	if (!assignable(l->type, val->type) || (op == AST_OP_ASSIGN &&
	    dt_is_scalar(l->type) && !dt_sema_argcompat(l->type, r)))
		dt_sema_err(s, D_OP_INCOMPAT, e->line, "operands have incompatible types: \"%s\" %s \"%s\"",
		    l->type->name, dt_sema_opname(op), r->type->name);
	struct dt_node *n = dt_sema_node(s, DN_ASSIGN, e->line, l->type);
	n->var = l->var;
	n->l = l;
	/* A D variable holds 64 bits whatever its integer type (dtrace's DIF
	 * stores the whole register): `t = 0; t = timestamp;` loses nothing,
	 * only what records the variable at its type's size (trace, printf)
	 * sees fewer bits.  Memory (members, elements, *p) has its size. */
	if ((l->kind == DN_VAR || l->kind == DN_DVAR) && dt_is_int(l->type) && dt_is_int(val->type))
		n->r = val;
	else
		n->r = dt_sema_cast(s, val, l->type);
	return n;
}

int dt_sema_is_aggstmt(const struct ast_expr *e)
{
	return e->kind == AST_E_BINARY && e->binary.op >= AST_OP_ASSIGN &&
	    e->binary.op <= AST_OP_OR_ASSIGN && e->binary.left->kind == AST_E_AGG;
}

int dt_sema_is_actcall(const struct ast_expr *e)
{
	return e->kind == AST_E_CALL && e->call.fn->kind == AST_E_IDENT &&
	    dt_sema_action_lookup(e->call.fn->ident.name) >= 0;
}

struct ast_expr *dt_sema_chosen(struct sema *s, struct ast_expr *e, struct dt_node **cond)
{
	*cond = NULL;
	while (e->kind == AST_E_TERNARY) {
		struct dt_node *c = dt_sema_expr(s, e->ternary.cond);
		if (c->kind != DN_CONST) {
			*cond = c;
			break;
		}
		e = c->ival ? e->ternary.then_e : e->ternary.else_e;
	}
	return e;
}

/* A branch of ?: that is an action or an aggregation is not a value: it
 * stands for its type in the checks (void, dynamic) and is not lowered. */
static struct dt_node *branch(struct sema *s, struct ast_expr *e)
{
	if (dt_sema_is_actcall(e) || dt_sema_is_aggstmt(e))
		return dt_sema_node(s, DN_CONST, e->line, s->tt->t_void);
	return dt_sema_expr(s, e);
}

struct dt_node *dt_sema_ternary(struct sema *s, struct ast_expr *e, struct dt_node *c)
{
	struct dt_typetab *tt = s->tt;
	struct ast_expr *ae = e->ternary.then_e, *be = e->ternary.else_e;
	struct dt_node *a = branch(s, ae);
	struct dt_node *b = branch(s, be);
	/* dtrace's checks, in its order */
	if (!dt_is_scalar(c->type))
		dt_sema_err(s, D_OP_SCALAR, e->line, "operator ?: expression must be of scalar type");
	if (dt_sema_is_aggstmt(ae) || dt_sema_is_aggstmt(be))
		dt_sema_err(s, D_OP_DYN, e->line, "operator ?: operands cannot be of dynamic type");
	struct dt_type *t;
	if (dt_is_int(a->type) && dt_is_int(b->type))
		t = dt_type_arith(tt, a->type, b->type);
	else if (a->type == b->type || (a->type->kind == DT_TK_STRING && b->type->kind == DT_TK_STRING))
		t = a->type;
	else if ((a->type->kind == DT_TK_STRING || b->type->kind == DT_TK_STRING) &&
	    dt_sema_strval(s, a) && dt_sema_strval(s, b))
		t = tt->t_string;	/* a string and a char pointer, NULL ... */
	else if (a->type->kind == DT_TK_PTR && dt_is_int(b->type))
		t = a->type;
	else if (b->type->kind == DT_TK_PTR && dt_is_int(a->type))
		t = b->type;
	else
		dt_sema_err(s, D_OP_INCOMPAT, e->line, "operator ?: operands must have compatible types");
	if (dt_sema_is_actcall(ae) || dt_sema_is_actcall(be))
		dt_sema_err(s, D_OP_ACT, e->line, "action cannot be used in a conditional context");
	if (t->kind == DT_TK_STRING) {
		a = dt_sema_strval(s, a);
		b = dt_sema_strval(s, b);
	} else {
		a = dt_sema_cast(s, a, t);
		b = dt_sema_cast(s, b, t);
	}
	struct dt_node *n = dt_sema_node(s, DN_TERNARY, e->line, t);
	n->x = c;
	n->l = a;
	n->r = b;
	return n;
}

/* the constant sizeof gives, of type size_t as in dtrace; no size is
 * dtrace's error */
static struct dt_node *sizeof_const(struct sema *s, int line, uint64_t size)
{
	struct dt_type *st = dt_typedef_lookup(s->tt, "size_t");
	if (!size)
		dt_sema_err(s, D_SIZEOF_TYPE, line, "cannot apply sizeof to an operand of unknown size");
	return dt_sema_const(s, line, st ? st : s->tt->t_ulong, (int64_t)size);
}

/*
 * sizeof e, folded (e is not evaluated): the size of e's type; a string
 * constant is its length and NUL (dtrace's dt_node_type_size), a char
 * array its size, another string strsize.
 */
static struct dt_node *sizeof_expr(struct sema *s, struct ast_expr *e)
{
	struct dt_node *v = dt_sema_expr(s, e->unary.operand);
	uint64_t size;
	if (v->bitfield)
		dt_sema_err(s, D_SIZEOF_BITFIELD, e->line, "cannot apply sizeof to a bit-field");
	if (v->kind == DN_STR)
		size = strlen(v->str) + 1;
	else if (v->kind == DN_KSTR)
		size = (uint64_t)v->ival;
	else if (v->type->kind == DT_TK_STRING)
		size = s->dtp->opt[DTOPT_STRSIZE];
	else
		size = v->type->kind == DT_TK_FUNC ? 0 : v->type->size;
	return sizeof_const(s, e->line, size);
}

struct dt_node *dt_sema_expr(struct sema *s, struct ast_expr *e)
{
	struct dt_typetab *tt = s->tt;

	switch (e->kind) {
	case AST_E_INT: {
		uint64_t v = e->i.value;
		struct dt_type *t;
		/* a character constant is a decimal one (dtrace's lexer):
		 * 'a' and 'ab' are ints, 'abcde' a long */
		int dec = e->i.form == AST_INT_DEC || e->i.form == AST_INT_CHAR;
		if (dec && !e->i.suffix_u && v > INT64_MAX) {
			s->noregion = 1;	/* dtrace's parser says it */
			dt_sema_err(s, D_INT_OFLOW, e->line, "integer constant 0x%llx cannot be represented in any built-in integral type",
			    (unsigned long long)v);
		}
		if (e->i.suffix_l == 2)
			t = (e->i.suffix_u || (!dec && v > INT64_MAX)) ? tt->t_ullong : tt->t_llong;
		else if (e->i.suffix_l == 1)
			t = (e->i.suffix_u || (!dec && v > INT64_MAX)) ? tt->t_ulong : tt->t_long;
		else if (e->i.suffix_u)
			t = v <= UINT32_MAX ? tt->t_uint : tt->t_ulong;
		else if (v <= INT32_MAX)
			t = tt->t_int;
		else if (!dec && v <= UINT32_MAX)
			t = tt->t_uint;
		else if (v <= INT64_MAX)
			t = tt->t_long;
		else
			t = tt->t_ulong;
		if (v > INT64_MAX && t->is_signed)
			t = tt->t_ulong;
		return dt_sema_const(s, e->line, t, (int64_t)v);
	}
	case AST_E_STR: {
		struct dt_node *n = dt_sema_node(s, DN_STR, e->line, tt->t_string);
		n->str = e->str.s;
		n->slen = e->str.len;
		return n;
	}
	case AST_E_IDENT:
		return dt_sema_ident(s, e);
	case AST_E_AGG:
		dt_sema_err(s, D_CG_DYN, e->line, "aggregation @%s may not be used as a value", e->agg.name);
	case AST_E_UNARY: {
		enum ast_op op = e->unary.op;
		if (op == AST_OP_PREINC || op == AST_OP_PREDEC ||
		    op == AST_OP_POSTINC || op == AST_OP_POSTDEC) {
			struct ast_expr *o = e->unary.operand;
			if (o->kind == AST_E_IDENT && strchr(o->ident.name, '`'))
				dt_sema_err(s, D_OP_WRITE, e->line, "operator %s can only be applied to a writable variable",
				    dt_sema_opname(op));
			dt_sema_implicit_incdec(s, o, e->line);
			struct dt_node *v = dt_sema_expr(s, o);
			if (!is_lvalue(v) && (v->kind == DN_BUILTIN || v->kind == DN_ARG))
				dt_sema_err(s, D_OP_WRITE, e->line, "operator %s can only be applied to a writable variable",
				    dt_sema_opname(op));
			if (!is_lvalue(v))
				dt_sema_err(s, D_OP_LVAL, e->line, "operator %s requires modifiable lvalue as an operand",
				    dt_sema_opname(op));
			if (!dt_is_scalar(v->type))
				dt_sema_err(s, D_OP_SCALAR, e->line, "operator %s requires operand of scalar type", dt_sema_opname(op));
			struct dt_node *n = dt_sema_node(s, DN_INCDEC, e->line, v->type);
			n->var = v->var;
			n->l = v;
			n->op = (op == AST_OP_PREINC || op == AST_OP_POSTINC) ? '+' : '-';
			n->ival = (op == AST_OP_POSTINC || op == AST_OP_POSTDEC);
			return n;
		}
		if (op == AST_OP_SIZEOF)
			return sizeof_expr(s, e);
		if (op == AST_OP_DEREF) {
			struct dt_node *v = dt_sema_expr(s, e->unary.operand);
			if (v->kind == DN_XLATE && v->type->kind == DT_TK_PTR)
				return dt_xlate_deref(s, v);
			if (dt_sema_is_strval(v))	/* a string's first char */
				return dt_sema_str_at(s, e->line, v, dt_sema_const(s, e->line, tt->t_long, 0));
			v = dt_sema_decay(s, v);
			if (v->type->kind != DT_TK_PTR)
				dt_sema_err(s, D_DEREF_NONPTR, e->line, "cannot dereference non-pointer type");
			return dt_sema_object_at(s, e->line, v, v->type->ref, "operator * on a pointer to");
		}
		if (op == AST_OP_ADDROF)
			return dt_sema_addr_of(s, e);
		if (op == AST_OP_STRINGOF) {
			struct dt_node *v = dt_sema_expr(s, e->unary.operand);
			if (v->type->kind == DT_TK_STRING)
				return v;
			if (!dt_is_scalar(v->type))
				dt_sema_err(s, D_STRINGOF_TYPE, e->line, "cannot apply stringof to a value of type %s", v->type->name);
			/* a scalar is the address of a string in kernel memory */
			struct dt_node *k = dt_sema_node(s, DN_KSTR, e->line, tt->t_string);
			k->l = v;
			k->ival = (int64_t)s->dtp->opt[DTOPT_STRSIZE];
			return k;
		}
		struct dt_node *v = dt_sema_expr(s, e->unary.operand);
		if (op == AST_OP_LNOT) {
			if (!dt_is_scalar(v->type))
				dt_sema_err(s, D_OP_SCALAR, e->line, "operator ! requires an operand of scalar type");
			if (v->kind == DN_CONST)
				return dt_sema_const(s, e->line, tt->t_int, v->ival == 0);
			struct dt_node *n = dt_sema_node(s, DN_UNARY, e->line, tt->t_int);
			n->op = DT_OP_LNOT;
			n->l = v;
			return n;
		}
		if (op == AST_OP_BNOT && !dt_is_int(v->type))
			dt_sema_err(s, D_OP_INT, e->line, "operator ~ requires an operand of integral type");
		if ((op == AST_OP_NEG || op == AST_OP_POS) && !dt_is_arith(v->type))
			dt_sema_err(s, D_OP_ARITH, e->line, "operator %s requires an operand of arithmetic type",
			    dt_sema_opname(op));
		/* C's integer promotion: -c and ~c of a char are ints */
		struct dt_type *t = dt_type_promote(tt, v->type);
		v = dt_sema_cast(s, v, t);
		if (op == AST_OP_POS)
			return v;
		if (v->kind == DN_CONST)
			return dt_sema_const(s, e->line, t,
			    op == AST_OP_NEG ? (int64_t)(0 - (uint64_t)v->ival) : ~v->ival);
		struct dt_node *n = dt_sema_node(s, DN_UNARY, e->line, t);
		n->op = op == AST_OP_NEG ? DT_OP_NEG : DT_OP_BNOT;
		n->l = v;
		return n;
	}
	case AST_E_BINARY: {
		enum ast_op op = e->binary.op;
		if (op >= AST_OP_ASSIGN && op <= AST_OP_OR_ASSIGN)
			return assign(s, e);
		if (op == AST_OP_COMMA) {
			struct dt_node *l = dt_sema_expr(s, e->binary.left);
			struct dt_node *r = dt_sema_expr(s, e->binary.right);
			struct dt_node *n = dt_sema_node(s, DN_COMMA, e->line, r->type);
			n->l = l;
			n->r = r;
			return n;
		}
		struct dt_node *l = dt_sema_expr(s, e->binary.left);
		struct dt_node *r = dt_sema_expr(s, e->binary.right);
		if (op == AST_OP_LAND || op == AST_OP_LOR || op == AST_OP_LXOR) {
			if (!dt_is_scalar(l->type) || !dt_is_scalar(r->type))
				dt_sema_err(s, D_OP_SCALAR, e->line, "operator %s requires operands of scalar type", dt_sema_opname(op));
			if (l->kind == DN_CONST && r->kind == DN_CONST) {
				int a = l->ival != 0, b = r->ival != 0;
				return dt_sema_const(s, e->line, tt->t_int,
				    op == AST_OP_LAND ? (a && b) : op == AST_OP_LOR ? (a || b) : (a ^ b));
			}
			struct dt_node *n = dt_sema_node(s, op == AST_OP_LAND ? DN_LAND :
			    op == AST_OP_LOR ? DN_LOR : DN_LXOR, e->line, tt->t_int);
			n->l = l;
			n->r = r;
			return n;
		}
		return dt_sema_binop(s, e->line, op, l, r);
	}
	case AST_E_TERNARY: {
		struct dt_node *c;
		struct ast_expr *ch = dt_sema_chosen(s, e, &c);
		return c ? dt_sema_ternary(s, ch, c) : dt_sema_expr(s, ch);
	}
	case AST_E_CAST: {
		struct dt_type *t = dt_sema_type(s, e->cast.type);
		struct dt_node *v = dt_sema_expr(s, e->cast.operand);
		if (v->type->kind == DT_TK_ARRAY || (v->kind == DN_KSTR && v->op == 1))
			v = dt_sema_decay(s, v);	/* an array is its first element's address */
		if (t->kind == DT_TK_VOID) {
			struct dt_node *n = dt_sema_node(s, DN_CAST, e->line, t);
			n->l = v;
			return n;
		}
		if (!dt_is_scalar(t) || !dt_is_scalar(v->type))
			dt_sema_err(s, D_CAST_INVAL, e->line, "invalid cast expression: \"%s\" to \"%s\"",
			    v->type->name, t->name);
		struct dt_node *n = dt_sema_cast(s, v, t);
		if (n == v && v->type != t) {
			n = dt_sema_node(s, DN_CAST, e->line, t);
			n->l = v;
		}
		return n;
	}
	case AST_E_SIZEOF_TYPE: {
		struct dt_type *t = dt_sema_type(s, e->sizeof_type.type);
		if (t->kind == DT_TK_STRING)
			return sizeof_const(s, e->line, s->dtp->opt[DTOPT_STRSIZE]);
		if (t->kind == DT_TK_VOID || t->kind == DT_TK_FUNC || !t->complete)
			return sizeof_const(s, e->line, 0);
		return sizeof_const(s, e->line, t->size);
	}
	case AST_E_CALL:
		return dt_sema_call(s, e);
	case AST_E_INDEX:
		return dt_sema_index(s, e);
	case AST_E_MEMBER:
		if (e->member.base->kind == AST_E_IDENT &&
		    (!strcmp(e->member.base->ident.name, "self") ||
		    !strcmp(e->member.base->ident.name, "this")))
			return dt_sema_dvar_member(s, e);
		return dt_sema_member(s, e);
	case AST_E_OFFSETOF:
		return dt_sema_offsetof(s, e);
	case AST_E_XLATE:
		return dt_xlate_expr(s, e);
	}
	dt_sema_err(s, D_UNKNOWN, e->line, "invalid expression");
}

