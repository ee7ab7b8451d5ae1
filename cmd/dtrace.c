/*
 * dtrace.c - the dtrace(1M) command.
 *
 * Parses dtrace's options, turns them into libdtrace calls, and runs the
 * consume loop; all tracing logic lives in the library, process control
 * for -c and -p in pctl.c.  run() takes the steps in order: the options
 * (into a struct opts), the operands as macro arguments, the output file,
 * the -c/-p targets (created or grabbed, held stopped), then listing or compiling
 * each description and script, then the mode's work: listing (-l), a
 * header (-h), or tracing and the end.  Exit status as in dtrace(1M): the
 * status given to exit(), else 0; 1 when a program fails to compile,
 * matches no probe, or tracing fails; 2 for invalid command-line usage.
 */
#include <errno.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dtrace.h"
#include "pctl.h"
#include "version.h"

#define E_SUCCESS 0
#define E_ERROR 1
#define E_USAGE 2
#define E_NONE (-1)	/* no exit status yet: go on */

static const char *g_pname = "dtrace";
static volatile sig_atomic_t g_intr;

enum pkind { P_NAME, P_PROV, P_MOD, P_FUNC, P_ID, P_SCRIPT, P_CMD, P_GRAB };
struct pspec {
	enum pkind kind;
	const char *arg;
};

/* What the command line asked for, beyond the library options set as they come. */
struct opts {
	struct pspec *specs;	/* -P/-m/-f/-n/-i/-s in order; main()'s array */
	int nspecs;
	struct pspec *procs;	/* -c and -p in order; main()'s array */
	int nprocs;
	int lflag, eflag, Sflag, vflag, hflag, Gflag, Vflag;
	int modes;		/* how many of -G, -h, -l, -V */
	int ilp32;		/* -32 (-64 is this implementation's model) */
	int cflags;		/* DTRACE_C_CPP (-C), DTRACE_C_ZDEFS (-Z) */
	int quiet;		/* -q, or a script's #pragma D option quiet */
	const char *ofile;	/* -o */
};

static void usage(FILE *fp)
{
	fprintf(fp, "Usage: %s [-32|-64] [-CeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
	    "\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
	    "\t[-x opt[=val]] [-X a|c|s|t]\n\n"
	    "\t[-P provider [[ predicate ] action ]]\n"
	    "\t[-m [ provider: ] module [[ predicate ] action ]]\n"
	    "\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
	    "\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
	    "\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n\n"
	    "\tpredicate -> '/' D-expression '/'\n"
	    "\t   action -> '{' D-statements '}'\n\n"
	    "\t-32 generate 32-bit D programs and ELF files\n"
	    "\t-64 generate 64-bit D programs and ELF files\n\n"
	    "\t-b  set trace buffer size\n"
	    "\t-c  run specified command and exit upon its completion\n"
	    "\t-C  run cpp(1) preprocessor on script files\n"
	    "\t-D  define symbol when invoking preprocessor\n"
	    "\t-e  exit after compiling request but prior to enabling probes\n"
	    "\t-f  enable or list probes matching the specified function name\n"
	    "\t-F  coalesce trace output by function\n"
	    "\t-G  generate an ELF file containing embedded dtrace program\n"
	    "\t-h  generate a header file with definitions for static probes\n"
	    "\t-H  print included files when invoking preprocessor\n"
	    "\t-i  enable or list probes matching the specified probe id\n"
	    "\t-I  add include directory to preprocessor search path\n"
	    "\t-l  list probes matching specified criteria\n"
	    "\t-L  add library directory to library search path\n"
	    "\t-m  enable or list probes matching the specified module name\n"
	    "\t-n  enable or list probes matching the specified probe name\n"
	    "\t-o  set output file\n"
	    "\t-p  grab specified process-ID and cache its symbol tables\n"
	    "\t-P  enable or list probes matching the specified provider name\n"
	    "\t-q  set quiet mode (only output explicitly traced data)\n"
	    "\t-s  enable or list probes according to the specified D script\n"
	    "\t-S  print D compiler intermediate code\n"
	    "\t-U  undefine symbol when invoking preprocessor\n"
	    "\t-v  set verbose mode (report stability attributes, arguments)\n"
	    "\t-V  report DTrace API version\n"
	    "\t-w  permit destructive actions\n"
	    "\t-x  enable or modify compiler and tracing options\n"
	    "\t-X  specify ISO C conformance settings for preprocessor\n"
	    "\t-Z  permit probe descriptions that match zero probes\n", g_pname);
}

static void __attribute__((format(printf, 1, 2))) err(const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	fprintf(stderr, "%s: ", g_pname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void on_signal(int sig)
{
	(void)sig;
	g_intr = 1;
}

static dtrace_hdl_t *g_dtp;
static int g_verbose;

static void print_attr(FILE *out, const char *title, const dtrace_attribute_t *a)
{
	fprintf(out, "\n\t%s\n", title);
	fprintf(out, "\t\tIdentifier Names: %s\n", a->name);
	fprintf(out, "\t\tData Semantics:   %s\n", a->data);
	fprintf(out, "\t\tDependency Class: %s\n", a->class);
}

static int list_probe(const dtrace_probeinfo_t *pi, void *arg)
{
	FILE *out = arg;
	fprintf(out, "%5u %10s %17s %33s %s\n", pi->id, pi->prov, pi->mod, pi->func, pi->name);
	if (g_verbose) {
		dtrace_probeinfo_t info;
		if (dtrace_probe_info(g_dtp, pi->id, &info) < 0)
			return 0;
		print_attr(out, "Probe Description Attributes", &info.desc);
		print_attr(out, "Argument Attributes", &info.args);
		fprintf(out, "\n\tArgument Types\n");
		for (int i = 0; i < info.nargs; i++)
			fprintf(out, "\t\targs[%d]: %s\n", i, info.argtypes[i]);
		if (info.nargs == 0)
			fprintf(out, "\t\tNone\n");
		/* a translated probe: what arg0.. hold before translation */
		if (info.nnative > 0)
			fprintf(out, "\n\tNative Argument Types\n");
		for (int i = 0; i < info.nnative; i++)
			fprintf(out, "\t\targ%d: %s\n", i, info.nativetypes[i]);
		fprintf(out, "\n");
	}
	return 0;
}

/* A description as prov:mod:func:name, the omitted fields empty. */
static void full_desc(const char *d, char *out, size_t len)
{
	int colons = 0;
	for (const char *p = d; *p; p++)
		colons += *p == ':';
	const char *pfx = colons >= 3 ? "" : colons == 2 ? ":" : colons == 1 ? "::" : ":::";
	size_t n = strlen(pfx);
	if (n >= len)
		return;
	memcpy(out, pfx, n);
	snprintf(out + n, len - n, "%s", d);
}

/* The reason in the library's "failed to set -x NAME: REASON" */
static const char *opt_reason(dtrace_hdl_t *dtp)
{
	const char *m = dtrace_errmsg(dtp), *why = strstr(m, ": ");
	return why ? why + 2 : m;
}

/* Apply -b, -D/-I/-U, -F, -H, -L, -w, -x or -X to dtp; E_NONE, else the exit status. */
static int set_lib_opt(dtrace_hdl_t *dtp, int c, char *arg)
{
	char buf[4096];
	char *eq;

	switch (c) {
	case 'b':
		if (dtrace_setopt(dtp, "bufsize", arg) < 0) {
			err("failed to set -b %s: %s", arg, opt_reason(dtp));
			return E_ERROR;
		}
		return E_NONE;
	case 'D': case 'I': case 'U':
		snprintf(buf, sizeof(buf), "-%c%s", c, arg);
		if (dtrace_cppopt(dtp, buf) < 0) {
			err("%s", dtrace_errmsg(dtp));
			return E_USAGE;
		}
		return E_NONE;
	case 'F':
		dtrace_setopt(dtp, "flowindent", NULL);
		return E_NONE;
	case 'H':
		if (dtrace_setopt(dtp, "cpphdrs", NULL) < 0) {
			err("failed to set -H: %s", opt_reason(dtp));
			return E_ERROR;
		}
		return E_NONE;
	case 'X':
		if (dtrace_setopt(dtp, "stdc", arg) < 0) {
			err("failed to set -X %s: %s", arg, opt_reason(dtp));
			return E_ERROR;
		}
		return E_NONE;
	case 'L':
		if (dtrace_setopt(dtp, "libdir", arg) < 0) {
			err("failed to add -L %s: %s", arg, dtrace_errmsg(dtp));
			return E_USAGE;
		}
		return E_NONE;
	case 'w':
		if (dtrace_setopt(dtp, "destructive", NULL) < 0) {
			err("failed to set -w: %s", dtrace_errmsg(dtp));
			return E_ERROR;
		}
		return E_NONE;
	default:	/* -x opt[=val] */
		if ((eq = strchr(arg, '=')) != NULL)
			*eq = '\0';
		if (dtrace_setopt(dtp, arg, eq ? eq + 1 : NULL) < 0) {
			err("%s", dtrace_errmsg(dtp));
			return E_ERROR;
		}
		return E_NONE;
	}
}

/* Check -p's process ID and that the process exists; E_NONE, else the exit status. */
static int parse_pid(const char *arg)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v <= 0 || v > INT32_MAX) {
		err("invalid pid: %s", arg);
		return E_ERROR;
	}
	return E_NONE;
}

/* Report an unknown option or one missing its argument, then the usage. */
static void bad_option(void)
{
	if (optopt && strchr("36bcDfiILmnopPsUxX", optopt))
		err("option requires an argument -- %c", optopt);
	else
		err("illegal option -- %c", optopt);
	usage(stderr);
}

/*
 * FreeBSD's --libxo OPTS (or --libxo=OPTS): a comma-separated list whose
 * output style (text or json; xml and html are not supported here) sets
 * the oformat option; libxo's other words (pretty, warn, ...) are
 * accepted and have no effect.  E_NONE, else the exit status.
 */
static int libxo_opt(dtrace_hdl_t *dtp, const char *arg)
{
	static const char *const styles[] = { "text", "json", "xml", "html" };
	char buf[256];

	snprintf(buf, sizeof(buf), "%s", arg ? arg : "");
	for (char *save = NULL, *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save))
		for (size_t i = 0; i < sizeof(styles) / sizeof(styles[0]); i++)
			if (!strcmp(w, styles[i]) && dtrace_setopt(dtp, "oformat", w) < 0) {
				err("failed to set --libxo %s: Invalid value for specified option", w);
				return E_ERROR;
			}
	return E_NONE;
}

/* --libxo at argv[optind] (the next option getopt would look at):
 * consumed, with its value; 1 if it was there */
static int take_libxo(int argc, char **argv, dtrace_hdl_t *dtp, int *rc)
{
	const char *a = optind < argc ? argv[optind] : NULL;
	if (!a || strncmp(a, "--libxo", 7) || (a[7] != '\0' && a[7] != '='))
		return 0;
	if (a[7] == '=') {
		optind++;
		*rc = libxo_opt(dtp, a + 8);
	} else if (optind + 1 < argc) {
		*rc = libxo_opt(dtp, argv[optind + 1]);
		optind += 2;
	} else {
		err("option requires an argument -- libxo");
		usage(stderr);
		*rc = E_USAGE;
	}
	return 1;
}

/* Parse the options into o, setting library options as they come; E_NONE, else the exit status. */
static int parse_opts(int argc, char **argv, dtrace_hdl_t *dtp, struct opts *o)
{
	int c, rc;

	opterr = 0;
	for (;;) {
		rc = E_NONE;
		if (take_libxo(argc, argv, dtp, &rc)) {
			if (rc != E_NONE)
				return rc;
			continue;
		}
		if ((c = getopt(argc, argv, "+3:6:b:c:CD:eFf:GhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z")) == -1)
			break;
		switch (c) {
		case '3': case '6':
			if (strcmp(optarg, c == '3' ? "2" : "4")) {
				err("illegal option -- %c%s", c, optarg);
				usage(stderr);
				return E_USAGE;
			}
			o->ilp32 = c == '3';
			break;
		case 'b': case 'D': case 'F': case 'H': case 'I': case 'L': case 'U': case 'w':
		case 'x': case 'X':
			rc = set_lib_opt(dtp, c, optarg);
			break;
		case 'c': o->procs[o->nprocs++] = (struct pspec){ P_CMD, optarg }; break;
		case 'C': o->cflags |= DTRACE_C_CPP; break;
		case 'e': o->eflag = 1; break;
		case 'f': o->specs[o->nspecs++] = (struct pspec){ P_FUNC, optarg }; break;
		case 'G': o->Gflag = 1; o->modes++; o->cflags |= DTRACE_C_ZDEFS; break;
		case 'h': o->hflag = 1; o->modes++; o->cflags |= DTRACE_C_ZDEFS; break;
		case 'i': o->specs[o->nspecs++] = (struct pspec){ P_ID, optarg }; break;
		case 'l': o->lflag = 1; o->modes++; break;
		case 'm': o->specs[o->nspecs++] = (struct pspec){ P_MOD, optarg }; break;
		case 'n': o->specs[o->nspecs++] = (struct pspec){ P_NAME, optarg }; break;
		case 'o': o->ofile = optarg; break;
		case 'p':
			if ((rc = parse_pid(optarg)) == E_NONE)
				o->procs[o->nprocs++] = (struct pspec){ P_GRAB, optarg };
			break;
		case 'P': o->specs[o->nspecs++] = (struct pspec){ P_PROV, optarg }; break;
		case 'q': o->quiet = 1; dtrace_setopt(dtp, "quiet", NULL); break;
		case 's': o->specs[o->nspecs++] = (struct pspec){ P_SCRIPT, optarg }; break;
		case 'S': o->Sflag = 1; break;
		case 'v': o->vflag = 1; break;
		case 'V': o->Vflag = 1; o->modes++; break;
		case 'Z': o->cflags |= DTRACE_C_ZDEFS; break;
		default: bad_option(); return E_USAGE;
		}
		if (rc != E_NONE)
			return rc;
	}
	if (o->modes > 1) {
		err("only one of the [-AGhlV] options can be specified at a time");
		return E_USAGE;
	}
	if (o->Vflag) {
		printf("%s: %s (%s %s)\n", g_pname, DTRACE_VERSION_STRING, DT_PKG_NAME,
		    DT_PKG_VERSION);
		return E_SUCCESS;
	}
	if (o->ilp32) {
		/* the kernel, and so every program, is 64-bit */
		err("failed to initialize dtrace: Module and program data models do not match");
		return E_ERROR;
	}
	return E_NONE;
}

/* Give dtp the operands as macro arguments $1 .. $n; $0 is the last -s script, else "dtrace". */
static void set_macro_args(dtrace_hdl_t *dtp, const struct opts *o, int argc, char **argv)
{
	const char *arg0 = "dtrace";
	int na = argc - optind + 1;
	char **av = calloc((size_t)na + 1, sizeof(char *));

	for (int i = 0; i < o->nspecs; i++)
		if (o->specs[i].kind == P_SCRIPT)
			arg0 = o->specs[i].arg;
	av[0] = (char *)arg0;
	for (int i = optind; i < argc; i++)
		av[i - optind + 1] = argv[i];
	dtrace_set_args(dtp, na, av);
	free(av);
}

/* The output: -o's file opened for appending, else stdout; NULL (reported) if it cannot be opened. */
static FILE *open_output(const char *ofile)
{
	FILE *out = stdout;

	if (ofile && !(out = fopen(ofile, "a")))
		err("failed to open output file '%s': %s", ofile, strerror(errno));
	return out;
}

/*
 * Create each -c command and grab each -p process, in order, before
 * anything is compiled (as dtrace does: a script's #pragma D option
 * evaltime comes too late for them); $target is the first.  A failure
 * is dtrace's one line; E_SUCCESS, else E_ERROR.
 */
static int set_target(dtrace_hdl_t *dtp, const struct opts *o)
{
	int64_t evaltime = DT_PCTL_POSTINIT;
	char msg[4352];

	dtrace_getopt(dtp, "evaltime", &evaltime);
	for (int i = 0; i < o->nprocs; i++) {
		const struct pspec *ps = &o->procs[i];
		pid_t pid;
		if (ps->kind == P_CMD) {
			pid = dt_pctl_create(ps->arg, (int)evaltime, msg, sizeof(msg));
		} else {
			pid = (pid_t)strtol(ps->arg, NULL, 10);
			if (dt_pctl_grab(pid, msg, sizeof(msg)) < 0)
				pid = -1;
		}
		if (pid < 0) {
			err("%s", msg);
			return E_ERROR;
		}
		if (i == 0)
			dtrace_set_target(dtp, pid);
	}
	return E_SUCCESS;
}

/* Print the -l column header, unless *printed says it already is. */
static void list_header(FILE *out, int *printed)
{
	if (*printed)
		return;
	fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
	*printed = 1;
}

/* The colons -P, -m and -f add to their description ("" for -n and -i). */
static const char *desc_sep(enum pkind kind)
{
	return kind == P_PROV ? ":::" : kind == P_MOD ? "::" : kind == P_FUNC ? ":" : "";
}

/* -l with -P/-m/-f/-n/-i: list what each comma-separated description matches; E_SUCCESS, else E_ERROR. */
static int list_desc(dtrace_hdl_t *dtp, const struct pspec *ps, FILE *out)
{
	char buf[8192];
	int status = E_SUCCESS;

	snprintf(buf, sizeof(buf), "%s%s", ps->arg, desc_sep(ps->kind));
	/* only the descriptions, before any predicate/action */
	buf[strcspn(buf, "{/")] = '\0';
	for (char *save = NULL, *d = strtok_r(buf, ",", &save); d;
	    d = strtok_r(NULL, ",", &save)) {
		while (*d == ' ' || *d == '\t' || *d == '\n')
			d++;
		d[strcspn(d, " \t\n")] = '\0';
		if (!*d)
			continue;
		int m = dtrace_probe_iter(dtp, d, list_probe, out);
		if (m < 0) {
			err("%s", dtrace_errmsg(dtp));
			status = E_ERROR;
		} else if (m == 0) {
			char f4[8200];
			full_desc(d, f4, sizeof(f4));
			err("failed to match %s: No probe matches description", f4);
		}
	}
	return status;
}

/* -l with -s: the probes the script just compiled enabled, into *text,
 * and its descriptions that matched none, as dtrace reports them, into
 * *errs (both malloc'd, printed once everything has compiled) */
static void list_script(dtrace_hdl_t *dtp, char **text, char **errs)
{
	size_t len;
	const char *u;
	FILE *m = open_memstream(text, &len);

	if (m) {
		dtrace_enabled_iter(dtp, list_probe, m);
		fclose(m);
	}
	if (!(m = open_memstream(errs, &len)))
		return;
	for (int k = 0; (u = dtrace_unmatched(dtp, k)) != NULL; k++)
		fprintf(m, "%s: failed to match %s: No probe matches description\n", g_pname, u);
	fclose(m);
}

/* The program text of a -P/-m/-f/-n/-i description (any length: NULL
 * if out of memory): the colons go before any predicate or action. */
static char *desc_source(const struct pspec *ps)
{
	char *src;
	size_t dl = strcspn(ps->arg, " \t\n{/");

	if (asprintf(&src, "%.*s%s%s", (int)dl, ps->arg, desc_sep(ps->kind), ps->arg + dl) < 0)
		return NULL;
	return src;
}

/*
 * -P, -m and -f give a provider, a module or a function, as dtrace reads
 * their descriptions: a number is a probe id in the wrong place, and more
 * fields than the option names (one, two, three) are over-specified; both
 * are reported with the description as given.  E_SUCCESS, else E_ERROR.
 */
static int check_context(const struct pspec *ps)
{
	static const char *const what[] = { [P_PROV] = "providers", [P_MOD] = "modules",
	    [P_FUNC] = "functions" };
	static const int fields[] = { [P_PROV] = 1, [P_MOD] = 2, [P_FUNC] = 3 };
	size_t dl = strcspn(ps->arg, " \t\n{/;");

	if (ps->kind != P_PROV && ps->kind != P_MOD && ps->kind != P_FUNC)
		return E_SUCCESS;
	if (dl > 0 && strspn(ps->arg, "0123456789") == dl) {
		err("invalid probe specifier %s: probe identifier %.*s not permitted when specifying %s",
		    ps->arg, (int)dl, ps->arg, what[ps->kind]);
		return E_ERROR;
	}
	for (const char *d = ps->arg; d < ps->arg + dl;) {
		size_t n = strcspn(d, ",");
		if (n > (size_t)(ps->arg + dl - d))
			n = (size_t)(ps->arg + dl - d);
		int colons = 0;
		for (size_t i = 0; i < n; i++)
			colons += d[i] == ':';
		if (colons >= fields[ps->kind]) {
			err("invalid probe specifier %s: invalid probe description \"%.*s\": "
			    "Overspecified probe description", ps->arg, (int)n, d);
			return E_ERROR;
		}
		d += n + (d[n] == ',');
	}
	return E_SUCCESS;
}

/* Compile one description or -s script, its number of matched probes in *n; E_SUCCESS, else E_ERROR. */
static int compile_spec(dtrace_hdl_t *dtp, const struct opts *o, const struct pspec *ps, int *n)
{
	int flags = o->cflags & ~DTRACE_C_CPP;
	int rc;

	if (check_context(ps) != E_SUCCESS)
		return E_ERROR;
	if (o->lflag)
		flags |= DTRACE_C_LIST;
	if (ps->kind == P_SCRIPT) {
		rc = dtrace_compile_file(dtp, ps->arg, flags | (o->cflags & DTRACE_C_CPP), n);
	} else {
		char *src = desc_source(ps);
		if (!src) {
			err("failed to compile description %s: %s", ps->arg, strerror(ENOMEM));
			return E_ERROR;
		}
		rc = dtrace_compile(dtp, src, ps->arg, flags, n);
		free(src);
	}
	if (rc < 0)
		err("%s", dtrace_errmsg(dtp));
	return rc < 0 ? E_ERROR : E_SUCCESS;
}

/* After a compile: "matched N probes" unless quiet (-q or the pragma) or -e; with -v, the stability. */
static void report_spec(dtrace_hdl_t *dtp, struct opts *o, const struct pspec *ps, int n)
{
	int script = ps->kind == P_SCRIPT;
	const char *what = script ? "script" : "description";
	int len = script ? (int)strlen(ps->arg) : (int)strcspn(ps->arg, "{/;");
	int64_t qopt = 0;

	if (dtrace_getopt(dtp, "quiet", &qopt) == 0 && qopt)
		o->quiet = 1;	/* #pragma D option quiet */
	if (!o->quiet && !o->eflag)
		err("%s '%.*s' matched %d probe%s", what, len, ps->arg, n, n == 1 ? "" : "s");
	if (o->vflag) {
		dtrace_attribute_t da, sa;
		dtrace_program_attrs(dtp, &da, &sa);
		fprintf(stderr, "\nStability attributes for %s %.*s:\n", what, len, ps->arg);
		print_attr(stderr, "Minimum Probe Description Attributes", &da);
		print_attr(stderr, "Minimum Statement Attributes", &sa);
		fputc('\n', stderr);
	}
}

/* Compile each description and script in order, saying what each
 * matched; the probes matched in all in *total.  E_SUCCESS, else E_ERROR. */
static int compile_all(dtrace_hdl_t *dtp, struct opts *o, int *total)
{
	*total = 0;
	for (int i = 0; i < o->nspecs; i++) {
		int n = 0;
		if (compile_spec(dtp, o, &o->specs[i], &n) != E_SUCCESS)
			return E_ERROR;
		report_spec(dtp, o, &o->specs[i], n);
		*total += n;
	}
	return E_SUCCESS;
}

/*
 * -l: compile every description and script first (any compile error is
 * fatal, before anything is listed, as in dtrace), then the heading and
 * each one's probes in order, or every probe if none was given.  A
 * description that matches nothing is reported and not fatal.
 */
static int list_mode(dtrace_hdl_t *dtp, struct opts *o, FILE *out)
{
	char **text = calloc((size_t)o->nspecs + 1, sizeof(char *));
	char **errs = calloc((size_t)o->nspecs + 1, sizeof(char *));
	int status = text && errs ? E_SUCCESS : E_ERROR, printed = 0;

	for (int i = 0; i < o->nspecs && status == E_SUCCESS; i++) {
		int n = 0;
		if (compile_spec(dtp, o, &o->specs[i], &n) != E_SUCCESS)
			status = E_ERROR;
		else if (o->specs[i].kind == P_SCRIPT)
			list_script(dtp, &text[i], &errs[i]);
	}
	if (status == E_SUCCESS) {
		list_header(out, &printed);
		if (o->nspecs == 0)
			dtrace_probe_iter(dtp, NULL, list_probe, out);
	}
	for (int i = 0; i < o->nspecs && status == E_SUCCESS; i++) {
		if (o->specs[i].kind != P_SCRIPT) {
			if (list_desc(dtp, &o->specs[i], out) != E_SUCCESS)
				status = E_ERROR;
			continue;
		}
		if (text[i])
			fputs(text[i], out);
		fflush(out);
		if (errs[i])
			fputs(errs[i], stderr);
	}
	for (int i = 0; text && errs && i < o->nspecs; i++) {
		free(text[i]);
		free(errs[i]);
	}
	free(text);
	free(errs);
	return status;
}

/*
 * -h: a C header for the providers the programs define (compiled with
 * -Z, as dtrace does), written to -o's file, else to the one script's
 * NAME.h in the current directory: per provider, macros for its probes
 * (sys/sdt.h notes, see lib/provheader.c); without one, the header
 * dtrace writes, which defines nothing.
 */
static int header_mode(dtrace_hdl_t *dtp, struct opts *o)
{
	char name[4096];
	const char *file = o->ofile;
	int n = 0;

	for (int i = 0; i < o->nspecs; i++)
		if (compile_spec(dtp, o, &o->specs[i], &n) != E_SUCCESS)
			return E_ERROR;
	if (o->nspecs == 0) {
		err("-h requires one or more scripts or enabling options");
		return E_USAGE;
	}
	if (!file) {
		const char *arg = o->specs[0].arg, *dot = strrchr(arg, '.');
		const char *base = strrchr(arg, '/');
		if (o->nspecs > 1) {
			err("-h requires an output file if multiple scripts are specified");
			return E_USAGE;
		}
		if (!dot || strcmp(dot, ".d")) {
			err("-h requires an output file if no scripts are specified");
			return E_USAGE;
		}
		base = base ? base + 1 : arg;
		snprintf(name, sizeof(name), "%.*s.h", (int)(dot - base), base);
		file = name;
	}
	FILE *fp = fopen(file, "w");
	if (!fp) {
		err("failed to open header file '%s': %s", file, strerror(errno));
		return E_ERROR;
	}
	fprintf(fp, "/*\n * Generated by dtrace(1M).\n */\n\n");
	int rc = dtrace_program_header(dtp, fp, file);
	if (fclose(fp) == EOF && rc == 0)
		rc = -1;
	if (rc < 0) {
		err("failed to create header file %s: %s", file, dtrace_errmsg(dtp));
		unlink(file);
		return E_ERROR;
	}
	return E_SUCCESS;
}

/*
 * -G: for each program, the object to link with the objects (the
 * operands) compiled with -h's header, defining the semaphores of the
 * probes that program's providers declare (compiled with -Z, as dtrace
 * does).  As dtrace names them: -o's file if there is one program;
 * else a script NAME.d's NAME.o in the current directory; else d.out.N
 * (N the program's place) if there are several, d.out if one.  Every
 * program is compiled before any object is written; the first that
 * fails to link ends the run, and leaves no file of its own.
 */
static int link_mode(dtrace_hdl_t *dtp, struct opts *o, int objc, char **objv)
{
	int n = 0;

	if (o->nspecs == 0) {
		err("-G requires one or more scripts or enabling options");
		return E_USAGE;
	}
	for (int i = 0; i < o->nspecs; i++)
		if (compile_spec(dtp, o, &o->specs[i], &n) != E_SUCCESS)
			return E_ERROR;
	for (int i = 0; i < o->nspecs; i++) {
		const struct pspec *ps = &o->specs[i];
		const char *dot = strrchr(ps->arg, '.'), *base = strrchr(ps->arg, '/');
		char name[4096];
		base = base ? base + 1 : ps->arg;
		if (o->nspecs == 1 && o->ofile)
			snprintf(name, sizeof(name), "%s", o->ofile);
		else if (ps->kind == P_SCRIPT && dot && dot > base && !strcmp(dot, ".d"))
			snprintf(name, sizeof(name), "%.*s.o", (int)(dot - base), base);
		else if (o->nspecs > 1)
			snprintf(name, sizeof(name), "d.out.%d", i);
		else
			snprintf(name, sizeof(name), "d.out");
		if (dtrace_program_link_prog(dtp, i, name, objc, objv) < 0) {
			err("failed to link %s %s: %s", ps->kind == P_SCRIPT ? "script" : "description",
			    ps->arg, dtrace_errmsg(dtp));
			return E_ERROR;
		}
	}
	return E_SUCCESS;
}

/* SIGINT, SIGTERM and SIGHUP end tracing (through g_intr). */
static void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* Consume until a signal, the end of tracing, an error or the target's exit; E_SUCCESS, else E_ERROR. */
static int trace_loop(dtrace_hdl_t *dtp, const struct opts *o, FILE *out)
{
	for (;;) {
		if (g_intr) {
			/* the output marks the interruption (text: a newline,
			 * even in quiet mode), then END runs */
			dtrace_interrupt(dtp);
			return E_SUCCESS;
		}
		dtrace_workstatus_t ws = dtrace_work(dtp, out);
		if (ws == DTRACE_WORKSTATUS_DONE)
			return E_SUCCESS;
		if (ws == DTRACE_WORKSTATUS_ERROR) {
			err("processing aborted: %s", dtrace_errmsg(dtp));
			return E_ERROR;
		}
		/* the last target gone: dtrace says so and ends (END runs) */
		if (dt_pctl_count() && dt_pctl_poll(dtp, g_pname, o->quiet) == 0)
			return E_SUCCESS;
	}
}

/* Stop tracing (END; the output ends it: text, a newline), then the aggregations printa() has not printed; the exit status. */
static int end_tracing(dtrace_hdl_t *dtp, FILE *out)
{
	if (dtrace_stop(dtp, out) < 0 || dtrace_aggregate_print(dtp, out) < 0) {
		err("processing aborted: %s", dtrace_errmsg(dtp));
		return E_ERROR;
	}
	return dtrace_exit_status(dtp);
}

/* Enable tracing, let the -c child run, consume, and end; the exit status. */
static int trace(dtrace_hdl_t *dtp, const struct opts *o, FILE *out)
{
	int64_t dopt = 0;

	catch_signals();
	/* dtrace says so once tracing is enabled, before any trace output;
	 * here BEGIN's output comes out of dtrace_go(), so say it first */
	if (!o->quiet && dtrace_getopt(dtp, "destructive", &dopt) == 0 && dopt)
		err("allowing destructive actions");
	if (dtrace_go(dtp, out) < 0) {
		err("could not enable tracing: %s", dtrace_errmsg(dtp));
		return E_ERROR;
	}
	/* every probe armed: the targets run (kept traced to their exit
	 * when their user stacks are to be symbolized) */
	dt_pctl_continue(dtp, dtrace_uses_ustack(dtp));
	/* an error while tracing (the output cannot be written) ends it
	 * there: END does not run, and closing the handle detaches all */
	if (trace_loop(dtp, o, out) != E_SUCCESS)
		return E_ERROR;
	return end_tracing(dtp, out);
}

/*
 * Kill the -c commands still running, let the -p processes go, and flush
 * (and close, if -o) the output.  Output that could not all be written
 * (a full disk, a closed pipe: SIGPIPE is ignored) is an error; unless
 * one was reported already (quiet), dtrace says so as its oprintf()
 * does, "failed to write to <stdout>: No space left on device".  0 or -1.
 */
static int finish(dtrace_hdl_t *dtp, FILE *out, const char *ofile, int quiet)
{
	dt_pctl_release(dtp);
	errno = 0;
	int bad = fflush(out) != 0 || ferror(out);
	int e = errno;
	if (out != stdout && fclose(out) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	if (bad && !quiet)
		err("failed to write to %s: %s", ofile ? ofile : "<stdout>", strerror(e ? e : EIO));
	return bad ? -1 : 0;
}

/* -e: everything enabling does but the kernel's part, refusing what
 * enabling would refuse in the same words (dtrace_program_check) */
static int check_only(dtrace_hdl_t *dtp)
{
	if (dtrace_program_check(dtp) < 0) {
		err("could not enable tracing: %s", dtrace_errmsg(dtp));
		return E_ERROR;
	}
	return E_SUCCESS;
}

/*
 * Tracing: compile and report each description and script; with -e
 * check them and stop there; with nothing matched (and no -Z) say so as dtrace does: "no
 * probes specified" when there was nothing to compile, "no probes
 * matched" otherwise.  Then trace.
 */
static int trace_mode(dtrace_hdl_t *dtp, struct opts *o, FILE *out)
{
	int total = 0;

	if (compile_all(dtp, o, &total) != E_SUCCESS)
		return E_ERROR;
	if (o->eflag)
		return check_only(dtp);
	if (total == 0 && !(o->cflags & DTRACE_C_ZDEFS)) {
		err("no probes %s", o->nspecs ? "matched" : "specified");
		return E_ERROR;
	}
	return trace(dtp, o, out);
}

/* The command itself, step by step; main() owns the handle and specs, so any step may return. */
static int run(int argc, char **argv, dtrace_hdl_t *dtp, struct pspec *specs)
{
	struct opts o = { .specs = specs, .procs = specs + argc };
	int status;

	if (argc == 1) {
		usage(stderr);
		return E_USAGE;
	}
	if ((status = parse_opts(argc, argv, dtp, &o)) != E_NONE)
		return status;
	if (!o.Gflag)		/* -G's operands are objects */
		set_macro_args(dtp, &o, argc, argv);
	if (o.Sflag)
		dtrace_set_dump(dtp, stderr);
	g_verbose = o.vflag;
	if (o.hflag)		/* -o names the header */
		return header_mode(dtp, &o);
	if (o.Gflag)		/* -o names the object; operands are objects */
		return link_mode(dtp, &o, argc - optind, argv + optind);
	/* -h and -G need no kernel, nor -e until a description needs its
	 * probes (then the compile says the same) */
	if ((o.lflag || !o.eflag) && !dtrace_privileged()) {
		err("failed to initialize dtrace: DTrace requires additional privileges");
		return E_ERROR;
	}
	FILE *out = open_output(o.ofile);
	if (!out)
		return E_ERROR;
	if (set_target(dtp, &o) != E_SUCCESS) {
		finish(dtp, out, o.ofile, 1);
		return E_ERROR;
	}
	/* a closed pipe (dtrace -l | head -1) is an output error like a
	 * full disk, reported and exit status 1, in every mode: SIGPIPE is
	 * ignored from here on (the -c commands, created, keep their own) */
	signal(SIGPIPE, SIG_IGN);
	status = o.lflag ? list_mode(dtp, &o, out) : trace_mode(dtp, &o, out);
	/* an error already reported (tracing's "processing aborted") is
	 * not reported twice */
	if (finish(dtp, out, o.ofile, status != E_SUCCESS) < 0)
		status = E_ERROR;
	return status;
}

int main(int argc, char **argv)
{
	/* the descriptions and scripts, then the -c/-p targets */
	struct pspec *specs = calloc((size_t)argc * 2 + 1, sizeof(*specs));
	int e = ENOMEM, status;

	g_pname = "dtrace";
	/* a SIGCHLD inherited as ignored would have the kernel reap the -c
	 * command unseen: its exit never reported, dtrace never ending */
	signal(SIGCHLD, SIG_DFL);
	/* symbolizing and unwinding user stacks keeps each process's objects
	 * open (libdwfl): the soft open-file limit up to the hard one */
	struct rlimit nf;
	if (getrlimit(RLIMIT_NOFILE, &nf) == 0 && nf.rlim_cur < nf.rlim_max) {
		nf.rlim_cur = nf.rlim_max;
		setrlimit(RLIMIT_NOFILE, &nf);
	}
	dtrace_hdl_t *dtp = dtrace_open(&e);
	g_dtp = dtp;
	if (dtp)
		dtrace_set_errfile(dtp, stderr);	/* drops, faults, messages */
	if (!dtp || !specs) {
		err("failed to initialize dtrace: %s", strerror(e));
		dtrace_close(dtp);
		free(specs);
		return E_ERROR;
	}
	status = run(argc, argv, dtp, specs);
	g_dtp = NULL;
	dtrace_close(dtp);
	free(specs);
	return status;
}
