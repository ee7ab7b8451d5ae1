/*
 * options.h - options storage: dtrace's -x options, their kinds, defaults
 * and limits, and their parsers (options.c).
 *
 * Every layer reads options as dtp->opt[DTOPT_...] (dtp->optset[] says
 * whether the user set one); only options.c writes them.
 */
#ifndef DT_OPTIONS_H
#define DT_OPTIONS_H

#include <stdint.h>
#include "dtrace.h"

/* DT_OPT_BOOL: a run-time switch (no value, 1 or 0, yes/no, true/false,
 * on/off, enable(d)/disable(d), set/unset); DT_OPT_RUNTIME: dtrace's
 * generic run-time value (none: set to 0; a number; the words above;
 * "" unsets); DT_OPT_NOVAL: a compile-time flag that takes no value
 * (aggpercpu, argref, empty ...); DT_OPT_STR: one of the option's words
 * (optwords in options.c); DT_OPT_PATH: any non-empty text, kept in
 * dtp->optstr[]; DT_OPT_CPPARG: a preprocessor argument (define, undef,
 * incdir: the flag in dt_optdesc.arg and the value); DT_OPT_CPPARGS:
 * blank-separated preprocessor arguments; DT_OPT_VERSION: a D version
 * (dtp->opt[] holds its number); DT_OPT_ATTR: a stability attribute
 * (amin); DT_OPT_ZONE: a zone name (Linux has none); DT_OPT_ANYVAL: a
 * flag that any value, or none, sets (droptags: dtrace ignores its
 * value) */
enum dt_optkind { DT_OPT_BOOL, DT_OPT_SIZE, DT_OPT_RATE, DT_OPT_INT, DT_OPT_STR,
	DT_OPT_RUNTIME, DT_OPT_NOVAL, DT_OPT_PATH, DT_OPT_CPPARG, DT_OPT_CPPARGS,
	DT_OPT_VERSION, DT_OPT_ATTR, DT_OPT_ZONE, DT_OPT_ANYVAL };
/* when an option may be set: DT_OPTC_RT before tracing starts (setopt()
 * while tracing: "Operation illegal when tracing is active"), DT_OPTC_DRT
 * at any time (setopt() changes it while tracing), DT_OPTC_CT compile
 * time (setopt() runs its parser, which refuses a value) */
enum dt_optclass { DT_OPTC_RT, DT_OPTC_DRT, DT_OPTC_CT };
/* DT_OPTF_NOPROG: not from within a D program (#pragma D option), as
 * dtrace refuses the preprocessor's and linker's options there */
#define DT_OPTF_NOPROG 0x1
enum {
	DTOPT_BUFSIZE, DTOPT_SWITCHRATE, DTOPT_STATUSRATE, DTOPT_QUIET,
	DTOPT_STRSIZE, DTOPT_DEFAULTARGS, DTOPT_ZDEFS, DTOPT_BUFPOLICY,
	DTOPT_CPP, DTOPT_DYNVARSIZE, DTOPT_AGGSIZE, DTOPT_AGGRATE,
	DTOPT_AGGSORTKEY, DTOPT_AGGSORTREV, DTOPT_AGGSORTPOS,
	DTOPT_AGGSORTKEYPOS, DTOPT_AGGPERCPU,
	DTOPT_FLOWINDENT, DTOPT_RAWBYTES, DTOPT_DESTRUCTIVE,
	DTOPT_BUFRESIZE, DTOPT_CLEANRATE,	/* buffer options (buf.c) */
	DTOPT_NSPEC, DTOPT_SPECSIZE,		/* speculations (spec.h) */
	DTOPT_OFORMAT,				/* the output format (fmt/) */
	DTOPT_FLAMEGRAPH,			/* the SVG flame graph written at
						   the end (out/flamegraph.c) */
	/* compile time: the preprocessor (lib/dtrace.c's cpp) */
	DTOPT_CPPARGS, DTOPT_CPPHDRS, DTOPT_CPPPATH, DTOPT_DEFINE,
	DTOPT_INCDIR, DTOPT_UNDEF, DTOPT_STDC,
	/* compile time: the compiler */
	DTOPT_AMIN, DTOPT_ARGREF, DTOPT_EMPTY, DTOPT_ERRTAGS, DTOPT_TREE,
	DTOPT_VERBOSE, DTOPT_DISASM, DTOPT_VERSION, DTOPT_NOLIBS,
	DTOPT_SYSLIBDIR, DTOPT_IREGS, DTOPT_TREGS, DTOPT_CTYPES,
	DTOPT_DTYPES, DTOPT_CTFPATH, DTOPT_DEBUG, DTOPT_CORE,
	DTOPT_EVALTIME,
	/* compile time: accepted, meaningless on Linux (the man page says
	 * why) */
	DTOPT_DROPTAGS,				/* tags in drops (consume/consume.c) */
	DTOPT_DEBUGASSERT, DTOPT_KDEFS, DTOPT_KNODEFS,
	DTOPT_LATE, DTOPT_LAZYLOAD, DTOPT_LDPATH, DTOPT_LINKMODE,
	DTOPT_LINKTYPE, DTOPT_MODPATH, DTOPT_PGMAX, DTOPT_PREALLOCATE,
	DTOPT_PROCFSPATH, DTOPT_PSPEC, DTOPT_STRIP, DTOPT_UDEFS,
	DTOPT_UNODEFS,
	/* run time */
	DTOPT_CPU, DTOPT_BPFLOG, DTOPT_BPFLOGSIZE, DTOPT_SCRATCHSIZE,
	DTOPT_MAXFRAMES, DTOPT_PRINTSIZE, DTOPT_LOCKMEM, DTOPT_GRABANON,
	DTOPT_ZONE, DTOPT_STACKFRAMES, DTOPT_USTACKFRAMES,
	DTOPT_JSTACKFRAMES, DTOPT_JSTACKSTRSIZE, DTOPT_TEMPORAL,
	DTOPT_NORESOLVE, DTOPT_PCAPSIZE, DTOPT_USTACKMODE, DTOPT_USTACKWINDOW,
	/* dynamic run time */
	DTOPT_QUIETRESIZE, DTOPT_STACKINDENT, DTOPT_AGGHIST, DTOPT_AGGPACK,
	DTOPT_AGGZOOM,
	DTOPT_MAX
};
/* oformat values */
enum { DT_OFORMAT_TEXT, DT_OFORMAT_JSON, DT_OFORMAT_OPENMETRICS, DT_OFORMAT_NONE,
	DT_OFORMAT_FOLDED };
/* stdc values (-X a|c|s|t) and evaltime values, in their words' order */
enum { DT_STDC_XA, DT_STDC_XC, DT_STDC_XS, DT_STDC_XT };
enum { DT_EVAL_EXEC, DT_EVAL_PREINIT, DT_EVAL_POSTINIT, DT_EVAL_MAIN };
/* a D version number, as DTrace builds it, and the latest we implement */
#define DT_VERSION_NUMBER(M, m, u) \
	((((uint64_t)(M) & 0xff) << 24) | (((uint64_t)(m) & 0xfff) << 12) | ((uint64_t)(u) & 0xfff))
#define DT_VERS_LATEST DT_VERSION_NUMBER(1, 13, 0)
/* -S listings (disasm's bits): the clauses' variable tables as they are
 * compiled, the BPF programs as they are loaded */
#define DT_DISASM_CLAUSES 0x1
#define DT_DISASM_PROGS 0x2
struct dt_optdesc {
	const char *name;
	enum dt_optkind kind;
	uint64_t dflt;
	uint64_t min, max;
	enum dt_optclass cls;
	unsigned flags;		/* DT_OPTF_* */
	const char *arg;	/* DT_OPT_CPPARG: the preprocessor flag */
};
extern const struct dt_optdesc dt_optdescs[DTOPT_MAX];

int dt_opt_set(dtrace_hdl_t *dtp, const char *name, const char *val);
/* setopt() while tracing: 0, or -1 with dtrace's reason ("Invalid option
 * name", ...) in *why */
int dt_opt_set_active(dtrace_hdl_t *dtp, const char *name, const char *val,
    const char **why);
int dt_opt_lookup(const char *name);
int dt_parse_size(const char *s, uint64_t *v);
int dt_parse_rate(const char *s, uint64_t *ns);
/* release what options hold (the -L directories, the paths) */
void dt_opt_free(dtrace_hdl_t *dtp);
/* a preprocessor argument, in the order given (-D, -U, -I, define ...) */
int dt_cpp_add_arg(dtrace_hdl_t *dtp, const char *arg);
/* the debug option or DTRACE_DEBUG in the environment */
int dt_debug(const dtrace_hdl_t *dtp);
/* option i's text (DT_OPT_PATH), or dflt when it is not set */
const char *dt_opt_str(const dtrace_hdl_t *dtp, int i, const char *dflt);

#endif
