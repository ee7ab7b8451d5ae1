/*
 * sema_int.h - what the files of the semantic pass share.
 *
 * The pass is one walk of the program (sema.c writes its order) split by
 * concern: types from declarations (decl.c), variables and names
 * (var.c), expressions (expr.c) and their operators (arith.c), kernel
 * symbols and objects in memory (member.c), actions and subroutines
 * (call.c), statements (stmt.c), clauses and probe matching (clause.c),
 * and the helper modules that lower one part of the language each
 * (xlate.c, agg.c, obj.c, act.c, destr.c, spec.c, setopt.c).  struct sema
 * is the walk's state; errors stop it with dtrace's message format and
 * the -n region prefix (dt_sema_err).
 */
#ifndef DT_SEMA_INT_H
#define DT_SEMA_INT_H

#include <setjmp.h>
#include "base/handle.h"
#include "front/ast.h"
#include "node.h"
#include "program.h"
#include "prov/prov.h"

/* the probes a clause's descriptions match, each once */
struct match_ctx {
	dtrace_hdl_t *dtp;
	struct dt_probe **v;
	int n, cap;
	int nprev;		/* collected by the clause's earlier descriptions
				   (one description matches a probe once) */
};

struct sema {
	dtrace_hdl_t *dtp;
	const struct ast_expr *symcall;	/* the sym()/func()/mod() call that
					   may be lowered now: a statement's
					   or an aggregation key's */
	struct dt_typetab *tt;
	struct dt_stmt *stmt;
	int act;
	int in_pred;
	jmp_buf jb;
	int line;
	int region;		/* 1 predicate, 2 action list (for -n errors) */
	int noregion;		/* error found while folding: no region */
	int in_cond;		/* inside an if/else branch */
	struct match_ctx *matches;	/* probes the current clause enables */
	struct dt_probe **matchv;	/* to free if an error unwinds */
};

/* ---- sema.c: the order of the work; the walk's state ---- */

dtrace_hdl_t *dt_sema_hdl(struct sema *s);
/* the clause being lowered */
struct dt_stmt *dt_sema_stmt(struct sema *s);
/* stop the pass with an error of kind tag (base/errtags.h: the tag dtrace
 * gives the same error) at line, prefixed by the -n region */
void dt_sema_err(struct sema *s, enum dt_errtag tag, int line, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 4, 5)));
struct dt_node *dt_sema_node(struct sema *s, enum dt_nkind k, int line,
    struct dt_type *t);
/* an integer constant of type t (v normalized to its width) */
struct dt_node *dt_sema_const(struct sema *s, int line, struct dt_type *t, int64_t v);
/* Lower text of library file libtag (NULL: the program) with errors
 * reported at its lines and no region prefix; with scratch, outside the
 * current clause (declarations).  dt_sema_leave() restores the context. */
struct dt_sema_ctx { struct dt_stmt *stmt; int noregion; const char *libtag; };
void dt_sema_enter(struct sema *s, const char *libtag, int scratch,
    struct dt_sema_ctx *save);
void dt_sema_leave(struct sema *s, const struct dt_sema_ctx *save);

/* ---- decl.c: types from declarations; declaration and inline items ---- */

struct dt_type *dt_sema_declspec(struct sema *s, struct ast_declspec *ds);
/* t read through declarator d (NULL: t itself) */
struct dt_type *dt_sema_declarator(struct sema *s, struct dt_type *t,
    struct ast_declarator *d);
struct dt_type *dt_sema_type(struct sema *s, struct ast_type *t);
/* "mod`name": name, with the module in mod and *modp (NULL for none) */
const char *dt_sema_scope_split(const char *full, char *mod, size_t msz,
    const char **modp);
/* is mod the kernel's own module name (vmlinux, genunix)? */
int dt_sema_kernel_scope(const char *mod);
void dt_sema_decl(struct sema *s, struct ast_item *it);
void dt_sema_inline_decl(struct sema *s, struct ast_item *it);
/* the value of library inline in, lowered on its first use at line */
struct dt_node *dt_sema_inline(struct sema *s, struct dt_inline *in, int line);
/* name[keys] of a parameterized inline */
struct dt_node *dt_sema_inline_call(struct sema *s, struct dt_inline *in,
    struct ast_expr *keys, int nkeys, int line);

/* ---- var.c: names and variables ---- */

struct dt_gvar *dt_sema_gvar_lookup(dtrace_hdl_t *dtp, const char *name);
struct dt_gvar *dt_sema_gvar_add(struct sema *s, const char *name,
    struct dt_type *t, int line);
struct dt_dvar *dt_sema_dvar_lookup(dtrace_hdl_t *dtp, int kind, const char *name);
struct dt_dvar *dt_sema_dvar_add(struct sema *s, int kind, const char *name,
    struct dt_type *t, int nkeys, struct dt_type **keys, int line);
/* what identifier e names */
struct dt_node *dt_sema_ident(struct sema *s, struct ast_expr *e);
/* is name one of D's global identifiers (a variable, built-in or not, an
 * associative array, inline, enumerator or function)?  ii (may be NULL)
 * says what it is, in dtrace's words for its kind ("scalar", ...) */
struct dt_identinfo {
	const char *kind;
	struct dt_type *type;		/* NULL for a function */
	struct dt_dvar *dvar;		/* an associative array */
	int builtin;			/* D's own: a built-in variable or function */
	int is_inline;			/* an inline or an enumerator */
};
int dt_sema_global_ident(struct sema *s, const char *name, struct dt_identinfo *ii);
int dt_sema_global_name(struct sema *s, const char *name);
/* the target of assignment e of value r, declared by it if new */
struct dt_node *dt_sema_assign_target(struct sema *s, struct ast_expr *e,
    struct dt_node *r);
/* o++ or o-- on a variable never assigned declares it int64_t */
void dt_sema_implicit_incdec(struct sema *s, struct ast_expr *o, int line);
/* e[keys]: args[], uregs[], dynamic variables; else dt_sema_index_ref */
struct dt_node *dt_sema_index(struct sema *s, struct ast_expr *e);
/* self->name, this->name */
struct dt_node *dt_sema_dvar_member(struct sema *s, struct ast_expr *e);

/* ---- expr.c: expressions ---- */

struct dt_node *dt_sema_expr(struct sema *s, struct ast_expr *e);
struct dt_node *dt_sema_cast(struct sema *s, struct dt_node *n,
    struct dt_type *t);
/* n as a string value (char * and char[] promote), NULL if it is none */
struct dt_node *dt_sema_string(struct sema *s, struct dt_node *n);
/* n as a whole value (a translated struct built member by member) */
struct dt_node *dt_sema_whole(struct sema *s, struct dt_node *n);
/* is e `@a[keys] = f(...)` (or another assignment to an aggregation)? */
int dt_sema_is_aggstmt(const struct ast_expr *e);
/* is e a call of an action (trace, printf, exit ...)? */
int dt_sema_is_actcall(const struct ast_expr *e);
/* A ?: whose condition is a constant is the branch it chooses (dtrace
 * folds it as it parses, never looking at the other one), through nested
 * ones: e itself if it is no ?:, the chosen expression, or the first ?:
 * whose condition is not constant, with that condition lowered in *cond
 * (NULL otherwise). */
struct ast_expr *dt_sema_chosen(struct sema *s, struct ast_expr *e, struct dt_node **cond);
/* the ?: e whose condition, not constant, is c */
struct dt_node *dt_sema_ternary(struct sema *s, struct ast_expr *e, struct dt_node *c);

/* ---- compat.c: D's type compatibility, as dtrace judges it ---- */

/* the same type (kernel structs by name) */
int dt_sema_type_same(const struct dt_type *a, const struct dt_type *b);
/* a string, char array or char pointer */
int dt_sema_strcompat(const struct dt_type *t);
/* the integer constant 0 or NULL ((void *)0) */
int dt_sema_is_null(const struct dt_node *v);
/* may v be assigned or passed where type f is expected? */
int dt_sema_argcompat(const struct dt_type *f, const struct dt_node *v);
/* n as a string operand of a comparison or ?: with a string: strings,
 * char arrays and pointers as dt_sema_string() makes them, NULL as "",
 * a void pointer as the string at its address; NULL if n is none */
struct dt_node *dt_sema_strval(struct sema *s, struct dt_node *n);

/* ---- arith.c: binary operators ---- */

const char *dt_sema_opname(enum ast_op op);
/* l op r: arithmetic, bitwise, shift or comparison, folded if constant */
struct dt_node *dt_sema_binop(struct sema *s, int line, enum ast_op aop,
    struct dt_node *l, struct dt_node *r);
/* p + i, i + p, p - i, p - q */
struct dt_node *dt_sema_ptr_arith(struct sema *s, int line, enum ast_op aop,
    struct dt_node *l, struct dt_node *r);
/* an array as a value: its first element's address */
struct dt_node *dt_sema_decay(struct sema *s, struct dt_node *n);

/* ---- member.c: kernel symbols, objects in memory ---- */

/* `sym or mod`sym (want_addr: for &, an untyped symbol is its address) */
struct dt_node *dt_sema_ksym(struct sema *s, int line, const char *full, int want_addr);
/* the object of type t at addr (what: its name in messages) */
struct dt_node *dt_sema_object_at(struct sema *s, int line, struct dt_node *addr,
    struct dt_type *t, const char *what);
/* e[k] on b, a pointer or array */
struct dt_node *dt_sema_index_ref(struct sema *s, struct ast_expr *e, struct dt_node *b);
struct dt_node *dt_sema_addr_of(struct sema *s, struct ast_expr *e);
struct dt_node *dt_sema_member(struct sema *s, struct ast_expr *e);
/* member name of struct or union st (from BTF or a D declaration): its
 * type, byte offset and bit-field width and bit offset; NULL if none */
struct dt_type *dt_sema_member_find(struct sema *s, struct dt_type *st, const char *name,
    uint32_t *off, uint32_t *bits, uint32_t *bitoff);
/* the struct or union operator . (arrow 0) or -> (arrow 1) reaches in a
 * value of type t, or dtrace's error for an operand it cannot apply to */
struct dt_type *dt_sema_sou_of(struct sema *s, int line, int arrow, struct dt_type *t);
/* the load that reads a bit-field of bits bits at bit pos of an object,
 * of integer type mt: its byte offset *at and size *unit, the field's
 * first bit in it *rel.  1: the unit of mt's size that holds it (C's
 * layout), 0: a packed field, the smallest load covering it, -1: none
 * does (more than 8 bytes) */
int dt_sema_bitfield_unit(uint64_t pos, uint32_t bits, const struct dt_type *mt,
    uint32_t *at, uint32_t *unit, uint32_t *rel);
struct dt_node *dt_sema_offsetof(struct sema *s, struct ast_expr *e);

/* ---- call.c: actions, subroutines, record fields ---- */

/* a subroutine call in an expression */
struct dt_node *dt_sema_call(struct sema *s, struct ast_expr *e);
/* the index of action name, or -1 */
int dt_sema_action_lookup(const char *name);
/* is name a function of D's: a subroutine, action or aggregating function
 * (or one of Solaris' that Linux lacks)? */
int dt_sema_is_func(const char *name);
/* call e of action ai, a statement */
struct dt_node *dt_sema_action(struct sema *s, struct ast_expr *e, int ai);
struct dt_pfarg_type;
/* t as printf's checker sees it */
void dt_sema_pftype(struct dt_type *t, struct dt_pfarg_type *pt);
/* a format's error: tag is the checker's ("D_PRINTF_ARG_TYPE"), NULL for a
 * format that does not parse (D_SYNTAX, as dtrace's format parser says) */
void dt_sema_pf_err(struct sema *s, int line, const char *tag, const char *msg)
	__attribute__((noreturn));
/* an 8-byte integer record field of action a */
void dt_sema_field(struct sema *s, struct dt_action *a, struct dt_type *t);
/* a string (strsize + 1 bytes) record field of action a */
void dt_sema_strfield(struct sema *s, struct dt_action *a);
/* a record field of size bytes, copied from memory (tracemem, print) */
void dt_sema_bytes_field(struct sema *s, struct dt_action *a, uint32_t size);
void dt_sema_stack_field(struct sema *s, struct dt_action *a, uint32_t size);
/* act.c: stack() as an aggregation key */
struct dt_node *dt_sema_stack_key(struct sema *s, struct ast_expr *e);

/* ---- stmt.c: a clause's statements and predicate ---- */

void dt_sema_actions(struct sema *s, struct dt_stmt *st, struct ast_stmt *body);
void dt_sema_predicate(struct sema *s, struct dt_stmt *st, struct ast_expr *pred);

/* ---- clause.c: a clause's record, probes and registration ---- */

struct dt_stmt *dt_sema_clause_new(struct sema *s, struct ast_item *it, int is_file);
void dt_sema_match(struct sema *s, struct ast_pdesc *pds, struct match_ctx *mc);
/* strtail.c: a clause's string fields moved to the end of its record */
void dt_sema_strtail(struct dt_stmt *st);
void dt_sema_clause_add(struct sema *s, struct ast_item *it, struct dt_stmt *st,
    struct match_ctx *mc);

/* ---- the helper modules ---- */

/* strarr.c: a string value as a char array (the guide's Strings: D
 * treats a string like a char pointer for [ ], * and + and -) */
/* is n a string value that is not a char array in memory (those index
 * and decay as arrays)? */
int dt_sema_is_strval(const struct dt_node *n);
/* str[idx], *(str + idx): a char */
struct dt_node *dt_sema_str_at(struct sema *s, int line, struct dt_node *str,
    struct dt_node *idx);
/* str + off (neg: str - off), a string */
struct dt_node *dt_sema_str_add(struct sema *s, int line, struct dt_node *str,
    struct dt_node *off, int neg);

/* act.c: tracemem, print, ftruncate (freopen is printf's, call.c) */
void dt_sema_outact(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a);
/* the largest tracemem()/print() record field, in bytes */
#define DT_MAX_MEMREC 4096
/* ustack.c: ustack([nframes[, strsize]]) as an action, and as an
 * aggregation key (NULL if key k is not one: else a DN_CALL of
 * DT_F_USTACK, ival its frames) */
void dt_sema_ustack(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a);
struct dt_node *dt_sema_ustack_key(struct sema *s, struct ast_expr *k);
/* call.c: the checked address argument of sym()/usym() and friends */
struct dt_node *dt_sema_symarg(struct sema *s, struct ast_expr *e, const char *name);
/* usymfn.c: usym(), ufunc(), umod(), uaddr() (NULL if name is not one
 * of them), where s->symcall allows them; the DT_SYMK_* kind of a name
 * (0: not one of them) */
struct dt_node *dt_sema_usymfn(struct sema *s, struct ast_expr *e, const char *name);
int dt_sema_usymfn_kind(const char *name);
/* a format with %A: the program symbolizes user addresses */
struct dt_pfargv;
void dt_sema_pf_uaddr(struct sema *s, const struct dt_pfargv *pf);
/* an aggregation statement with a ustack() key aggregated in the
 * consumer (ustackmode=dwarf): 1, with its record's action in a */
int dt_sema_ustack_agg(struct sema *s, struct dt_node *an, struct dt_action *a);
/* agg.c: `@a[keys] = f(args)` (is_assign: with `=`), and the
 * aggregation actions' operands */
struct dt_node *dt_sema_aggregate(struct sema *s, struct ast_expr *e, int is_assign);
void dt_sema_aggact(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a);
int dt_sema_is_aggfunc(const char *name);
/* the most bytes (its NUL included) string value k can take, known at
 * compile time (a literal, execname, a probe name, char[N], substr of a
 * constant length, a choice of those); 0 if unknown */
uint32_t dt_sema_str_bound(struct sema *s, const struct dt_node *k);
/* destr.c: the destructive actions' operands (system(): its
 * destructive mark only; the rest is printf's) */
void dt_sema_destr(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a);
/* is statement n a destructive action (for "destructive actions may not
 * follow speculate( )")? */
int dt_sema_is_destructive(const struct dt_node *n);
/* @a[k][j]: dtrace's error for an aggregation indexed twice */
void dt_sema_agg_mdim(struct sema *s, struct ast_expr *agg) __attribute__((noreturn));

/* obj.c: D variables holding arrays, structs and unions (DN_OBJ) */
int dt_obj_is_aggregate(const struct dt_type *t);
/* the whole variable g (global) or v (this->, self->, or the element of
 * the associative array v at the converted key tuple keys) */
struct dt_node *dt_obj_var(struct sema *s, int line, struct dt_gvar *g, struct dt_dvar *v,
    struct dt_node **keys, int nkeys);
/* does the DN_OBJ obj live in the dynamic variable map (self->, a[k])? */
int dt_obj_is_dynamic(const struct dt_node *obj);
/* the DN_OBJ that n is, or that a char array string n reads; else NULL */
struct dt_node *dt_obj_of(struct dt_node *n);
/* obj[idx] (obj an array), obj.name (a struct or union; NULL for a packed
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

/* stability.c: -x amin: the attributes of clause st's probe
 * descriptions and of the arguments it uses are no lower than the
 * minimum (D_ATTR_MIN) */
void dt_sema_amin(struct sema *s, const struct dt_stmt *st, int line);

/* provdef.c: provider definitions; args[i] of a probe one describes
 * (NULL if i is past its arguments) */
struct dt_pdprobe;
void dt_sema_provider(struct sema *s, struct ast_item *it);
struct dt_node *dt_sema_provdef_arg(struct sema *s, const struct dt_pdprobe *pp, int i,
    int line);

#endif
