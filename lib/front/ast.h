/*
 * ast.h - the abstract syntax tree of a D program.
 *
 * Owned by the front end (lex.c/parse.c build it, ast.c frees and dumps
 * it).  The tree is purely syntactic: no types are resolved and no names
 * are looked up, but everything the semantic pass needs is kept: source
 * lines, operator kinds, integer constant radix and suffixes, the full
 * declarator structure of declarations and type names.
 *
 * Memory: every node, string and array of a program is allocated from
 * one arena owned by the struct ast_prog, so dt_ast_prog_free() releases all
 * of it at once (also on the parser's error path).  A consumer that wants
 * to add nodes to a tree can allocate them with dt_ast_alloc()/dt_ast_strdup()
 * so they are released together with the program.
 *
 * Lists are singly linked through the `next' member of their elements and
 * are always in source order.
 *
 * dt_ast_dump() output format (stable; one line per top-level item):
 *   clause      (clause (probes "P1" "P2" ...) [(pred E)] (body S...)|nobody)
 *   decl        (decl SPEC D...)
 *   inline      (inline SPEC D E)
 *   translator  (translator TYPE TYPE NAME (NAME E)...)
 *   provider    (provider NAME (probe NAME (args P...) [(xargs P...)])...)
 *   pragma      (pragma NAME ARG...)          option: (pragma option NAME[=VAL])
 * statements:   E | (empty) | (block S...) | (if E S [S])
 * expressions:  integers in decimal followed by their suffix (10ul); char
 *   constants as integers; strings C-escaped in double quotes; identifiers
 *   bare; @name / @ for aggregations, (@name K...) with keys;
 *   (OP E) for unary - + ! ~ * & sizeof stringof, (pre++ E) (pre-- E)
 *   (post++ E) (post-- E); (OP L R) for binary operators written as in D
 *   (, for the comma operator); (? C A B); (cast TYPE E); (sizeof-type TYPE);
 *   (call F ARG...); (index E K...); (. E name); (-> E name);
 *   (offsetof TYPE name); (xlate TYPE E).
 * types:        SPEC alone when there is no declarator, else (type SPEC D)
 * SPEC:         a single word (int, string, foo_t) when the specifier is only
 *   a base type; (struct TAG [(F...)...]) / (union ...) / (enum TAG [(N [E])...])
 *   for tagged types (TAG is _ when anonymous; the member lists appear
 *   only for definitions); otherwise (spec WORD... BASE) with storage class,
 *   qualifiers, userland, signed/unsigned, short/long words in that order.
 *   Struct members print as (SPEC D...).
 * D (declarator): (d NAME PART...) with NAME _ when abstract, PART one of
 *   ptr | (ptr const volatile restrict) | (array) | (array E) |
 *   (assoc P... [...]) | (func P... [...]) and a trailing (bits E) for
 *   bit-fields.  Parts read outward from the name: (d a (array 3) ptr) is
 *   "a is an array of 3 pointers".
 * P (parameter): SPEC alone, or (SPEC D).
 */
#ifndef DT_AST_H
#define DT_AST_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "base/arena.h"

struct dt_arena;
struct ast_type;
struct ast_param;

/* ------------------------------------------------------------------ */
/* Expressions                                                        */

enum ast_expr_kind {
	AST_E_INT,		/* integer or character constant */
	AST_E_STR,		/* string constant */
	AST_E_IDENT,		/* identifier (also self, this) */
	AST_E_AGG,		/* @name or @name[keys] */
	AST_E_UNARY,		/* unary operator, see enum ast_op */
	AST_E_BINARY,		/* binary operator incl. assignments, comma */
	AST_E_TERNARY,		/* c ? a : b */
	AST_E_CAST,		/* (type) e */
	AST_E_SIZEOF_TYPE,	/* sizeof (type) */
	AST_E_CALL,		/* f(args) - actions and subroutines */
	AST_E_INDEX,		/* e[keys] */
	AST_E_MEMBER,		/* e.name, e->name */
	AST_E_OFFSETOF,		/* offsetof(type, member) */
	AST_E_XLATE		/* xlate <type> (e) */
};

enum ast_op {
	AST_OP_NONE,
	/* unary */
	AST_OP_NEG,		/* -e */
	AST_OP_POS,		/* +e */
	AST_OP_LNOT,		/* !e */
	AST_OP_BNOT,		/* ~e */
	AST_OP_DEREF,		/* *e */
	AST_OP_ADDROF,		/* &e */
	AST_OP_PREINC,		/* ++e */
	AST_OP_PREDEC,		/* --e */
	AST_OP_POSTINC,		/* e++ */
	AST_OP_POSTDEC,		/* e-- */
	AST_OP_SIZEOF,		/* sizeof e */
	AST_OP_STRINGOF,	/* stringof e */
	/* binary */
	AST_OP_MUL, AST_OP_DIV, AST_OP_MOD,
	AST_OP_ADD, AST_OP_SUB,
	AST_OP_SHL, AST_OP_SHR,
	AST_OP_LT, AST_OP_GT, AST_OP_LE, AST_OP_GE,
	AST_OP_EQ, AST_OP_NE,
	AST_OP_BAND,		/* & */
	AST_OP_XOR,		/* ^ */
	AST_OP_BOR,		/* | */
	AST_OP_LAND,		/* && */
	AST_OP_LXOR,		/* ^^ */
	AST_OP_LOR,		/* || */
	AST_OP_ASSIGN,		/* = */
	AST_OP_MUL_ASSIGN, AST_OP_DIV_ASSIGN, AST_OP_MOD_ASSIGN,
	AST_OP_ADD_ASSIGN, AST_OP_SUB_ASSIGN,
	AST_OP_SHL_ASSIGN, AST_OP_SHR_ASSIGN,
	AST_OP_AND_ASSIGN, AST_OP_XOR_ASSIGN, AST_OP_OR_ASSIGN,
	AST_OP_COMMA
};

/* How an integer constant was written (sema picks the C type from this). */
enum ast_int_form {
	AST_INT_DEC,		/* decimal: 1..9 first digit */
	AST_INT_OCT,		/* leading 0 (includes plain "0") */
	AST_INT_HEX,		/* 0x / 0X */
	AST_INT_CHAR		/* character constant 'a' (type int in D) */
};

struct ast_expr {
	enum ast_expr_kind kind;
	int line;
	int paren;		/* number of ( ) written around it */
	int height;		/* height of this subtree (leaf = 1) */
	struct ast_expr *next;	/* next in an argument / key list */
	union {
		struct {
			uint64_t value;
			enum ast_int_form form;
			unsigned char suffix_u;	/* 1 if u/U suffix */
			unsigned char suffix_l;	/* 0, 1 (l) or 2 (ll) */
			const char *text;	/* spelling, e.g. "0x10UL" */
		} i;
		struct {
			char *s;	/* bytes after escape processing,
					   NUL-terminated (may contain NULs) */
			size_t len;	/* number of bytes, without the
					   terminating NUL */
		} str;
		struct {
			char *name;
		} ident;
		struct {
			char *name;	/* without '@'; "" for the anonymous
					   aggregation @ (dtrace calls it @_) */
			struct ast_expr *keys;	/* NULL if no [ ] */
			int nkeys;
		} agg;
		struct {
			enum ast_op op;
			struct ast_expr *operand;
		} unary;
		struct {
			enum ast_op op;
			struct ast_expr *left, *right;
		} binary;
		struct {
			struct ast_expr *cond, *then_e, *else_e;
		} ternary;
		struct {
			struct ast_type *type;
			struct ast_expr *operand;
		} cast;
		struct {
			struct ast_type *type;
		} sizeof_type;
		struct {
			struct ast_expr *fn;	/* usually an AST_E_IDENT */
			struct ast_expr *args;
			int nargs;
		} call;
		struct {
			struct ast_expr *base;
			struct ast_expr *keys;
			int nkeys;
		} index;
		struct {
			struct ast_expr *base;
			char *name;
			int arrow;	/* 1 for ->, 0 for . */
		} member;
		struct {
			struct ast_type *type;
			char *member;
		} offs;			/* offsetof(type, member) */
		struct {
			struct ast_type *type;
			struct ast_expr *operand;
		} xlate;
	};
};

/* ------------------------------------------------------------------ */
/* Types and declarations                                             */

enum ast_storage {
	AST_SC_NONE,
	AST_SC_AUTO,
	AST_SC_REGISTER,
	AST_SC_STATIC,
	AST_SC_EXTERN,
	AST_SC_TYPEDEF,
	AST_SC_SELF,		/* self int x; */
	AST_SC_THIS		/* this int x; */
};

enum ast_base {
	AST_T_IMPLICIT,		/* no base type word: int is implied */
	AST_T_VOID,
	AST_T_CHAR,
	AST_T_INT,
	AST_T_FLOAT,
	AST_T_DOUBLE,
	AST_T_STRING,
	AST_T_STRUCT,
	AST_T_UNION,
	AST_T_ENUM,
	AST_T_TYPEDEF		/* name is the typedef name */
};

#define AST_Q_CONST	0x1u
#define AST_Q_VOLATILE	0x2u
#define AST_Q_RESTRICT	0x4u

struct ast_member;
struct ast_enumerator;

/* Declaration specifiers: storage class, qualifiers, base type. */
struct ast_declspec {
	int line;
	enum ast_storage storage;
	enum ast_base base;
	unsigned quals;			/* AST_Q_* */
	unsigned char is_signed;
	unsigned char is_unsigned;
	unsigned char nshort;		/* 0 or 1 */
	unsigned char nlong;		/* 0, 1 or 2 */
	unsigned char userland;		/* "userland" type attribute */
	char *name;			/* struct/union/enum tag (NULL when
					   anonymous) or typedef name */
	int has_body;			/* struct/union/enum with { } */
	struct ast_member *members;	/* struct/union body */
	struct ast_enumerator *enumerators;	/* enum body */
};

/* A parameter list: function parameters, associative array key types,
 * provider probe arguments. */
struct ast_plist {
	struct ast_param *first;
	int count;
	int varargs;			/* trailing ... */
};

enum ast_dkind {
	AST_D_PTR,
	AST_D_ARRAY,		/* [dim], [] or [type, ...] (associative) */
	AST_D_FUNC		/* (params) */
};

/* One derivation step of a declarator.  The list starts at the step next
 * to the declared name and goes outward towards the base type. */
struct ast_dpart {
	struct ast_dpart *next;
	enum ast_dkind kind;
	int line;
	unsigned quals;		/* PTR: AST_Q_* qualifiers of the pointer */
	struct ast_expr *dim;	/* ARRAY: dimension, NULL for [] / assoc */
	int assoc;		/* ARRAY: 1 if [type, ...] */
	struct ast_plist params;	/* ARRAY assoc key types / FUNC */
};

struct ast_declarator {
	struct ast_declarator *next;	/* next in an init-declarator list */
	int line;
	char *name;		/* NULL for an abstract declarator */
	struct ast_dpart *parts;	/* NULL if just a name */
	struct ast_expr *bitfield;	/* struct member : width, or NULL */
};

struct ast_param {
	struct ast_param *next;
	int line;
	struct ast_declspec *spec;
	struct ast_declarator *decl;	/* never NULL; name may be NULL */
};

/* A type name (casts, sizeof, offsetof, xlate, translators). */
struct ast_type {
	int line;
	struct ast_declspec *spec;
	struct ast_declarator *decl;	/* never NULL; name is NULL */
};

/* One member declaration of a struct/union: int a, b : 3; */
struct ast_member {
	struct ast_member *next;
	int line;
	struct ast_declspec *spec;
	struct ast_declarator *decls;	/* name NULL for ": width" */
};

struct ast_enumerator {
	struct ast_enumerator *next;
	int line;
	char *name;
	struct ast_expr *value;		/* NULL if not given */
};

/* ------------------------------------------------------------------ */
/* Statements                                                         */

enum ast_stmt_kind {
	AST_S_EXPR,		/* expr; */
	AST_S_EMPTY,		/* ; */
	AST_S_BLOCK,		/* { ... } */
	AST_S_IF		/* if (expr) then_s [else else_s] */
};

struct ast_stmt {
	enum ast_stmt_kind kind;
	int line;
	struct ast_stmt *next;
	struct ast_expr *expr;		/* EXPR: the expression; IF: cond */
	struct ast_stmt *body;		/* BLOCK: statement list */
	struct ast_stmt *then_s;	/* IF */
	struct ast_stmt *else_s;	/* IF: NULL if no else */
};

/* ------------------------------------------------------------------ */
/* Top-level items                                                    */

struct ast_pdesc {
	struct ast_pdesc *next;
	int line;
	char *text;		/* as written, after $macro substitution */
	char *provider;		/* fields split from the right; "" when */
	char *module;		/*  omitted: "BEGIN" has name "BEGIN" */
	char *function;
	char *name;
	int is_id;		/* written as a numeric probe id */
	uint64_t id;		/* the id when is_id */
};

struct ast_clause {
	struct ast_pdesc *pdescs;
	int npdescs;
	struct ast_expr *pred;	/* NULL if no predicate */
	struct ast_stmt *body;	/* statement list (may be empty) */
	int no_body;		/* 1 if no { } was written at all; dtrace
				   then says "expected predicate and/or
				   actions following probe description"
				   (for files) or "expected actions { }
				   following probe description and
				   predicate" (with a predicate) */
};

struct ast_decl {
	struct ast_declspec *spec;
	struct ast_declarator *decls;	/* NULL for "struct s { ... };" */
};

struct ast_inline {
	struct ast_declspec *spec;
	struct ast_declarator *decl;
	struct ast_expr *value;
};

struct ast_xlmember {
	struct ast_xlmember *next;
	int line;
	char *name;
	struct ast_expr *value;
};

struct ast_translator {
	struct ast_type *out_type;
	struct ast_type *in_type;
	char *in_name;			/* the input identifier */
	struct ast_xlmember *members;	/* NULL for { } */
};

struct ast_probe {
	struct ast_probe *next;
	int line;
	char *name;			/* as written (dtrace maps __ to -) */
	struct ast_plist args;		/* native argument types */
	int has_xargs;
	struct ast_plist xargs;		/* translated types after ':' */
};

struct ast_provider {
	char *name;
	struct ast_probe *probes;
};

enum ast_pragma_kind {
	AST_PRAGMA_OPTION,		/* #pragma D option name[=value] */
	AST_PRAGMA_ATTRIBUTES,		/* #pragma D attributes ... */
	AST_PRAGMA_BINDING,		/* #pragma D binding "ver" ident */
	AST_PRAGMA_DEPENDS_ON		/* #pragma D depends_on class name */
};

enum ast_parg_kind {
	AST_PARG_WORD,			/* any run of non-blank characters */
	AST_PARG_STRING,		/* "..." (escapes processed) */
	AST_PARG_INT			/* integer (ival set) */
};

struct ast_pragma_arg {
	enum ast_parg_kind kind;
	char *text;			/* word / string bytes / spelling */
	uint64_t ival;
};

struct ast_pragma {
	enum ast_pragma_kind kind;
	char *name;			/* "option", "attributes", ... */
	int nargs;			/* arguments after the name */
	struct ast_pragma_arg *args;
	char *opt;			/* option: option name */
	char *val;			/* option: value, NULL if no '=' */
};

enum ast_item_kind {
	AST_ITEM_CLAUSE,
	AST_ITEM_DECL,
	AST_ITEM_INLINE,
	AST_ITEM_TRANSLATOR,
	AST_ITEM_PROVIDER,
	AST_ITEM_PRAGMA
};

struct ast_item {
	enum ast_item_kind kind;
	int line;
	struct ast_item *next;
	union {
		struct ast_clause clause;
		struct ast_decl decl;
		struct ast_inline inl;
		struct ast_translator xlator;
		struct ast_provider provider;
		struct ast_pragma pragma;
	};
};

struct ast_prog {
	struct ast_item *items;		/* in source order */
	int nitems;
	int max_argref;			/* highest N of $N / $$N referenced
					   (also in probe descriptions),
					   -1 if none */
	int argc;			/* macro argc the program was parsed
					   with */
	unsigned char *argref;		/* argref[i] != 0 if $i or $$i was
					   referenced, 0 <= i < argc */
	struct dt_arena *arena;	/* owns everything above */
	int is_lib;			/* a D library's (set by sema/dlib.c):
					   its providers are not the program's
					   (-h, -G) */
};

/* ------------------------------------------------------------------ */
/* Memory                                                             */

/* Allocate zeroed memory / copy a string owned by the program p. */
void *dt_ast_alloc(struct ast_prog *p, size_t size);
char *dt_ast_strdup(struct ast_prog *p, const char *s);

/* Free a program and everything it owns (NULL is allowed). */
void dt_ast_prog_free(struct ast_prog *p);

/* ------------------------------------------------------------------ */
/* Debugging output (format described at the top of this file)        */

const char *dt_ast_op_str(enum ast_op op);	/* "+", "pre++", "sizeof" ... */
void dt_ast_dump(FILE *fp, const struct ast_prog *p);
void dt_ast_dump_item(FILE *fp, const struct ast_item *it);
void dt_ast_dump_stmt(FILE *fp, const struct ast_stmt *s);
void dt_ast_dump_expr(FILE *fp, const struct ast_expr *e);
void dt_ast_dump_type(FILE *fp, const struct ast_type *t);
void dt_ast_dump_declspec(FILE *fp, const struct ast_declspec *ds);
void dt_ast_dump_declarator(FILE *fp, const struct ast_declarator *d);

#endif /* DT_AST_H */
