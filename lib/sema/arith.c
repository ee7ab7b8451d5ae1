/*
 * arith.c - D's binary operators: which operands each accepts, the type
 * of the result, and constant folding.
 *
 * Arithmetic and bitwise operators take C's integer promotions and usual
 * arithmetic conversions (base/types.c dt_type_usual: narrow operands
 * become int, then the greater rank wins, unsigned at equal rank); a
 * shift has its promoted left operand's type, its count masked to 0..63
 * as BPF's shifts do; comparisons compare in the common type, or as
 * strings; + and - on pointers scale by the size of
 * the object pointed to (the guide's "Pointer Arithmetic"), and an array
 * used as a value decays to its first element's address.  Constant
 * operands fold here, in the result type's width and signedness; a
 * constant division by zero is an error without a region prefix, as
 * dtrace reports it.
 */
#include <string.h>
#include "sema_int.h"
#include "front/ast.h"

/* The operator's spelling in messages. */
const char *dt_sema_opname(enum ast_op op)
{
	if (op == AST_OP_PREINC || op == AST_OP_POSTINC)
		return "++";
	if (op == AST_OP_PREDEC || op == AST_OP_POSTDEC)
		return "--";
	return dt_ast_op_str(op);
}

static int64_t fold(struct sema *s, int line, int op, struct dt_type *t,
    int64_t a, int64_t b)
{
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	int sg = t->is_signed;
	switch (op) {
	case DT_OP_ADD: return (int64_t)(ua + ub);
	case DT_OP_SUB: return (int64_t)(ua - ub);
	case DT_OP_MUL: return (int64_t)(ua * ub);
	case DT_OP_DIV:
	case DT_OP_MOD:
		if (b == 0) {
			s->noregion = 1;
			dt_sema_err(s, D_DIV_ZERO, line, "expression contains division by zero");
		}
		if (sg) {
			if (a == INT64_MIN && b == -1)
				return op == DT_OP_DIV ? a : 0;
			return op == DT_OP_DIV ? a / b : a % b;
		}
		return (int64_t)(op == DT_OP_DIV ? ua / ub : ua % ub);
	case DT_OP_AND: return a & b;
	case DT_OP_OR: return a | b;
	case DT_OP_XOR: return a ^ b;
	case DT_OP_SHL: return (int64_t)(ua << (ub & 63));
	case DT_OP_SHR: return sg ? a >> (ub & 63) : (int64_t)(ua >> (ub & 63));
	case DT_OP_LT: return sg ? a < b : ua < ub;
	case DT_OP_LE: return sg ? a <= b : ua <= ub;
	case DT_OP_GT: return sg ? a > b : ua > ub;
	case DT_OP_GE: return sg ? a >= b : ua >= ub;
	case DT_OP_EQ: return a == b;
	case DT_OP_NE: return a != b;
	}
	return 0;
}

static int bop_of(enum ast_op op)
{
	switch (op) {
	case AST_OP_ADD: case AST_OP_ADD_ASSIGN: return DT_OP_ADD;
	case AST_OP_SUB: case AST_OP_SUB_ASSIGN: return DT_OP_SUB;
	case AST_OP_MUL: case AST_OP_MUL_ASSIGN: return DT_OP_MUL;
	case AST_OP_DIV: case AST_OP_DIV_ASSIGN: return DT_OP_DIV;
	case AST_OP_MOD: case AST_OP_MOD_ASSIGN: return DT_OP_MOD;
	case AST_OP_BAND: case AST_OP_AND_ASSIGN: return DT_OP_AND;
	case AST_OP_BOR: case AST_OP_OR_ASSIGN: return DT_OP_OR;
	case AST_OP_XOR: case AST_OP_XOR_ASSIGN: return DT_OP_XOR;
	case AST_OP_SHL: case AST_OP_SHL_ASSIGN: return DT_OP_SHL;
	case AST_OP_SHR: case AST_OP_SHR_ASSIGN: return DT_OP_SHR;
	case AST_OP_LT: return DT_OP_LT;
	case AST_OP_LE: return DT_OP_LE;
	case AST_OP_GT: return DT_OP_GT;
	case AST_OP_GE: return DT_OP_GE;
	case AST_OP_EQ: return DT_OP_EQ;
	case AST_OP_NE: return DT_OP_NE;
	default: return 0;
	}
}

static int fold_strcmp(int op, int c)
{
	switch (op) {
	case DT_OP_LT: return c < 0;
	case DT_OP_LE: return c <= 0;
	case DT_OP_GT: return c > 0;
	case DT_OP_GE: return c >= 0;
	case DT_OP_EQ: return c == 0;
	default: return c != 0;
	}
}

/* An array object used as a value is the address of its first element. */
struct dt_node *dt_sema_decay(struct sema *s, struct dt_node *n)
{
	struct dt_type *el = NULL;
	if (n->kind == DN_OBJ && n->type->kind == DT_TK_ARRAY)
		return dt_obj_addr(s, n->line, n, dt_type_ptr(s->tt, n->type->ref));
	if (n->kind == DN_UNARY && n->op == DT_OP_DEREF && n->type->kind == DT_TK_ARRAY)
		el = n->type->ref;
	else if (n->kind == DN_KSTR)
		el = s->tt->t_char;
	if (!el)
		return n;
	struct dt_node *c = dt_sema_node(s, DN_CAST, n->line, dt_type_ptr(s->tt, el));
	c->l = n->l;
	return c;
}

/* A pointer to something of known size (not void, not a function). */
static int sized_ptr(const struct dt_type *t)
{
	return t->kind == DT_TK_PTR && t->ref->kind != DT_TK_VOID &&
	    t->ref->kind != DT_TK_FUNC && t->ref->size;
}

/*
 * D's pointer arithmetic (the guide's "Pointer Arithmetic"): p + i and
 * i + p advance by i objects, p - i goes back, and p - q of compatible
 * pointers is the number of objects between them (ptrdiff_t).
 */
struct dt_node *dt_sema_ptr_arith(struct sema *s, int line, enum ast_op aop,
    struct dt_node *l, struct dt_node *r)
{
	int op = bop_of(aop);
	if (dt_sema_is_strval(l) && dt_is_int(r->type))		/* s + i, s - i */
		return dt_sema_str_add(s, line, l, r, op == DT_OP_SUB);
	if (op == DT_OP_ADD && dt_is_int(l->type) && dt_sema_is_strval(r))
		return dt_sema_str_add(s, line, r, l, 0);
	if (op == DT_OP_ADD && dt_is_int(l->type) && sized_ptr(r->type)) {
		struct dt_node *t = l;
		l = r;
		r = t;
	}
	if (sized_ptr(l->type) && dt_is_int(r->type)) {
		uint32_t sz = l->type->ref->size;
		struct dt_node *scaled = dt_sema_cast(s, r, s->tt->t_long);
		if (sz != 1)
			scaled = dt_sema_binop(s, line, AST_OP_MUL, scaled, dt_sema_const(s, line, s->tt->t_long, sz));
		struct dt_node *n = dt_sema_node(s, DN_BINARY, line, l->type);
		n->op = op;
		n->l = l;
		n->r = dt_sema_cast(s, scaled, s->tt->t_ulong);
		return n;
	}
	if (op == DT_OP_SUB && sized_ptr(l->type) && sized_ptr(r->type) &&
	    (l->type == r->type || !strcmp(l->type->ref->name, r->type->ref->name))) {
		struct dt_type *pd = dt_typedef_lookup(s->tt, "ptrdiff_t");
		struct dt_node *d = dt_sema_node(s, DN_BINARY, line, pd);
		d->op = DT_OP_SUB;
		d->l = dt_sema_cast(s, l, pd);
		d->r = dt_sema_cast(s, r, pd);
		if (l->type->ref->size == 1)
			return d;
		return dt_sema_binop(s, line, AST_OP_DIV, d, dt_sema_const(s, line, pd, l->type->ref->size));
	}
	dt_sema_err(s, D_OP_INCOMPAT, line, "operands have incompatible types: \"%s\" %s \"%s\"",
	    l->type->name, dt_sema_opname(aop), r->type->name);
}

/* Type an arithmetic/bitwise/shift/compare operation on l and r. */
struct dt_node *dt_sema_binop(struct sema *s, int line, enum ast_op aop,
    struct dt_node *l, struct dt_node *r)
{
	int op = bop_of(aop);
	const char *nm = dt_sema_opname(aop);
	int integral = op == DT_OP_MOD || op == DT_OP_AND || op == DT_OP_OR ||
	    op == DT_OP_XOR || op == DT_OP_SHL || op == DT_OP_SHR;
	int compare = op >= DT_OP_LT && op <= DT_OP_NE;
	struct dt_type *rt;

	if (compare) {
		if (l->type->kind == DT_TK_STRING || r->type->kind == DT_TK_STRING) {
			/* with a char array or pointer, NULL or a void pointer, as
			 * strings (dtrace's string comparison reads NULL as "") */
			struct dt_node *ls = dt_sema_strval(s, l), *rs = dt_sema_strval(s, r);
			if (ls && rs) {
				l = ls;
				r = rs;
			}
		}
		int ok = (dt_is_scalar(l->type) && dt_is_scalar(r->type)) ||
		    (l->type->kind == DT_TK_STRING && r->type->kind == DT_TK_STRING);
		if (!ok)
			dt_sema_err(s, D_OP_INCOMPAT, line, "operands have incompatible types: \"%s\" %s \"%s\"",
			    l->type->name, nm, r->type->name);
		if (l->type->kind == DT_TK_STRING) {
			if (l->kind == DN_STR && r->kind == DN_STR)
				return dt_sema_const(s, line, s->tt->t_int,
				    fold_strcmp(op, strcmp(l->str, r->str)));
			struct dt_node *n = dt_sema_node(s, DN_BINARY, line, s->tt->t_int);
			n->op = op;
			n->l = l;
			n->r = r;
			n->x = (struct dt_node *)s->tt->t_string;
			return n;
		}
		struct dt_type *ct = (dt_is_int(l->type) && dt_is_int(r->type)) ?
		    dt_type_usual(s->tt, l->type, r->type) : s->tt->t_ulong;
		l = dt_sema_cast(s, l, ct);
		r = dt_sema_cast(s, r, ct);
		if (l->kind == DN_CONST && r->kind == DN_CONST)
			return dt_sema_const(s, line, s->tt->t_int, fold(s, line, op, ct, l->ival, r->ival));
		struct dt_node *n = dt_sema_node(s, DN_BINARY, line, s->tt->t_int);
		n->op = op;
		n->l = l;
		n->r = r;
		n->x = (struct dt_node *)ct;	/* comparison type */
		return n;
	}
	if (integral) {
		if (!dt_is_int(l->type) || !dt_is_int(r->type))
			dt_sema_err(s, D_OP_INT, line, "operator %s requires operands of integral type", nm);
	} else if (!dt_is_arith(l->type) || !dt_is_arith(r->type)) {
		if (op == DT_OP_ADD || op == DT_OP_SUB)
			return dt_sema_ptr_arith(s, line, aop, dt_sema_decay(s, l), dt_sema_decay(s, r));
		dt_sema_err(s, D_OP_ARITH, line, "operator %s requires operands of arithmetic type", nm);
	}
	if (l->type->kind == DT_TK_FLOAT || r->type->kind == DT_TK_FLOAT)
		dt_sema_err(s, D_OP_ARITH, line, "floating-point arithmetic is not supported");
	if (op == DT_OP_SHL || op == DT_OP_SHR) {
		/* the promoted left operand's type; the count is promoted
		 * on its own */
		rt = dt_type_promote(s->tt, l->type);
		r = dt_sema_cast(s, r, dt_type_promote(s->tt, r->type));
	} else {
		rt = dt_type_usual(s->tt, l->type, r->type);
		r = dt_sema_cast(s, r, rt);
	}
	l = dt_sema_cast(s, l, rt);
	if (l->kind == DN_CONST && r->kind == DN_CONST)
		return dt_sema_const(s, line, rt, fold(s, line, op, rt, l->ival, r->ival));
	if ((op == DT_OP_DIV || op == DT_OP_MOD) && r->kind == DN_CONST && r->ival == 0) {
		s->noregion = 1;
		dt_sema_err(s, D_DIV_ZERO, line, "expression contains division by zero");
	}
	struct dt_node *n = dt_sema_node(s, DN_BINARY, line, rt);
	n->op = op;
	n->l = l;
	n->r = r;
	return n;
}
