/*
 * parse.c - recursive-descent parser for the D language.
 *
 * Owns the D grammar: the Dynamic Tracing Guide's D (clauses, predicates,
 * declarations, inline, translator, provider, #pragma D) plus Oracle
 * Linux DTrace's if/else and blocks.  It builds the tree of ast.h and
 * reports the first error with dtrace's wording ("syntax error near ...")
 * so the dtrace command can prefix it as dtrace does.  Expression
 * precedence follows dtrace's grammar (C's, with ^^ between && and ||).
 * It also owns the set of names the parser treats as type names (D's
 * built-in typedefs, the program's typedefs, and names the semantic pass
 * registers), because C-like syntax cannot be parsed without it; the
 * registered names and the lookup callback live in the caller's struct
 * dt_parse_state (one per handle), never in file-scope variables.
 *
 * Errors longjmp() back to dt_parse(), which frees the program's arena;
 * every allocation comes from that arena, so nothing leaks on any path.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "lex.h"

#define MAX_NEST	4000	/* parser recursion (nesting) limit */
#define MAX_HEIGHT	5000	/* expression tree height limit */
#define TN_HASH		64

struct tname {
	struct tname *next;
	char *name;
};

struct parser {
	struct lexer lx;
	struct dt_arena *arena;
	struct ast_prog *prog;
	struct dt_perr *err;
	const struct dt_macros *m;
	const struct dt_parse_state *ps;	/* the handle's type names */
	jmp_buf jb;

	enum lex_mode mode;
	struct token la[4];	/* look-ahead tokens */
	int nla;

	int depth;		/* current recursion depth */
	struct tname *types[TN_HASH];	/* typedef names of the program */
	struct ast_item **tail;	/* end of prog->items */
};

/* ------------------------------------------------------------------ */
/* Type names                                                         */

static const char *const builtin_types[] = {
	"caddr_t", "clock_t", "daddr_t", "dev_t", "gid_t", "hrtime_t",
	"id_t", "ino_t", "int16_t", "int32_t", "int64_t", "int8_t",
	"intptr_t", "ipaddr_t", "longlong_t", "mode_t", "off_t", "pid_t",
	"processorid_t", "projid_t", "ptrdiff_t", "size_t", "ssize_t",
	"taskid_t", "time_t", "timestruc_t", "u_longlong_t", "uchar_t",
	"uid_t", "uint16_t", "uint32_t", "uint64_t", "uint8_t", "uint_t",
	"uintptr_t", "ulong_t", "ushort_t", "zoneid_t",
	"cpuinfo_t", "psetid_t", "chipid_t", "lgrp_id_t"
};

/*
 * The names a handle registers and its lookup callback: one per handle,
 * so two handles in one process never see each other's type names.
 */
struct dt_parse_state {
	char **reg_tab;		/* open-addressing hash of registered names */
	size_t reg_cap, reg_n;
	int (*lookup)(void *, const char *);
	void *lookup_arg;
};

struct dt_parse_state *
dt_parse_state_new(int (*lookup)(void *arg, const char *name), void *arg)
{
	struct dt_parse_state *ps = calloc(1, sizeof(*ps));

	if (ps == NULL)
		return NULL;
	ps->lookup = lookup;
	ps->lookup_arg = arg;
	return ps;
}

void
dt_parse_state_free(struct dt_parse_state *ps)
{
	size_t i;

	if (ps == NULL)
		return;
	for (i = 0; i < ps->reg_cap; i++)
		free(ps->reg_tab[i]);
	free(ps->reg_tab);
	free(ps);
}

static size_t
str_hash(const char *s)
{
	size_t h = 5381;

	while (*s != '\0')
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static int
reg_find(const struct dt_parse_state *ps, const char *name)
{
	size_t i;

	if (ps->reg_cap == 0)
		return 0;
	for (i = str_hash(name) & (ps->reg_cap - 1); ps->reg_tab[i] != NULL;
	    i = (i + 1) & (ps->reg_cap - 1)) {
		if (strcmp(ps->reg_tab[i], name) == 0)
			return 1;
	}
	return 0;
}

static void
reg_put(char **tab, size_t cap, char *name)
{
	size_t i;

	for (i = str_hash(name) & (cap - 1); tab[i] != NULL;
	    i = (i + 1) & (cap - 1))
		continue;
	tab[i] = name;
}

int
dt_parse_add_typename(struct dt_parse_state *ps, const char *name)
{
	char *copy;
	size_t i;

	if (name == NULL || reg_find(ps, name))
		return 0;
	if ((ps->reg_n + 1) * 2 > ps->reg_cap) {
		size_t ncap = ps->reg_cap ? ps->reg_cap * 2 : 64;
		char **ntab = calloc(ncap, sizeof(char *));

		if (ntab == NULL)
			return -1;
		for (i = 0; i < ps->reg_cap; i++) {
			if (ps->reg_tab[i] != NULL)
				reg_put(ntab, ncap, ps->reg_tab[i]);
		}
		free(ps->reg_tab);
		ps->reg_tab = ntab;
		ps->reg_cap = ncap;
	}
	if ((copy = strdup(name)) == NULL)
		return -1;
	reg_put(ps->reg_tab, ps->reg_cap, copy);
	ps->reg_n++;
	return 0;
}

static int
ask_lookup(const struct dt_parse_state *ps, const char *name)
{
	return ps->lookup != NULL && ps->lookup(ps->lookup_arg, name);
}

int
dt_parse_is_typename(const struct dt_parse_state *ps, const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(builtin_types) / sizeof(builtin_types[0]); i++) {
		if (strcmp(builtin_types[i], name) == 0)
			return 1;
	}
	if (reg_find(ps, name))
		return 1;
	return ask_lookup(ps, name);
}

static int
prog_has_type(struct parser *P, const char *name)
{
	struct tname *tn;

	for (tn = P->types[str_hash(name) % TN_HASH]; tn; tn = tn->next) {
		if (strcmp(tn->name, name) == 0)
			return 1;
	}
	return 0;
}

static void
prog_add_type(struct parser *P, char *name)
{
	struct tname *tn;
	size_t h = str_hash(name) % TN_HASH;

	if (prog_has_type(P, name))
		return;
	tn = dt_arena_alloc(P->arena, sizeof(*tn));
	tn->name = name;
	tn->next = P->types[h];
	P->types[h] = tn;
}

static int prog_has_type(struct parser *P, const char *name);

/*
 * A type name scoped by a module, as the guide's "Type Namespaces"
 * spells them: D`int, vmlinux`uint32_t, vmlinux`u32 (a kernel typedef,
 * asked of the registered lookup).  "mod`struct" starts a scoped tag.
 */
static int
scoped_typename(struct parser *P, const char *name)
{
	static const char *const kw[] = { "int", "char", "short", "long",
		"void", "float", "double", "signed", "unsigned", "string",
		"struct", "union", "enum" };
	const char *bq = strrchr(name, '`');
	size_t i;

	if (bq == NULL || bq == name || bq[-1] == '`' || bq[1] == '\0')
		return 0;
	for (i = 0; i < sizeof(kw) / sizeof(kw[0]); i++) {
		if (strcmp(kw[i], bq + 1) == 0)
			return 1;
	}
	if (prog_has_type(P, bq + 1) || dt_parse_is_typename(P->ps, bq + 1))
		return 1;
	return ask_lookup(P->ps, name);
}

static int
is_typename(struct parser *P, const char *name)
{
	return prog_has_type(P, name) || dt_parse_is_typename(P->ps, name) ||
	    (strchr(name, '`') != NULL && scoped_typename(P, name));
}

static int
lex_is_typename(void *ctx, const char *name)
{
	return is_typename(ctx, name);
}

/* ------------------------------------------------------------------ */
/* Errors and tokens                                                  */

static void fail(struct parser *P, enum dt_errtag tag, int line,
    const char *fmt, ...) __attribute__((noreturn, format(printf, 4, 5)));

static void
fail(struct parser *P, enum dt_errtag tag, int line, const char *fmt, ...)
{
	va_list ap;

	P->err->line = line;
	P->err->tag = tag;
	va_start(ap, fmt);
	vsnprintf(P->err->msg, sizeof(P->err->msg), fmt, ap);
	va_end(ap);
	longjmp(P->jb, 2);
}

static void syntax_error(struct parser *P, const struct token *t)
    __attribute__((noreturn));

static void
syntax_error(struct parser *P, const struct token *t)
{
	if (t->kind == T_EOF)
		fail(P, D_SYNTAX, t->line, "syntax error near end of input");
	fail(P, D_SYNTAX, t->line,
	    "syntax error near \"%.*s\"", (int)t->len, t->text);
}

static struct token *
peek_n(struct parser *P, int k)
{
	while (P->nla <= k) {
		struct token *t = &P->la[P->nla];

		if (dt_lex_next(&P->lx, P->mode, t) == T_ERROR)
			fail(P, P->lx.errtag, P->lx.errline, "%s", P->lx.errmsg);
		P->nla++;
	}
	return &P->la[k];
}

static struct token *
peek(struct parser *P)
{
	return peek_n(P, 0);
}

static struct token
next(struct parser *P)
{
	struct token t;

	peek(P);
	t = P->la[0];
	memmove(&P->la[0], &P->la[1], sizeof(P->la[0]) * (size_t)(P->nla - 1));
	P->nla--;
	return t;
}

static int
peek_is(struct parser *P, enum tok k)
{
	return peek(P)->kind == k;
}

static int
peek_kw(struct parser *P, enum kw k)
{
	struct token *t = peek(P);

	return t->kind == T_IDENT && t->kw == k;
}

static struct token
expect(struct parser *P, enum tok k)
{
	struct token *t = peek(P);

	if (t->kind != k)
		syntax_error(P, t);
	return next(P);
}

/* an identifier that is not a keyword */
static struct token
expect_ident(struct parser *P)
{
	struct token *t = peek(P);

	if (t->kind != T_IDENT || t->kw != KW_NONE)
		syntax_error(P, t);
	return next(P);
}

static void
set_mode(struct parser *P, enum lex_mode mode)
{
	if (P->mode != mode && P->nla > 0 && mode == LEX_TOP)
		fail(P, D_UNKNOWN, P->la[0].line,
		    "internal error: look-ahead across a mode switch");
	P->mode = mode;
}

static void
enter(struct parser *P)
{
	if (++P->depth > MAX_NEST) {
		struct token *t = peek(P);

		if (t->kind == T_EOF)
			fail(P, D_SYNTAX, t->line,
			    "memory exhausted near end of input");
		fail(P, D_SYNTAX, t->line, "memory exhausted near \"%.*s\"",
		    (int)t->len, t->text);
	}
}

static void
leave(struct parser *P)
{
	P->depth--;
}

static void *
alloc(struct parser *P, size_t n)
{
	return dt_arena_alloc(P->arena, n);
}

static char *
xstrdup(struct parser *P, const char *s)
{
	return dt_arena_strndup(P->arena, s, strlen(s));
}

/* ------------------------------------------------------------------ */
/* Expression nodes                                                   */

static struct ast_expr *
new_expr(struct parser *P, enum ast_expr_kind k, int line)
{
	struct ast_expr *e = alloc(P, sizeof(*e));

	e->kind = k;
	e->line = line;
	e->height = 1;
	return e;
}

/* account for child c in the height of e */
static void
grow(struct parser *P, struct ast_expr *e, const struct ast_expr *c)
{
	if (c != NULL && c->height + 1 > e->height) {
		e->height = c->height + 1;
		if (e->height > MAX_HEIGHT)
			fail(P, D_NOREG, e->line, "expression is too complex");
	}
}

static void
grow_list(struct parser *P, struct ast_expr *e, const struct ast_expr *c)
{
	for (; c != NULL; c = c->next)
		grow(P, e, c);
}

static struct ast_expr *
mk_unary(struct parser *P, enum ast_op op, struct ast_expr *a, int line)
{
	struct ast_expr *e = new_expr(P, AST_E_UNARY, line);

	e->unary.op = op;
	e->unary.operand = a;
	grow(P, e, a);
	return e;
}

static struct ast_expr *
mk_binary(struct parser *P, enum ast_op op, struct ast_expr *l,
    struct ast_expr *r, int line)
{
	struct ast_expr *e = new_expr(P, AST_E_BINARY, line);

	e->binary.op = op;
	e->binary.left = l;
	e->binary.right = r;
	grow(P, e, l);
	grow(P, e, r);
	return e;
}

/* ------------------------------------------------------------------ */
/* Declarations                                                       */

enum dmode {
	DM_NAMED,		/* declarator must have a name */
	DM_ABSTRACT,		/* type names: no name */
	DM_EITHER		/* parameters */
};

#define DS_STORAGE	0x1	/* auto register static extern typedef */
#define DS_DSTORAGE	0x2	/* self this */
#define DS_FORCE	0x4	/* a type is required: take an unknown
				   identifier as a typedef name */

static struct ast_expr *parse_expression(struct parser *P);
static struct ast_expr *parse_assign(struct parser *P);
static struct ast_expr *parse_conditional(struct parser *P);
static struct ast_declspec *parse_declspec(struct parser *P, int flags);
static struct ast_declarator *parse_declarator(struct parser *P,
    enum dmode mode);

/* keywords that can start a type name */
static int
is_type_kw(enum kw k)
{
	switch (k) {
	case KW_VOID: case KW_CHAR: case KW_SHORT: case KW_INT: case KW_LONG:
	case KW_FLOAT: case KW_DOUBLE: case KW_SIGNED: case KW_UNSIGNED:
	case KW_STRING: case KW_STRUCT: case KW_UNION: case KW_ENUM:
	case KW_CONST: case KW_VOLATILE: case KW_RESTRICT: case KW_USERLAND:
		return 1;
	default:
		return 0;
	}
}

static int
is_storage_kw(enum kw k)
{
	switch (k) {
	case KW_AUTO: case KW_REGISTER: case KW_STATIC: case KW_EXTERN:
	case KW_TYPEDEF:
		return 1;
	default:
		return 0;
	}
}

/* Does look-ahead token k start a declaration (parameter) specifier? */
static int
decl_start_at(struct parser *P, int k)
{
	struct token *t = peek_n(P, k);

	if (t->kind != T_IDENT)
		return 0;
	if (t->kw != KW_NONE)
		return is_type_kw(t->kw) || is_storage_kw(t->kw);
	return is_typename(P, t->str);
}

/*
 * At "(": does a type name follow (cast, sizeof (type))?  A known type
 * name is taken as a type only when followed by ")", "*" or a qualifier,
 * as a variable of the same name would be followed by something else.
 */
static int
cast_start(struct parser *P)
{
	struct token *t1 = peek_n(P, 1), *t2;

	if (t1->kind != T_IDENT)
		return 0;
	if (t1->kw != KW_NONE)
		return is_type_kw(t1->kw);
	if (!is_typename(P, t1->str))
		return 0;
	if (strchr(t1->str, '`') != NULL) {	/* mod`struct tag */
		const char *bq = strrchr(t1->str, '`') + 1;

		if (!strcmp(bq, "struct") || !strcmp(bq, "union") ||
		    !strcmp(bq, "enum"))
			return 1;
	}
	t2 = peek_n(P, 2);
	return t2->kind == T_RPAR || t2->kind == T_STAR ||
	    (t2->kind == T_IDENT && (t2->kw == KW_CONST ||
	    t2->kw == KW_VOLATILE || t2->kw == KW_RESTRICT));
}

static void
check_declspec(struct parser *P, const struct ast_declspec *ds, int line)
{
	enum ast_base b = ds->base;

	if (b == AST_T_IMPLICIT)
		return;
	if (b == AST_T_CHAR && (ds->nshort || ds->nlong))
		fail(P, D_DECL_CHARATTR, line,
		    "invalid type declaration: short and long may "
		    "not be used with char type");
	if (b == AST_T_VOID && (ds->nshort || ds->nlong || ds->is_signed ||
	    ds->is_unsigned))
		fail(P, D_DECL_VOIDATTR, line,
		    "invalid type declaration: attributes may not "
		    "be used with void type");
	if (b != AST_T_CHAR && b != AST_T_INT && b != AST_T_VOID &&
	    (ds->is_signed || ds->is_unsigned))
		fail(P, D_DECL_SIGNINT, line,
		    "invalid type declaration: signed and unsigned "
		    "may only be used with integer type");
	if (b != AST_T_CHAR && b != AST_T_INT && b != AST_T_VOID &&
	    b != AST_T_FLOAT && b != AST_T_DOUBLE && ds->nlong)
		fail(P, D_DECL_LONGINT, line,
		    "invalid type declaration: long and long long "
		    "may only be used with integer or floating-point type");
}

static void
set_base(struct parser *P, struct ast_declspec *ds, enum ast_base b,
    int line)
{
	if (ds->base != AST_T_IMPLICIT)
		fail(P, D_DECL_COMBO, line, "invalid type combination");
	ds->base = b;
}

static void
parse_sou_body(struct parser *P, struct ast_declspec *ds)
{
	struct ast_member **mt = &ds->members;

	ds->has_body = 1;
	do {
		struct token *t = peek(P);
		struct ast_member *m = alloc(P, sizeof(*m));
		struct ast_declarator **dt = &m->decls;

		m->line = t->line;
		if ((m->spec = parse_declspec(P, DS_FORCE)) == NULL)
			syntax_error(P, t);
		for (;;) {
			struct ast_declarator *d;

			if (peek_is(P, T_COLON)) {
				d = alloc(P, sizeof(*d));
				d->line = next(P).line;
				d->bitfield = parse_conditional(P);
			} else {
				d = parse_declarator(P, DM_NAMED);
				if (peek_is(P, T_COLON)) {
					next(P);
					d->bitfield = parse_conditional(P);
				}
			}
			*dt = d;
			dt = &d->next;
			if (!peek_is(P, T_COMMA))
				break;
			next(P);
		}
		expect(P, T_SEMI);
		*mt = m;
		mt = &m->next;
	} while (!peek_is(P, T_RBRACE));
	next(P);
}

static void
parse_enum_body(struct parser *P, struct ast_declspec *ds)
{
	struct ast_enumerator **et = &ds->enumerators;

	ds->has_body = 1;
	for (;;) {
		struct token t = expect_ident(P);
		struct ast_enumerator *en = alloc(P, sizeof(*en));

		en->line = t.line;
		en->name = t.str;
		if (peek_is(P, T_ASSIGN)) {
			next(P);
			en->value = parse_conditional(P);
		}
		*et = en;
		et = &en->next;
		if (!peek_is(P, T_COMMA))
			break;
		next(P);
	}
	expect(P, T_RBRACE);
}

/* struct / union / enum specifier; the keyword has been consumed */
static void
parse_tagged(struct parser *P, struct ast_declspec *ds, const struct token *kw)
{
	struct token *t;

	set_base(P, ds, kw->kw == KW_STRUCT ? AST_T_STRUCT :
	    kw->kw == KW_UNION ? AST_T_UNION : AST_T_ENUM, kw->line);
	t = peek(P);
	if (t->kind == T_IDENT && t->kw == KW_NONE)
		ds->name = next(P).str;
	if (peek_is(P, T_LBRACE)) {
		next(P);
		if (kw->kw == KW_ENUM)
			parse_enum_body(P, ds);
		else
			parse_sou_body(P, ds);
	} else if (ds->name == NULL) {
		syntax_error(P, peek(P));
	}
}

/*
 * An identifier the parser does not know as a type name, met after a
 * storage class or qualifier but before any type: it must be a type name
 * (e.g. a kernel typedef in "typedef time64_t time_t;") when what follows
 * can only continue a declarator, i.e. a name or '*'.
 */
static int
implied_type(struct parser *P, const struct ast_declspec *ds)
{
	struct token *t1;

	if (ds == NULL)
		return 0;
	t1 = peek_n(P, 1);
	return t1->kind == T_STAR || (t1->kind == T_IDENT &&
	    t1->kw == KW_NONE);
}

/*
 * Declaration specifiers.  Returns NULL (consuming nothing) if the next
 * token does not start one.  flags: DS_STORAGE, DS_DSTORAGE.
 */
static struct ast_declspec *
parse_declspec(struct parser *P, int flags)
{
	struct ast_declspec *ds = NULL;
	int attrs = 0;		/* signed/unsigned/short/long seen */

	enter(P);
	for (;;) {
		struct token *t = peek(P), tok;
		enum kw k;

		if (t->kind != T_IDENT)
			break;
		k = t->kw;
		if (k == KW_NONE) {
			/* a typedef name, unless the type is already given:
			 * then it is the declarator's name (C rules) */
			if ((ds != NULL && ds->base != AST_T_IMPLICIT) ||
			    attrs)
				break;
			if (!(flags & DS_FORCE) && !is_typename(P, t->str) &&
			    !implied_type(P, ds))
				break;
		} else if (is_storage_kw(k)) {
			if (!(flags & DS_STORAGE))
				break;
		} else if (k == KW_SELF || k == KW_THIS) {
			if (!(flags & DS_DSTORAGE))
				break;
		} else if (!is_type_kw(k)) {
			break;
		}

		tok = next(P);
		if (ds == NULL) {
			ds = alloc(P, sizeof(*ds));
			ds->line = tok.line;
		}
		switch (k) {
		case KW_AUTO: case KW_REGISTER: case KW_STATIC: case KW_EXTERN:
		case KW_TYPEDEF: case KW_SELF: case KW_THIS:
			if (ds->storage != AST_SC_NONE)
				fail(P, D_DECL_CLASS, tok.line,
				    "only one storage class "
				    "allowed in a declaration");
			ds->storage = k == KW_AUTO ? AST_SC_AUTO :
			    k == KW_REGISTER ? AST_SC_REGISTER :
			    k == KW_STATIC ? AST_SC_STATIC :
			    k == KW_EXTERN ? AST_SC_EXTERN :
			    k == KW_TYPEDEF ? AST_SC_TYPEDEF :
			    k == KW_SELF ? AST_SC_SELF : AST_SC_THIS;
			break;
		case KW_CONST:
			ds->quals |= AST_Q_CONST;
			break;
		case KW_VOLATILE:
			ds->quals |= AST_Q_VOLATILE;
			break;
		case KW_RESTRICT:
			ds->quals |= AST_Q_RESTRICT;
			break;
		case KW_USERLAND:
			ds->userland = 1;
			break;
		case KW_SIGNED:
			ds->is_signed = 1;
			attrs = 1;
			break;
		case KW_UNSIGNED:
			ds->is_unsigned = 1;
			attrs = 1;
			break;
		case KW_SHORT:
			ds->nshort = 1;
			attrs = 1;
			break;
		case KW_LONG:
			if (ds->nlong == 2)
				fail(P, D_DECL_COMBO, tok.line,
				    "invalid type combination");
			ds->nlong++;
			attrs = 1;
			break;
		case KW_VOID:
			set_base(P, ds, AST_T_VOID, tok.line);
			break;
		case KW_CHAR:
			set_base(P, ds, AST_T_CHAR, tok.line);
			break;
		case KW_INT:
			set_base(P, ds, AST_T_INT, tok.line);
			break;
		case KW_FLOAT:
			set_base(P, ds, AST_T_FLOAT, tok.line);
			break;
		case KW_DOUBLE:
			set_base(P, ds, AST_T_DOUBLE, tok.line);
			break;
		case KW_STRING:
			set_base(P, ds, AST_T_STRING, tok.line);
			break;
		case KW_STRUCT: case KW_UNION: case KW_ENUM:
			parse_tagged(P, ds, &tok);
			break;
		case KW_NONE: {
			/* mod`struct tag: a tag in module mod's namespace */
			const char *bq = strrchr(tok.str, '`');
			enum kw tk = KW_NONE;

			if (bq != NULL && bq != tok.str) {
				tk = !strcmp(bq + 1, "struct") ? KW_STRUCT :
				    !strcmp(bq + 1, "union") ? KW_UNION :
				    !strcmp(bq + 1, "enum") ? KW_ENUM : KW_NONE;
			}
			if (tk != KW_NONE) {
				struct token tag = expect_ident(P);
				size_t ml = (size_t)(bq - tok.str) + 1;
				size_t tl = strlen(tag.str);
				char *nm = alloc(P, ml + tl + 1);

				memcpy(nm, tok.str, ml);
				memcpy(nm + ml, tag.str, tl + 1);
				set_base(P, ds, tk == KW_STRUCT ? AST_T_STRUCT :
				    tk == KW_UNION ? AST_T_UNION : AST_T_ENUM,
				    tok.line);
				ds->name = nm;
				break;
			}
			set_base(P, ds, AST_T_TYPEDEF, tok.line);
			ds->name = tok.str;
			break;
		}
		default:
			break;
		}
		check_declspec(P, ds, tok.line);
	}
	leave(P);
	return ds;
}

static void
parse_params(struct parser *P, struct ast_plist *pl)
{
	struct ast_param **pt = &pl->first;

	for (;;) {
		struct token *t = peek(P);
		struct ast_param *pa;

		if (t->kind == T_ELLIPSIS) {
			next(P);
			pl->varargs = 1;
			return;
		}
		pa = alloc(P, sizeof(*pa));
		pa->line = t->line;
		if ((pa->spec = parse_declspec(P, DS_STORAGE | DS_FORCE)) ==
		    NULL)
			syntax_error(P, t);
		pa->decl = parse_declarator(P, DM_EITHER);
		*pt = pa;
		pt = &pa->next;
		pl->count++;
		if (!peek_is(P, T_COMMA))
			return;
		next(P);
	}
}

/* At "(" in a declarator: a parenthesized declarator (vs. parameters)? */
static int
nested_declarator(struct parser *P, enum dmode mode)
{
	struct token *t1;

	if (mode == DM_NAMED)
		return 1;
	t1 = peek_n(P, 1);
	if (t1->kind == T_STAR || t1->kind == T_LPAR || t1->kind == T_LBRAC)
		return 1;
	return mode == DM_EITHER && t1->kind == T_IDENT &&
	    t1->kw == KW_NONE && !is_typename(P, t1->str);
}

/*
 * Parse [pointers] direct-declarator [suffixes] and return the derivation
 * list, innermost (next to the name) first.
 */
static struct ast_dpart *
parse_dparts(struct parser *P, enum dmode mode, struct ast_declarator *d)
{
	struct ast_dpart *ptrs = NULL, *inner = NULL, *suf = NULL;
	struct ast_dpart **st = &suf, **lt, *dp;
	struct token *t;

	enter(P);
	while (peek_is(P, T_STAR)) {
		dp = alloc(P, sizeof(*dp));
		dp->kind = AST_D_PTR;
		dp->line = next(P).line;
		for (;;) {
			if (peek_kw(P, KW_CONST))
				dp->quals |= AST_Q_CONST;
			else if (peek_kw(P, KW_VOLATILE))
				dp->quals |= AST_Q_VOLATILE;
			else if (peek_kw(P, KW_RESTRICT))
				dp->quals |= AST_Q_RESTRICT;
			else
				break;
			next(P);
		}
		/* prepending puts the last-written '*' innermost */
		dp->next = ptrs;
		ptrs = dp;
	}

	t = peek(P);
	if (t->kind == T_IDENT && t->kw == KW_NONE && mode != DM_ABSTRACT) {
		d->name = next(P).str;
	} else if (t->kind == T_LPAR && nested_declarator(P, mode)) {
		next(P);
		inner = parse_dparts(P, mode, d);
		expect(P, T_RPAR);
	} else if (mode == DM_NAMED) {
		syntax_error(P, t);
	}

	for (;;) {
		t = peek(P);
		if (t->kind == T_LBRAC) {
			dp = alloc(P, sizeof(*dp));
			dp->kind = AST_D_ARRAY;
			dp->line = next(P).line;
			if (peek_is(P, T_RBRAC)) {
				/* [] */
			} else if (peek_is(P, T_ELLIPSIS) ||
			    decl_start_at(P, 0)) {
				dp->assoc = 1;
				parse_params(P, &dp->params);
			} else {
				dp->dim = parse_conditional(P);
			}
			expect(P, T_RBRAC);
		} else if (t->kind == T_LPAR) {
			dp = alloc(P, sizeof(*dp));
			dp->kind = AST_D_FUNC;
			dp->line = next(P).line;
			if (!peek_is(P, T_RPAR))
				parse_params(P, &dp->params);
			expect(P, T_RPAR);
		} else {
			break;
		}
		*st = dp;
		st = &dp->next;
	}

	/* inner ++ suffixes ++ pointers */
	*st = ptrs;
	if (inner == NULL) {
		leave(P);
		return suf;
	}
	for (lt = &inner; *lt != NULL; lt = &(*lt)->next)
		continue;
	*lt = suf;
	leave(P);
	return inner;
}

static struct ast_declarator *
parse_declarator(struct parser *P, enum dmode mode)
{
	struct ast_declarator *d = alloc(P, sizeof(*d));

	d->line = peek(P)->line;
	d->parts = parse_dparts(P, mode, d);
	return d;
}

static struct ast_type *
parse_type_name(struct parser *P)
{
	struct token *t = peek(P);
	struct ast_type *ty = alloc(P, sizeof(*ty));

	ty->line = t->line;
	if ((ty->spec = parse_declspec(P, DS_FORCE)) == NULL)
		syntax_error(P, t);
	ty->decl = parse_declarator(P, DM_ABSTRACT);
	return ty;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                        */

static struct ast_expr *
parse_args(struct parser *P, int *count)
{
	struct ast_expr *head = NULL, **tail = &head, *e;

	*count = 0;
	for (;;) {
		e = parse_assign(P);
		*tail = e;
		tail = &e->next;
		(*count)++;
		if (!peek_is(P, T_COMMA))
			return head;
		next(P);
	}
}

static struct ast_expr *
parse_primary(struct parser *P)
{
	struct token *t = peek(P), tok;
	struct ast_expr *e;

	switch (t->kind) {
	case T_IDENT:
		switch (t->kw) {
		case KW_NONE:
			tok = next(P);
			e = new_expr(P, AST_E_IDENT, tok.line);
			e->ident.name = tok.str;
			return e;
		case KW_SELF:
		case KW_THIS:
			tok = next(P);
			e = new_expr(P, AST_E_IDENT, tok.line);
			e->ident.name = xstrdup(P, tok.kw == KW_SELF ?
			    "self" : "this");
			return e;
		case KW_OFFSETOF:
			tok = next(P);
			e = new_expr(P, AST_E_OFFSETOF, tok.line);
			expect(P, T_LPAR);
			e->offs.type = parse_type_name(P);
			expect(P, T_COMMA);
			if (peek(P)->kind != T_IDENT)
				syntax_error(P, peek(P));
			e->offs.member = next(P).str;
			expect(P, T_RPAR);
			return e;
		case KW_XLATE:
			tok = next(P);
			e = new_expr(P, AST_E_XLATE, tok.line);
			expect(P, T_LT);
			e->xlate.type = parse_type_name(P);
			expect(P, T_GT);
			expect(P, T_LPAR);
			e->xlate.operand = parse_expression(P);
			expect(P, T_RPAR);
			grow(P, e, e->xlate.operand);
			return e;
		default:
			syntax_error(P, t);
		}
		break;
	case T_AGG:
		tok = next(P);
		e = new_expr(P, AST_E_AGG, tok.line);
		e->agg.name = tok.str;
		return e;
	case T_INT:
		tok = next(P);
		e = new_expr(P, AST_E_INT, tok.line);
		e->i.value = tok.ival;
		e->i.form = tok.form;
		e->i.suffix_u = tok.suf_u;
		e->i.suffix_l = tok.suf_l;
		e->i.text = dt_arena_strndup(P->arena, tok.text, tok.len);
		if (tok.sign == '-')
			e = mk_unary(P, AST_OP_NEG, e, tok.line);
		else if (tok.sign == '+')
			e = mk_unary(P, AST_OP_POS, e, tok.line);
		return e;
	case T_STRING: {
		/* adjacent string constants are concatenated (the buffer
		 * grows geometrically to stay linear) */
		struct token more;
		size_t len, cap = 0;
		char *s;

		tok = next(P);
		e = new_expr(P, AST_E_STR, tok.line);
		e->str.s = tok.str;
		e->str.len = tok.slen;
		while (peek_is(P, T_STRING)) {
			more = next(P);
			len = e->str.len + more.slen;
			if (len + 1 > cap) {
				cap = 2 * (len + 1);
				s = alloc(P, cap);
				memcpy(s, e->str.s, e->str.len);
				e->str.s = s;
			}
			memcpy(e->str.s + e->str.len, more.str, more.slen);
			e->str.s[len] = '\0';
			e->str.len = len;
		}
		return e;
	}
	case T_LPAR:
		next(P);
		e = parse_expression(P);
		expect(P, T_RPAR);
		e->paren++;
		return e;
	default:
		break;
	}
	syntax_error(P, t);
}

static struct ast_expr *
parse_postfix(struct parser *P)
{
	struct ast_expr *e = parse_primary(P), *n;
	struct token tok;

	for (;;) {
		struct token *t = peek(P);

		switch (t->kind) {
		case T_LBRAC:
			tok = next(P);
			if (e->kind == AST_E_AGG && e->agg.keys == NULL &&
			    e->paren == 0) {
				e->agg.keys = parse_args(P, &e->agg.nkeys);
				grow_list(P, e, e->agg.keys);
			} else {
				n = new_expr(P, AST_E_INDEX, tok.line);
				n->index.base = e;
				n->index.keys = parse_args(P, &n->index.nkeys);
				grow(P, n, e);
				grow_list(P, n, n->index.keys);
				e = n;
			}
			expect(P, T_RBRAC);
			break;
		case T_LPAR:
			tok = next(P);
			n = new_expr(P, AST_E_CALL, tok.line);
			n->call.fn = e;
			if (!peek_is(P, T_RPAR))
				n->call.args = parse_args(P, &n->call.nargs);
			expect(P, T_RPAR);
			grow(P, n, e);
			grow_list(P, n, n->call.args);
			e = n;
			break;
		case T_DOT:
		case T_ARROW:
			tok = next(P);
			t = peek(P);
			if (t->kind != T_IDENT)	/* keywords are fine here */
				syntax_error(P, t);
			n = new_expr(P, AST_E_MEMBER, tok.line);
			n->member.base = e;
			n->member.name = next(P).str;
			n->member.arrow = tok.kind == T_ARROW;
			grow(P, n, e);
			e = n;
			break;
		case T_INC:
			tok = next(P);
			e = mk_unary(P, AST_OP_POSTINC, e, tok.line);
			break;
		case T_DEC:
			tok = next(P);
			e = mk_unary(P, AST_OP_POSTDEC, e, tok.line);
			break;
		default:
			return e;
		}
	}
}

static struct ast_expr *parse_cast(struct parser *P);

static struct ast_expr *
parse_unary(struct parser *P)
{
	struct token *t = peek(P), tok;
	struct ast_expr *e;
	enum ast_op op = AST_OP_NONE;

	enter(P);
	switch (t->kind) {
	case T_INC:
	case T_DEC:
		tok = next(P);
		e = mk_unary(P, tok.kind == T_INC ? AST_OP_PREINC :
		    AST_OP_PREDEC, parse_unary(P), tok.line);
		break;
	case T_AMP:	op = AST_OP_ADDROF; goto unop;
	case T_STAR:	op = AST_OP_DEREF; goto unop;
	case T_PLUS:	op = AST_OP_POS; goto unop;
	case T_MINUS:	op = AST_OP_NEG; goto unop;
	case T_TILDE:	op = AST_OP_BNOT; goto unop;
	case T_BANG:	op = AST_OP_LNOT;
	unop:
		tok = next(P);
		e = mk_unary(P, op, parse_cast(P), tok.line);
		break;
	case T_IDENT:
		if (t->kw == KW_SIZEOF) {
			tok = next(P);
			if (peek_is(P, T_LPAR) && cast_start(P)) {
				next(P);
				e = new_expr(P, AST_E_SIZEOF_TYPE, tok.line);
				e->sizeof_type.type = parse_type_name(P);
				expect(P, T_RPAR);
			} else {
				e = mk_unary(P, AST_OP_SIZEOF, parse_unary(P),
				    tok.line);
			}
			break;
		}
		if (t->kw == KW_STRINGOF) {
			tok = next(P);
			e = mk_unary(P, AST_OP_STRINGOF, parse_unary(P),
			    tok.line);
			break;
		}
		e = parse_postfix(P);
		break;
	default:
		e = parse_postfix(P);
		break;
	}
	leave(P);
	return e;
}

static struct ast_expr *
parse_cast(struct parser *P)
{
	struct ast_expr *e;

	enter(P);
	if (peek_is(P, T_LPAR) && cast_start(P)) {
		struct token tok = next(P);

		e = new_expr(P, AST_E_CAST, tok.line);
		e->cast.type = parse_type_name(P);
		expect(P, T_RPAR);
		e->cast.operand = parse_cast(P);
		grow(P, e, e->cast.operand);
	} else {
		e = parse_unary(P);
	}
	leave(P);
	return e;
}

/* binary operator precedence (higher binds tighter), 0 if none */
static int
binop(enum tok k, enum ast_op *op)
{
	switch (k) {
	case T_LOR:	*op = AST_OP_LOR;	return 1;
	case T_LXOR:	*op = AST_OP_LXOR;	return 2;
	case T_LAND:	*op = AST_OP_LAND;	return 3;
	case T_BAR:	*op = AST_OP_BOR;	return 4;
	case T_CARET:	*op = AST_OP_XOR;	return 5;
	case T_AMP:	*op = AST_OP_BAND;	return 6;
	case T_EQ:	*op = AST_OP_EQ;	return 7;
	case T_NE:	*op = AST_OP_NE;	return 7;
	case T_LT:	*op = AST_OP_LT;	return 8;
	case T_GT:	*op = AST_OP_GT;	return 8;
	case T_LE:	*op = AST_OP_LE;	return 8;
	case T_GE:	*op = AST_OP_GE;	return 8;
	case T_SHL:	*op = AST_OP_SHL;	return 9;
	case T_SHR:	*op = AST_OP_SHR;	return 9;
	case T_PLUS:	*op = AST_OP_ADD;	return 10;
	case T_MINUS:	*op = AST_OP_SUB;	return 10;
	case T_STAR:	*op = AST_OP_MUL;	return 11;
	case T_SLASH:	*op = AST_OP_DIV;	return 11;
	case T_PERCENT:	*op = AST_OP_MOD;	return 11;
	default:	return 0;
	}
}

/* left-associative binary operators of precedence >= minprec */
static struct ast_expr *
parse_binary(struct parser *P, int minprec)
{
	struct ast_expr *left = parse_cast(P);

	for (;;) {
		enum ast_op op = AST_OP_NONE;
		int prec = binop(peek(P)->kind, &op);
		struct token tok;

		if (prec == 0 || prec < minprec)
			return left;
		tok = next(P);
		left = mk_binary(P, op, left, parse_binary(P, prec + 1),
		    tok.line);
	}
}

static struct ast_expr *
parse_conditional(struct parser *P)
{
	struct ast_expr *c, *e;
	struct token tok;

	enter(P);
	c = parse_binary(P, 1);
	if (!peek_is(P, T_QUESTION)) {
		leave(P);
		return c;
	}
	tok = next(P);
	e = new_expr(P, AST_E_TERNARY, tok.line);
	e->ternary.cond = c;
	e->ternary.then_e = parse_expression(P);
	expect(P, T_COLON);
	e->ternary.else_e = parse_conditional(P);
	grow(P, e, c);
	grow(P, e, e->ternary.then_e);
	grow(P, e, e->ternary.else_e);
	leave(P);
	return e;
}

static enum ast_op
assign_op(enum tok k)
{
	switch (k) {
	case T_ASSIGN:	return AST_OP_ASSIGN;
	case T_MUL_EQ:	return AST_OP_MUL_ASSIGN;
	case T_DIV_EQ:	return AST_OP_DIV_ASSIGN;
	case T_MOD_EQ:	return AST_OP_MOD_ASSIGN;
	case T_ADD_EQ:	return AST_OP_ADD_ASSIGN;
	case T_SUB_EQ:	return AST_OP_SUB_ASSIGN;
	case T_SHL_EQ:	return AST_OP_SHL_ASSIGN;
	case T_SHR_EQ:	return AST_OP_SHR_ASSIGN;
	case T_AND_EQ:	return AST_OP_AND_ASSIGN;
	case T_XOR_EQ:	return AST_OP_XOR_ASSIGN;
	case T_OR_EQ:	return AST_OP_OR_ASSIGN;
	default:	return AST_OP_NONE;
	}
}

/* assignment-expression (right associative; the left side must be a
 * unary-expression as in the D grammar) */
static struct ast_expr *
parse_assign(struct parser *P)
{
	struct ast_expr *lhs;
	struct token *t, tok;
	enum ast_op op;

	enter(P);
	lhs = parse_conditional(P);
	t = peek(P);
	if ((op = assign_op(t->kind)) != AST_OP_NONE) {
		if (lhs->paren == 0 && (lhs->kind == AST_E_BINARY ||
		    lhs->kind == AST_E_TERNARY || lhs->kind == AST_E_CAST))
			syntax_error(P, t);
		tok = next(P);
		lhs = mk_binary(P, op, lhs, parse_assign(P), tok.line);
	}
	leave(P);
	return lhs;
}

static struct ast_expr *
parse_expression(struct parser *P)
{
	struct ast_expr *e = parse_assign(P);

	while (peek_is(P, T_COMMA)) {
		struct token tok = next(P);

		e = mk_binary(P, AST_OP_COMMA, e, parse_assign(P), tok.line);
	}
	return e;
}

/* ------------------------------------------------------------------ */
/* Statements                                                         */

static struct ast_stmt *parse_stmt(struct parser *P, int in_list);

static struct ast_stmt *
new_stmt(struct parser *P, enum ast_stmt_kind k, int line)
{
	struct ast_stmt *s = alloc(P, sizeof(*s));

	s->kind = k;
	s->line = line;
	return s;
}

/* statements up to (not including) the closing brace */
static struct ast_stmt *
parse_stmt_list(struct parser *P)
{
	struct ast_stmt *head = NULL, **tail = &head, *s;

	for (;;) {
		struct token *t = peek(P);

		if (t->kind == T_RBRACE)
			return head;
		if (t->kind == T_EOF)
			syntax_error(P, t);
		s = parse_stmt(P, 1);
		*tail = s;
		tail = &s->next;
	}
}

/*
 * One statement.  In a statement list (in_list) the last expression
 * before "}" may omit its ";" as in dtrace; as the body of if/else it
 * may not.
 */
static struct ast_stmt *
parse_stmt(struct parser *P, int in_list)
{
	struct token *t = peek(P), tok;
	struct ast_stmt *s;

	enter(P);
	if (t->kind == T_SEMI) {
		s = new_stmt(P, AST_S_EMPTY, next(P).line);
	} else if (t->kind == T_LBRACE) {
		s = new_stmt(P, AST_S_BLOCK, next(P).line);
		s->body = parse_stmt_list(P);
		expect(P, T_RBRACE);
	} else if (t->kind == T_IDENT && t->kw == KW_IF) {
		tok = next(P);
		s = new_stmt(P, AST_S_IF, tok.line);
		expect(P, T_LPAR);
		s->expr = parse_expression(P);
		expect(P, T_RPAR);
		s->then_s = parse_stmt(P, 0);
		if (peek_kw(P, KW_ELSE)) {
			next(P);
			s->else_s = parse_stmt(P, 0);
		}
	} else {
		s = new_stmt(P, AST_S_EXPR, t->line);
		s->expr = parse_expression(P);
		t = peek(P);
		if (t->kind == T_SEMI)
			next(P);
		else if (!in_list || t->kind != T_RBRACE)
			syntax_error(P, t);
	}
	leave(P);
	return s;
}

/* ------------------------------------------------------------------ */
/* Probe descriptions                                                 */

static void
note_argref(struct parser *P, long idx)
{
	if (idx < P->prog->argc && P->prog->argref != NULL)
		P->prog->argref[idx] = 1;
	if (idx > P->lx.max_argref)
		P->lx.max_argref = (int)idx;
}

/*
 * Substitute the macro reference (if any) of one field of a probe
 * description the way dtrace does: the first '$' starts it, "$$" is the
 * same as "$", "$N..." is replaced by argument N (the rest of the field
 * is kept) and "$name" (the whole rest of the field) by a macro
 * variable's value.  Returns NULL if the reference is undefined.
 */
static char *
subst_field(struct parser *P, const char *f, size_t n)
{
	const char *v = memchr(f, '$', n), *end = f + n, *w, *val;
	size_t vlen, plen;
	char buf[32], *out;

	if (v == NULL)
		return dt_arena_strndup(P->arena, f, n);
	plen = (size_t)(v - f);
	vlen = (size_t)(end - v);
	if (vlen > 2 && v[1] == '$') {
		v++;
		vlen--;
	}
	if (vlen > 1 && v[1] >= '0' && v[1] <= '9') {
		long idx = 0;

		for (w = v + 1; w < end && *w >= '0' && *w <= '9'; w++) {
			if (idx > (INT_MAX - 9) / 10)
				return NULL;
			idx = idx * 10 + (*w - '0');
		}
		if (P->m == NULL || idx >= P->m->argc ||
		    P->m->argv[idx] == NULL)
			return NULL;
		note_argref(P, idx);
		val = P->m->argv[idx];
	} else if (vlen > 1) {
		long long x;
		char *name = dt_arena_strndup(P->arena, v + 1, vlen - 1);

		if (!dt_lex_macro_var(P->m, name, &x))
			return NULL;
		snprintf(buf, sizeof(buf), "%lld", x);
		val = buf;
		w = end;
	} else {
		return NULL;
	}
	out = alloc(P, plen + strlen(val) + (size_t)(end - w) + 1);
	memcpy(out, f, plen);
	strcpy(out + plen, val);
	memcpy(out + plen + strlen(val), w, (size_t)(end - w));
	return out;
}

static struct ast_pdesc *
make_pdesc(struct parser *P, const struct token *t)
{
	struct ast_pdesc *pd = alloc(P, sizeof(*pd));
	const char *spec = t->str, *fs[64], *q;
	size_t fl[64], len;
	char *sub[64], *text;
	int nf = 1, i;

	pd->line = t->line;
	if (t->kind == T_INT) {
		pd->is_id = 1;
		pd->id = t->ival;
		pd->text = dt_arena_strndup(P->arena, t->text, t->len);
		pd->provider = xstrdup(P, "");
		pd->module = pd->function = pd->name = pd->provider;
		return pd;
	}

	fs[0] = spec;
	for (q = spec; *q != '\0'; q++) {
		if (*q == ':') {
			if (nf == 64)
				fail(P, D_PDESC_INVAL, t->line,
				    "invalid probe description "
				    "\"%s\": Overspecified probe description",
				    spec);
			fl[nf - 1] = (size_t)(q - fs[nf - 1]);
			fs[nf++] = q + 1;
		}
	}
	fl[nf - 1] = (size_t)(q - fs[nf - 1]);

	/* right to left, as dtrace_xstr2desc() */
	for (i = nf - 1; i >= 0; i--) {
		if ((sub[i] = subst_field(P, fs[i], fl[i])) == NULL)
			fail(P, D_PDESC_INVAL, t->line,
			    "invalid probe description \"%s\": "
			    "Undefined macro variable in probe description",
			    spec);
		if (nf - 1 - i >= 4)
			fail(P, D_PDESC_INVAL, t->line,
			    "invalid probe description \"%s\": "
			    "Overspecified probe description", spec);
	}

	for (len = 0, i = 0; i < nf; i++)
		len += strlen(sub[i]) + 1;
	text = alloc(P, len);
	for (i = 0; i < nf; i++) {
		strcat(text, sub[i]);
		if (i < nf - 1)
			strcat(text, ":");
	}
	pd->text = text;
	pd->name = sub[nf - 1];
	pd->function = nf >= 2 ? sub[nf - 2] : xstrdup(P, "");
	pd->module = nf >= 3 ? sub[nf - 3] : xstrdup(P, "");
	pd->provider = nf >= 4 ? sub[nf - 4] : xstrdup(P, "");
	return pd;
}

/* ------------------------------------------------------------------ */
/* Top level                                                          */

static struct ast_item *
new_item(struct parser *P, enum ast_item_kind k, int line)
{
	struct ast_item *it = alloc(P, sizeof(*it));

	it->kind = k;
	it->line = line;
	return it;
}

static void
add_item(struct parser *P, struct ast_item *it)
{
	*P->tail = it;
	P->tail = &it->next;
	P->prog->nitems++;
}

static void
flush_pragmas(struct parser *P)
{
	struct ast_item *it, *n;

	for (it = P->lx.pragmas; it != NULL; it = n) {
		n = it->next;
		it->next = NULL;
		add_item(P, it);
	}
	P->lx.pragmas = NULL;
	P->lx.pragma_tail = &P->lx.pragmas;
}

static void
parse_clause(struct parser *P)
{
	struct ast_item *it = new_item(P, AST_ITEM_CLAUSE, peek(P)->line);
	struct ast_pdesc **pt = &it->clause.pdescs;
	struct token *t;

	for (;;) {
		struct token tok = next(P);

		if (tok.kind != T_PSPEC && tok.kind != T_INT)
			syntax_error(P, &tok);
		*pt = make_pdesc(P, &tok);
		pt = &(*pt)->next;
		it->clause.npdescs++;
		if (!peek_is(P, T_COMMA))
			break;
		next(P);
	}

	t = peek(P);
	if (t->kind == T_SLASH) {
		next(P);
		set_mode(P, LEX_EXPR);
		it->clause.pred = parse_expression(P);
		expect(P, T_EPRED);
		set_mode(P, LEX_TOP);
		t = peek(P);
	}
	if (t->kind == T_LBRACE) {
		next(P);
		set_mode(P, LEX_EXPR);
		it->clause.body = parse_stmt_list(P);
		expect(P, T_RBRACE);
	} else {
		it->clause.no_body = 1;
	}
	add_item(P, it);
}

static void
parse_decl(struct parser *P)
{
	struct token *t = peek(P);
	struct ast_item *it = new_item(P, AST_ITEM_DECL, t->line);
	struct ast_declarator **dt = &it->decl.decls, *d;

	it->decl.spec = parse_declspec(P, DS_STORAGE | DS_DSTORAGE);
	if (it->decl.spec == NULL)
		syntax_error(P, t);
	if (!peek_is(P, T_SEMI)) {
		for (;;) {
			d = parse_declarator(P, DM_NAMED);
			if (it->decl.spec->storage == AST_SC_TYPEDEF)
				prog_add_type(P, d->name);
			*dt = d;
			dt = &d->next;
			if (!peek_is(P, T_COMMA))
				break;
			next(P);
		}
	}
	expect(P, T_SEMI);
	add_item(P, it);
}

static void
parse_inline(struct parser *P)
{
	struct token tok = next(P), *t = peek(P);
	struct ast_item *it = new_item(P, AST_ITEM_INLINE, tok.line);

	it->inl.spec = parse_declspec(P, DS_STORAGE | DS_DSTORAGE | DS_FORCE);
	if (it->inl.spec == NULL)
		syntax_error(P, t);
	it->inl.decl = parse_declarator(P, DM_NAMED);
	expect(P, T_ASSIGN);
	it->inl.value = parse_assign(P);
	expect(P, T_SEMI);
	add_item(P, it);
}

static void
parse_translator(struct parser *P)
{
	struct token tok = next(P);
	struct ast_item *it = new_item(P, AST_ITEM_TRANSLATOR, tok.line);
	struct ast_xlmember **mt = &it->xlator.members;

	it->xlator.out_type = parse_type_name(P);
	expect(P, T_LT);
	it->xlator.in_type = parse_type_name(P);
	it->xlator.in_name = expect_ident(P).str;
	expect(P, T_GT);
	expect(P, T_LBRACE);
	while (!peek_is(P, T_RBRACE)) {
		struct token id = expect_ident(P);
		struct ast_xlmember *m = alloc(P, sizeof(*m));

		m->line = id.line;
		m->name = id.str;
		expect(P, T_ASSIGN);
		m->value = parse_assign(P);
		expect(P, T_SEMI);
		*mt = m;
		mt = &m->next;
	}
	next(P);
	expect(P, T_SEMI);
	add_item(P, it);
}

static void
parse_provider(struct parser *P)
{
	struct token tok = next(P);
	struct ast_item *it = new_item(P, AST_ITEM_PROVIDER, tok.line);
	struct ast_probe **pt = &it->provider.probes;

	it->provider.name = expect_ident(P).str;
	expect(P, T_LBRACE);
	while (!peek_is(P, T_RBRACE)) {
		struct token *t = peek(P);
		struct ast_probe *pr;

		if (t->kind != T_IDENT || t->kw != KW_PROBE)
			syntax_error(P, t);
		pr = alloc(P, sizeof(*pr));
		pr->line = next(P).line;
		pr->name = expect_ident(P).str;
		expect(P, T_LPAR);
		if (!peek_is(P, T_RPAR))
			parse_params(P, &pr->args);
		expect(P, T_RPAR);
		if (peek_is(P, T_COLON)) {
			next(P);
			pr->has_xargs = 1;
			expect(P, T_LPAR);
			if (!peek_is(P, T_RPAR))
				parse_params(P, &pr->xargs);
			expect(P, T_RPAR);
		}
		expect(P, T_SEMI);
		*pt = pr;
		pt = &pr->next;
	}
	next(P);
	expect(P, T_SEMI);
	add_item(P, it);
}

/* keywords that start a declaration at the top level */
static int
is_decl_kw(enum kw k)
{
	return is_type_kw(k) || is_storage_kw(k) || k == KW_SELF ||
	    k == KW_THIS;
}

static void
parse_program(struct parser *P)
{
	for (;;) {
		struct token *t;

		set_mode(P, LEX_TOP);
		t = peek(P);
		flush_pragmas(P);
		switch (t->kind) {
		case T_EOF:
			return;
		case T_PSPEC:
		case T_INT:
			parse_clause(P);
			break;
		case T_IDENT:
			set_mode(P, LEX_EXPR);
			if (t->kw == KW_INLINE)
				parse_inline(P);
			else if (t->kw == KW_TRANSLATOR)
				parse_translator(P);
			else if (t->kw == KW_PROVIDER)
				parse_provider(P);
			else if (t->kw == KW_NONE || is_decl_kw(t->kw))
				parse_decl(P);
			else
				syntax_error(P, t);
			break;
		default:
			syntax_error(P, t);
		}
	}
}

/*
 * Run the parser; errors longjmp() back here.  Only P is live across
 * setjmp() and it is never modified, so nothing can be clobbered.
 * Returns 0, 1 on allocation failure, 2 on a parse error.
 */
static int
run_parser(struct parser *P, const char *src)
{
	struct ast_prog *prog;
	int rc;

	if ((rc = setjmp(P->jb)) != 0)
		return rc;
	dt_arena_set_oom(P->arena, &P->jb);

	prog = dt_arena_alloc(P->arena, sizeof(*prog));
	prog->arena = P->arena;
	prog->argc = P->m != NULL && P->m->argc > 0 ? P->m->argc : 0;
	if (prog->argc > 0)
		prog->argref = dt_arena_alloc(P->arena, (size_t)prog->argc);
	P->prog = prog;
	P->tail = &prog->items;

	dt_lex_init(&P->lx, P->arena, src, P->m, prog->argref, lex_is_typename,
	    P);
	parse_program(P);

	prog->max_argref = P->lx.max_argref;
	dt_arena_set_oom(P->arena, NULL);
	return 0;
}

struct ast_prog *
dt_parse(const struct dt_parse_state *ps, const char *src,
    const struct dt_macros *m, struct dt_perr *err)
{
	struct dt_perr dummy;
	struct ast_prog *prog = NULL;
	struct parser *P;
	int rc;

	if (err == NULL)
		err = &dummy;
	memset(err, 0, sizeof(*err));

	P = calloc(1, sizeof(*P));
	if (P == NULL || (P->arena = dt_arena_new()) == NULL) {
		free(P);
		snprintf(err->msg, sizeof(err->msg),
		    "Memory allocation failure");
		err->tag = D_UNKNOWN;
		return NULL;
	}
	P->err = err;
	P->m = m;
	P->ps = ps;
	P->mode = LEX_TOP;

	rc = run_parser(P, src != NULL ? src : "");
	if (rc == 0) {
		prog = P->prog;
	} else {
		if (rc == 1) {
			err->line = P->lx.line;
			err->tag = D_UNKNOWN;
			snprintf(err->msg, sizeof(err->msg),
			    "Memory allocation failure");
		}
		dt_arena_free(P->arena);
	}
	free(P);
	return prog;
}
