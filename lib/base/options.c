/*
 * options.c - the -x option table and its value parsers.
 *
 * Owns which options exist, their defaults and the syntax of their values
 * (sizes with k/m/g/t suffixes, rates with time or hz suffixes), so the
 * command, #pragma D option and the library all accept exactly the same
 * things and reject everything else with dtrace's messages; and the
 * values themselves (dtp->opt[], the option texts in dtp->optstr[], the
 * -L library directories, the preprocessor's arguments).  What each
 * option does is the business of the layer that reads it; the man page
 * (docs/dtrace.1.in) says what every one means on Linux.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
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
	/* any size, as dtrace takes them: too small a space still holds one
	 * variable or aggregation entry (as DTrace raises its dynamic
	 * variable space to its minimum), and what does not fit is dropped
	 * and reported */
	[DTOPT_DYNVARSIZE]  = { "dynvarsize", DT_OPT_SIZE, 1ULL << 20, 0, 1ULL << 32 },
	[DTOPT_AGGSIZE]     = { "aggsize", DT_OPT_SIZE, 4ULL << 20, 0, 1ULL << 32 },
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
	/* the file the end's flame graph is written to (created when set) */
	[DTOPT_FLAMEGRAPH]  = { "flamegraph", DT_OPT_PATH, 0, 0, 0 },
	[DTOPT_CLEANRATE]   = { "cleanrate", DT_OPT_RATE, 9900990 /* 101hz */, 0, UINT64_MAX },
	/* speculations (spec.h): illumos' defaults; cleanrate is clamped to
	 * [5000hz, 1/minute] where it is used, as dtrace does */
	[DTOPT_NSPEC]       = { "nspec", DT_OPT_INT, 1, 0, DT_SPEC_MAX },
	[DTOPT_SPECSIZE]    = { "specsize", DT_OPT_SIZE, 32 << 10, 0, 1ULL << 31 },
	/* compile time: the preprocessor */
	[DTOPT_CPPARGS]     = { "cppargs", DT_OPT_CPPARGS, 0, 0, 0, DT_OPTC_CT, DT_OPTF_NOPROG },
	[DTOPT_CPPHDRS]     = { "cpphdrs", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT, DT_OPTF_NOPROG },
	[DTOPT_CPPPATH]     = { "cpppath", DT_OPT_PATH, 0, 0, 0, DT_OPTC_CT, DT_OPTF_NOPROG },
	[DTOPT_DEFINE]      = { "define", DT_OPT_CPPARG, 0, 0, 0, DT_OPTC_CT, DT_OPTF_NOPROG, "-D" },
	[DTOPT_INCDIR]      = { "incdir", DT_OPT_CPPARG, 0, 0, 0, DT_OPTC_CT, DT_OPTF_NOPROG, "-I" },
	[DTOPT_UNDEF]       = { "undef", DT_OPT_CPPARG, 0, 0, 0, DT_OPTC_CT, DT_OPTF_NOPROG, "-U" },
	[DTOPT_STDC]        = { "stdc", DT_OPT_STR, DT_STDC_XA, 0, 0, DT_OPTC_CT, DT_OPTF_NOPROG },
	/* compile time: the compiler */
	[DTOPT_AMIN]        = { "amin", DT_OPT_ATTR, 0, 0, 0, DT_OPTC_CT },
	[DTOPT_ARGREF]      = { "argref", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_EMPTY]       = { "empty", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_ERRTAGS]     = { "errtags", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_TREE]        = { "tree", DT_OPT_INT, 0, 1, INT32_MAX, DT_OPTC_CT },
	[DTOPT_VERBOSE]     = { "verbose", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_DISASM]      = { "disasm", DT_OPT_INT, DT_DISASM_CLAUSES | DT_DISASM_PROGS, 0,
	    INT32_MAX, DT_OPTC_CT },
	[DTOPT_VERSION]     = { "version", DT_OPT_VERSION, DT_VERS_LATEST, 0, 0, DT_OPTC_CT },
	[DTOPT_NOLIBS]      = { "nolibs", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_SYSLIBDIR]   = { "syslibdir", DT_OPT_PATH, 0, 0, 0, DT_OPTC_CT },
	/* DIF's register counts (DIF_DIR_NREGS, DIF_DTR_NREGS) */
	[DTOPT_IREGS]       = { "iregs", DT_OPT_INT, 8, 1, INT32_MAX, DT_OPTC_CT },
	[DTOPT_TREGS]       = { "tregs", DT_OPT_INT, 8, 1, INT32_MAX, DT_OPTC_CT },
	[DTOPT_CTYPES]      = { "ctypes", DT_OPT_PATH, 0, 0, 0, DT_OPTC_CT },
	[DTOPT_DTYPES]      = { "dtypes", DT_OPT_PATH, 0, 0, 0, DT_OPTC_CT },
	[DTOPT_CTFPATH]     = { "ctfpath", DT_OPT_PATH, 0, 0, 0, DT_OPTC_CT },
	[DTOPT_DEBUG]       = { "debug", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_CORE]        = { "core", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_EVALTIME]    = { "evaltime", DT_OPT_STR, DT_EVAL_POSTINIT, 0, 0, DT_OPTC_CT },
	/* compile time: accepted, meaningless on Linux */
	[DTOPT_DEBUGASSERT] = { "debugassert", DT_OPT_STR, 0, 0, 0, DT_OPTC_CT },
	[DTOPT_DROPTAGS]    = { "droptags", DT_OPT_ANYVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_KDEFS]       = { "kdefs", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_KNODEFS]     = { "knodefs", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_LATE]        = { "late", DT_OPT_STR, 0, 0, 0, DT_OPTC_CT },
	[DTOPT_LAZYLOAD]    = { "lazyload", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_LDPATH]      = { "ldpath", DT_OPT_PATH, 0, 0, 0, DT_OPTC_CT, DT_OPTF_NOPROG },
	[DTOPT_LINKMODE]    = { "linkmode", DT_OPT_STR, 0, 0, 0, DT_OPTC_CT },
	[DTOPT_LINKTYPE]    = { "linktype", DT_OPT_STR, 0, 0, 0, DT_OPTC_CT },
	[DTOPT_MODPATH]     = { "modpath", DT_OPT_PATH, 0, 0, 0, DT_OPTC_CT, DT_OPTF_NOPROG },
	[DTOPT_PGMAX]       = { "pgmax", DT_OPT_INT, 8, 0, INT32_MAX, DT_OPTC_CT },
	[DTOPT_PREALLOCATE] = { "preallocate", DT_OPT_SIZE, 0, 0, INT64_MAX, DT_OPTC_CT },
	[DTOPT_PROCFSPATH]  = { "procfspath", DT_OPT_PATH, 0, 0, 0, DT_OPTC_CT, DT_OPTF_NOPROG },
	[DTOPT_PSPEC]       = { "pspec", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_STRIP]       = { "strip", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_UDEFS]       = { "udefs", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	[DTOPT_UNODEFS]     = { "unodefs", DT_OPT_NOVAL, 0, 0, 1, DT_OPTC_CT },
	/* run time */
	[DTOPT_CPU]         = { "cpu", DT_OPT_RUNTIME, 0, 0, 0 },
	[DTOPT_BPFLOG]      = { "bpflog", DT_OPT_BOOL, 0, 0, 1 },
	/* the kernel takes a verifier log of 128 bytes to 1 GiB */
	[DTOPT_BPFLOGSIZE]  = { "bpflogsize", DT_OPT_SIZE, 16ULL << 20, 128, (1ULL << 30) - 1 },
	/* scratch space per clause: up to what the frame map can hold */
	[DTOPT_SCRATCHSIZE] = { "scratchsize", DT_OPT_SIZE, 1024, 8, 64 << 10 },
	/* stack frames bpf_get_stack() returns (the kernel's default
	 * perf_event_max_stack); the frame addresses them directly, so at
	 * most 1024 */
	[DTOPT_MAXFRAMES]   = { "maxframes", DT_OPT_INT, 127, 1, 1024 },
	[DTOPT_PRINTSIZE]   = { "printsize", DT_OPT_SIZE, 4096, 1, 4096 },
	[DTOPT_LOCKMEM]     = { "lockmem", DT_OPT_SIZE, 0, 0, INT64_MAX },
	[DTOPT_GRABANON]    = { "grabanon", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_ZONE]        = { "zone", DT_OPT_ZONE, 0, 0, 0 },
	[DTOPT_STACKFRAMES] = { "stackframes", DT_OPT_RUNTIME, 20, 0, 0 },
	[DTOPT_USTACKFRAMES] = { "ustackframes", DT_OPT_RUNTIME, 100, 0, 0 },
	[DTOPT_JSTACKFRAMES] = { "jstackframes", DT_OPT_RUNTIME, 50, 0, 0 },
	[DTOPT_JSTACKSTRSIZE] = { "jstackstrsize", DT_OPT_SIZE, 512, 0, INT64_MAX },
	[DTOPT_TEMPORAL]    = { "temporal", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_NORESOLVE]   = { "noresolve", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_PCAPSIZE]    = { "pcapsize", DT_OPT_SIZE, 1514, 0, INT64_MAX },
	/* ustack(): the frame-pointer walk only (fp), or also the registers
	 * and ustackwindow bytes of stack for the consumer's DWARF unwinder
	 * (dwarf; layout.h, cg/ustack.c, consume/uunwind.c) */
	[DTOPT_USTACKMODE]  = { "ustackmode", DT_OPT_STR, 1 /* dwarf */, 0, 0 },
	[DTOPT_USTACKWINDOW] = { "ustackwindow", DT_OPT_SIZE, 8192, 512, 16384 },
	/* dynamic run time */
	[DTOPT_QUIETRESIZE] = { "quietresize", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_DRT },
	[DTOPT_STACKINDENT] = { "stackindent", DT_OPT_RUNTIME, 14, 0, 0, DT_OPTC_DRT },
	[DTOPT_AGGHIST]     = { "agghist", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_DRT },
	[DTOPT_AGGPACK]     = { "aggpack", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_DRT },
	[DTOPT_AGGZOOM]     = { "aggzoom", DT_OPT_BOOL, 0, 0, 1, DT_OPTC_DRT },
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
	{ DTOPT_OFORMAT, "folded" },
	{ DTOPT_STDC, "a" }, { DTOPT_STDC, "c" }, { DTOPT_STDC, "s" }, { DTOPT_STDC, "t" },
	{ DTOPT_EVALTIME, "exec" }, { DTOPT_EVALTIME, "preinit" },
	{ DTOPT_EVALTIME, "postinit" }, { DTOPT_EVALTIME, "main" },
	{ DTOPT_DEBUGASSERT, "mutexes" },
	{ DTOPT_LATE, "dynamic" }, { DTOPT_LATE, "static" },
	{ DTOPT_LINKMODE, "kernel" }, { DTOPT_LINKMODE, "primary" },
	{ DTOPT_LINKMODE, "dynamic" }, { DTOPT_LINKMODE, "static" },
	{ DTOPT_LINKTYPE, "elf" }, { DTOPT_LINKTYPE, "dof" },
	{ DTOPT_USTACKMODE, "fp" }, { DTOPT_USTACKMODE, "dwarf" },
};

/*
 * dtrace's generic run-time value: no value sets the option to 0 (it is
 * still set), "" and the negative words unset it, the positive words set
 * it to 1, anything else must be a whole non-negative number (any base
 * strtoull takes).  So -x aggsortkey and -x aggsortkey=0 both turn key
 * sorting on, as in dtrace; -x aggsortkey=no turns it off.
 */
/* dtrace's words for on and off: 1, 0, or -1 for anything else */
static int onoff_word(const char *s)
{
	static const char *const words[][2] = {
		{ "yes", "no" }, { "enable", "disable" }, { "enabled", "disabled" },
		{ "true", "false" }, { "on", "off" }, { "set", "unset" },
	};
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (!strcasecmp(s, words[i][0]))
			return 1;
		if (!strcasecmp(s, words[i][1]))
			return 0;
	}
	return -1;
}

static int parse_runtime(const char *s, uint64_t *v, int *set)
{
	char *end;
	int w;
	*v = 0;
	*set = 1;
	if (s == NULL)
		return 0;
	if (*s == '\0' || (w = onoff_word(s)) == 0) {
		*set = 0;
		return 0;
	}
	if (w == 1) {
		*v = 1;
		return 0;
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
	for (int i = 0; i < DTOPT_MAX; i++) {
		free(dtp->optstr[i]);
		dtp->optstr[i] = NULL;
	}
	for (int i = 0; i < dtp->cppargc; i++)
		free(dtp->cppargv[i]);
	dtp->cppargc = 0;
}

int dt_cpp_add_arg(dtrace_hdl_t *dtp, const char *arg)
{
	if (dtp->cppargc >= (int)(sizeof(dtp->cppargv) / sizeof(dtp->cppargv[0])) - 1)
		return dt_set_err(dtp, "too many preprocessor options");
	if (!(dtp->cppargv[dtp->cppargc] = strdup(arg)))
		return dt_set_err(dtp, "out of memory");
	dtp->cppargc++;
	return 0;
}

int dt_debug(const dtrace_hdl_t *dtp)
{
	return (dtp && dtp->opt[DTOPT_DEBUG]) || getenv("DTRACE_DEBUG") != NULL;
}

const char *dt_opt_str(const dtrace_hdl_t *dtp, int i, const char *dflt)
{
	return dtp->optstr[i] ? dtp->optstr[i] : dflt;
}

/*
 * The D versions DTrace defines (its _dtrace_versions), up to the one
 * this compiler implements; a binding to an earlier one is accepted.
 */
static const uint64_t dt_versions[] = {
	DT_VERSION_NUMBER(1, 0, 0), DT_VERSION_NUMBER(1, 1, 0), DT_VERSION_NUMBER(1, 2, 0),
	DT_VERSION_NUMBER(1, 2, 1), DT_VERSION_NUMBER(1, 2, 2), DT_VERSION_NUMBER(1, 3, 0),
	DT_VERSION_NUMBER(1, 4, 0), DT_VERSION_NUMBER(1, 4, 1), DT_VERSION_NUMBER(1, 5, 0),
	DT_VERSION_NUMBER(1, 6, 0), DT_VERSION_NUMBER(1, 6, 1), DT_VERSION_NUMBER(1, 6, 2),
	DT_VERSION_NUMBER(1, 6, 3), DT_VERSION_NUMBER(1, 7, 0), DT_VERSION_NUMBER(1, 7, 1),
	DT_VERSION_NUMBER(1, 8, 0), DT_VERSION_NUMBER(1, 8, 1), DT_VERSION_NUMBER(1, 9, 0),
	DT_VERSION_NUMBER(1, 9, 1), DT_VERSION_NUMBER(1, 10, 0), DT_VERSION_NUMBER(1, 11, 0),
	DT_VERSION_NUMBER(1, 12, 0), DT_VERSION_NUMBER(1, 12, 1), DT_VERS_LATEST,
};

/* "major.minor[.micro]" (each a decimal number within DTrace's field
 * widths) as a version number; -1 if it is not one */
static int version_parse(const char *s, uint64_t *v)
{
	unsigned long f[3] = { 0, 0, 0 };
	const unsigned long lim[3] = { 0xff, 0xfff, 0xfff };
	int n = 0;
	for (;;) {
		char *end;
		if (!isdigit((unsigned char)*s) || n == 3)
			return -1;
		errno = 0;
		f[n] = strtoul(s, &end, 10);
		if (errno || f[n] > lim[n])
			return -1;
		n++;
		if (*end == '\0')
			break;
		if (*end != '.')
			return -1;
		s = end + 1;
	}
	if (n < 2)
		return -1;
	*v = DT_VERSION_NUMBER(f[0], f[1], f[2]);
	return 0;
}

/* -x version: dtrace's reasons for a version it cannot bind to; once
 * bound to an earlier version, a later one conflicts (DTrace's binding
 * only goes down) */
static const char *set_version(dtrace_hdl_t *dtp, const char *val)
{
	uint64_t v;
	size_t i, n = sizeof(dt_versions) / sizeof(dt_versions[0]);
	if (!val)
		return "Invalid value for specified option";
	if (version_parse(val, &v) < 0)
		return "Version is not properly formatted or is too large";
	for (i = 0; i < n && dt_versions[i] != v; i++)
		continue;
	if (i == n)
		return "Requested version is not supported by compiler";
	if (v > dtp->opt[DTOPT_VERSION])
		return "Requested version conflicts with earlier setting";
	dtp->opt[DTOPT_VERSION] = v;
	dtp->optset[DTOPT_VERSION] = 1;
	return NULL;
}

/*
 * -x amin: a stability attribute, as dtrace_str2attr() reads one: up to
 * three '/'-separated fields (name and data stability, dependency
 * class), either case; a field left out sets no minimum (amin=Stable
 * asks only for Stable names).  Stored as name | data << 8 | class << 16.
 */
static int attr_parse(const char *s, uint64_t *v)
{
	static const char *const stab[] = { "Internal", "Private", "Obsolete", "External",
	    "Unstable", "Evolving", "Stable", "Standard" };
	static const char *const cls[] = { "Unknown", "CPU", "Platform", "Group", "ISA",
	    "Common" };
	uint64_t f[3] = { 0, 0, 0 };
	int n = 0;
	while (*s) {
		size_t len = strcspn(s, "/");
		const char *const *names = n < 2 ? stab : cls;
		size_t nn = n < 2 ? 8 : 6, k;
		if (n == 3)
			return -1;
		for (k = 0; k < nn; k++)
			if (strlen(names[k]) == len && !strncasecmp(s, names[k], len))
				break;
		if (k == nn)
			return -1;
		f[n++] = k;
		s += len;
		if (*s == '/')
			s++;
	}
	*v = f[0] | f[1] << 8 | f[2] << 16;
	return 0;
}

/* DT_OPT_PATH: the text, kept; ctypes and dtypes name a file dtrace
 * writes, created now as dtrace creates it (its errors are the
 * option's), and so does flamegraph (written at the end of tracing) */
static const char *set_path(dtrace_hdl_t *dtp, int i, const char *val)
{
	if (!val)
		return "Invalid value for specified option";
	if (i == DTOPT_CTYPES || i == DTOPT_DTYPES || i == DTOPT_FLAMEGRAPH) {
		int fd = open(val, O_CREAT | O_WRONLY | O_CLOEXEC, 0666);
		if (fd < 0)
			return strerror(errno);
		close(fd);
	}
	char *c = strdup(val);
	if (!c)
		return "Memory allocation failure";
	free(dtp->optstr[i]);
	dtp->optstr[i] = c;
	return NULL;
}

/* DT_OPT_CPPARG and DT_OPT_CPPARGS: arguments for the preprocessor */
static const char *set_cpparg(dtrace_hdl_t *dtp, const struct dt_optdesc *d, const char *val)
{
	char buf[4096];
	if (!val)
		return "Invalid value for specified option";
	if (d->kind == DT_OPT_CPPARG) {
		snprintf(buf, sizeof(buf), "%s%s", d->arg, val);
		return dt_cpp_add_arg(dtp, buf) < 0 ? "Memory allocation failure" : NULL;
	}
	snprintf(buf, sizeof(buf), "%s", val);
	for (char *save = NULL, *w = strtok_r(buf, " \f\n\r\t\v", &save); w;
	    w = strtok_r(NULL, " \f\n\r\t\v", &save))
		if (dt_cpp_add_arg(dtp, w) < 0)
			return "Memory allocation failure";
	return NULL;
}

/* The value of a one-word option: its word's number (optwords) */
static int parse_word(int i, const char *val, uint64_t *v)
{
	size_t k, nth = 0;
	for (k = 0; k < sizeof(optwords) / sizeof(optwords[0]); k++) {
		if (optwords[k].opt != i)
			continue;
		if (val && strcmp(val, optwords[k].word) == 0) {
			*v = nth;
			return 0;
		}
		nth++;
	}
	return -1;
}

/* A run-time switch: no value or an on word sets it, an off word (or 0)
 * clears it */
static int parse_bool(const char *val, uint64_t *v)
{
	int w;
	if (val == NULL || !strcmp(val, "1"))
		*v = 1;
	else if (!strcmp(val, "0"))
		*v = 0;
	else if ((w = onoff_word(val)) >= 0)
		*v = (uint64_t)w;
	else
		return -1;
	return 0;
}

/* Parse val for option i and store it: NULL, or dtrace's reason for
 * refusing it. */
static const char *opt_store(dtrace_hdl_t *dtp, int i, const char *val)
{
	static const char *const badval = "Invalid value for specified option";
	const struct dt_optdesc *d = &dt_optdescs[i];
	uint64_t v = 0;
	int set = 1;

	if ((d->flags & DT_OPTF_NOPROG) && dtp->in_program)
		return "Option cannot be used from within a D program";
	switch (d->kind) {
	case DT_OPT_BOOL:
		if (parse_bool(val, &v) < 0)
			return badval;
		break;
	case DT_OPT_SIZE:
	case DT_OPT_INT:
		if (val == NULL || dt_parse_size(val, &v) || v < d->min || v > d->max)
			return badval;
		break;
	case DT_OPT_RATE:
		if (val == NULL || parse_optrate(val, &v) || v < d->min || v > d->max)
			return badval;
		break;
	case DT_OPT_STR:
		if (parse_word(i, val, &v) < 0)
			return badval;
		break;
	case DT_OPT_RUNTIME:
		if (parse_runtime(val, &v, &set) < 0)
			return badval;
		break;
	case DT_OPT_NOVAL:
		if (val != NULL)
			return badval;
		v = 1;
		break;
	case DT_OPT_PATH: {
		const char *why = set_path(dtp, i, val);
		if (why)
			return why;
		break;
	}
	case DT_OPT_CPPARG:
	case DT_OPT_CPPARGS: {
		const char *why = set_cpparg(dtp, d, val);
		if (why)
			return why;
		break;
	}
	case DT_OPT_VERSION:
		return set_version(dtp, val);
	case DT_OPT_ATTR:
		if (val == NULL || attr_parse(val, &v) < 0)
			return badval;
		break;
	case DT_OPT_ZONE:
		return badval;		/* Linux has no zones */
	case DT_OPT_ANYVAL:
		v = 1;
		break;
	}
	dtp->opt[i] = set ? v : d->dflt;
	dtp->optset[i] = set;
	if (i == DTOPT_QUIET)
		dtp->quiet = (int)v;
	return NULL;
}

int dt_opt_set(dtrace_hdl_t *dtp, const char *name, const char *val)
{
	int i = dt_opt_lookup(name);
	const char *why;

	if (!strcmp(name, "libdir"))		/* a D library directory (-L) */
		return add_libdir(dtp, val);
	if (i < 0)
		return dt_set_err(dtp, "failed to set -x %s: Invalid option name", name);
	if ((why = opt_store(dtp, i, val)) != NULL)
		return dt_set_err(dtp, "failed to set -x %s: %s", name, why);
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
	return (*why = opt_store(dtp, i, val)) ? -1 : 0;
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
