/*
 * printf.c - the D printf() format engine (see printf.h).
 *
 * Owns the format-string parser, the argument type checker, the record
 * layout helper and the consume-time formatter behind printf(), printa()
 * and sprintf().  The conversion set, the type rules and the error texts
 * follow illumos/Oracle libdtrace dt_printf.c so scripts and error output
 * match dtrace(1M); the code is written from scratch.
 *
 * Semantics kept from dtrace on purpose (they surprise C programmers):
 *  - integers are printed at the size of the argument, not of the length
 *    modifier: %d of a long prints all 64 bits, %x of an int -1 prints
 *    ffffffff, %d of an unsigned argument prints as %u;
 *  - %p prints plain hex digits (dtrace's %p is %x; %#p adds the 0x);
 *  - %e/%f/%g need a floating-point argument, a float or double read
 *    from memory (D has no floating-point arithmetic: the consumer turns
 *    the recorded bits into the value); dtrace rejects integers, and so
 *    do we (%a is dtrace's address conversion, not C's hex float);
 *  - a width or precision of 0 is dropped, so "%.0s" prints the whole
 *    string, as in dtrace;
 *  - '0' after '-' cancels it and '-' after '0' cancels it (last wins);
 *  - %S and %C print C escapes; %S of a record string shows its
 *    terminating NUL as \0, as dtrace's strchr2esc() does;
 *  - only the h, l, ll, L and w length modifiers exist: %hhd, %jd, %zu,
 *    %td and %F are "undefined" conversions in dtrace and here.
 *  - %a prints a kernel address as module`function+0xoff (fmt/symfmt.c;
 *    the format must be registered with dt_register_pf, which gives it
 *    the handle).
 * %A prints a user address of $target (or of the process a usym()
 * or uaddr() key of printa() recorded) as %a does (fmt/usymfmt.c).
 * Not done yet: %ls/%ws need wchar_t arrays,
 * which dt_pfarg_type cannot describe, so they never type-check.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "printf.h"
#include "symfmt.h"
#include "usymfmt.h"
#include "base/handle.h"

/* How a conversion checks its argument. */
enum pf_check {
	CK_XINT,	/* any integer */
	CK_DINT,	/* any integer; unsigned ones print as %u */
	CK_CSI,		/* integer no larger than int */
	CK_FP,		/* floating point */
	CK_ADDR,	/* pointer or integer */
	CK_UADDR,	/* a usym()/uaddr() key, or with $target (-p/-c) a
			   pointer or integer (dtrace's pfcheck_uaddr) */
	CK_STACK,	/* stack() */
	CK_TIME,	/* 64-bit integer */
	CK_STR,		/* string or char [] */
	CK_WSTR,	/* wchar_t [] */
	CK_TYPE,	/* exactly the type tkind/tsize/tsigned */
	CK_NONE		/* %% */
};

/* How a conversion prints its value. */
enum pf_print {
	PR_SINT, PR_UINT, PR_DINT, PR_FP, PR_ADDR, PR_STACK, PR_TIME,
	PR_TIME822, PR_CSTR, PR_ESTR, PR_ECHR, PR_WSTR, PR_PCT
};

struct dt_pfconv {
	const char *name;	/* length modifier + conversion, e.g. "lld" */
	const char *ofmt;	/* C conversion used for output */
	const char *proto;	/* prototype text for error messages */
	enum pf_check check;
	enum pf_print print;
	int tkind;		/* CK_TYPE: DT_PFT_INT or DT_PFT_FLOAT */
	int tsize;		/* CK_TYPE: size in bytes */
	int tsigned;		/* CK_TYPE: 1, 0, or -1 for either */
};

/* Prototype texts, worded as dtrace's pfproto_* strings. */
static const char P_XINT[] = "char, short, int, long, or long long";
static const char P_CSI[] = "char, short, or int";
static const char P_FP[] = "float, double, or long double";
static const char P_ADDR[] = "pointer or integer";
static const char P_UADDR[] =
	"pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
static const char P_CSTR[] = "char [] or string (or use stringof)";
static const char P_WSTR[] = "wchar_t []";

#define T(k, s, g)	k, s, g
#define NOT		0, 0, 0

static const struct dt_pfconv pf_convs[] = {
	{ "a", "s", P_ADDR, CK_ADDR, PR_ADDR, NOT },
	{ "A", "s", P_UADDR, CK_UADDR, PR_ADDR, NOT },
	{ "c", "c", P_CSI, CK_CSI, PR_SINT, NOT },
	{ "C", "s", P_CSI, CK_CSI, PR_ECHR, NOT },
	{ "d", "d", P_XINT, CK_DINT, PR_DINT, NOT },
	{ "e", "e", P_FP, CK_FP, PR_FP, NOT },
	{ "E", "E", P_FP, CK_FP, PR_FP, NOT },
	{ "f", "f", P_FP, CK_FP, PR_FP, NOT },
	{ "g", "g", P_FP, CK_FP, PR_FP, NOT },
	{ "G", "G", P_FP, CK_FP, PR_FP, NOT },
	{ "hd", "d", "short", CK_TYPE, PR_SINT, T(DT_PFT_INT, 2, 1) },
	{ "hi", "i", "short", CK_TYPE, PR_SINT, T(DT_PFT_INT, 2, 1) },
	{ "ho", "o", "unsigned short", CK_TYPE, PR_UINT, T(DT_PFT_INT, 2, 0) },
	{ "hu", "u", "unsigned short", CK_TYPE, PR_UINT, T(DT_PFT_INT, 2, 0) },
	{ "hx", "x", "short", CK_TYPE, PR_UINT, T(DT_PFT_INT, 2, -1) },
	{ "hX", "X", "short", CK_TYPE, PR_UINT, T(DT_PFT_INT, 2, -1) },
	{ "i", "i", P_XINT, CK_DINT, PR_DINT, NOT },
	{ "k", "s", "stack", CK_STACK, PR_STACK, NOT },
	{ "lc", "lc", "int", CK_TYPE, PR_SINT, T(DT_PFT_INT, 4, 1) },
	{ "ld", "d", "long", CK_TYPE, PR_SINT, T(DT_PFT_INT, 8, 1) },
	{ "li", "i", "long", CK_TYPE, PR_SINT, T(DT_PFT_INT, 8, 1) },
	{ "lo", "o", "unsigned long", CK_TYPE, PR_UINT, T(DT_PFT_INT, 8, 0) },
	{ "lu", "u", "unsigned long", CK_TYPE, PR_UINT, T(DT_PFT_INT, 8, 0) },
	{ "ls", "ls", P_WSTR, CK_WSTR, PR_WSTR, NOT },
	{ "lx", "x", "long", CK_TYPE, PR_UINT, T(DT_PFT_INT, 8, -1) },
	{ "lX", "X", "long", CK_TYPE, PR_UINT, T(DT_PFT_INT, 8, -1) },
	{ "lld", "d", "long long", CK_TYPE, PR_SINT, T(DT_PFT_INT, 8, 1) },
	{ "lli", "i", "long long", CK_TYPE, PR_SINT, T(DT_PFT_INT, 8, 1) },
	{ "llo", "o", "unsigned long long", CK_TYPE, PR_UINT,
	    T(DT_PFT_INT, 8, 0) },
	{ "llu", "u", "unsigned long long", CK_TYPE, PR_UINT,
	    T(DT_PFT_INT, 8, 0) },
	{ "llx", "x", "long long", CK_TYPE, PR_UINT, T(DT_PFT_INT, 8, -1) },
	{ "llX", "X", "long long", CK_TYPE, PR_UINT, T(DT_PFT_INT, 8, -1) },
	{ "Le", "e", "long double", CK_TYPE, PR_FP, T(DT_PFT_FLOAT, 16, -1) },
	{ "LE", "E", "long double", CK_TYPE, PR_FP, T(DT_PFT_FLOAT, 16, -1) },
	{ "Lf", "f", "long double", CK_TYPE, PR_FP, T(DT_PFT_FLOAT, 16, -1) },
	{ "Lg", "g", "long double", CK_TYPE, PR_FP, T(DT_PFT_FLOAT, 16, -1) },
	{ "LG", "G", "long double", CK_TYPE, PR_FP, T(DT_PFT_FLOAT, 16, -1) },
	{ "o", "o", P_XINT, CK_XINT, PR_UINT, NOT },
	{ "p", "x", P_ADDR, CK_ADDR, PR_UINT, NOT },
	{ "s", "s", P_CSTR, CK_STR, PR_CSTR, NOT },
	{ "S", "s", P_CSTR, CK_STR, PR_ESTR, NOT },
	{ "T", "s", "int64_t", CK_TIME, PR_TIME822, NOT },
	{ "u", "u", P_XINT, CK_XINT, PR_UINT, NOT },
	{ "wc", "lc", "int", CK_TYPE, PR_SINT, T(DT_PFT_INT, 4, 1) },
	{ "ws", "ls", P_WSTR, CK_WSTR, PR_WSTR, NOT },
	{ "x", "x", P_XINT, CK_XINT, PR_UINT, NOT },
	{ "X", "X", P_XINT, CK_XINT, PR_UINT, NOT },
	{ "Y", "s", "int64_t", CK_TIME, PR_TIME, NOT },
	{ "%", "%", "void", CK_NONE, PR_PCT, NOT },
};

#undef T
#undef NOT

static const struct dt_pfconv *
pf_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof (pf_convs) / sizeof (pf_convs[0]); i++) {
		if (strcmp(pf_convs[i].name, name) == 0)
			return (&pf_convs[i]);
	}
	return (NULL);
}

static int __attribute__((format(printf, 3, 4)))
pf_error(char *errbuf, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (errbuf != NULL && errlen > 0) {
		va_start(ap, fmt);
		(void) vsnprintf(errbuf, errlen, fmt, ap);
		va_end(ap);
	}
	errno = EINVAL;
	return (-1);
}

/* ---------------------------------------------------------------- parse */

static struct dt_pfseg *
pf_newseg(struct dt_pfargv *pf, int *cap)
{
	struct dt_pfseg *sg;

	if (pf->nsegs == *cap) {
		int ncap = *cap ? *cap * 2 : 8;
		struct dt_pfseg *n = realloc(pf->segs, sizeof (*n) * ncap);

		if (n == NULL)
			return (NULL);
		pf->segs = n;
		*cap = ncap;
	}
	sg = &pf->segs[pf->nsegs++];
	memset(sg, 0, sizeof (*sg));
	return (sg);
}

void
dt_printf_free(struct dt_pfargv *pf)
{
	if (pf == NULL)
		return;
	free(pf->segs);
	free(pf->format);
	free(pf);
}

/* Parse one conversion; *pp points at its '%' and is left at its last char. */
static int
pf_parse_conv(struct dt_pfseg *sg, const char **pp, char *errbuf,
    size_t errlen)
{
	const char *p = *pp;
	size_t lenlen = 0;
	int digits = 0, dot = 0;
	char c;

	for (;;) {
		switch (c = *++p) {
		case '0': case '1': case '2': case '3': case '4':
		case '5': case '6': case '7': case '8': case '9': {
			int n = 0;

			if (!dot && !digits && c == '0') {
				sg->flags |= DT_PFCONV_ZPAD;
				sg->flags &= ~DT_PFCONV_LEFT;
				continue;
			}
			for (; c >= '0' && c <= '9'; c = *++p) {
				if (n > (INT_MAX - 9) / 10)
					n = INT_MAX;	/* saturate */
				else
					n = n * 10 + (c - '0');
			}
			p--;
			if (dot)
				sg->prec = n;
			else
				sg->width = n;
			digits++;
			continue;
		}
		case '#':
			sg->flags |= DT_PFCONV_ALT;
			continue;
		case '*': {
			unsigned bit = dot ? DT_PFCONV_DYNPREC :
			    DT_PFCONV_DYNWIDTH;

			if (sg->flags & bit) {
				return (pf_error(errbuf, errlen,
				    "format conversion #%d has more than one "
				    "'*' specified for the output %s",
				    sg->convno, dot ? "precision" : "width"));
			}
			sg->flags |= bit;
			continue;
		}
		case '+':
			sg->flags |= DT_PFCONV_SPOS;
			continue;
		case '-':
			sg->flags |= DT_PFCONV_LEFT;
			sg->flags &= ~DT_PFCONV_ZPAD;
			continue;
		case '.':
			if (dot++ != 0) {
				return (pf_error(errbuf, errlen,
				    "format conversion #%d has more than one "
				    "'.' specified", sg->convno));
			}
			digits = 0;
			continue;
		case '?':
			sg->width = 16;		/* pointer width, LP64 */
			continue;
		case '@':
			sg->flags |= DT_PFCONV_AGG;
			continue;
		case '\'':
			sg->flags |= DT_PFCONV_GROUP;
			continue;
		case ' ':
			sg->flags |= DT_PFCONV_SPACE;
			continue;
		case '$':
			return (pf_error(errbuf, errlen,
			    "format conversion #%d uses unsupported "
			    "positional format (%%n$)", sg->convno));
		case '%':
			if (p[-1] == '%')
				break;		/* %% */
			return (pf_error(errbuf, errlen,
			    "format conversion #%d cannot be combined with "
			    "other format flags: %%%%", sg->convno));
		case '\0':
			return (pf_error(errbuf, errlen,
			    "format conversion #%d name expected before end "
			    "of format string", sg->convno));
		case 'h': case 'l': case 'L': case 'w':
			if (lenlen < sizeof (sg->length) - 2)
				sg->length[lenlen++] = c;
			continue;
		default:
			break;
		}
		break;
	}

	sg->convch = c;
	memcpy(sg->name, sg->length, lenlen);
	sg->name[lenlen] = c;
	sg->name[lenlen + 1] = '\0';
	*pp = p;

	if ((sg->conv = pf_lookup(sg->name)) == NULL) {
		return (pf_error(errbuf, errlen,
		    "format conversion #%d is undefined: %%%s",
		    sg->convno, sg->name));
	}
	return (0);
}

int
dt_printf_parse(const char *fmt, struct dt_pfargv **out, char *errbuf,
    size_t errlen)
{
	struct dt_pfargv *pf;
	struct dt_pfseg *sg;
	const char *p, *q;
	int cap = 0;

	*out = NULL;
	if (errbuf != NULL && errlen > 0)
		errbuf[0] = '\0';

	if ((pf = calloc(1, sizeof (*pf))) == NULL ||
	    (pf->format = strdup(fmt)) == NULL)
		goto nomem;

	for (q = pf->format; (p = strchr(q, '%')) != NULL; q = p + 1) {
		if (p > q) {
			if ((sg = pf_newseg(pf, &cap)) == NULL)
				goto nomem;
			sg->text = q;
			sg->len = (size_t)(p - q);
		}
		if ((sg = pf_newseg(pf, &cap)) == NULL)
			goto nomem;
		sg->convno = ++pf->nconv;
		if (pf_parse_conv(sg, &p, errbuf, errlen) != 0) {
			dt_printf_free(pf);
			errno = EINVAL;
			return (-1);
		}
		if (sg->conv->print == PR_PCT)
			continue;
		if (sg->flags & DT_PFCONV_DYNWIDTH)
			pf->nargs++;
		if (sg->flags & DT_PFCONV_DYNPREC)
			pf->nargs++;
		if (!(sg->flags & DT_PFCONV_AGG))
			pf->nargs++;
	}

	if (*q != '\0') {
		if ((sg = pf_newseg(pf, &cap)) == NULL)
			goto nomem;
		sg->text = q;
		sg->len = strlen(q);
	}

	*out = pf;
	return (0);

nomem:
	dt_printf_free(pf);
	(void) pf_error(errbuf, errlen, "failed to allocate memory");
	errno = ENOMEM;
	return (-1);
}

/* ---------------------------------------------------------------- check */

static const char *
pf_typename(const struct dt_pfarg_type *t, char *buf, size_t len)
{
	static const char *sint[] = { "char", "short", "int", "long" };
	static const char *uint[] = { "unsigned char", "unsigned short",
	    "unsigned int", "unsigned long" };
	int i;

	if (t->name != NULL)
		return (t->name);

	switch (t->kind) {
	case DT_PFT_INT:
		i = t->size == 1 ? 0 : t->size == 2 ? 1 : t->size == 4 ? 2 : 3;
		return (t->is_signed ? sint[i] : uint[i]);
	case DT_PFT_STRING:
		if (t->size <= 0)
			return ("string");
		(void) snprintf(buf, len, "char [%d]", t->size);
		return (buf);
	case DT_PFT_POINTER:
		return ("void *");
	case DT_PFT_FLOAT:
		return (t->size == 4 ? "float" :
		    t->size == 8 ? "double" : "long double");
	default:
		return ("void");
	}
}

static int
pf_type_ok(const struct dt_pfargv *pf, const struct dt_pfconv *pfc,
    const struct dt_pfarg_type *t)
{
	switch (pfc->check) {
	case CK_UADDR:
		if (t->usymaddr)
			return (1);
		if (pf->dtp == NULL || !pf->dtp->macros.target_set ||
		    pf->dtp->macros.target == 0)
			return (0);
		return (t->kind == DT_PFT_INT || t->kind == DT_PFT_POINTER);
	case CK_XINT:
	case CK_DINT:
		return (t->kind == DT_PFT_INT);
	case CK_CSI:
		return (t->kind == DT_PFT_INT && t->size <= 4);
	case CK_FP:
		return (t->kind == DT_PFT_FLOAT);
	case CK_ADDR:
		return (t->kind == DT_PFT_INT || t->kind == DT_PFT_POINTER);
	case CK_TIME:
		return (t->kind == DT_PFT_INT && t->size == 8);
	case CK_STR:
		return (t->kind == DT_PFT_STRING);
	case CK_TYPE:
		if (t->kind == DT_PFT_INT && t->size == 8 && pfc->tsize == 8 &&
		    t->longlong != 2 && !t->longlong != !strstr(pfc->proto, "long long"))
			return (0);	/* long vs long long are distinct */
		return ((int)t->kind == pfc->tkind && t->size == pfc->tsize &&
		    (pfc->tsigned < 0 || !t->is_signed == !pfc->tsigned));
	case CK_STACK:
		return (t->kind == DT_PFT_STACK);
	case CK_WSTR:
	case CK_NONE:
	default:
		return (0);
	}
}

int
dt_printf_check_opts(const struct dt_pfargv *pf,
    const struct dt_pfarg_type *types, int nargs, const char *func,
    const struct dt_pfcheck_opts *opts, const char **errtag,
    char *errbuf, size_t errlen)
{
	static const struct dt_pfarg_type agg_default = {
		DT_PFT_INT, 8, 1, "int64_t", 0, 0
	};
	static const struct dt_pfcheck_opts printf_opts = {
		DT_PRINTF_EXACTLEN, 1, NULL
	};
	const struct dt_pfarg_type *aggtype;
	char n[64];
	int i, j = 0;

	if (opts == NULL)
		opts = &printf_opts;
	aggtype = opts->aggtype != NULL ? opts->aggtype : &agg_default;

#define	FAIL(tag, ...) do {						\
		if (errtag != NULL)					\
			*errtag = (tag);				\
		return (pf_error(errbuf, errlen, __VA_ARGS__));		\
	} while (0)

	if (errtag != NULL)
		*errtag = NULL;
	if (errbuf != NULL && errlen > 0)
		errbuf[0] = '\0';

	if (pf->format[0] == '\0')
		FAIL("D_PRINTF_FMT_EMPTY", "%s( ) format string is empty",
		    func);

	for (i = 0; i < pf->nsegs; i++) {
		const struct dt_pfseg *sg = &pf->segs[i];
		const struct dt_pfconv *pfc = sg->conv;
		const struct dt_pfarg_type *vt;
		const char *dyns[2];
		char vname[64];
		int dync = 0;

		if (pfc == NULL || pfc->print == PR_PCT)
			continue;

		/* The '*' width comes first, then the '.*' precision. */
		if (sg->flags & DT_PFCONV_DYNPREC)
			dyns[dync++] = ".*";
		if (sg->flags & DT_PFCONV_DYNWIDTH)
			dyns[dync++] = "*";

		for (; dync != 0; dync--) {
			if (j >= nargs) {
				FAIL("D_PRINTF_DYN_PROTO", "%s( ) prototype "
				    "mismatch: conversion #%d (%%%s) is missing "
				    "a corresponding \"%s\" argument", func,
				    sg->convno, pfc->name, dyns[dync - 1]);
			}
			if (types[j].kind != DT_PFT_INT) {
				FAIL("D_PRINTF_DYN_TYPE", "%s( ) argument #%d "
				    "is incompatible with conversion #%d "
				    "prototype:\n\tconversion: %% %s %s\n"
				    "\t prototype: int\n\t  argument: %s",
				    func, j + opts->argoff + 1, sg->convno,
				    dyns[dync - 1], pfc->name,
				    pf_typename(&types[j], n, sizeof (n)));
			}
			j++;
		}

		if (sg->flags & DT_PFCONV_AGG) {
			if (!(opts->flags & DT_PRINTF_AGGREGATION)) {
				FAIL("D_PRINTF_AGG_CONV", "%%@ conversion "
				    "requires an aggregation and is not for use "
				    "with %s( )", func);
			}
			(void) snprintf(vname, sizeof (vname),
			    "aggregating action");
			vt = aggtype;
		} else if (j >= nargs) {
			FAIL("D_PRINTF_ARG_PROTO", "%s( ) prototype mismatch: "
			    "conversion #%d (%%%s) is missing a corresponding "
			    "value argument", func, sg->convno, pfc->name);
		} else {
			(void) snprintf(vname, sizeof (vname), "argument #%d",
			    j + opts->argoff + 1);
			vt = &types[j++];
		}

		if (!pf_type_ok(pf, pfc, vt)) {
			FAIL("D_PRINTF_ARG_TYPE", "%s( ) %s is incompatible "
			    "with conversion #%d prototype:\n\tconversion: "
			    "%%%s\n\t prototype: %s\n\t  argument: %s", func,
			    vname, sg->convno, pfc->name, pfc->proto,
			    pf_typename(vt, n, sizeof (n)));
		}
	}

	if ((opts->flags & DT_PRINTF_EXACTLEN) && j < nargs) {
		FAIL("D_PRINTF_ARG_EXTRA", "%s( ) prototype mismatch: only %d "
		    "arguments required by this format string", func, j);
	}
#undef FAIL
	return (0);
}

int
dt_printf_check(const struct dt_pfargv *pf,
    const struct dt_pfarg_type *types, int nargs, const char *funcname,
    char *errbuf, size_t errlen)
{
	return (dt_printf_check_opts(pf, types, nargs, funcname, NULL,
	    NULL, errbuf, errlen));
}

/* --------------------------------------------------------------- layout */

int
dt_printf_layout(const struct dt_pfargv *pf,
    const struct dt_pfarg_type *types, int nargs, int strsize,
    struct dt_pfarg_store *out)
{
	int i, j = 0;

	for (i = 0; i < nargs; i++) {
		const struct dt_pfarg_type *t = &types[i];
		struct dt_pfarg_store *st = &out[i];

		memset(st, 0, sizeof (*st));
		switch (t->kind) {
		case DT_PFT_INT:
		case DT_PFT_POINTER:
			st->kind = DT_PFSTORE_INT;
			st->size = 8;
			st->val_kind = DT_PFV_INT;
			st->val_size = t->size > 0 ? t->size : 8;
			st->is_signed = t->kind == DT_PFT_INT && t->is_signed;
			if (st->val_size != 1 && st->val_size != 2 &&
			    st->val_size != 4 && st->val_size != 8) {
				errno = EINVAL;
				return (-1);
			}
			break;
		case DT_PFT_STRING:
			st->kind = DT_PFSTORE_STRING;
			st->size = t->size > 0 ? t->size : strsize;
			st->val_kind = DT_PFV_STRING;
			st->val_size = st->size;
			break;
		case DT_PFT_FLOAT:
			st->kind = DT_PFSTORE_FLOAT;
			st->size = t->size;
			st->val_kind = DT_PFV_FLOAT;
			st->val_size = t->size;
			break;
		default:
			errno = EINVAL;
			return (-1);
		}
	}

	/* Say which conversion consumes each argument, and as what. */
	for (i = 0; i < pf->nsegs; i++) {
		const struct dt_pfseg *sg = &pf->segs[i];

		if (sg->conv == NULL || sg->conv->print == PR_PCT)
			continue;
		if ((sg->flags & DT_PFCONV_DYNWIDTH) && j < nargs) {
			out[j].convno = sg->convno;
			out[j++].role = DT_PFROLE_WIDTH;
		}
		if ((sg->flags & DT_PFCONV_DYNPREC) && j < nargs) {
			out[j].convno = sg->convno;
			out[j++].role = DT_PFROLE_PREC;
		}
		if (!(sg->flags & DT_PFCONV_AGG) && j < nargs) {
			out[j].convno = sg->convno;
			out[j++].role = DT_PFROLE_VALUE;
		}
	}
	return (0);
}

/* --------------------------------------------------------------- format */

static int
pf_intsize_ok(const struct dt_pfval *v)
{
	return (v->kind == DT_PFV_INT && (v->size == 1 || v->size == 2 ||
	    v->size == 4 || v->size == 8));
}

static int64_t
pf_sext(const struct dt_pfval *v)
{
	switch (v->size) {
	case 1: return ((int8_t)v->u);
	case 2: return ((int16_t)v->u);
	case 4: return ((int32_t)v->u);
	default: return ((int64_t)v->u);
	}
}

static uint64_t
pf_zext(const struct dt_pfval *v)
{
	switch (v->size) {
	case 1: return ((uint8_t)v->u);
	case 2: return ((uint16_t)v->u);
	case 4: return ((uint32_t)v->u);
	default: return (v->u);
	}
}

/*
 * Build the C format for one conversion: flags, width, precision, then
 * lenmod and conv.  Width and precision of 0 are left out, as dtrace does;
 * a negative dynamic width means left-justify, a negative precision none.
 */
static void
pf_cfmt(char *buf, size_t len, const struct dt_pfseg *sg, int width,
    int prec, const char *lenmod, const char *conv)
{
	char *f = buf;
	char *end = buf + len;

	*f++ = '%';
	if (sg->flags & DT_PFCONV_ALT)
		*f++ = '#';
	if (sg->flags & DT_PFCONV_ZPAD)
		*f++ = '0';
	if (sg->flags & DT_PFCONV_LEFT)
		*f++ = '-';
	if (sg->flags & DT_PFCONV_SPOS)
		*f++ = '+';
	if (sg->flags & DT_PFCONV_GROUP)
		*f++ = '\'';
	if (sg->flags & DT_PFCONV_SPACE)
		*f++ = ' ';
	if (width != 0)
		f += snprintf(f, (size_t)(end - f), "%d", width);
	if (prec > 0)
		f += snprintf(f, (size_t)(end - f), ".%d", prec);
	(void) snprintf(f, (size_t)(end - f), "%s%s", lenmod, conv);
}

static int __attribute__((format(printf, 2, 3)))
pf_emit(FILE *out, const char *cfmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, cfmt);
	n = vfprintf(out, cfmt, ap);
	va_end(ap);
	return (n);
}

/* C-escape n bytes of s, stopping after a NUL (shown as \0). */
static char *
pf_escape(const char *s, size_t n)
{
	char *buf, *q;
	size_t i;

	if ((buf = malloc(n * 4 + 1)) == NULL)
		return (NULL);

	for (i = 0, q = buf; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char e = 0;

		switch (c) {
		case '\0': e = '0'; break;
		case '\a': e = 'a'; break;
		case '\b': e = 'b'; break;
		case '\f': e = 'f'; break;
		case '\n': e = 'n'; break;
		case '\r': e = 'r'; break;
		case '\t': e = 't'; break;
		case '\v': e = 'v'; break;
		case '"': e = '"'; break;
		case '\\': e = '\\'; break;
		default:
			break;
		}
		if (e != 0) {
			*q++ = '\\';
			*q++ = e;
		} else if (c < ' ' || c > '~') {
			q += sprintf(q, "\\%03o", c);
		} else {
			*q++ = (char)c;
		}
		if (c == '\0')
			break;
	}
	*q = '\0';
	return (buf);
}

/*
 * The common conversions written without a C format: an integer's %d,
 * %i or %u, or a string's %s, with no flag, no width and no precision
 * (what most printf() records are: each conversion through vfprintf
 * was a third of the consumer's time per record).  Same output.
 */
#define PF_FMTFLAGS	(DT_PFCONV_ALT | DT_PFCONV_ZPAD | DT_PFCONV_LEFT | \
			 DT_PFCONV_SPOS | DT_PFCONV_SPACE | DT_PFCONV_GROUP)

static int
pf_plain(const struct dt_pfseg *sg, int width, int prec)
{
	return ((sg->flags & PF_FMTFLAGS) == 0 && width == 0 && prec <= 0);
}

/* u in decimal, after a '-' if neg */
static int
pf_put_dec(FILE *out, uint64_t u, int neg)
{
	char b[24], *p = b + sizeof (b);
	size_t n;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	if (neg)
		*--p = '-';
	n = (size_t)(b + sizeof (b) - p);
	return (fwrite(p, 1, n, out) == n ? (int)n : -1);
}

/* Print a string with the conversion's flags, width and precision. */
static int
pf_print_str(FILE *out, const struct dt_pfseg *sg, int width, int prec,
    const char *s)
{
	char cfmt[64];

	pf_cfmt(cfmt, sizeof (cfmt), sg, width, prec, "", "s");
	return (pf_emit(out, cfmt, s));
}

static int
pf_print_one(FILE *out, const struct dt_pfargv *pf, const struct dt_pfseg *sg,
    int width, int prec, const struct dt_pfval *v)
{
	const struct dt_pfconv *pfc = sg->conv;
	char cfmt[64], buf[64];
	const char *conv = pfc->ofmt;
	int sgn, n;

	switch (pfc->print) {
	case PR_DINT:
	case PR_SINT:
	case PR_UINT:
		if (!pf_intsize_ok(v))
			break;
		if (pfc->print == PR_DINT) {
			sgn = v->is_signed;
			if (!sgn)
				conv = "u";
		} else {
			sgn = pfc->print == PR_SINT;
		}
		if (pf_plain(sg, width, prec) && (strcmp(conv, "d") == 0 ||
		    strcmp(conv, "i") == 0 || strcmp(conv, "u") == 0)) {
			if (sgn) {
				int64_t x = pf_sext(v);
				return (pf_put_dec(out, x < 0 ? -(uint64_t)x :
				    (uint64_t)x, x < 0));
			}
			return (pf_put_dec(out, pf_zext(v), 0));
		}
		if (strcmp(conv, "c") == 0 || strcmp(conv, "lc") == 0) {
			pf_cfmt(cfmt, sizeof (cfmt), sg, width, prec, "", conv);
			if (conv[0] == 'l')
				return (pf_emit(out, cfmt,
				    (wint_t)(int32_t)pf_sext(v)));
			return (pf_emit(out, cfmt, (int)(int32_t)pf_sext(v)));
		}
		if (v->size == 8) {
			pf_cfmt(cfmt, sizeof (cfmt), sg, width, prec, "ll",
			    conv);
			if (sgn)
				return (pf_emit(out, cfmt,
				    (long long)pf_sext(v)));
			return (pf_emit(out, cfmt,
			    (unsigned long long)pf_zext(v)));
		}
		pf_cfmt(cfmt, sizeof (cfmt), sg, width, prec, "", conv);
		if (sgn)
			return (pf_emit(out, cfmt, (int)(int32_t)pf_sext(v)));
		return (pf_emit(out, cfmt, (unsigned)(uint32_t)pf_zext(v)));

	case PR_FP:
		if (v->kind == DT_PFV_FLOAT && v->size == 16) {
			pf_cfmt(cfmt, sizeof (cfmt), sg, width, prec, "L",
			    conv);
			return (pf_emit(out, cfmt, v->f));
		}
		pf_cfmt(cfmt, sizeof (cfmt), sg, width, prec, "", conv);
		if (v->kind == DT_PFV_FLOAT)
			return (pf_emit(out, cfmt, (double)v->f));
		if (!pf_intsize_ok(v))
			break;
		/* Unchecked integer: print its value as a double. */
		return (pf_emit(out, cfmt, v->is_signed ?
		    (double)pf_sext(v) : (double)pf_zext(v)));

	case PR_ADDR: {
		/* %a: a kernel address as module`function+0xoff; %A a user
		   address the same way, of its process (a usym()/uaddr()
		   key's) or else of $target (0x<hex> without one), as
		   dtrace's pfprint_uaddr */
		char sym[512];
		int pid;

		if (!pf_intsize_ok(v))
			break;
		if (sg->convch == 'a') {
			dt_ksym_format(pf->dtp, pf_zext(v), DT_SYMK_ADDR, sym,
			    sizeof (sym));
		} else {
			pid = (int)v->pid;
			if (pid == 0 && pf->dtp != NULL &&
			    pf->dtp->macros.target_set)
				pid = (int)pf->dtp->macros.target;
			dt_usym_format(pid, pf_zext(v), DT_SYMK_UADDR, sym,
			    sizeof (sym));
		}
		return (pf_print_str(out, sg, width, prec, sym));
	}

	case PR_TIME:
	case PR_TIME822: {
		struct tm tm;
		time_t sec;

		if (!pf_intsize_ok(v))
			break;
		sec = (time_t)(pf_zext(v) / 1000000000ULL);
		if (localtime_r(&sec, &tm) == NULL)
			break;
		/* %Y is the adb/mdb form "2026 Nov 21 09:15:01"; %T is
		   RFC 822 with dtrace's %G year. */
		if (strftime(buf, sizeof (buf), pfc->print == PR_TIME ?
		    "%Y %b %e %T" : "%a, %d %b %G %T %Z", &tm) == 0)
			buf[0] = '\0';
		return (pf_print_str(out, sg, width, prec, buf));
	}

	case PR_CSTR:
	case PR_ESTR: {
		size_t len;
		char *s;

		if (v->kind != DT_PFV_STRING || v->s == NULL)
			break;
		if (pfc->print == PR_ESTR) {
			/* through the terminating NUL, as dtrace */
			len = v->size > 0 ? (size_t)v->size :
			    strlen(v->s) + 1;
			s = pf_escape(v->s, len);
		} else {
			len = v->size > 0 ? strnlen(v->s, (size_t)v->size) :
			    strlen(v->s);
			if (pf_plain(sg, width, prec))
				return (fwrite(v->s, 1, len, out) == len ?
				    (int)len : -1);
			s = strndup(v->s, len);
		}
		if (s == NULL)
			return (-1);
		n = pf_print_str(out, sg, width, prec, s);
		free(s);
		return (n);
	}

	case PR_ECHR: {
		char c, *s;

		if (!pf_intsize_ok(v))
			break;
		c = (char)pf_sext(v);
		if ((s = pf_escape(&c, 1)) == NULL)
			return (-1);
		n = pf_print_str(out, sg, width, prec, s);
		free(s);
		return (n);
	}

	case PR_STACK:
	case PR_WSTR:
	case PR_PCT:
	default:
		break;
	}

	errno = EINVAL;
	return (-1);
}

static int
pf_getint(const struct dt_pfval *v, int *ip)
{
	if (!pf_intsize_ok(v)) {
		errno = EINVAL;
		return (-1);
	}
	*ip = (int)pf_sext(v);
	return (0);
}

int
dt_printf_format_agg(FILE *out, const struct dt_pfargv *pf,
    const struct dt_pfval *vals, int nvals,
    const struct dt_pfval *aggvals, int naggvals)
{
	long long total = 0;
	int i, j = 0, curagg = 0, n;

	for (i = 0; i < pf->nsegs; i++) {
		const struct dt_pfseg *sg = &pf->segs[i];
		const struct dt_pfval *v;
		int width = sg->width, prec = sg->prec;

		if (sg->conv == NULL) {
			if (sg->len != 0 &&
			    fwrite(sg->text, 1, sg->len, out) != sg->len)
				return (-1);
			total += (long long)sg->len;
			continue;
		}
		if (sg->conv->print == PR_PCT) {
			if (fputc('%', out) == EOF)
				return (-1);
			total++;
			continue;
		}

		if (sg->flags & DT_PFCONV_DYNWIDTH) {
			if (j >= nvals) {
				errno = EINVAL;
				return (-1);
			}
			if (pf_getint(&vals[j++], &width) != 0)
				return (-1);
		}
		if (sg->flags & DT_PFCONV_DYNPREC) {
			if (j >= nvals) {
				errno = EINVAL;
				return (-1);
			}
			if (pf_getint(&vals[j++], &prec) != 0)
				return (-1);
		}

		if (sg->flags & DT_PFCONV_AGG) {
			if (aggvals == NULL || naggvals <= 0) {
				errno = EINVAL;
				return (-1);
			}
			v = &aggvals[curagg];
			if (curagg < naggvals - 1)
				curagg++;
		} else {
			if (j >= nvals) {
				errno = EINVAL;
				return (-1);
			}
			v = &vals[j++];
		}

		if (v->kind == DT_PFV_CALLBACK) {
			const struct dt_pfcallback *cb =
			    (const struct dt_pfcallback *)(uintptr_t)v->u;
			n = cb->print(out, cb->arg);
		} else
			n = pf_print_one(out, pf, sg, width, prec, v);
		if (n < 0)
			return (-1);
		total += n;
	}

	if (total > INT_MAX) {
		errno = EOVERFLOW;
		return (-1);
	}
	return ((int)total);
}

int
dt_printf_format(FILE *out, const struct dt_pfargv *pf,
    const struct dt_pfval *vals, int nvals)
{
	return (dt_printf_format_agg(out, pf, vals, nvals, NULL, 0));
}

/* keep pf until the handle closes (dtp->pfs) */
void dt_register_pf(dtrace_hdl_t *dtp, struct dt_pfargv *pf)
{
	struct dt_pfargv **n = realloc(dtp->pfs, (size_t)(dtp->npfs + 1) * sizeof(*n));
	if (!n) {
		dt_printf_free(pf);
		return;
	}
	dtp->pfs = n;
	dtp->pfs[dtp->npfs++] = pf;
	pf->dtp = dtp;
}

void dt_printf_free_all(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < dtp->npfs; i++)
		dt_printf_free(dtp->pfs[i]);
	free(dtp->pfs);
	dtp->pfs = NULL;
	dtp->npfs = 0;
}
