/*
 * sema_int.h - what the semantic pass lends to its helper modules.
 *
 * sema.c keeps its state (struct sema) private; modules that lower parts
 * of the language for it (xlate.c: translators) use these entry points to
 * lower expressions and types, build nodes and report errors with sema's
 * conventions (dtrace's message format, the -n region prefix).
 */
#ifndef DT_SEMA_INT_H
#define DT_SEMA_INT_H

#include "base/handle.h"
#include "node.h"
#include "program.h"
#include "prov/prov.h"

struct sema;
struct ast_expr;
struct ast_type;

dtrace_hdl_t *dt_sema_hdl(struct sema *s);
/* the clause being lowered */
struct dt_stmt *dt_sema_stmt(struct sema *s);
void dt_sema_err(struct sema *s, int line, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));
struct dt_node *dt_sema_expr(struct sema *s, struct ast_expr *e);
struct dt_type *dt_sema_type(struct sema *s, struct ast_type *t);
struct dt_node *dt_sema_node(struct sema *s, enum dt_nkind k, int line,
    struct dt_type *t);
struct dt_node *dt_sema_cast(struct sema *s, struct dt_node *n,
    struct dt_type *t);
/* Lower text of library file libtag (NULL: the program) with errors
 * reported at its lines and no region prefix; with scratch, outside the
 * current clause (declarations).  dt_sema_leave() restores the context. */
struct dt_sema_ctx { struct dt_stmt *stmt; int noregion; const char *libtag; };
void dt_sema_enter(struct sema *s, const char *libtag, int scratch,
    struct dt_sema_ctx *save);
void dt_sema_leave(struct sema *s, const struct dt_sema_ctx *save);

struct dt_pfarg_type;
/* t as printf's checker sees it */
void dt_sema_pftype(struct dt_type *t, struct dt_pfarg_type *pt);
/* an 8-byte integer record field of action a */
void dt_sema_field(struct sema *s, struct dt_action *a, struct dt_type *t);
/* a string (strsize + 1 bytes) record field of action a */
void dt_sema_strfield(struct sema *s, struct dt_action *a);
/* a record field of size bytes, copied from memory (tracemem, print) */
void dt_sema_bytes_field(struct sema *s, struct dt_action *a, uint32_t size);
/* sema_act.c: tracemem, print, ftruncate (freopen is printf's, sema.c) */
void dt_sema_outact(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a);
/* the largest tracemem()/print() record field, in bytes */
#define DT_MAX_MEMREC 4096
/* sema_agg.c: `@a[keys] = f(args)` (is_assign: with `=`), and the
 * aggregation actions' operands */
struct dt_node *dt_sema_aggregate(struct sema *s, struct ast_expr *e, int is_assign);
void dt_sema_aggact(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a);
int dt_sema_is_aggfunc(const char *name);
/* n as a string value (char * and char[] promote), NULL if it is none */
struct dt_node *dt_sema_string(struct sema *s, struct dt_node *n);
/* sema_destr.c: the destructive actions' operands (system(): its
 * destructive mark only; the rest is printf's) */
void dt_sema_destr(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a);
/* is statement n a destructive action (for "destructive actions may not
 * follow speculate( )")? */
int dt_sema_is_destructive(const struct dt_node *n);
/* @a[k][j]: dtrace's error for an aggregation indexed twice */
void dt_sema_agg_mdim(struct sema *s, struct ast_expr *agg) __attribute__((noreturn));

/* sema_obj.c: D variables holding arrays, structs and unions (DN_OBJ) */
int dt_obj_is_aggregate(const struct dt_type *t);
/* the whole variable g (global) or v (this->) as an expression */
struct dt_node *dt_obj_var(struct sema *s, int line, struct dt_gvar *g, struct dt_dvar *v);
/* the DN_OBJ that n is, or that a char array string n reads; else NULL */
struct dt_node *dt_obj_of(struct dt_node *n);
/* obj[idx] (obj an array), obj.name (a struct or union; NULL for a
 * bit-field, which the caller reads through the address) */
struct dt_node *dt_obj_index(struct sema *s, int line, struct dt_node *obj,
    struct dt_node *idx);
struct dt_node *dt_obj_member(struct sema *s, int line, struct dt_node *obj,
    const char *name);
/* &obj, of pointer type ptype */
struct dt_node *dt_obj_addr(struct sema *s, int line, struct dt_node *obj,
    struct dt_type *ptype);

/* spec.c: speculate(), commit(), discard() */
void dt_sema_spec_action(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a);
/* after each statement of a clause, in program order: dtrace's rules on
 * what may follow speculate() and commit(); name is the statement's
 * function if it is a call */
void dt_sema_spec_order(struct sema *s, struct dt_node *n, const char *name,
    int line);

/* setopt.c: setopt()'s arguments checked (D strings), one string field
 * each */
void dt_sema_setopt(struct sema *s, struct dt_node *n, struct dt_action *a);

#endif
