/*
 * options.c - the -x option table and its value parsers.
 *
 * Owns which options exist, their defaults and the syntax of their values
 * (sizes with k/m/g/t suffixes, rates with time or hz suffixes), so the
 * command, #pragma D option and the library all accept exactly the same
 * things and reject everything else with dtrace's messages; and the
 * values themselves (dtp->opt[], the -L library directories).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "handle.h"
#include "spec.h"

#define NANOSEC 1000000000ULL

const struct dt_optdesc dt_optdescs[DTOPT_MAX] = {
	[DTOPT_BUFSIZE]     = { "bufsize", DT_OPT_SIZE, 4ULL << 20, 0, INT64_MAX },
	[DTOPT_SWITCHRATE]  = { "switchrate", DT_OPT_RATE, NANOSEC, 0, UINT64_MAX, DT_OPTC_DRT },
	[DTOPT_STATUSRATE]  = { "statusrate", DT_OPT_RATE, NANOSEC, 0, UINT64_MAX },
	[DTOPT_QUIET]       = { "quiet", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_DRT },
	[DTOPT_STRSIZE]     = { "strsize", DT_OPT_SIZE, 256, 2, 4096 },
	[DTOPT_DEFAULTARGS] = { "defaultargs", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_ZDEFS]       = { "zdefs", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_BUFPOLICY]   = { "bufpolicy", DT_OPT_STR, 2 /* switch */, 0, 0 },
	[DTOPT_CPP]         = { "cpp", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_DYNVARSIZE]  = { "dynvarsize", DT_OPT_SIZE, 1ULL << 20, 1024, 1ULL << 32 },
	[DTOPT_AGGSIZE]     = { "aggsize", DT_OPT_SIZE, 4ULL << 20, 1024, 1ULL << 32 },
	[DTOPT_AGGRATE]     = { "aggrate", DT_OPT_RATE, NANOSEC, 0, UINT64_MAX, DT_OPTC_DRT },
	/* aggregation sorting and per-CPU printing (agg.c, consume/agg.c) */
	[DTOPT_AGGSORTKEY]  = { "aggsortkey", DT_OPT_RUNTIME, 0, 0, 0, DT_OPTC_DRT },
	[DTOPT_AGGSORTREV]  = { "aggsortrev", DT_OPT_RUNTIME, 0, 0, 0, DT_OPTC_DRT },
	[DTOPT_AGGSORTPOS]  = { "aggsortpos", DT_OPT_RUNTIME, 0, 0, 0, DT_OPTC_DRT },
	[DTOPT_AGGSORTKEYPOS] = { "aggsortkeypos", DT_OPT_RUNTIME, 0, 0, 0, DT_OPTC_DRT },
	[DTOPT_AGGPERCPU]   = { "aggpercpu", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_FLOWINDENT]  = { "flowindent", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_DRT },
	[DTOPT_RAWBYTES]    = { "rawbytes", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_DRT },
	[DTOPT_DESTRUCTIVE] = { "destructive", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_BUFRESIZE]   = { "bufresize", DT_OPT_STR, 0 /* auto */, 0, 0 },
	[DTOPT_OFORMAT]     = { "oformat", DT_OPT_STR, 0 /* text */, 0, 0 },
	[DTOPT_CLEANRATE]   = { "cleanrate", DT_OPT_RATE, 9900990 /* 101hz */, 0, UINT64_MAX },
	/* speculations (spec.h): illumos' defaults; cleanrate is clamped to
	 * [5000hz, 1/minute] where it is used, as dtrace does */
	[DTOPT_NSPEC]       = { "nspec", DT_OPT_INT, 1, 0, DT_SPEC_MAX },
	[DTOPT_SPECSIZE]    = { "specsize", DT_OPT_SIZE, 32 << 10, 0, 1ULL << 31 },
	/* error tags: in compile errors a flag (dtrace's DTRACE_C_ETAGS), in
	 * drops set by any value */
	[DTOPT_ERRTAGS]     = { "errtags", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_DROPTAGS]    = { "droptags", DT_OPT_ANYVAL, 0, 0, 1, DT_OPTC_CT },
};

/* The words a DT_OPT_STR option takes; its value is the word's number,
 * DTrace's (bufpolicy: ring 0, fill 1, switch 2; bufresize: auto 0,
 * manual 1); oformat: DT_OFORMAT_*, "none" (FreeBSD's word for dtrace's
 * own output) being text. */
static const struct { int opt; const char *word; } optwords[] = {
	{ DTOPT_BUFPOLICY, "ring" }, { DTOPT_BUFPOLICY, "fill" },
	{ DTOPT_BUFPOLICY, "switch" },
	{ DTOPT_BUFRESIZE, "auto" }, { DTOPT_BUFRESIZE, "manual" },
	{ DTOPT_OFORMAT, "text" }, { DTOPT_OFORMAT, "json" },
	{ DTOPT_OFORMAT, "openmetrics" }, { DTOPT_OFORMAT, "none" },
};

/*
 * dtrace's generic run-time value: no value sets the option to 0 (it is
 * still set), "" and the negative words unset it, the positive words set
 * it to 1, anything else must be a whole non-negative number (any base
 * strtoull takes).  So -x aggsortkey and -x aggsortkey=0 both turn key
 * sorting on, as in dtrace; -x aggsortkey=no turns it off.
 */
static int parse_runtime(const char *s, uint64_t *v, int *set)
{
	static const char *const words[][2] = {
		{ "yes", "no" }, { "enable", "disable" }, { "enabled", "disabled" },
		{ "true", "false" }, { "on", "off" }, { "set", "unset" },
	};
	char *end;
	*v = 0;
	*set = 1;
	if (s == NULL)
		return 0;
	if (*s == '\0') {
		*set = 0;
		return 0;
	}
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (!strcasecmp(s, words[i][0])) {
			*v = 1;
			return 0;
		}
		if (!strcasecmp(s, words[i][1])) {
			*set = 0;
			return 0;
		}
	}
	errno = 0;
	unsigned long long n = strtoull(s, &end, 0);
	if (*end != '\0' || errno != 0 || (int64_t)n < 0)
		return -1;
	*v = n;
	return 0;
}

int dt_opt_lookup(const char *name)
{
	for (int i = 0; i < DTOPT_MAX; i++)
		if (dt_optdescs[i].name && strcmp(dt_optdescs[i].name, name) == 0)
			return i;
	return -1;
}

/*
 * A size as dtrace reads it: a number (decimal, 0x hex or 0 octal) with an
 * optional k, m, g or t suffix, either case (powers of 1024).
 */
int dt_parse_size(const char *s, uint64_t *v)
{
	char *end;
	if (!s || *s == '-' || isspace((unsigned char)*s))
		return -1;
	size_t len = strlen(s);
	int shift = 0;
	switch (len ? s[len - 1] : 0) {
	case 't': case 'T': shift += 10; /* FALLTHRU */
	case 'g': case 'G': shift += 10; /* FALLTHRU */
	case 'm': case 'M': shift += 10; /* FALLTHRU */
	case 'k': case 'K': shift += 10; break;
	default: break;
	}
	errno = 0;
	unsigned long long n = strtoull(s, &end, 0);
	if (errno || (shift && end != s + len - 1) || (!shift && *end))
		return -1;
	if (n > ((uint64_t)INT64_MAX >> shift))
		return -1;
	*v = (uint64_t)n << shift;
	return 0;
}

/* The units of a rate or interval; hz (0) is a frequency. */
static const struct { const char *sfx; uint64_t mul; } rate_units[] = {
	{ "ns", 1 }, { "nsec", 1 },
	{ "us", 1000 }, { "usec", 1000 },
	{ "ms", 1000000 }, { "msec", 1000000 },
	{ "s", NANOSEC }, { "sec", NANOSEC },
	{ "m", 60 * NANOSEC }, { "min", 60 * NANOSEC },
	{ "h", 3600 * NANOSEC }, { "hour", 3600 * NANOSEC },
	{ "d", 86400 * NANOSEC }, { "day", 86400 * NANOSEC },
	{ "hz", 0 },
};

/* n in the unit `unit` (bare: the multiplier of no unit, 0 for hz) as an
 * interval in ns; -1 for an unknown unit or an overflow */
static int rate_scale(unsigned long long n, const char *unit, uint64_t bare,
    int nocase, uint64_t *ns)
{
	uint64_t mul = bare;
	if (*unit) {
		size_t i, nu = sizeof(rate_units) / sizeof(rate_units[0]);
		for (i = 0; i < nu; i++)
			if (!(nocase ? strcasecmp : strcmp)(unit, rate_units[i].sfx))
				break;
		if (i == nu)
			return -1;
		mul = rate_units[i].mul;
	}
	if (mul == 0)
		*ns = n ? NANOSEC / n : 0;
	else if (n > ~0ULL / mul)
		return -1;
	else
		*ns = n * mul;
	return 0;
}

/*
 * A profile provider's rate (profile-N, tick-1s): a bare number is a
 * frequency in hz; otherwise the suffix names a unit (ns, us, ms, s, m, h,
 * d and their long spellings, or hz).  The result is the interval in ns.
 */
int dt_parse_rate(const char *s, uint64_t *ns)
{
	char *end;
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	unsigned long long n = strtoull(s, &end, 10);
	if (errno || n == 0 || rate_scale(n, end, 0, 0, ns) < 0 || *ns == 0)
		return -1;	/* *ns == 0: more than 1e9 hz */
	return 0;
}

/*
 * A rate option's value as dtrace reads it: a number with an optional unit,
 * either case; a bare number is an interval in nanoseconds (as dtrace's own
 * parser takes it; write 10hz for ten a second).  The result is the
 * interval in ns.
 */
static int parse_optrate(const char *s, uint64_t *ns)
{
	char *end;
	if (!s || *s == '-' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	unsigned long long n = strtoull(s, &end, 0);
	if (errno)
		return -1;
	return rate_scale(n, end, 1, 1, ns);
}

/* Parse val for option i and store it; 0, or -1 for a bad value. */
/* -L / -x libdir: a D library directory searched before the default */
static int add_libdir(dtrace_hdl_t *dtp, const char *dir)
{
	if (!dir || !*dir)
		return dt_set_err(dtp, "failed to set -x libdir: Invalid value for specified option");
	char **nd = realloc(dtp->libdirs, (size_t)(dtp->nlibdirs + 1) * sizeof(*nd));
	if (!nd)
		return dt_set_err(dtp, "out of memory");
	dtp->libdirs = nd;
	if (!(nd[dtp->nlibdirs] = strdup(dir)))
		return dt_set_err(dtp, "out of memory");
	dtp->nlibdirs++;
	return 0;
}

void dt_opt_free(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < dtp->nlibdirs; i++)
		free(dtp->libdirs[i]);
	free(dtp->libdirs);
	dtp->libdirs = NULL;
	dtp->nlibdirs = 0;
}

static int opt_store(dtrace_hdl_t *dtp, int i, const char *val)
{
	const struct dt_optdesc *d = &dt_optdescs[i];
	uint64_t v = 0;
	int set = 1;

	switch (d->kind) {
	case DT_OPT_BOOL:
		if (val == NULL)
			v = 1;
		else if (dt_parse_size(val, &v) || v > 1)
			return -1;
		break;
	case DT_OPT_SIZE:
	case DT_OPT_INT:
		if (val == NULL || dt_parse_size(val, &v) || v < d->min || v > d->max)
			return -1;
		break;
	case DT_OPT_RATE:
		if (val == NULL || parse_optrate(val, &v) || v < d->min || v > d->max)
			return -1;
		break;
	case DT_OPT_STR: {
		size_t k, nth = 0;
		for (k = 0; k < sizeof(optwords) / sizeof(optwords[0]); k++) {
			if (optwords[k].opt != i)
				continue;
			if (val && strcmp(val, optwords[k].word) == 0)
				break;
			nth++;
		}
		if (k == sizeof(optwords) / sizeof(optwords[0]))
			return -1;
		v = nth;
		break;
	}
	case DT_OPT_RUNTIME:
		if (parse_runtime(val, &v, &set) < 0)
			return -1;
		break;
	case DT_OPT_NOVAL:
		if (val != NULL)
			return -1;
		v = 1;
		break;
	case DT_OPT_ANYVAL:
		v = 1;
		break;
	}
	dtp->opt[i] = set ? v : d->dflt;
	dtp->optset[i] = set;
	if (i == DTOPT_QUIET)
		dtp->quiet = (int)v;
	return 0;
}

int dt_opt_set(dtrace_hdl_t *dtp, const char *name, const char *val)
{
	int i = dt_opt_lookup(name);

	if (!strcmp(name, "libdir"))		/* a D library directory (-L) */
		return add_libdir(dtp, val);
	if (i < 0)
		return dt_set_err(dtp, "failed to set -x %s: Invalid option name", name);
	if (opt_store(dtp, i, val) < 0)
		return dt_set_err(dtp, "failed to set -x %s: Invalid value for specified option", name);
	return 0;
}

/*
 * setopt() while tracing, as dtrace_setopt() behaves on an active handle:
 * compile-time options go to their parser (which refuses the "1" that
 * setopt("name") passes), dynamic run-time options change, the other
 * run-time options are refused.
 */
int dt_opt_set_active(dtrace_hdl_t *dtp, const char *name, const char *val,
    const char **why)
{
	int i = dt_opt_lookup(name);

	if (!strcmp(name, "libdir")) {		/* compile-time, takes a value */
		if (add_libdir(dtp, val) == 0)
			return 0;
		*why = "Invalid value for specified option";
		return -1;
	}
	if (i < 0) {
		*why = "Invalid option name";
		return -1;
	}
	if (dt_optdescs[i].cls == DT_OPTC_RT) {
		*why = "Operation illegal when tracing is active";
		return -1;
	}
	/* dtrace's compile-time flags (cpp, zdefs, aggpercpu...) take no
	 * value, and setopt() always passes one */
	if (dt_optdescs[i].cls == DT_OPTC_CT && (dt_optdescs[i].kind == DT_OPT_BOOL ||
	    dt_optdescs[i].kind == DT_OPT_NOVAL)) {
		*why = "Invalid value for specified option";
		return -1;
	}
	if (opt_store(dtp, i, val) < 0) {
		*why = "Invalid value for specified option";
		return -1;
	}
	return 0;
}

int dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val)
{
	return dt_opt_set(dtp, opt, val);
}

int dtrace_getopt(dtrace_hdl_t *dtp, const char *opt, int64_t *val)
{
	int i = dt_opt_lookup(opt);
	if (i < 0)
		return dt_set_err(dtp, "Invalid option name");
	*val = (int64_t)dtp->opt[i];
	return 0;
}
