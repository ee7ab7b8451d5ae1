/*
 * printf.h - the D printf() format engine: owns parsing of printf-style
 * format strings, checking them against the D argument types (with
 * dtrace(1M)'s exact error messages), telling the code generator what each
 * argument must store in the trace record, and formatting the decoded record
 * values at consume time.  printf(), printa(), sprintf() and friends all go
 * through here so that they behave identically.
 *
 * Life cycle:
 *	dt_printf_parse()	compile time, once per format string
 *	dt_printf_check()	compile time, against the argument types
 *	dt_printf_layout()	compile time, record layout for the arguments
 *	dt_printf_format()	run time, once per record
 *	dt_printf_free()
 */
#ifndef DT_PRINTF_H
#define DT_PRINTF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Conversion flags (struct dt_pfseg.flags). */
#define DT_PFCONV_ALT		0x0001	/* '#' */
#define DT_PFCONV_ZPAD		0x0002	/* '0' */
#define DT_PFCONV_LEFT		0x0004	/* '-' */
#define DT_PFCONV_SPOS		0x0008	/* '+' */
#define DT_PFCONV_SPACE		0x0010	/* ' ' */
#define DT_PFCONV_GROUP		0x0020	/* '\'' (thousands grouping) */
#define DT_PFCONV_DYNWIDTH	0x0040	/* '*' width taken from an argument */
#define DT_PFCONV_DYNPREC	0x0080	/* '.*' precision from an argument */
#define DT_PFCONV_AGG		0x0100	/* '@' consumes the aggregation value */

struct dt_pfconv;	/* entry of the conversion dictionary (private) */

/*
 * One segment of a parsed format: either literal text (conv == NULL) or a
 * conversion.  Literal text points into dt_pfargv.format (not NUL-terminated
 * there: use len).
 */
struct dt_pfseg {
	const char *text;		/* literal: the text */
	size_t len;			/* literal: its length */

	const struct dt_pfconv *conv;	/* NULL for a literal segment */
	int convno;			/* 1-based conversion number (%% counts) */
	unsigned flags;			/* DT_PFCONV_* */
	int width;			/* 0 = none ('?' sets 16) */
	int prec;			/* 0 = none (dtrace ignores .0) */
	char length[8];			/* length modifier: "", "h", "l", "ll", "L", "w" */
	char convch;			/* conversion character, e.g. 'd' */
	char name[8];			/* dictionary name: length + convch, "lld" */
};

struct dt_pfargv {
	char *format;			/* private copy of the format string */
	struct dt_pfseg *segs;
	int nsegs;
	int nconv;			/* number of conversions, %% included */
	int nargs;			/* value arguments consumed (incl. '*'s,
					   excluding %@ and %%) */
	struct dtrace_hdl *dtp;		/* set by dt_register_pf (%a's
					   symbols); may be NULL */
};

/*
 * Type of one D argument, as the compiler knows it.  A D string and a char
 * array (char [N]) are both DT_PFT_STRING (size = N for an array, 0 for
 * string).  'char *' is a DT_PFT_POINTER (dtrace rejects it for %s: "or use
 * stringof").  name is the D type name used in messages ("int",
 * "char [256]", "string"); NULL makes one up from kind/size/is_signed.
 */
enum dt_pfarg_kind {
	DT_PFT_INT, DT_PFT_STRING, DT_PFT_POINTER, DT_PFT_FLOAT, DT_PFT_OTHER,
	DT_PFT_STACK			/* a stack() aggregation key (%k) */
};

struct dt_pfarg_type {
	enum dt_pfarg_kind kind;
	int size;			/* bytes (1,2,4,8 for integers) */
	int is_signed;			/* integers only */
	const char *name;
	int longlong;			/* 8-byte integers: 0 long, 1 long
					   long, 2 either (int64_t, uint64_t):
					   %l wants long, %ll long long */
	int usymaddr;			/* a _usymaddr (a usym(), ufunc(),
					   umod() or uaddr() key): %A's */
};

/* dt_printf_check_opts() flags, as dtrace's DT_PRINTF_* */
#define DT_PRINTF_EXACTLEN	0x1	/* extra arguments are an error */
#define DT_PRINTF_AGGREGATION	0x2	/* printa(): %@ allowed */

struct dt_pfcheck_opts {
	unsigned flags;			/* DT_PRINTF_* */
	int argoff;			/* D arguments before the first value
					   argument (1 for printf: the format) */
	const struct dt_pfarg_type *aggtype;	/* type of %@ values; NULL
						   means int64_t */
};

/*
 * A value decoded from a trace record.  INT: u holds the bits, of which the
 * low 'size' bytes (1, 2, 4 or 8) count; they are sign- or zero-extended per
 * is_signed (pointers are unsigned integers).  STRING: s points at 'size'
 * bytes of record data, which need not be NUL-terminated (size <= 0: s is a
 * NUL-terminated C string).  FLOAT: f, size is 4, 8 or 16 (long double).
 * CALLBACK (printa()'s %@ of a quantize-family aggregation): u holds a
 * struct dt_pfcallback *, whose print(out, arg) writes the value whatever
 * the conversion and returns the bytes it wrote, or -1.
 */
enum dt_pfval_kind { DT_PFV_INT, DT_PFV_STRING, DT_PFV_FLOAT, DT_PFV_CALLBACK };

struct dt_pfval {
	int kind;			/* enum dt_pfval_kind */
	int size;
	int is_signed;
	uint64_t u;
	const char *s;
	long double f;
	uint64_t pid;			/* INT: the process of a user address
					   (a usym()/uaddr() key), for %A;
					   0: $target's */
};

struct dt_pfcallback {
	int (*print)(FILE *out, const void *arg);
	const void *arg;
};

/*
 * What the code generator must store in the record for one argument, and
 * what the consumer then puts in the dt_pfval it decodes from it.
 */
enum dt_pfstore_kind { DT_PFSTORE_INT, DT_PFSTORE_STRING, DT_PFSTORE_FLOAT };
enum dt_pfrole { DT_PFROLE_NONE, DT_PFROLE_VALUE, DT_PFROLE_WIDTH,
	DT_PFROLE_PREC };

struct dt_pfarg_store {
	int kind;			/* enum dt_pfstore_kind */
	int size;			/* bytes to reserve in the record: 8 for
					   every integer/pointer, the array size
					   or strsize for strings */
	int val_kind;			/* dt_pfval.kind to decode into */
	int val_size;			/* dt_pfval.size: the declared size */
	int is_signed;			/* dt_pfval.is_signed */
	int convno;			/* conversion that consumes it, 0 if none */
	int role;			/* enum dt_pfrole */
};

/*
 * Parse fmt.  Returns 0 and *out, or -1 with a dtrace-worded message in
 * errbuf (no trailing newline) and errno set (EINVAL, or ENOMEM).
 */
int dt_printf_parse(const char *fmt, struct dt_pfargv **out,
    char *errbuf, size_t errlen);

void dt_printf_free(struct dt_pfargv *pf);

/*
 * Check the value arguments (those after the format) against pf, as
 * printf()-like actions do: dt_printf_check() is dt_printf_check_opts()
 * with flags DT_PRINTF_EXACTLEN and argoff 1 (also what opts == NULL
 * means).  funcname is the action name
 * for messages ("printf").  Returns 0, or -1 with the message in errbuf and,
 * if errtag is non-NULL, dtrace's error tag ("D_PRINTF_ARG_TYPE") there.
 */
int dt_printf_check(const struct dt_pfargv *pf,
    const struct dt_pfarg_type *types, int nargs, const char *funcname,
    char *errbuf, size_t errlen);
int dt_printf_check_opts(const struct dt_pfargv *pf,
    const struct dt_pfarg_type *types, int nargs, const char *funcname,
    const struct dt_pfcheck_opts *opts, const char **errtag,
    char *errbuf, size_t errlen);

/*
 * Fill out[0..nargs-1] with the record layout of each argument.  strsize is
 * the strsize option (bytes for a D string).  Returns 0, or -1 (EINVAL) if
 * an argument has a kind that cannot be stored.
 */
int dt_printf_layout(const struct dt_pfargv *pf,
    const struct dt_pfarg_type *types, int nargs, int strsize,
    struct dt_pfarg_store *out);

/*
 * Format one record.  vals are consumed in argument order (dynamic width,
 * dynamic precision, then the value of each conversion).  %@ conversions
 * take aggvals in order, the last one repeating (printa()).  Returns the
 * number of bytes written, or -1 with errno (EINVAL for values that do not
 * fit pf, or the stdio error).
 */
int dt_printf_format(FILE *out, const struct dt_pfargv *pf,
    const struct dt_pfval *vals, int nvals);
int dt_printf_format_agg(FILE *out, const struct dt_pfargv *pf,
    const struct dt_pfval *vals, int nvals,
    const struct dt_pfval *aggvals, int naggvals);

/* the printf formats a compiled program keeps live as long as the
 * handle: dt_register_pf keeps one (freeing it if it cannot), and
 * dt_printf_free_all frees them at dtrace_close */
struct dtrace_hdl;
void dt_register_pf(struct dtrace_hdl *dtp, struct dt_pfargv *pf);
void dt_printf_free_all(struct dtrace_hdl *dtp);

#endif /* DT_PRINTF_H */
