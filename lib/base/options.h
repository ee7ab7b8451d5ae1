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

/* DT_OPT_RUNTIME: dtrace's generic run-time value (none: set to 0; a
 * number; yes/no, on/off, ... ; "" unsets); DT_OPT_NOVAL: a flag that
 * takes no value (aggpercpu); DT_OPT_ANYVAL: a flag that any value, or
 * none, sets (droptags, as dtrace ignores its value) */
enum dt_optkind { DT_OPT_BOOL, DT_OPT_SIZE, DT_OPT_RATE, DT_OPT_INT, DT_OPT_STR,
	DT_OPT_RUNTIME, DT_OPT_NOVAL, DT_OPT_ANYVAL };
/* when an option may be set: DT_OPTC_RT before tracing starts (setopt()
 * while tracing: "Operation illegal when tracing is active"), DT_OPTC_DRT
 * at any time (setopt() changes it while tracing), DT_OPTC_CT compile
 * time (setopt() runs its parser, which refuses a value) */
enum dt_optclass { DT_OPTC_RT, DT_OPTC_DRT, DT_OPTC_CT };
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
	DTOPT_ERRTAGS, DTOPT_DROPTAGS,		/* tags in compile errors
						   (handle.c), in drops
						   (consume/consume.c) */
	DTOPT_MAX
};
/* oformat values */
enum { DT_OFORMAT_TEXT, DT_OFORMAT_JSON, DT_OFORMAT_OPENMETRICS, DT_OFORMAT_NONE };
struct dt_optdesc {
	const char *name;
	enum dt_optkind kind;
	uint64_t dflt;
	uint64_t min, max;
	enum dt_optclass cls;
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
/* release what options hold (the -L directories) */
void dt_opt_free(dtrace_hdl_t *dtp);

#endif
