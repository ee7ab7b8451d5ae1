/*
 * lex.c - the D lexer (see lex.h for what it owns).
 *
 * Hand-written so it can do what the D grammar needs of a lexer without a
 * generator: two scanning modes (top-level probe descriptions vs. C-like
 * tokens), the "/" look-ahead that tells a predicate's closing slash from
 * a division, "#" control lines processed as they are met, $macro
 * substitution, and dtrace's own wording for every lexical error so the
 * dtrace command prints what users of dtrace expect.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

/* ------------------------------------------------------------------ */
/* Character classes (ASCII only, independent of the locale)          */

static int
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int
is_xdigit(int c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int
is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* RGX_IDENT: [a-zA-Z_`][0-9a-zA-Z_`]* */
static int
is_ident0(int c)
{
	return is_alpha(c) || c == '_' || c == '`';
}

static int
is_ident1(int c)
{
	return is_ident0(c) || is_digit(c);
}

/* characters of a probe description (besides \ escapes) */
static int
is_pspec_char(int c)
{
	return is_alpha(c) || is_digit(c) || (c != '\0' &&
	    strchr("-$:_.`?*[]!+~", c) != NULL);
}

static int
xdigit_val(int c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* ------------------------------------------------------------------ */
/* Keywords                                                           */

static const struct {
	const char *name;
	enum kw kw;
} keywords[] = {
	{ "auto", KW_AUTO }, { "break", KW_BREAK }, { "case", KW_CASE },
	{ "char", KW_CHAR }, { "const", KW_CONST },
	{ "continue", KW_CONTINUE }, { "counter", KW_COUNTER },
	{ "default", KW_DEFAULT }, { "do", KW_DO }, { "double", KW_DOUBLE },
	{ "else", KW_ELSE }, { "enum", KW_ENUM }, { "extern", KW_EXTERN },
	{ "float", KW_FLOAT }, { "for", KW_FOR }, { "goto", KW_GOTO },
	{ "if", KW_IF }, { "import", KW_IMPORT }, { "inline", KW_INLINE },
	{ "int", KW_INT }, { "long", KW_LONG }, { "offsetof", KW_OFFSETOF },
	{ "probe", KW_PROBE }, { "provider", KW_PROVIDER },
	{ "register", KW_REGISTER }, { "restrict", KW_RESTRICT },
	{ "return", KW_RETURN }, { "self", KW_SELF }, { "short", KW_SHORT },
	{ "signed", KW_SIGNED }, { "sizeof", KW_SIZEOF },
	{ "static", KW_STATIC }, { "string", KW_STRING },
	{ "stringof", KW_STRINGOF }, { "struct", KW_STRUCT },
	{ "switch", KW_SWITCH }, { "this", KW_THIS },
	{ "translator", KW_TRANSLATOR }, { "typedef", KW_TYPEDEF },
	{ "union", KW_UNION }, { "unsigned", KW_UNSIGNED },
	{ "userland", KW_USERLAND }, { "void", KW_VOID },
	{ "volatile", KW_VOLATILE }, { "while", KW_WHILE },
	{ "xlate", KW_XLATE }
};

enum kw
dt_lex_keyword(const char *s, size_t n)
{
	size_t i;

	if (n < 2 || n > 10)
		return KW_NONE;
	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++) {
		if (strncmp(keywords[i].name, s, n) == 0 &&
		    keywords[i].name[n] == '\0')
			return keywords[i].kw;
	}
	return KW_NONE;
}

const char *
dt_lex_kw_name(enum kw k)
{
	size_t i;

	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++) {
		if (keywords[i].kw == k)
			return keywords[i].name;
	}
	return "";
}

/* Keywords dtrace recognizes between top-level items (its S2 state). */
static int
is_top_keyword(enum kw k)
{
	switch (k) {
	case KW_AUTO: case KW_CHAR: case KW_CONST: case KW_COUNTER:
	case KW_DOUBLE: case KW_ENUM: case KW_EXTERN: case KW_FLOAT:
	case KW_IMPORT: case KW_INLINE: case KW_INT: case KW_LONG:
	case KW_PROVIDER: case KW_REGISTER: case KW_RESTRICT: case KW_SELF:
	case KW_SHORT: case KW_SIGNED: case KW_STATIC: case KW_STRING:
	case KW_STRUCT: case KW_THIS: case KW_TRANSLATOR: case KW_TYPEDEF:
	case KW_UNION: case KW_UNSIGNED: case KW_USERLAND: case KW_VOID:
	case KW_VOLATILE:
		return 1;
	default:
		return 0;
	}
}

/* Keywords that name (part of) a basic type. */
static int
is_type_keyword(enum kw k)
{
	switch (k) {
	case KW_VOID: case KW_CHAR: case KW_SHORT: case KW_INT: case KW_LONG:
	case KW_FLOAT: case KW_DOUBLE: case KW_SIGNED: case KW_UNSIGNED:
	case KW_STRING:
		return 1;
	default:
		return 0;
	}
}

/* ------------------------------------------------------------------ */
/* Macro variables                                                    */

int
dt_lex_macro_var(const struct dt_macros *m, const char *name, long long *val)
{
	static const struct dt_macros none;
	static const struct {
		const char *name;
		size_t off;
	} vars[] = {
		{ "gid", offsetof(struct dt_macros, gid) },
		{ "pgid", offsetof(struct dt_macros, pgid) },
		{ "pid", offsetof(struct dt_macros, pid) },
		{ "ppid", offsetof(struct dt_macros, ppid) },
		{ "projid", offsetof(struct dt_macros, projid) },
		{ "sid", offsetof(struct dt_macros, sid) },
		{ "target", offsetof(struct dt_macros, target) },
		{ "taskid", offsetof(struct dt_macros, taskid) },
		{ "uid", offsetof(struct dt_macros, uid) }
	};
	size_t i;

	if (m == NULL)
		m = &none;
	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		if (strcmp(vars[i].name, name) != 0)
			continue;
		if (strcmp(name, "target") == 0 && !m->target_set)
			*val = 0;
		else
			memcpy(val, (const char *)m + vars[i].off,
			    sizeof(*val));
		return 1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                            */

static int __attribute__((format(printf, 4, 5)))
lerr(struct lexer *lx, enum dt_errtag tag, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(lx->errmsg, sizeof(lx->errmsg), fmt, ap);
	va_end(ap);
	lx->errline = line;
	lx->errtag = tag;
	return -1;
}

/* syntax error near "c" for a character no rule matches */
static int
lerr_char(struct lexer *lx, int line, int c)
{
	return lerr(lx, D_SYNTAX, line, "syntax error near \"%c\"", c);
}

size_t
dt_lex_unescape(const char *s, size_t n, char *out)
{
	char *o = out;
	size_t i = 0;

	while (i < n) {
		unsigned v;
		int c = (unsigned char)s[i];

		if (c != '\\') {
			*o++ = (char)c;
			i++;
			continue;
		}
		if (++i >= n)
			break;		/* lone trailing backslash: dropped */
		c = (unsigned char)s[i++];
		switch (c) {
		case '0': case '1': case '2': case '3':
		case '4': case '5': case '6': case '7':
			v = (unsigned)(c - '0');
			if (i < n && s[i] >= '0' && s[i] <= '7') {
				v = v * 8 + (unsigned)(s[i++] - '0');
				if (i < n && s[i] >= '0' && s[i] <= '7')
					v = v * 8 + (unsigned)(s[i++] - '0');
			}
			*o++ = (char)(v & 0xff);
			break;
		case 'a': *o++ = '\a'; break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'v': *o++ = '\v'; break;
		case 'x':
			/* as dtrace: any number of digits, none means 0 */
			for (v = 0; i < n && is_xdigit((unsigned char)s[i]);
			    i++)
				v = v * 16 + (unsigned)xdigit_val(
				    (unsigned char)s[i]);
			*o++ = (char)(v & 0xff);
			break;
		case '"': case '\\': case '\'': case '?':
			*o++ = (char)c;
			break;
		default:
			/* unknown escapes are kept as written (dtrace) */
			*o++ = '\\';
			*o++ = (char)c;
			break;
		}
	}
	return (size_t)(o - out);
}

/* Length of the RGX_INT match at s: ([0-9]+|0[xX][0-9a-fA-F]+)[uU]?[lL]?[lL]? */
static size_t
int_len(const char *s)
{
	const char *q = s;

	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X') && is_xdigit(q[2])) {
		q += 2;
		while (is_xdigit(*q))
			q++;
	} else if (is_digit(*q)) {
		while (is_digit(*q))
			q++;
	} else {
		return 0;
	}
	if (*q == 'u' || *q == 'U')
		q++;
	if (*q == 'l' || *q == 'L')
		q++;
	if (*q == 'l' || *q == 'L')
		q++;
	return (size_t)(q - s);
}

/* Length of the RGX_FP match at s:
 * ([0-9]+("."?)[0-9]*|"."[0-9]+)((e|E)("+"|-)?[0-9]+)?[fFlL]? */
static size_t
fp_len(const char *s)
{
	const char *q = s, *r;

	if (is_digit(*q)) {
		while (is_digit(*q))
			q++;
		if (*q == '.')
			q++;
		while (is_digit(*q))
			q++;
	} else if (*q == '.' && is_digit(q[1])) {
		q++;
		while (is_digit(*q))
			q++;
	} else {
		return 0;
	}
	if (*q == 'e' || *q == 'E') {
		r = q + 1;
		if (*r == '+' || *r == '-')
			r++;
		if (is_digit(*r)) {
			while (is_digit(*r))
				r++;
			q = r;
		}
	}
	if (*q != '\0' && strchr("fFlL", *q) != NULL)
		q++;
	return (size_t)(q - s);
}

/*
 * strtoull(s, &end, 0)-like conversion of s[0..n) without a sign: sets
 * *end to the first character not converted, *ovf on overflow.
 */
static uint64_t
conv_int(const char *s, size_t n, const char **end, int *ovf,
    enum ast_int_form *form)
{
	const char *q = s, *e = s + n;
	uint64_t v = 0;
	unsigned base;

	*ovf = 0;
	if (n >= 3 && q[0] == '0' && (q[1] == 'x' || q[1] == 'X') &&
	    is_xdigit(q[2])) {
		base = 16;
		q += 2;
		*form = AST_INT_HEX;
	} else if (n >= 1 && q[0] == '0') {
		base = 8;
		*form = AST_INT_OCT;
	} else {
		base = 10;
		*form = AST_INT_DEC;
	}
	for (; q < e; q++) {
		int d = xdigit_val((unsigned char)*q);

		if (d < 0 || (unsigned)d >= base)
			break;
		if (v > (UINT64_MAX - (unsigned)d) / base)
			*ovf = 1;
		v = v * base + (unsigned)d;
	}
	*end = q;
	return v;
}

/* Convert an RGX_INT match s[0..n) into t (dtrace's rules and messages). */
static int
scan_int(struct lexer *lx, const char *s, size_t n, struct token *t)
{
	const char *end;
	int ovf;
	size_t i;

	t->ival = conv_int(s, n, &end, &ovf, &t->form);
	if (ovf) {
		return lerr(lx, D_INT_OFLOW, lx->line,
		    "constant %.*s results in integer overflow", (int)n, s);
	}
	if (end < s + n && strchr("uUlL", *end) == NULL) {
		return lerr(lx, D_INT_DIGIT, lx->line,
		    "constant %.*s contains invalid digit %c", (int)n, s, *end);
	}
	for (i = (size_t)(end - s); i < n; i++) {
		if (s[i] == 'u' || s[i] == 'U')
			t->suf_u = 1;
		else
			t->suf_l++;
	}
	t->kind = T_INT;
	return 0;
}

/* Length of a probe description run at s. */
static size_t
pspec_len(const char *s)
{
	const char *q = s;

	for (;;) {
		if (*q == '\\') {
			if ((unsigned char)q[1] > ' ' &&
			    (unsigned char)q[1] < 0x7f)
				q += 2;
			else
				q++;
		} else if (is_pspec_char((unsigned char)*q)) {
			q++;
		} else {
			break;
		}
	}
	return (size_t)(q - s);
}

/* ------------------------------------------------------------------ */
/* Control lines                                                      */

enum ctok_kind { CT_WORD, CT_STRING, CT_INT };

struct ctok {
	enum ctok_kind kind;
	char *text;		/* word / string bytes / int spelling */
	uint64_t ival;
};

static const char *
ctok_kind_ok(const struct ctok *t, int n, int i, enum ctok_kind k)
{
	return (i < n && t[i].kind == k) ? t[i].text : NULL;
}

static struct ast_item *
new_pragma(struct lexer *lx, int line, enum ast_pragma_kind kind,
    const char *name, struct ctok *args, int nargs)
{
	struct ast_item *it = dt_arena_alloc(lx->arena, sizeof(*it));
	int i;

	it->kind = AST_ITEM_PRAGMA;
	it->line = line;
	it->pragma.kind = kind;
	it->pragma.name = dt_arena_strndup(lx->arena, name, strlen(name));
	it->pragma.nargs = nargs;
	it->pragma.args = dt_arena_alloc(lx->arena,
	    sizeof(struct ast_pragma_arg) * (size_t)(nargs > 0 ? nargs : 1));
	for (i = 0; i < nargs; i++) {
		it->pragma.args[i].kind = args[i].kind == CT_WORD ?
		    AST_PARG_WORD : args[i].kind == CT_STRING ?
		    AST_PARG_STRING : AST_PARG_INT;
		it->pragma.args[i].text = args[i].text;
		it->pragma.args[i].ival = args[i].ival;
	}
	*lx->pragma_tail = it;
	lx->pragma_tail = &it->next;
	return it;
}

/*
 * Act on a control line's tokens.  Returns 0, or -1 after setting the
 * error.  *newline is set to the number the next line should get (or
 * left alone).
 */
static int
control_directive(struct lexer *lx, int line, struct ctok *t, int n,
    long long *newline)
{
	enum { DIR, SUB, DCP } kind = DIR;
	struct ast_item *it;
	char *eq;
	int i, j;

	for (i = 0; i < n; i++) {
		const char *w = t[i].text;
		const struct ctok *a = t + i + 1;
		int na = n - i - 1;

		if (t[i].kind == CT_INT) {
			/* # N "file" flags...  (and #line N ...) */
			goto line_directive;
		}
		if (t[i].kind != CT_WORD)
			return lerr(lx, D_PRAGCTL_INVAL, line,
			    "invalid control directive");
		if (kind == DIR && strcmp(w, "pragma") == 0) {
			kind = SUB;
			continue;
		}
		if (kind == SUB && strcmp(w, "D") == 0) {
			kind = DCP;
			continue;
		}

		if (strcmp(w, "line") == 0) {
			i++;
			if (i >= n)
				return lerr(lx, D_PRAGMA_MALFORM, line,
				    "malformed #line <line> "
				    "[ [\"file\"] state ]");
			goto line_directive;
		}
		if (strcmp(w, "ident") == 0)
			return 0;
		if (strcmp(w, "error") == 0) {
			char msg[sizeof(lx->errmsg)];
			size_t len;

			snprintf(msg, sizeof(msg), "#%s: ", w);
			for (j = 0; j < na; j++) {
				if (a[j].kind == CT_INT)
					continue;
				len = strlen(msg);
				snprintf(msg + len, sizeof(msg) - len, "%s ",
				    a[j].text);
			}
			return lerr(lx, D_PRAGERR, line, "%s", msg);
		}
		if (kind == DCP && strcmp(w, "option") == 0) {
			if (ctok_kind_ok(a, na, 0, CT_WORD) == NULL)
				return lerr(lx, D_PRAGMA_MALFORM, line,
				    "malformed #pragma %s "
				    "<option>=<val>", w);
			if (na > 1)
				return lerr(lx, D_PRAGMA_MALFORM, line,
				    "superfluous arguments "
				    "specified for #pragma %s", w);
			it = new_pragma(lx, line, AST_PRAGMA_OPTION, w,
			    t + i + 1, na);
			it->pragma.opt = dt_arena_strndup(lx->arena,
			    a[0].text, strlen(a[0].text));
			if ((eq = strchr(it->pragma.opt, '=')) != NULL) {
				*eq = '\0';
				it->pragma.val = eq + 1;
			}
			return 0;
		}
		if (kind == DCP && strcmp(w, "attributes") == 0) {
			if (ctok_kind_ok(a, na, 0, CT_WORD) == NULL ||
			    ctok_kind_ok(a, na, 1, CT_WORD) == NULL)
				return lerr(lx, D_PRAGMA_MALFORM, line,
				    "malformed #pragma %s "
				    "<attributes> <ident>", w);
			new_pragma(lx, line, AST_PRAGMA_ATTRIBUTES, w,
			    t + i + 1, na);
			return 0;
		}
		if (kind == DCP && strcmp(w, "binding") == 0) {
			if (ctok_kind_ok(a, na, 0, CT_STRING) == NULL ||
			    ctok_kind_ok(a, na, 1, CT_WORD) == NULL)
				return lerr(lx, D_PRAGMA_MALFORM, line,
				    "malformed #pragma %s "
				    "\"version\" <ident>", w);
			new_pragma(lx, line, AST_PRAGMA_BINDING, w,
			    t + i + 1, na);
			return 0;
		}
		if (kind == DCP && strcmp(w, "depends_on") == 0) {
			if (ctok_kind_ok(a, na, 0, CT_WORD) == NULL ||
			    ctok_kind_ok(a, na, 1, CT_WORD) == NULL)
				return lerr(lx, D_PRAGMA_MALFORM, line,
				    "malformed #pragma %s "
				    "<class> <name>", w);
			if (strcmp(a[0].text, "provider") != 0 &&
			    strcmp(a[0].text, "module") != 0 &&
			    strcmp(a[0].text, "library") != 0)
				return lerr(lx, D_PRAGMA_INVAL, line,
				    "invalid class %s "
				    "specified by #pragma %s", a[0].text, w);
			new_pragma(lx, line, AST_PRAGMA_DEPENDS_ON, w,
			    t + i + 1, na);
			return 0;
		}

		switch (kind) {
		case DIR:
			return lerr(lx, D_PRAGCTL_INVAL, line,
			    "invalid control directive: #%s", w);
		case SUB:
			return 0;	/* unknown non-D pragmas are ignored */
		case DCP:
			return lerr(lx, D_PRAGMA_INVAL, line,
			    "invalid D pragma: %s", w);
		}
	}
	return 0;	/* null directive */

line_directive:
	/* t[i] is the line number: <line> [ ["file"] state... ] */
	if (t[i].kind != CT_INT ||
	    (i + 1 < n && t[i + 1].kind != CT_STRING))
		return lerr(lx, D_PRAGMA_MALFORM, line,
		    "malformed #line <line> [ [\"file\"] state ]");
	for (j = i + 2; j < n; j++) {
		if (t[j].kind != CT_INT)
			return lerr(lx, D_PRAGMA_MALFORM, line,
			    "malformed #line <line> [ [\"file\"] state ]");
	}
	/* clamped so that counting further lines cannot overflow */
	*newline = t[i].ival > INT_MAX / 2 ? INT_MAX / 2 :
	    (long long)t[i].ival;
	return 0;
}

/*
 * Process the control line starting at lx->p (which points at '#'),
 * including its newline.
 */
static int
control_line(struct lexer *lx)
{
	struct ctok *toks = NULL, *nt;
	int n = 0, cap = 0, line = lx->line;
	long long newline = -1;
	const char *q = lx->p + 1;

	for (;;) {
		const char *s;
		struct ctok *tk;

		while (*q == ' ' || *q == '\t' || *q == '\f' || *q == '\v' ||
		    *q == '\r')
			q++;
		if (*q == '\n' || *q == '\0')
			break;

		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			nt = dt_arena_alloc(lx->arena,
			    sizeof(*nt) * (size_t)cap);
			if (n)
				memcpy(nt, toks, sizeof(*nt) * (size_t)n);
			toks = nt;
		}
		tk = &toks[n++];
		s = q;
		if (*q == '"') {
			size_t blen;

			for (q++; *q != '"'; q++) {
				if (*q == '\n')
					return lerr(lx, D_STR_NL, line + 1,
					    "newline "
					    "encountered in string literal");
				if (*q == '\0' || (*q == '\\' &&
				    (q[1] == '\0' || q[1] == '\n')))
					return lerr_char(lx, line, '"');
				if (*q == '\\')
					q++;
			}
			blen = (size_t)(q - s - 1);
			tk->kind = CT_STRING;
			tk->text = dt_arena_alloc(lx->arena, blen + 1);
			tk->text[dt_lex_unescape(s + 1, blen, tk->text)] = '\0';
			q++;
		} else {
			size_t len, il;

			while (*q != '\0' && *q != ' ' && *q != '\t' &&
			    *q != '\f' && *q != '\v' && *q != '\r' &&
			    *q != '\n' && *q != '"')
				q++;
			len = (size_t)(q - s);
			il = int_len(s);
			tk->text = dt_arena_strndup(lx->arena, s, len);
			if (il == len) {
				struct token it;

				memset(&it, 0, sizeof(it));
				if (scan_int(lx, s, len, &it) < 0) {
					lx->errline = line;
					return -1;
				}
				tk->kind = CT_INT;
				tk->ival = it.ival;
			} else {
				tk->kind = CT_WORD;
			}
		}
	}

	if (control_directive(lx, line, toks, n, &newline) < 0)
		return -1;

	lx->p = q;
	if (*q == '\n') {
		lx->p++;
		lx->line++;
	}
	if (newline >= 0)
		lx->line = (int)newline;
	lx->bol = 1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* White space and comments                                           */

static int
skip_space(struct lexer *lx)
{
	for (;;) {
		const char *p = lx->p;

		if (lx->bol) {
			const char *q = p;

			while (*q == ' ' || *q == '\t' || *q == '\f' ||
			    *q == '\v')
				q++;
			lx->bol = 0;
			if (*q == '#') {
				lx->p = q;
				if (q[1] == '!') {
					/* #! interpreter line: ignored */
					while (*lx->p != '\n' && *lx->p != '\0')
						lx->p++;
					continue;
				}
				if (control_line(lx) < 0)
					return -1;
				continue;
			}
		}

		switch (*p) {
		case '\n':
			lx->line++;
			lx->p++;
			lx->bol = 1;
			continue;
		case ' ': case '\t': case '\f': case '\v': case '\r':
			lx->p++;
			continue;
		case '\\':
			if (p[1] == '\n') {
				lx->p += 2;
				lx->line++;
				lx->bol = 1;
				continue;
			}
			return 0;
		case '/':
			if (p[1] == '*') {
				for (p += 2;; p++) {
					if (*p == '\0') {
						lx->p = p;
						return lerr(lx, D_SYNTAX, lx->line,
						    "end-of-file encountered "
						    "before matching */");
					}
					if (p[0] == '*' && p[1] == '/')
						break;
					if (p[0] == '/' && p[1] == '*') {
						return lerr(lx, D_SYNTAX, lx->line,
						    "/* encountered inside a "
						    "comment");
					}
					if (*p == '\n')
						lx->line++;
				}
				lx->p = p + 2;
				continue;
			}
			if (p[1] == '/') {
				while (*p != '\n' && *p != '\0')
					p++;
				lx->p = p;
				continue;
			}
			return 0;
		default:
			return 0;
		}
	}
}

/* ------------------------------------------------------------------ */
/* Macro substitution in expressions                                  */

static int
full_int(const char *s)
{
	const char *end;
	int ovf;
	enum ast_int_form f;

	if (*s == '+' || *s == '-')
		s++;
	if (!is_digit(*s))
		return 0;
	conv_int(s, strlen(s), &end, &ovf, &f);
	return *end == '\0' && !ovf;
}

/* dtrace's strbadidnum(): 1 if v is neither an integer nor ident text */
static int
bad_idnum(const char *v)
{
	const char *s;

	if (*v == '\0')
		return 1;
	if (full_int(v))
		return 0;
	for (s = v; *s != '\0'; s++) {
		if (!is_ident1((unsigned char)*s))
			return 1;
	}
	return 0;
}

static void
note_argref(struct lexer *lx, long idx)
{
	if (lx->macros != NULL && idx < lx->macros->argc && lx->argref)
		lx->argref[idx] = 1;
	if (idx > lx->max_argref)
		lx->max_argref = idx > INT_MAX ? INT_MAX : (int)idx;
}

static void
make_string(struct lexer *lx, struct token *t, const char *s, size_t n)
{
	t->kind = T_STRING;
	t->str = dt_arena_alloc(lx->arena, n + 1);
	t->slen = dt_lex_unescape(s, n, t->str);
	t->str[t->slen] = '\0';
}

/* lx->p is at '$' */
static int
lex_macro(struct lexer *lx, struct token *t)
{
	const struct dt_macros *m = lx->macros;
	const char *p = lx->p, *q = p + 1, *v;
	int dollar2 = 0;
	char buf[32];

	t->from_macro = 1;
	if (*q == '$') {
		dollar2 = 1;
		q++;
	}

	if (is_digit(*q)) {
		long idx = 0;
		int argc = m != NULL ? m->argc : 0;

		for (; is_digit(*q); q++) {
			if (idx < INT_MAX / 10)
				idx = idx * 10 + (*q - '0');
			else
				idx = INT_MAX;
		}
		t->text = p;
		t->len = (size_t)(q - p);
		lx->p = q;
		if (idx >= argc && (m == NULL || !m->defaultargs))
			return lerr(lx, D_MACRO_UNDEF, lx->line,
			    "macro argument %.*s is not "
			    "defined", (int)t->len, p);
		note_argref(lx, idx);
		if (idx < argc && m->argv[idx] != NULL)
			v = m->argv[idx];
		else
			v = dollar2 ? "" : "0";

		if (dollar2) {
			make_string(lx, t, v, strlen(v));
			return 0;
		}
		if (bad_idnum(v)) {
			size_t len = strlen(v);

			if (len != 1 && v[0] == '"' && v[len - 1] == '"')
				make_string(lx, t, v + 1, len - 2);
			else
				make_string(lx, t, v, len);
			return 0;
		}
		if (is_digit(v[0]) || v[0] == '+' || v[0] == '-') {
			const char *end, *w = v;
			int ovf, k;

			if (!is_digit(w[0]))
				t->sign = *w++;
			t->ival = conv_int(w, strlen(w), &end, &ovf, &t->form);
			if (ovf)
				return lerr(lx, D_MACRO_OFLOW, lx->line,
				    "macro argument "
				    "%.*s constant %s results in integer "
				    "overflow", (int)t->len, p, w);
			/* as dtrace: u/l letters of the rest count */
			for (k = 0; k < 3 && end[k] != '\0'; k++) {
				if (end[k] == 'u' || end[k] == 'U')
					t->suf_u = 1;
				else if ((end[k] == 'l' || end[k] == 'L') &&
				    t->suf_l < 2)
					t->suf_l++;
			}
			t->kind = T_INT;
			return 0;
		}
		t->kind = T_IDENT;
		t->kw = KW_NONE;
		t->str = dt_arena_strndup(lx->arena, v, strlen(v));
		return 0;
	}

	if (is_ident0(*q)) {
		long long val;
		char *name;

		while (is_ident1(*q))
			q++;
		t->text = p;
		t->len = (size_t)(q - p);
		lx->p = q;
		name = dt_arena_strndup(lx->arena, p + 1 + dollar2,
		    (size_t)(q - p - 1 - dollar2));
		if (!dt_lex_macro_var(m, name, &val))
			return lerr(lx, D_MACRO_UNDEF, lx->line,
			    "macro variable %.*s is not "
			    "defined", (int)t->len, p);
		if (dollar2) {
			snprintf(buf, sizeof(buf), "%lld", val);
			t->kind = T_STRING;
			t->str = dt_arena_strndup(lx->arena, buf, strlen(buf));
			t->slen = strlen(buf);
		} else {
			t->kind = T_INT;
			t->ival = (uint64_t)val;
			t->form = AST_INT_DEC;
		}
		return 0;
	}

	return lerr_char(lx, lx->line, '$');
}

/* ------------------------------------------------------------------ */
/* Tokens                                                             */

/* string or character constant; lx->p at the opening quote */
static int
lex_quoted(struct lexer *lx, struct token *t)
{
	const char *p = lx->p, *q;
	int quote = *p;
	char *buf;
	size_t n;

	for (q = p + 1; *q != quote; q++) {
		if (*q == '\n')
			return quote == '"' ?
			    lerr(lx, D_STR_NL, lx->line + 1,
			    "newline encountered in string literal") :
			    lerr(lx, D_CHR_NL, lx->line + 1,
			    "newline encountered in character constant");
		if (*q == '\0' || (*q == '\\' && (q[1] == '\0' || q[1] == '\n')))
			return lerr_char(lx, lx->line, quote);
		if (*q == '\\')
			q++;
	}
	lx->p = q + 1;
	t->len = (size_t)(lx->p - p);

	if (quote == '"') {
		make_string(lx, t, p + 1, (size_t)(q - p - 1));
		return 0;
	}

	if (q == p + 1)
		return lerr(lx, D_CHR_NULL, lx->line,
		    "empty character constant");
	buf = dt_arena_alloc(lx->arena, (size_t)(q - p));
	n = dt_lex_unescape(p + 1, (size_t)(q - p - 1), buf);
	if (n > sizeof(uint64_t))
		return lerr(lx, D_CHR_OFLOW, lx->line,
		    "character constant is too long");
	t->kind = T_INT;
	t->form = AST_INT_CHAR;
	t->ival = 0;
	for (size_t i = 0; i < n; i++)
		t->ival = (t->ival << 8) | (unsigned char)buf[i];
	return 0;
}

static int
tok1(struct lexer *lx, struct token *t, enum tok k, size_t len)
{
	t->kind = k;
	t->len = len;
	lx->p += len;
	return 0;
}

static int
lex_top(struct lexer *lx, struct token *t)
{
	const char *p = lx->p;
	int c = (unsigned char)*p;
	size_t run, wlen;
	char *word;

	switch (c) {
	case '{':
		lx->braces++;
		return tok1(lx, t, T_LBRACE, 1);
	case '/':
		return tok1(lx, t, T_SLASH, 1);
	case ',':
		return tok1(lx, t, T_COMMA, 1);
	}

	if (is_digit(c)) {
		run = pspec_len(p);
		if (int_len(p) == run) {
			t->len = run;
			lx->p += run;
			return scan_int(lx, p, run, t);
		}
		goto pspec;
	}
	if (!is_pspec_char(c) && c != '\\')
		return lerr_char(lx, lx->line, c);

	run = pspec_len(p);
	for (wlen = 0; is_ident1((unsigned char)p[wlen]); wlen++)
		continue;
	if (wlen == 0 || !is_ident0(c))
		goto pspec;

	word = dt_arena_strndup(lx->arena, p, wlen);
	if (run == wlen) {
		enum kw k = dt_lex_keyword(p, wlen);

		if (k != KW_NONE && is_top_keyword(k))
			goto ident;
		if (k == KW_NONE && strcmp(word, "BEGIN") != 0 &&
		    strcmp(word, "END") != 0 && strcmp(word, "ERROR") != 0 &&
		    lx->is_typename != NULL && lx->is_typename(lx->ctx, word))
			goto ident;
		goto pspec;
	} else {
		/*
		 * "type*" could be a glob or the start of a declaration like
		 * "int*x;": as dtrace, prefer the type when the text before
		 * the '*' is a type name and nothing in the run needs it to
		 * be a probe description.
		 */
		size_t i;
		enum kw k;

		for (i = 0; i < run; i++) {
			if (strchr(":-.?!`", p[i]) != NULL)
				goto pspec;
		}
		if (p[wlen] != '*')
			goto pspec;
		k = dt_lex_keyword(p, wlen);
		if (k != KW_NONE ? is_type_keyword(k) :
		    (lx->is_typename != NULL && lx->is_typename(lx->ctx, word)))
			goto ident;
		goto pspec;
	}

ident:
	t->kind = T_IDENT;
	t->kw = dt_lex_keyword(p, wlen);
	t->str = word;
	t->len = wlen;
	lx->p += wlen;
	return 0;

pspec:
	t->kind = T_PSPEC;
	t->str = dt_arena_strndup(lx->arena, p, run);
	t->len = run;
	lx->p += run;
	return 0;
}

static int
lex_expr(struct lexer *lx, struct token *t)
{
	const char *p = lx->p, *q;
	int c = (unsigned char)*p;
	size_t il, fl;

	if (is_ident0(c)) {
		for (q = p + 1; is_ident1((unsigned char)*q); q++)
			continue;
		t->kind = T_IDENT;
		t->len = (size_t)(q - p);
		t->kw = dt_lex_keyword(p, t->len);
		t->str = dt_arena_strndup(lx->arena, p, t->len);
		lx->p = q;
		return 0;
	}

	if (is_digit(c) || (c == '.' && is_digit(p[1]))) {
		il = int_len(p);
		fl = fp_len(p);
		if (fl > il)
			return lerr(lx, D_SYNTAX, lx->line,
			    "floating-point constants are not permitted");
		t->len = il;
		lx->p += il;
		return scan_int(lx, p, il, t);
	}

	switch (c) {
	case '"':
	case '\'':
		return lex_quoted(lx, t);
	case '@':
		/* RGX_AGG: "@"[a-zA-Z_][0-9a-zA-Z_]*, or "@" alone */
		q = p + 1;
		if (is_alpha(*q) || *q == '_') {
			for (q++; is_alpha(*q) || is_digit(*q) || *q == '_';)
				q++;
		}
		t->kind = T_AGG;
		t->len = (size_t)(q - p);
		t->str = dt_arena_strndup(lx->arena, p + 1, t->len - 1);
		lx->p = q;
		return 0;
	case '$':
		return lex_macro(lx, t);
	case '(':
		lx->parens++;
		return tok1(lx, t, T_LPAR, 1);
	case ')':
		if (--lx->parens < 0)
			return lerr(lx, D_SYNTAX, lx->line,
			    "extra ) in input stream");
		return tok1(lx, t, T_RPAR, 1);
	case '[':
		lx->brackets++;
		return tok1(lx, t, T_LBRAC, 1);
	case ']':
		if (--lx->brackets < 0)
			return lerr(lx, D_SYNTAX, lx->line,
			    "extra ] in input stream");
		return tok1(lx, t, T_RBRAC, 1);
	case '{':
		lx->braces++;
		return tok1(lx, t, T_LBRACE, 1);
	case '}':
		if (--lx->braces < 0)
			return lerr(lx, D_SYNTAX, lx->line,
			    "extra } in input stream");
		return tok1(lx, t, T_RBRACE, 1);
	case ',':
		return tok1(lx, t, T_COMMA, 1);
	case ';':
		return tok1(lx, t, T_SEMI, 1);
	case ':':
		return tok1(lx, t, T_COLON, 1);
	case '?':
		return tok1(lx, t, T_QUESTION, 1);
	case '~':
		return tok1(lx, t, T_TILDE, 1);
	case '.':
		if (p[1] == '.' && p[2] == '.')
			return tok1(lx, t, T_ELLIPSIS, 3);
		return tok1(lx, t, T_DOT, 1);
	case '-':
		if (p[1] == '>')
			return tok1(lx, t, T_ARROW, 2);
		if (p[1] == '-')
			return tok1(lx, t, T_DEC, 2);
		if (p[1] == '=')
			return tok1(lx, t, T_SUB_EQ, 2);
		return tok1(lx, t, T_MINUS, 1);
	case '+':
		if (p[1] == '+')
			return tok1(lx, t, T_INC, 2);
		if (p[1] == '=')
			return tok1(lx, t, T_ADD_EQ, 2);
		return tok1(lx, t, T_PLUS, 1);
	case '*':
		if (p[1] == '=')
			return tok1(lx, t, T_MUL_EQ, 2);
		return tok1(lx, t, T_STAR, 1);
	case '/':
		if (p[1] == '=')
			return tok1(lx, t, T_DIV_EQ, 2);
		/*
		 * As dtrace: a '/' followed by end of input, ';', '{' or '/'
		 * closes a predicate; anything else makes it a division.
		 */
		for (q = p + 1; *q != '\0' && strchr(" \t\n\r\f\v", *q); q++)
			continue;
		if (*q == '\0' || *q == ';' || *q == '{' || *q == '/') {
			if (lx->parens != 0)
				return lerr(lx, D_SYNTAX, lx->line,
				    "closing ) expected "
				    "in predicate before /");
			if (lx->brackets != 0)
				return lerr(lx, D_SYNTAX, lx->line,
				    "closing ] expected "
				    "in predicate before /");
			return tok1(lx, t, T_EPRED, 1);
		}
		return tok1(lx, t, T_SLASH, 1);
	case '%':
		if (p[1] == '=')
			return tok1(lx, t, T_MOD_EQ, 2);
		return tok1(lx, t, T_PERCENT, 1);
	case '&':
		if (p[1] == '&')
			return tok1(lx, t, T_LAND, 2);
		if (p[1] == '=')
			return tok1(lx, t, T_AND_EQ, 2);
		return tok1(lx, t, T_AMP, 1);
	case '|':
		if (p[1] == '|')
			return tok1(lx, t, T_LOR, 2);
		if (p[1] == '=')
			return tok1(lx, t, T_OR_EQ, 2);
		return tok1(lx, t, T_BAR, 1);
	case '^':
		if (p[1] == '^')
			return tok1(lx, t, T_LXOR, 2);
		if (p[1] == '=')
			return tok1(lx, t, T_XOR_EQ, 2);
		return tok1(lx, t, T_CARET, 1);
	case '!':
		if (p[1] == '=')
			return tok1(lx, t, T_NE, 2);
		return tok1(lx, t, T_BANG, 1);
	case '=':
		if (p[1] == '=')
			return tok1(lx, t, T_EQ, 2);
		return tok1(lx, t, T_ASSIGN, 1);
	case '<':
		if (p[1] == '<' && p[2] == '=')
			return tok1(lx, t, T_SHL_EQ, 3);
		if (p[1] == '<')
			return tok1(lx, t, T_SHL, 2);
		if (p[1] == '=')
			return tok1(lx, t, T_LE, 2);
		return tok1(lx, t, T_LT, 1);
	case '>':
		if (p[1] == '>' && p[2] == '=')
			return tok1(lx, t, T_SHR_EQ, 3);
		if (p[1] == '>')
			return tok1(lx, t, T_SHR, 2);
		if (p[1] == '=')
			return tok1(lx, t, T_GE, 2);
		return tok1(lx, t, T_GT, 1);
	}

	return lerr_char(lx, lx->line, c);
}

void
dt_lex_init(struct lexer *lx, struct dt_arena *arena, const char *src,
    const struct dt_macros *m, unsigned char *argref,
    int (*is_typename)(void *ctx, const char *name), void *ctx)
{
	memset(lx, 0, sizeof(*lx));
	lx->arena = arena;
	lx->src = src;
	lx->p = src;
	lx->line = 1;
	lx->bol = 1;
	lx->macros = m;
	lx->argref = argref;
	lx->max_argref = -1;
	lx->is_typename = is_typename;
	lx->ctx = ctx;
	lx->pragma_tail = &lx->pragmas;
}

enum tok
dt_lex_next(struct lexer *lx, enum lex_mode mode, struct token *t)
{
	int rc;

	memset(t, 0, sizeof(*t));
	if (skip_space(lx) < 0) {
		t->kind = T_ERROR;
		return T_ERROR;
	}
	t->line = lx->line;
	t->text = lx->p;
	if (*lx->p == '\0') {
		t->kind = T_EOF;
		return T_EOF;
	}
	rc = mode == LEX_TOP ? lex_top(lx, t) : lex_expr(lx, t);
	if (rc < 0) {
		t->kind = T_ERROR;
		return T_ERROR;
	}
	return t->kind;
}
