/*
 * options.c - the -x option table and its value parsers.
 *
 * Owns which options exist, their defaults and the syntax of their values
 * (sizes with k/m/g/t suffixes, rates in hz or with time suffixes), so the
 * command, #pragma D option and the library all accept exactly the same
 * things and reject everything else with dtrace's messages.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "dt_impl.h"
#include "dlib.h"
#include "spec.h"

#define NANOSEC 1000000000ULL

const struct dt_optdesc dt_optdescs[DTOPT_MAX] = {
	[DTOPT_BUFSIZE]     = { "bufsize", DT_OPT_SIZE, 4ULL << 20, 4096, 1ULL << 30 },
	[DTOPT_SWITCHRATE]  = { "switchrate", DT_OPT_RATE, NANOSEC, 1000, 3600 * NANOSEC },
	[DTOPT_STATUSRATE]  = { "statusrate", DT_OPT_RATE, NANOSEC, 1000, 3600 * NANOSEC },
	[DTOPT_QUIET]       = { "quiet", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_STRSIZE]     = { "strsize", DT_OPT_SIZE, 256, 2, 4096 },
	[DTOPT_DEFAULTARGS] = { "defaultargs", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_ZDEFS]       = { "zdefs", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_BUFPOLICY]   = { "bufpolicy", DT_OPT_STR, 0, 0, 0 },
	[DTOPT_CPP]         = { "cpp", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_DYNVARSIZE]  = { "dynvarsize", DT_OPT_SIZE, 1ULL << 20, 1024, 1ULL << 32 },
	[DTOPT_AGGSIZE]     = { "aggsize", DT_OPT_SIZE, 4ULL << 20, 1024, 1ULL << 32 },
	[DTOPT_AGGRATE]     = { "aggrate", DT_OPT_RATE, NANOSEC, 1000, 3600 * NANOSEC },
	[DTOPT_FLOWINDENT]  = { "flowindent", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_RAWBYTES]    = { "rawbytes", DT_OPT_BOOL, 0, 0, 1 },
	[DTOPT_DESTRUCTIVE] = { "destructive", DT_OPT_BOOL, 0, 0, 1 },
	/* speculations (spec.h): illumos' defaults; cleanrate is clamped to
	 * [5000hz, 1/minute] where it is used, as dtrace does */
	[DTOPT_NSPEC]       = { "nspec", DT_OPT_INT, 1, 0, DT_SPEC_MAX },
	[DTOPT_SPECSIZE]    = { "specsize", DT_OPT_SIZE, 32 << 10, 0, 1ULL << 31 },
	[DTOPT_CLEANRATE]   = { "cleanrate", DT_OPT_RATE, 9900990, 1000, 3600 * NANOSEC },
};

int dt_opt_lookup(const char *name)
{
	for (int i = 0; i < DTOPT_MAX; i++)
		if (dt_optdescs[i].name && strcmp(dt_optdescs[i].name, name) == 0)
			return i;
	return -1;
}

/* A size: digits with an optional k, m, g or t suffix (powers of 1024). */
int dt_parse_size(const char *s, uint64_t *v)
{
	char *end;
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	unsigned long long n = strtoull(s, &end, 0);
	if (errno)
		return -1;
	int shift = 0;
	switch (*end) {
	case 'k': case 'K': shift = 10; end++; break;
	case 'm': case 'M': shift = 20; end++; break;
	case 'g': case 'G': shift = 30; end++; break;
	case 't': case 'T': shift = 40; end++; break;
	default: break;
	}
	if (*end)
		return -1;
	if (shift && n > (~0ULL >> shift))
		return -1;
	*v = (uint64_t)n << shift;
	return 0;
}

/*
 * A rate or interval as dtrace writes them: a bare number is a frequency
 * in hz; otherwise the suffix names a unit (ns, us, ms, s, m, h, d and
 * their long spellings, or hz).  The result is the interval in ns.
 */
int dt_parse_rate(const char *s, uint64_t *ns)
{
	static const struct { const char *sfx; uint64_t mul; } units[] = {
		{ "ns", 1 }, { "nsec", 1 },
		{ "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", NANOSEC }, { "sec", NANOSEC },
		{ "m", 60 * NANOSEC }, { "min", 60 * NANOSEC },
		{ "h", 3600 * NANOSEC }, { "hour", 3600 * NANOSEC },
		{ "d", 86400 * NANOSEC }, { "day", 86400 * NANOSEC },
		{ "hz", 0 }, { "", 0 },
	};
	char *end;
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	unsigned long long n = strtoull(s, &end, 10);
	if (errno || n == 0)
		return -1;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].sfx) != 0)
			continue;
		if (units[i].mul == 0) {
			if (n > NANOSEC)
				return -1;
			*ns = NANOSEC / n;
		} else {
			if (n > ~0ULL / units[i].mul)
				return -1;
			*ns = n * units[i].mul;
		}
		return 0;
	}
	return -1;
}

int dt_opt_set(dtrace_hdl_t *dtp, const char *name, const char *val)
{
	int i = dt_opt_lookup(name);
	uint64_t v = 0;

	if (!strcmp(name, "libdir"))		/* a D library directory (-L) */
		return dt_dlib_add_dir(dtp, val);
	if (i < 0)
		return dt_set_err(dtp, "failed to set -x %s: Invalid option name", name);
	const struct dt_optdesc *d = &dt_optdescs[i];
	switch (d->kind) {
	case DT_OPT_BOOL:
		if (val == NULL)
			v = 1;
		else if (dt_parse_size(val, &v) || v > 1)
			goto bad;
		break;
	case DT_OPT_SIZE:
	case DT_OPT_INT:
		if (val == NULL || dt_parse_size(val, &v) || v < d->min || v > d->max)
			goto bad;
		break;
	case DT_OPT_RATE:
		if (val == NULL || dt_parse_rate(val, &v) || v < d->min || v > d->max)
			goto bad;
		break;
	case DT_OPT_STR:
		/* bufpolicy: only the switching policy exists so far */
		if (val == NULL || strcmp(val, "switch") != 0)
			goto bad;
		v = 0;
		break;
	}
	dtp->opt[i] = v;
	dtp->optset[i] = 1;
	if (i == DTOPT_QUIET)
		dtp->quiet = (int)v;
	return 0;
bad:
	return dt_set_err(dtp, "failed to set -x %s: Invalid value for specified option", name);
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
