/*
 * dtrace.c - the dtrace(1M) command.
 *
 * Parses dtrace's options, turns them into libdtrace calls, and runs the
 * consume loop; all tracing logic lives in the library.  Exit status as in
 * dtrace(1M): the status given to exit(), else 0; 1 when a program fails
 * to compile or tracing fails; 2 for invalid command-line usage.
 */
#include <errno.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dtrace.h"

#define E_SUCCESS 0
#define E_ERROR 1
#define E_USAGE 2

static const char *g_pname = "dtrace";
static volatile sig_atomic_t g_intr;
static pid_t g_child = -1;

enum pkind { P_NAME, P_PROV, P_MOD, P_FUNC, P_ID, P_SCRIPT };
struct pspec {
	enum pkind kind;
	const char *arg;
};

static void usage(FILE *fp)
{
	fprintf(fp, "Usage: %s [-CeFlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
	    "\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
	    "\t[-x opt[=val]] [-P provider [[ predicate ] action ]]\n"
	    "\t[-m [ provider: ] module [[ predicate ] action ]]\n"
	    "\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
	    "\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
	    "\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n\n"
	    "\tpredicate -> '/' D-expression '/'\n"
	    "\t   action -> '{' D-statements '}'\n\n"
	    "\t-b  set trace buffer size\n"
	    "\t-c  run specified command and exit upon its completion\n"
	    "\t-C  run cpp(1) preprocessor on script files\n"
	    "\t-D  define symbol when invoking preprocessor\n"
	    "\t-e  exit after compiling request but prior to enabling probes\n"
	    "\t-f  enable or list probes matching the specified function name\n"
	    "\t-F  coalesce trace output by function\n"
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

static char *read_file(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!f)
		return NULL;
	size_t cap = 8192, n = 0;
	char *buf = malloc(cap);
	size_t r;
	while (buf && (r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += r;
		if (n + 1 == cap) {
			char *nb = realloc(buf, cap *= 2);
			if (!nb) {
				free(buf);
				buf = NULL;
			} else
				buf = nb;
		}
	}
	if (f != stdin)
		fclose(f);
	if (buf)
		buf[n] = '\0';
	return buf;
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

/* Is cmd an executable file, directly or on PATH? */
static int find_exec(const char *cmd)
{
	if (strchr(cmd, '/'))
		return access(cmd, X_OK) == 0;
	const char *path = getenv("PATH");
	char buf[4096];
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, p, cmd);
		if (access(buf, X_OK) == 0)
			return 1;
		p += n;
		if (*p == ':')
			p++;
	}
	return 0;
}

/*
 * Start cmd (split on blanks and executed directly, as dtrace -c does)
 * and hold it stopped just after its exec, under ptrace, until tracing is
 * enabled: the command's own exec is not traced, everything after it is.
 * release_child() lets it run.
 */
static int start_child(const char *cmd)
{
	char *copy = strdup(cmd);
	char *argv[256];
	int argc = 0, st;
	for (char *s = NULL, *t = strtok_r(copy, " \t", &s); t && argc < 255;
	    t = strtok_r(NULL, " \t", &s))
		argv[argc++] = t;
	argv[argc] = NULL;
	if (argc > 0 && !find_exec(argv[0])) {
		err("failed to execute %s: No such file or directory", argv[0]);
		free(copy);
		errno = 0;
		return -2;
	}
	if (argc == 0) {
		free(copy);
		errno = EINVAL;
		return -1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		free(copy);
		return -1;
	}
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) < 0)
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "%s: failed to execute %s: %s\n", g_pname, argv[0], strerror(errno));
		_exit(127);
	}
	free(copy);
	/* the exec stops the child with SIGTRAP */
	if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st)) {
		err("failed to create process for command '%s'", cmd);
		errno = 0;
		return -2;
	}
	g_child = pid;
	return pid;
}

static void release_child(void)
{
	if (g_child > 0 && ptrace(PTRACE_DETACH, g_child, NULL, NULL) < 0)
		err("failed to start the command: %s", strerror(errno));
}

/* The command itself; main() owns the handle and the program list, so
 * every return path here releases them. */
static int run(int argc, char **argv, dtrace_hdl_t *dtp, struct pspec *specs)
{
	int nspecs = 0, lflag = 0, eflag = 0, Sflag = 0, quiet = 0, vflag = 0;
	int cflags = 0, status = E_SUCCESS;
	const char *ofile = NULL, *cmd = NULL;
	pid_t grab = -1;
	int c;

	opterr = 0;
	while ((c = getopt(argc, argv, "+b:c:CD:eFf:hi:I:lL:m:n:o:p:P:qs:SU:vVwx:Z")) != -1) {
		switch (c) {
		case 'b':
			if (dtrace_setopt(dtp, "bufsize", optarg) < 0) {
				const char *why = strrchr(dtrace_errmsg(dtp), ':');
				err("failed to set -b %s: %s", optarg, why ? why + 2 : "Invalid value");
				return E_ERROR;
			}
			break;
		case 'c': cmd = optarg; break;
		case 'C': cflags |= DTRACE_C_CPP; break;
		case 'D': case 'I': case 'U': {
			char buf[4096];
			snprintf(buf, sizeof(buf), "-%c%s", c, optarg);
			if (dtrace_cppopt(dtp, buf) < 0) {
				err("%s", dtrace_errmsg(dtp));
				return E_USAGE;
			}
			break;
		}
		case 'e': eflag = 1; break;
		case 'F': dtrace_setopt(dtp, "flowindent", NULL); break;
		case 'f': specs[nspecs++] = (struct pspec){ P_FUNC, optarg }; break;
		case 'h': usage(stdout); return E_SUCCESS;
		case 'i': specs[nspecs++] = (struct pspec){ P_ID, optarg }; break;
		case 'l': lflag = 1; break;
		case 'L':
			if (dtrace_setopt(dtp, "libdir", optarg) < 0) {
				err("failed to add -L %s: %s", optarg, dtrace_errmsg(dtp));
				return E_USAGE;
			}
			break;
		case 'm': specs[nspecs++] = (struct pspec){ P_MOD, optarg }; break;
		case 'n': specs[nspecs++] = (struct pspec){ P_NAME, optarg }; break;
		case 'o': ofile = optarg; break;
		case 'p': {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || v <= 0) {
				err("invalid process ID: %s", optarg);
				return E_USAGE;
			}
			if (kill((pid_t)v, 0) < 0 && errno == ESRCH) {
				err("failed to grab pid %ld: No such process", v);
				return E_ERROR;
			}
			grab = (pid_t)v;
			break;
		}
		case 'P': specs[nspecs++] = (struct pspec){ P_PROV, optarg }; break;
		case 'q': quiet = 1; dtrace_setopt(dtp, "quiet", NULL); break;
		case 's': specs[nspecs++] = (struct pspec){ P_SCRIPT, optarg }; break;
		case 'S': Sflag = 1; break;
		case 'v': vflag = 1; break;
		case 'V': printf("%s: %s\n", g_pname, DTRACE_VERSION_STRING); return E_SUCCESS;
		case 'w':
			if (dtrace_setopt(dtp, "destructive", NULL) < 0) {
				err("failed to set -w: %s", dtrace_errmsg(dtp));
				return E_ERROR;
			}
			break;
		case 'x': {
			char *eq = strchr(optarg, '=');
			if (eq)
				*eq = '\0';
			if (dtrace_setopt(dtp, optarg, eq ? eq + 1 : NULL) < 0) {
				err("%s", dtrace_errmsg(dtp));
				return E_ERROR;
			}
			break;
		}
		case 'Z': cflags |= DTRACE_C_ZDEFS; break;
		default:
			if (optopt && strchr("bcDfiILmnopPsUx", optopt))
				err("option requires an argument -- %c", optopt);
			else
				err("illegal option -- %c", optopt);
			usage(stderr);
			return E_USAGE;
		}
	}

	/* remaining operands are the macro arguments $1 .. $n */
	const char *arg0 = "dtrace";
	for (int i = 0; i < nspecs; i++)
		if (specs[i].kind == P_SCRIPT)
			arg0 = specs[i].arg;
	{
		int na = argc - optind + 1;
		char **av = calloc((size_t)na + 1, sizeof(char *));
		av[0] = (char *)arg0;
		for (int i = optind; i < argc; i++)
			av[i - optind + 1] = argv[i];
		dtrace_set_args(dtp, na, av);
		free(av);
	}

	if (argc == 1) {
		usage(stderr);
		return E_USAGE;
	}
	if (nspecs == 0 && !lflag) {
		err("no probes specified");
		return E_ERROR;
	}
	if (cmd && grab > 0) {
		err("-c and -p options may not be used together");
		return E_USAGE;
	}

	FILE *out = stdout;
	if (ofile && !(out = fopen(ofile, "a"))) {
		err("failed to open output file '%s': %s", ofile, strerror(errno));
		return E_ERROR;
	}

	if (cmd) {
		int rc = start_child(cmd);
		if (rc == -2)
			return E_ERROR;
		if (rc < 0) {
			err("failed to create process for command '%s': %s", cmd, strerror(errno));
			return E_ERROR;
		}
		dtrace_set_target(dtp, g_child);
	} else if (grab > 0) {
		dtrace_set_target(dtp, grab);
	}
	if (Sflag)
		dtrace_set_dump(dtp, stderr);

	g_verbose = vflag;
	if (lflag) {
		if (nspecs == 0) {
			fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
			dtrace_probe_iter(dtp, NULL, list_probe, out);
		}
	}

	int total = 0;
	int printed_hdr = 0;
	for (int i = 0; i < nspecs; i++) {
		struct pspec *ps = &specs[i];
		char *src = NULL;
		const char *desc = ps->arg;
		char buf[8192];
		int n = 0;

		if (lflag && ps->kind != P_SCRIPT) {
			/* list what the description matches */
			switch (ps->kind) {
			case P_PROV: snprintf(buf, sizeof(buf), "%s:::", desc); break;
			case P_MOD: snprintf(buf, sizeof(buf), "%s::", desc); break;
			case P_FUNC: snprintf(buf, sizeof(buf), "%s:", desc); break;
			default: snprintf(buf, sizeof(buf), "%s", desc); break;
			}
			/* only the descriptions, before any predicate/action */
			buf[strcspn(buf, "{/")] = '\0';
			if (!printed_hdr) {
				fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
				printed_hdr = 1;
			}
			/* several descriptions may be separated by commas */
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
			continue;
		}

		int flags = cflags & ~DTRACE_C_CPP;
		if (lflag)
			flags |= DTRACE_C_LIST;
		if (ps->kind == P_SCRIPT) {
			src = read_file(ps->arg);
			if (!src) {
				err("failed to open %s: %s", ps->arg, strerror(errno));
				status = E_ERROR;
				goto done;
			}
			flags |= DTRACE_C_FILE | (cflags & DTRACE_C_CPP);
		} else {
			switch (ps->kind) {
			case P_PROV: snprintf(buf, sizeof(buf), "%s:::", desc); break;
			case P_MOD: snprintf(buf, sizeof(buf), "%s::", desc); break;
			case P_FUNC: snprintf(buf, sizeof(buf), "%s:", desc); break;
			default: snprintf(buf, sizeof(buf), "%s", desc); break;
			}
			/* -P/-m/-f add the separators before any body */
			if (ps->kind == P_PROV || ps->kind == P_MOD || ps->kind == P_FUNC) {
				size_t dl = strcspn(desc, " \t\n{/");
				const char *sep = ps->kind == P_PROV ? ":::" : ps->kind == P_MOD ? "::" : ":";
				snprintf(buf, sizeof(buf), "%.*s%s%s", (int)dl, desc, sep, desc + dl);
			}
			src = strdup(buf);
		}
		if (dtrace_compile(dtp, src, ps->kind == P_SCRIPT ? ps->arg : desc, flags, &n) < 0) {
			err("%s", dtrace_errmsg(dtp));
			free(src);
			status = E_ERROR;
			goto done;
		}
		free(src);
		total += n;
		if (lflag) {
			if (ps->kind == P_SCRIPT) {
				if (!printed_hdr) {
					fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
					printed_hdr = 1;
				}
				dtrace_enabled_iter(dtp, list_probe, out);
				const char *u;
				for (int k = 0; (u = dtrace_unmatched(dtp, k)) != NULL; k++)
					err("failed to match %s: No probe matches description", u);
			}
			continue;
		}
		int64_t qopt = 0;
		if (dtrace_getopt(dtp, "quiet", &qopt) == 0 && qopt)
			quiet = 1;	/* #pragma D option quiet */
		if (!quiet && !eflag) {
			if (ps->kind == P_SCRIPT)
				err("script '%s' matched %d probe%s", ps->arg, n, n == 1 ? "" : "s");
			else
				err("description '%.*s' matched %d probe%s", (int)strcspn(desc, "{/;"),
				    desc, n, n == 1 ? "" : "s");
		}
		if (vflag) {
			dtrace_attribute_t da, sa;
			dtrace_program_attrs(dtp, &da, &sa);
			if (ps->kind == P_SCRIPT)
				fprintf(stderr, "\nStability attributes for script %s:\n", ps->arg);
			else
				fprintf(stderr, "\nStability attributes for description %.*s:\n",
				    (int)strcspn(desc, "{/;"), desc);
			print_attr(stderr, "Minimum Probe Description Attributes", &da);
			print_attr(stderr, "Minimum Statement Attributes", &sa);
			fputc('\n', stderr);
		}
	}
	if (lflag || eflag || status != E_SUCCESS)
		goto done;

	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	/* dtrace says so once tracing is enabled, before any trace output;
	 * here BEGIN's output comes out of dtrace_go(), so say it first */
	int64_t dopt = 0;
	if (!quiet && dtrace_getopt(dtp, "destructive", &dopt) == 0 && dopt)
		err("allowing destructive actions");
	if (dtrace_go(dtp, out) < 0) {
		err("could not enable tracing: %s", dtrace_errmsg(dtp));
		status = E_ERROR;
		goto done;
	}
	release_child();
	for (;;) {
		if (g_intr) {
			/* dtrace separates what came before the signal from END's
			 * output with a newline, even in quiet mode */
			fputc('\n', out);
			dtrace_request_stop(dtp);
			break;
		}
		dtrace_workstatus_t ws = dtrace_work(dtp, out);
		if (ws == DTRACE_WORKSTATUS_DONE)
			break;
		if (ws == DTRACE_WORKSTATUS_ERROR) {
			err("%s", dtrace_errmsg(dtp));
			status = E_ERROR;
			break;
		}
		if (g_child > 0) {
			int wst;
			if (waitpid(g_child, &wst, WNOHANG) == g_child) {
				if (!quiet)
					err("pid %d has exited", (int)g_child);
				g_child = -1;
				break;
			}
		} else if (grab > 0 && kill(grab, 0) < 0 && errno == ESRCH) {
			if (!quiet)
				err("pid %d has exited", (int)grab);
			break;
		}
	}
	{
		int st = dtrace_stop(dtp, out);
		if (status == E_SUCCESS)
			status = st;
		/* dtrace always prints a newline at the end of tracing, then
		 * the aggregations printa() has not printed */
		fputc('\n', out);
		dtrace_aggregate_print(dtp, out);
	}
done:
	if (g_child > 0) {
		int wst;
		if (waitpid(g_child, &wst, WNOHANG) == 0) {
			kill(g_child, SIGKILL);
			waitpid(g_child, &wst, 0);
		}
	}
	(void)total;
	fflush(out);
	if (out != stdout)
		fclose(out);
	return status;
}

int main(int argc, char **argv)
{
	struct pspec *specs = calloc((size_t)argc + 1, sizeof(*specs));
	int e = ENOMEM, status;

	g_pname = "dtrace";
	dtrace_hdl_t *dtp = dtrace_open(&e);
	g_dtp = dtp;
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
