/*
 * xlate.h - translators: declarations, the xlate operator, member rewriting.
 */
#ifndef DT_XLATE_H
#define DT_XLATE_H

#include "base/handle.h"
#include "node.h"

struct sema;
struct ast_expr;
struct ast_item;
struct ast_translator;

enum { DT_XL_PENDING, DT_XL_CHECKING, DT_XL_READY };

/* translator OUT < IN NAME > { member = expr; ... }; */
struct dt_xlator {
	struct ast_translator *ast;	/* kept alive in dtp->asts */
	int line;
	const char *libtag;		/* library file, NULL for a program */
	int state;			/* library translators stay PENDING
					   until an xlate may need them */
	struct dt_type *out;		/* struct/union (resolved at check) */
	struct dt_type *in;
	struct dt_xlator *next;
};

/* The input identifier of a translator whose member is being lowered. */
struct dt_xlbind {
	const char *name;
	struct dt_node *node;
};

/* A translator declaration: checked now in a program, on first possible
 * use in a library (its types may be kernel types from BTF). */
void dt_xlate_declare(struct sema *s, struct ast_item *it);
/* v translated to t (a struct, a union or a pointer to one) by the
 * translator declared for v's type: xlate <t>(v) */
struct dt_node *dt_xlate_to(struct sema *s, struct dt_node *v, struct dt_type *t, int line);
/* the translator that xlate <t>(v) would use, NULL if none */
struct dt_xlator *dt_xlate_find(struct sema *s, struct dt_node *v, struct dt_type *t);
/* xlate <type> (expr): a DN_XLATE node. */
struct dt_node *dt_xlate_expr(struct sema *s, struct ast_expr *e);
/* x.name / x->name on a DN_XLATE: the translator's member expression
 * lowered with its input bound to x's operand. */
struct dt_node *dt_xlate_member(struct sema *s, struct dt_node *x,
    const char *name, int arrow, int line);
/* *x on a pointer DN_XLATE: the translated struct. */
struct dt_node *dt_xlate_deref(struct sema *s, struct dt_node *x);
/* A translation to a struct or union as a whole value (a DN_SOU of every
 * member the translator defines), for assignments and trace(). */
struct dt_node *dt_xlate_whole(struct sema *s, struct dt_node *x);
/* Bind identifier name to n (a translator's input, an inline's
 * parameter) until the matching dt_xlate_unbind(). */
void dt_xlate_bind(struct sema *s, const char *name, struct dt_node *n, int line);
void dt_xlate_unbind(struct sema *s);
/* The node bound to identifier name inside a translator, or NULL. */
struct dt_node *dt_xlate_binding(dtrace_hdl_t *dtp, const char *name);
/* Fail if a translated value (not one of its members) is used in the
 * statement list or expression n. */
void dt_xlate_check(struct sema *s, struct dt_node *n);
/* Forget bindings left by a failed compile. */
void dt_xlate_reset(dtrace_hdl_t *dtp);
void dt_xlate_free(dtrace_hdl_t *dtp);

#endif
