/*
 * strarr.c - a string value used as an array of chars.
 *
 * D lets a string stand where C has a char pointer for indexing and
 * pointer arithmetic (illumos' dt_cook_op2 treats strings as pointers
 * for + and -, and [ ] is *(E1 + E2)): s[i], *s and *(s + i) are the
 * char at that index, s + i and i + s (and s - i) the string from that
 * offset on.  A string is materialized into a frame area, never a
 * pointer (cg/str.c), so these lower to two internal subroutines on the
 * string value: DT_F_STRCHAR (a char) and DT_F_STROFF (a string), with
 * offsets added up as they are nested ((s + 1)[2] is the char at 3).
 * The run-time code checks the index against the string's storage
 * (strsize characters and the NUL), as DTrace checks accesses against
 * what they may read, and faults with "invalid address" outside it.  A char array in memory
 * (a DN_KSTR of an array, curthread->comm) keeps indexing as an array.
 */
#include "sema_int.h"

int dt_sema_is_strval(const struct dt_node *n)
{
	return n->type->kind == DT_TK_STRING && !(n->kind == DN_KSTR && n->op == 1);
}

static struct dt_node *call2(struct sema *s, int line, int func, struct dt_type *t,
    struct dt_node *a, struct dt_node *b)
{
	struct dt_node *n = dt_sema_node(s, DN_CALL, line, t);
	n->func = func;
	n->nargs = 2;
	n->args = dt_alloc(s->dtp, sizeof(*n->args) * 2);
	n->args[0] = a;
	n->args[1] = b;
	return n;
}

/* off as a long (its negation with neg) added to the offset str already
 * has (s + 1 + 2) */
static struct dt_node *offset_of(struct sema *s, int line, struct dt_node **str,
    struct dt_node *off, int neg)
{
	if (!dt_is_int(off->type))
		dt_sema_err(s, D_OP_INCOMPAT, line, "operands have incompatible types: \"%s\" %s \"%s\"",
		    (*str)->type->name, neg ? "-" : "+", off->type->name);
	off = dt_sema_cast(s, off, s->tt->t_long);
	if (neg)
		off = dt_sema_binop(s, line, AST_OP_SUB, dt_sema_const(s, line, s->tt->t_long, 0), off);
	if ((*str)->kind == DN_CALL && (*str)->func == DT_F_STROFF) {
		off = dt_sema_binop(s, line, AST_OP_ADD, (*str)->args[1], off);
		*str = (*str)->args[0];
	}
	return off;
}

struct dt_node *dt_sema_str_at(struct sema *s, int line, struct dt_node *str,
    struct dt_node *idx)
{
	idx = offset_of(s, line, &str, idx, 0);
	int64_t strsize = (int64_t)s->dtp->opt[DTOPT_STRSIZE];
	if (str->kind == DN_STR && idx->kind == DN_CONST && idx->ival >= 0 && idx->ival <= strsize) {
		/* a constant: the literal's char, NUL past its end (it is
		 * stored cut at strsize characters) */
		int64_t i = idx->ival;
		char c = (uint64_t)i < str->slen && i < strsize ? str->str[i] : 0;
		return dt_sema_const(s, line, s->tt->t_char, c);
	}
	return call2(s, line, DT_F_STRCHAR, s->tt->t_char, str, idx);
}

struct dt_node *dt_sema_str_add(struct sema *s, int line, struct dt_node *str,
    struct dt_node *off, int neg)
{
	off = offset_of(s, line, &str, off, neg);
	int64_t strsize = (int64_t)s->dtp->opt[DTOPT_STRSIZE];
	if (str->kind == DN_STR && off->kind == DN_CONST && off->ival >= 0 && off->ival <= strsize) {
		/* a constant: the literal's tail (it is cut at strsize) */
		size_t len = str->slen < (size_t)strsize ? str->slen : (size_t)strsize;
		size_t i = (size_t)off->ival < len ? (size_t)off->ival : len;
		struct dt_node *n = dt_sema_node(s, DN_STR, line, s->tt->t_string);
		n->str = str->str + i;
		n->slen = len - i;
		return n;
	}
	return call2(s, line, DT_F_STROFF, s->tt->t_string, str, off);
}
