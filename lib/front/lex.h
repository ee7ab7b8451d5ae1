/*
 * lex.h - the D lexer.
 *
 * Owned by the front end.  The lexer turns D source into tokens for
 * parse.c in one of two modes, because probe descriptions use characters
 * that are not D tokens: LEX_TOP (between top-level items: probe
 * descriptions, probe ids and declaration keywords) and LEX_EXPR (C-like
 * tokens everywhere else).  It also handles what dtrace's lexer does
 * itself: comments, "#" control lines (#pragma, # N "file", #line, #error,
 * #ident), $macro substitution in expressions, the "/" predicate-end
 * look-ahead, parenthesis balance checks, and the exact dtrace error
 * messages for malformed literals.
 */
#ifndef DT_LEX_H
#define DT_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "ast.h"
#include "parse.h"

enum tok {
	T_EOF = 0,
	T_ERROR,		/* message in lexer->errmsg */
	T_IDENT,		/* identifier or keyword (see kw) */
	T_INT,			/* integer / character constant */
	T_STRING,		/* string constant */
	T_AGG,			/* @name or @ */
	T_PSPEC,		/* probe description (LEX_TOP only) */

	T_LPAR, T_RPAR, T_LBRAC, T_RBRAC, T_LBRACE, T_RBRACE,
	T_COMMA, T_SEMI, T_COLON, T_QUESTION, T_DOT, T_ARROW, T_ELLIPSIS,
	T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT,
	T_EPRED,		/* "/" that closes a predicate */
	T_AMP, T_BAR, T_CARET, T_TILDE, T_BANG,
	T_LT, T_GT, T_LE, T_GE, T_EQ, T_NE, T_SHL, T_SHR,
	T_LAND, T_LOR, T_LXOR, T_INC, T_DEC,
	T_ASSIGN, T_MUL_EQ, T_DIV_EQ, T_MOD_EQ, T_ADD_EQ, T_SUB_EQ,
	T_SHL_EQ, T_SHR_EQ, T_AND_EQ, T_XOR_EQ, T_OR_EQ
};

enum kw {
	KW_NONE = 0,
	KW_AUTO, KW_BREAK, KW_CASE, KW_CHAR, KW_CONST, KW_CONTINUE,
	KW_COUNTER, KW_DEFAULT, KW_DO, KW_DOUBLE, KW_ELSE, KW_ENUM,
	KW_EXTERN, KW_FLOAT, KW_FOR, KW_GOTO, KW_IF, KW_IMPORT, KW_INLINE,
	KW_INT, KW_LONG, KW_OFFSETOF, KW_PROBE, KW_PROVIDER, KW_REGISTER,
	KW_RESTRICT, KW_RETURN, KW_SELF, KW_SHORT, KW_SIGNED, KW_SIZEOF,
	KW_STATIC, KW_STRING, KW_STRINGOF, KW_STRUCT, KW_SWITCH, KW_THIS,
	KW_TRANSLATOR, KW_TYPEDEF, KW_UNION, KW_UNSIGNED, KW_USERLAND,
	KW_VOID, KW_VOLATILE, KW_WHILE, KW_XLATE
};

enum lex_mode {
	LEX_EXPR,
	LEX_TOP
};

struct token {
	enum tok kind;
	enum kw kw;		/* T_IDENT: keyword, or KW_NONE */
	int line;
	const char *text;	/* spelling for messages: the source text, or
				   the macro reference ("$1") it came from */
	size_t len;		/* length of text */
	char *str;		/* T_IDENT/T_AGG/T_PSPEC: NUL-terminated name;
				   T_STRING: bytes (NUL-terminated) */
	size_t slen;		/* T_STRING: number of bytes */
	uint64_t ival;		/* T_INT value */
	enum ast_int_form form;	/* T_INT */
	unsigned char suf_u;	/* T_INT: u suffix */
	unsigned char suf_l;	/* T_INT: 0, 1 or 2 l's */
	char sign;		/* T_INT from a macro argument written with a
				   leading '+' or '-' (else 0) */
	int from_macro;		/* token produced by $ substitution */
};

struct lexer {
	struct dt_arena *arena;	/* token strings are allocated here */
	const char *src;
	const char *p;			/* current position */
	int line;			/* current line */
	int bol;			/* at the beginning of a line */
	int parens, brackets, braces;	/* balance, as dtrace checks it */

	const struct dt_macros *macros;	/* may be NULL */
	unsigned char *argref;		/* [macros->argc] or NULL */
	int max_argref;			/* highest $N referenced, -1 */

	/* is this identifier a type name?  (LEX_TOP decisions) */
	int (*is_typename)(void *ctx, const char *name);
	void *ctx;

	/* #pragma D items seen and not yet taken by the parser */
	struct ast_item *pragmas;
	struct ast_item **pragma_tail;

	int errline;
	char errmsg[512];
	enum dt_errtag errtag;	/* the error's kind (base/errtags.h) */
};

/*
 * Initialize a lexer over the NUL-terminated src.  Strings are allocated
 * from arena.  argref (may be NULL) must have room for m->argc entries;
 * referenced arguments are flagged there.  Skips a leading "#!" line.
 */
void dt_lex_init(struct lexer *lx, struct dt_arena *arena, const char *src,
    const struct dt_macros *m, unsigned char *argref,
    int (*is_typename)(void *ctx, const char *name), void *ctx);

/*
 * Scan the next token in the given mode into *t.  Returns t->kind; on
 * T_ERROR lx->errmsg, lx->errline and lx->errtag describe the error (the lexer is then
 * not usable any more).
 */
enum tok dt_lex_next(struct lexer *lx, enum lex_mode mode, struct token *t);

/* Keyword lookup: KW_NONE if s (length n) is not a D keyword. */
enum kw dt_lex_keyword(const char *s, size_t n);
const char *dt_lex_kw_name(enum kw k);

/* Look up a macro variable ($target, $pid ...) by name; 0 if unknown. */
int dt_lex_macro_var(const struct dt_macros *m, const char *name,
    long long *val);

/* Process C escape sequences of s[0..n) into out (room for n bytes) the
 * way dtrace does; returns the number of bytes written. */
size_t dt_lex_unescape(const char *s, size_t n, char *out);

#endif /* DT_LEX_H */
