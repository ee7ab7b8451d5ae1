/*
 * dtrace.c - the library's front door: handle lifetime, compile, go, stop.
 *
 * Ties the passes together (cpp, parse, sema, codegen and load, consume)
 * and owns the handle's error message and memory.  The order of events at
 * run time is DTrace's: load and attach everything, fire BEGIN (which
 * marks tracing active), start tick timers, consume until exit() or a
 * stop request, then fire END (which marks tracing stopped) and drain.
 */
#include <bpf/libbpf.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "base/arena.h"
#include "base/file.h"
#include "base/handle.h"
#include "base/options.h"
#include "kernel/btf.h"
#include "kernel/cpuinfo.h"
#include "kernel/ksyms.h"
#include "kernel/kvar.h"
#include "kernel/usyms.h"
#include "kernel/traceiter.h"
#include "kernel/tracefs.h"
#include "base/output.h"
#include "fmt/printf.h"
#include "fmt/usymfmt.h"
#include "out/flamegraph.h"
#include "front/ast.h"
#include "front/lex.h"
#include "front/parse.h"
#include "prov/prov.h"
#include "prov/provdef.h"
#include "sema/dlib.h"
#include "sema/program.h"
#include "sema/sema.h"
#include "sema/vartab.h"
#include "sema/xlate.h"
#include "rt/rt.h"
#include "consume/consume.h"
#include "out/out.h"

const char *dtrace_errmsg(dtrace_hdl_t *dtp)
{
	return dtp->errmsg;
}

/* The parser asks about names it does not know as types: a name scoped
 * by the kernel (vmlinux`u32) is one if kernel BTF has it.  Unscoped
 * names never load BTF. */
static int kernel_typename(void *arg, const char *name)
{
	const char *bq = strrchr(name, '`');
	if (!bq || (strncmp(name, "vmlinux`", 8) && strncmp(name, "genunix`", 8)) ||
	    bq != name + 7)
		return 0;
	return dt_btf_named(arg, bq + 1) != NULL;
}

/* a built-in formatter's state, when it is replaced or the handle closes */
static void release_output(dtrace_hdl_t *dtp)
{
	if (dtp->fmt_builtin && dtp->fmt_builtin->fini)
		dtp->fmt_builtin->fini(dtp->output.arg);
	dtp->fmt_builtin = NULL;
	dtp->fmt = NULL;
	dtp->output.arg = NULL;
}

/* The built-in formatter the oformat option names, unless the consumer
 * set its own; its state made anew when it changes. */
static int select_output(dtrace_hdl_t *dtp)
{
	if (dtp->fmt_custom)
		return 0;
	const struct dt_fmt_builtin *b = dt_fmt_builtin((int)dtp->opt[DTOPT_OFORMAT]);
	if (!b)
		return dt_set_err(dtp, "output format not supported");
	if (b == dtp->fmt_builtin)
		return 0;
	void *st = b->init ? b->init() : NULL;
	if (b->init && !st)
		return dt_set_err(dtp, "out of memory");
	release_output(dtp);
	dtp->fmt_builtin = b;
	dtp->fmt = b->ops;
	dtp->output.arg = st;
	return 0;
}

dtrace_hdl_t *dtrace_open(int *errp)
{
	dtrace_hdl_t *dtp = calloc(1, sizeof(*dtp));
	if (!dtp) {
		if (errp)
			*errp = ENOMEM;
		return NULL;
	}
	for (int i = 0; i < DTOPT_MAX; i++)
		dtp->opt[i] = dt_optdescs[i].dflt;
	dtp->fd_buffers = dtp->fd_globals = dtp->fd_scratch = -1;
	dtp->bufplan.fd_state = -1;
	dtp->specmaps.fd_state = dtp->specmaps.fd_cpu = -1;
	dtp->ncpus = libbpf_num_possible_cpus();
	if (dtp->ncpus <= 0)
		dtp->ncpus = 1;
	dtp->arena = dt_arena_new();
	dtp->parse = dt_parse_state_new(kernel_typename, dtp);
	if (!dtp->arena || !dtp->parse || dt_types_init(&dtp->types) < 0 ||
	    !dt_cpuinfo_type(dtp) || dt_prov_init(dtp) < 0 || select_output(dtp) < 0) {
		dtrace_close(dtp);
		if (errp)
			*errp = ENOMEM;
		return NULL;
	}
	/* macro variables describing dtrace itself */
	dtp->macros.pid = getpid();
	dtp->macros.ppid = getppid();
	dtp->macros.uid = getuid();
	dtp->macros.gid = getgid();
	dtp->macros.pgid = getpgrp();
	dtp->macros.sid = getsid(0);
	/* provider definitions of D libraries, compiled when first asked */
	dt_provdef_set_need(dtp, dt_dlib_provdef_need);
	return dtp;
}

/* -x core: dtrace dumps core as it goes (when the handle closes), with
 * the core size limit lifted and SIGABRT's default action */
static void force_core(FILE *err)
{
	struct sigaction sa;
	struct rlimit lim = { RLIM_INFINITY, RLIM_INFINITY };

	if (err) {
		fputs("libdtrace DEBUG: [ forcing coredump ]\n", err);
		fflush(err);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGABRT, &sa, NULL);
	setrlimit(RLIMIT_CORE, &lim);
	abort();
}

void dtrace_close(dtrace_hdl_t *dtp)
{
	if (!dtp)
		return;
	int core = dtp->opt[DTOPT_CORE] != 0;
	FILE *err = dtp->output.err;
	dt_prov_stop(dtp);
	dt_consume_close(dtp);
	dt_outact_close(dtp);
	dt_prov_fini(dtp);		/* detaches every probe */
	dt_unload(dtp);
	release_output(dtp);
	for (uint32_t i = 0; i < dtp->nprobes; i++)
		free(dtp->probes[i]->epids);
	dt_probes_free(dtp);
	dt_tp_cache_free();
	free(dtp->stmts);
	for (int i = 0; i < dtp->nunmatched; i++)
		free(dtp->unmatched[i]);
	free(dtp->unmatched);
	for (int i = 0; i < dtp->npiddescs; i++) {
		free(dtp->piddescs[i].prov);
		free(dtp->piddescs[i].mod);
		free(dtp->piddescs[i].func);
		free(dtp->piddescs[i].name);
	}
	free(dtp->piddescs);
	dt_printf_free_all(dtp);
	free(dtp->gvars);
	dt_namehash_free(&dtp->gvar_ix);
	for (int i = 0; i < 3; i++)
		dt_namehash_free(&dtp->dvar_ix[i]);
	dt_namehash_free(&dtp->agg_ix);
	dt_namehash_free(&dtp->inline_ix);
	free(dtp->aggs);
	free(dtp->aggdrops);
	free(dtp->aggdrops_buf);
	free(dtp->uagg_drops);
	free(dtp->gbuf);
	free(dtp->ecbs);
	for (int i = 0; i < dtp->nasts; i++)
		dt_ast_prog_free(dtp->asts[i]);
	free(dtp->asts);
	for (int i = 0; i < dtp->macros.argc; i++)
		free(dtp->macros.argv[i]);
	free(dtp->macros.argv);
	dt_xlate_free(dtp);
	dt_opt_free(dtp);
	dt_parse_state_free(dtp->parse);
	dt_spec_free(dtp);
	dt_btf_close(dtp);
	dt_ksyms_close(dtp);
	dt_kvar_close(dtp);
	dt_traceiter_free();
	dt_uunwind_free();
	dt_usym_free();
	dt_types_free(&dtp->types);
	if (dtp->arena)
		dt_arena_free(dtp->arena);
	free(dtp);
	if (core)
		force_core(err);
}

int dtrace_cppopt(dtrace_hdl_t *dtp, const char *arg)
{
	return dt_cpp_add_arg(dtp, arg);
}

int dtrace_set_target(dtrace_hdl_t *dtp, pid_t pid)
{
	dtp->macros.target = pid;
	dtp->macros.target_set = 1;
	return 0;
}

int dtrace_set_args(dtrace_hdl_t *dtp, int argc, char *const argv[])
{
	dtp->macros.argv = calloc((size_t)argc + 1, sizeof(char *));
	if (!dtp->macros.argv)
		return dt_set_err(dtp, "out of memory");
	for (int i = 0; i < argc; i++)
		if (!(dtp->macros.argv[i] = strdup(argv[i])))
			return dt_set_err(dtp, "out of memory");
	dtp->macros.argc = argc;
	return 0;
}

/* A temporary file holding the text a then b, its name in tmpl; 0 or -1 */
static int cpp_tmpfile(char *tmpl, const char *a, const char *b)
{
	int fd = mkstemp(tmpl);
	if (fd < 0)
		return -1;
	size_t la = strlen(a), lb = strlen(b);
	int ok = write(fd, a, la) == (ssize_t)la && write(fd, b, lb) == (ssize_t)lb;
	close(fd);
	if (!ok)
		unlink(tmpl);
	return ok ? 0 : -1;
}

/*
 * The preprocessor's arguments after its name: the Linux and D
 * definitions, the D version bound (__SUNW_D_VERSION), cpphdrs' -H, the
 * -D/-U/-I/cppargs arguments in the order given, and __STDC__ as -X
 * (stdc) says: a and t 0, c 1 (redefined in a prologue included first,
 * which GNU cpp takes as a system header so that it does not warn), s
 * K&R (GNU cpp's traditional mode, where __STDC__ is not defined).
 */
static int cpp_args(dtrace_hdl_t *dtp, char **argv, int n, char *verdef, size_t vlen,
    const char *prologue)
{
	static const char *const fixed[] = { "-x", "c", "-D__linux", "-D__linux__",
	    "-D__unix", "-D__x86_64", "-D__SUNW_D=1", "-D__SUNW_D_64" };
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		argv[n++] = (char *)fixed[i];
	snprintf(verdef, vlen, "-D__SUNW_D_VERSION=0x%08llx",
	    (unsigned long long)dtp->opt[DTOPT_VERSION]);
	argv[n++] = verdef;
	if (dtp->opt[DTOPT_STDC] == DT_STDC_XS)
		argv[n++] = "-traditional-cpp";
	if (dtp->opt[DTOPT_CPPHDRS])
		argv[n++] = "-H";
	for (int i = 0; i < dtp->cppargc; i++)
		argv[n++] = dtp->cppargv[i];
	if (prologue) {
		argv[n++] = "-include";
		argv[n++] = (char *)prologue;
	}
	return n;
}

/* Run cpp (argv) over its input; its standard output, malloc'd, in
 * *out.  Returns cpp's exit status, 126 if it could not be executed, 127
 * if it was not found, -2 if it could not be started. */
static int cpp_exec(const char *path, char **argv, char **out)
{
	int pfd[2];
	*out = NULL;
	if (pipe(pfd) < 0)
		return -2;
	pid_t pid = fork();
	if (pid == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		close(pfd[1]);
		execvp(path, argv);
		_exit(errno == ENOENT ? 127 : 126);
	}
	close(pfd[1]);
	size_t cap = 4096, used = 0;
	char *buf = pid > 0 ? malloc(cap) : NULL;
	ssize_t r;
	while (buf && (r = read(pfd[0], buf + used, cap - used - 1)) > 0) {
		used += (size_t)r;
		if (used + 1 == cap) {
			char *nb = realloc(buf, cap *= 2);
			if (!nb)
				free(buf);
			buf = nb;
		}
	}
	close(pfd[0]);
	int st = 0;
	while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		continue;
	if (pid < 0) {
		free(buf);
		return -2;
	}
	if (buf)
		buf[used] = '\0';
	*out = buf;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/*
 * Run the C preprocessor (cpppath, else cpp on PATH) over src; returns
 * malloc'd output or NULL.  Its diagnostics go to dtrace's own standard
 * error, naming the script and its lines (the input starts with a line
 * marker); a failure is reported in dtrace's words.  A first line
 * starting with #! (an interpreter file) is left out but its newline
 * kept, so the line numbers stay right.
 */
static char *run_cpp(dtrace_hdl_t *dtp, const char *src)
{
	char in[] = "/tmp/dtrace-cpp-XXXXXX", pro[] = "/tmp/dtrace-cpp-XXXXXX";
	char marker[4200] = "", stdc[128];
	int has_pro = dtp->opt[DTOPT_STDC] != DT_STDC_XS;

	if (src[0] == '#' && src[1] == '!') {
		const char *nl = strchr(src, '\n');
		src = nl ? nl : src + strlen(src);
	}
	if (dtp->cur_is_file && !strpbrk(dtp->cur_name, "\"\\\n"))
		snprintf(marker, sizeof(marker), "# 1 \"%s\"\n", dtp->cur_name);
	snprintf(stdc, sizeof(stdc), "#pragma GCC system_header\n#undef __STDC__\n"
	    "#define __STDC__ %d\n", dtp->opt[DTOPT_STDC] == DT_STDC_XC);
	if (cpp_tmpfile(in, marker, src) < 0 || (has_pro && cpp_tmpfile(pro, stdc, "") < 0)) {
		if (in[sizeof(in) - 2] != 'X')
			unlink(in);
		dt_set_err(dtp, "cannot write a file for the preprocessor: %s", strerror(errno));
		return NULL;
	}

	const char *path = dt_opt_str(dtp, DTOPT_CPPPATH, "cpp");
	const char *base = strrchr(path, '/');
	char *argv[96], verdef[48], *out;
	int n = 0;
	argv[n++] = (char *)(base ? base + 1 : path);
	n = cpp_args(dtp, argv, n, verdef, sizeof(verdef), has_pro ? pro : NULL);
	argv[n++] = in;
	argv[n] = NULL;
	int estat = cpp_exec(path, argv, &out);
	unlink(in);
	if (has_pro)
		unlink(pro);
	if (estat != 0 || !out) {
		free(out);
		dt_compile_error(dtp, D_UNKNOWN, -1, estat == -2 ? "Failed to fork preprocessor" :
		    estat == 126 ? "Failed to exec preprocessor" :
		    estat == 127 ? "Preprocessor not found" : !out ? "Memory allocation failure" :
		    "Preprocessor failed to process input program");
		return NULL;
	}
	return out;
}

int dtrace_compile(dtrace_hdl_t *dtp, const char *src, const char *name,
    int flags, int *nmatched)
{
	struct dt_perr perr;
	char *pre = NULL;

	dtp->cur_name = name;
	dtp->cur_is_file = (flags & DTRACE_C_FILE) != 0;
	dtp->cur_libtag = NULL;
	dt_xlate_reset(dtp);
	if (!dtp->opt[DTOPT_NOLIBS] && dt_dlib_load(dtp) < 0)
		return -1;
	if (dtp->opt[DTOPT_VERBOSE] && !dtp->dump)
		dtp->dump = dtp->output.err;	/* -x verbose is -S */
	if (flags & DTRACE_C_ZDEFS)
		dtp->opt[DTOPT_ZDEFS] = 1;
	if ((flags & DTRACE_C_CPP) || dtp->opt[DTOPT_CPP]) {
		if (!(pre = run_cpp(dtp, src)))
			return -1;
		src = pre;
	}
	/* macro arguments are expanded while parsing, so a defaultargs
	 * pragma must be seen before the parse */
	for (const char *p = strstr(src, "defaultargs"); p; p = strstr(p + 1, "defaultargs")) {
		const char *bol = p;
		while (bol > src && bol[-1] != '\n')
			bol--;
		char pre[64];
		int n = 0;
		for (const char *q = bol; q < p && n < 63; q++)
			if (*q != ' ' && *q != '\t')
				pre[n++] = *q;
		pre[n] = '\0';
		if (!strcmp(pre, "#pragmaDoption"))
			dtp->opt[DTOPT_DEFAULTARGS] = 1;
	}
	dtp->macros.defaultargs = (int)dtp->opt[DTOPT_DEFAULTARGS];
	memset(&perr, 0, sizeof(perr));
	struct ast_prog *prog = dt_parse(dtp->parse, src, &dtp->macros, &perr);
	int eof_line = 1;	/* where the parser stopped: the line after the last */
	for (const char *p = src; (p = strchr(p, '\n')) != NULL; p++)
		eof_line++;
	free(pre);
	if (!prog) {
		dt_compile_error(dtp, perr.tag, perr.line, perr.msg);
		return -1;
	}
	if (dtp->optset[DTOPT_TREE] && dtp->output.err)
		dt_ast_dump(dtp->output.err, prog);	/* -x tree: the parse tree */
	if (!prog->items && !dtp->opt[DTOPT_EMPTY]) {
		dt_ast_prog_free(prog);
		dt_compile_error(dtp, D_EMPTY, dtp->cur_is_file ? eof_line : -1,
		    "empty D program translation unit");
		return -1;
	}
	struct ast_prog **na = realloc(dtp->asts, (size_t)(dtp->nasts + 1) * sizeof(*na));
	if (!na) {
		dt_ast_prog_free(prog);
		return dt_set_err(dtp, "out of memory");
	}
	dtp->asts = na;
	dtp->asts[dtp->nasts++] = prog;

	/* arguments the program never references are an error in dtrace */
	if (!dtp->opt[DTOPT_DEFAULTARGS] && !dtp->opt[DTOPT_ARGREF]) {
		for (int i = 1; i < dtp->macros.argc; i++) {
			if (prog->argref && i < prog->argc && prog->argref[i])
				continue;
			char msg[512];
			snprintf(msg, sizeof(msg), "extraneous argument '%s' ($%d is not referenced)",
			    dtp->macros.argv[i], i);
			dt_compile_error(dtp, D_MACRO_UNUSED, 1, msg);
			return -1;
		}
	}
	int before = dtp->matched;
	dtp->prog_first_stmt = dtp->nstmts;
	dtp->list_mode = (flags & DTRACE_C_LIST) != 0;
	for (int i = 0; i < dtp->nunmatched; i++)
		free(dtp->unmatched[i]);
	dtp->nunmatched = 0;
	dtp->in_program = 1;	/* its pragmas: not the preprocessor's options */
	int rc = dt_sema(dtp, prog, dtp->cur_is_file);
	dtp->in_program = 0;
	if (rc < 0)
		return -1;
	if (dtp->dump && (dtp->opt[DTOPT_DISASM] & DT_DISASM_CLAUSES))
		for (int i = dtp->prog_first_stmt; i < dtp->nstmts; i++)
			dt_vartab_print(dtp, dtp->stmts[i], dtp->dump);
	if (nmatched)
		*nmatched = dtp->matched - before;
	dtp->quiet = (int)dtp->opt[DTOPT_QUIET];
	return 0;
}

int dtrace_compile_file(dtrace_hdl_t *dtp, const char *path, int flags, int *nmatched)
{
	char *src = dt_read_file(path, 0, 0, NULL);
	if (!src)
		return dt_set_err(dtp, "failed to open %s: %s", path, strerror(errno));
	int rc = dtrace_compile(dtp, src, path, flags | DTRACE_C_FILE, nmatched);
	free(src);
	return rc;
}

struct iter_cb {
	dtrace_probe_f *fn;
	void *arg;
};

static int iter_one(dtrace_hdl_t *dtp, struct dt_probe *p, void *arg)
{
	struct iter_cb *c = arg;
	dtrace_probeinfo_t pi;
	(void)dtp;
	dt_probeinfo(p, &pi);
	return c->fn ? c->fn(&pi, c->arg) : 0;
}

/*
 * desc as the compiler reads a probe description: the macro variables
 * ($target, $pid, ... and $1..$n, $$n) expanded, so that `dtrace -l -n
 * 'pid$target:libc.so.6::entry' -c cmd` lists the command's probes.  A
 * name that is no macro variable is left as written (it then matches
 * nothing).
 */
static void expand_macros(dtrace_hdl_t *dtp, const char *desc, char *out, size_t len)
{
	size_t o = 0;
	for (const char *s = desc; *s && o + 1 < len;) {
		const char *e = s + 1;
		if (*s != '$') {
			out[o++] = *s++;
			continue;
		}
		if (*e == '$')
			e++;
		char val[512] = "";
		int got = 0;
		if (isdigit((unsigned char)*e)) {
			long n = strtol(e, (char **)&e, 10);
			if (n >= 0 && n < dtp->macros.argc) {
				snprintf(val, sizeof(val), "%s", dtp->macros.argv[n]);
				got = 1;
			}
		} else if (isalpha((unsigned char)*e) || *e == '_') {
			char name[64];
			size_t k = 0;
			while ((isalnum((unsigned char)*e) || *e == '_') && k + 1 < sizeof(name))
				name[k++] = *e++;
			name[k] = 0;
			long long v;
			if (dt_lex_macro_var(&dtp->macros, name, &v)) {
				snprintf(val, sizeof(val), "%lld", v);
				got = 1;
			}
		}
		if (!got) {	/* as written */
			out[o++] = *s++;
			continue;
		}
		o += (size_t)snprintf(out + o, len - o, "%s", val);
		if (o >= len)
			o = len - 1;
		s = e;
	}
	out[o] = 0;
}

int dtrace_probe_iter(dtrace_hdl_t *dtp, const char *desc,
    dtrace_probe_f *fn, void *arg)
{
	char buf[1024], xdesc[1024];
	const char *f[4] = { "", "", "", "" };
	struct iter_cb c = { fn, arg };

	if (desc && *desc && strspn(desc, "0123456789") == strlen(desc)) {
		unsigned long id = strtoul(desc, NULL, 10);
		dt_probe_iter(dtp, "", "", "", "", NULL, NULL);	/* populate */
		if (id == 0 || id > dtp->nprobes)
			return 0;
		iter_one(dtp, dtp->probes[id - 1], &c);
		return 1;
	}
	if (desc && strchr(desc, '$')) {
		expand_macros(dtp, desc, xdesc, sizeof(xdesc));
		desc = xdesc;
	}
	if (desc && dt_pdesc_split(desc, buf, sizeof(buf), f) < 0)
		return dt_set_err(dtp, "invalid probe description \"%s\": Overspecified probe description", desc);
	return dt_probe_iter(dtp, f[0], f[1], f[2], f[3], iter_one, &c);
}

void dtrace_set_dump(dtrace_hdl_t *dtp, FILE *fp)
{
	dtp->dump = fp;
}

int dtrace_set_formatter(dtrace_hdl_t *dtp, const dtrace_formatter_t *f, void *arg)
{
	release_output(dtp);
	dtp->fmt_custom = f != NULL;
	if (!f)
		return select_output(dtp);
	dtp->fmt = f;
	dtp->output.arg = arg;
	return 0;
}

void dtrace_set_errfile(dtrace_hdl_t *dtp, FILE *err)
{
	dtp->output.err = err;
}

/*
 * The run-time options dtrace_go() checks before anything is loaded:
 * grabanon (Linux keeps no anonymous tracing state to claim), cpu (a CPU
 * that is online), lockmem (the locked-memory limit, raised or lowered
 * as asked).
 */
static int go_options(dtrace_hdl_t *dtp)
{
	if (dtp->opt[DTOPT_GRABANON])
		return dt_set_err(dtp, "No anonymous tracing state");
	if (dtp->optset[DTOPT_CPU] && !dt_cpu_online(dtp->opt[DTOPT_CPU]))
		return dt_set_err(dtp, "%s", strerror(EINVAL));
	if (dtp->optset[DTOPT_LOCKMEM]) {
		struct rlimit lim = { dtp->opt[DTOPT_LOCKMEM], dtp->opt[DTOPT_LOCKMEM] };
		if (setrlimit(RLIMIT_MEMLOCK, &lim) < 0)
			return dt_set_err(dtp, "%s", strerror(errno));
	}
	return 0;
}

int dtrace_program_check(dtrace_hdl_t *dtp)
{
	if (select_output(dtp) < 0 || go_options(dtp) < 0)
		return -1;
	dtp->check_only = 1;	/* for good: the maps are stand-ins */
	int rc = dt_destr_check(dtp) < 0 || dt_load(dtp) < 0 ? -1 : 0;
	dt_unload(dtp);
	return rc;
}

int dtrace_go(dtrace_hdl_t *dtp, FILE *out)
{
	if (dtp->check_only)
		return dt_set_err(dtp, "the programs were only checked: dtrace_go( ) needs "
		    "a handle dtrace_program_check( ) has not used");
	dt_outact_set_out(dtp, out);
	if (select_output(dtp) < 0 || go_options(dtp) < 0)
		return -1;
	if (dt_destr_check(dtp) < 0 || dt_load(dtp) < 0 || dt_consume_open(dtp) < 0)
		return -1;
	if (dtp->uses_kstack)	/* the kernel's symbols, read while tracing */
		dt_ksyms_prefetch(dtp);
	/* BEGIN runs synchronously, in this thread, before anything else */
	dt_fire(dtp, dtp->probes[DT_PROBE_BEGIN - 1]);
	dtp->begun = 1;
	dt_consume(dtp);	/* a failed write is dtrace_work()'s error */
	return dt_prov_start(dtp);
}

void dtrace_request_stop(dtrace_hdl_t *dtp)
{
	dtp->stop_requested = 1;
}

void dtrace_interrupt(dtrace_hdl_t *dtp)
{
	DT_OUT0(dtp, interrupt);
	dtrace_request_stop(dtp);
}

int dtrace_stop(dtrace_hdl_t *dtp, FILE *out)
{
	dt_outact_set_out(dtp, out);
	dt_prov_stop(dtp);
	if (dtp->begun && !dtp->ended) {
		dtp->ended = 1;
		dt_consume(dtp);
		dt_fire(dtp, dtp->probes[DT_PROBE_END - 1]);
		dt_consume_final(dtp);
		{	/* drops and ERROR-clause faults of the last moments,
			 * and the final exit() status (END may set it) */
			uint64_t st, es;
			if (dt_consume_state(dtp, &st, &es) == 0)
				dtp->exit_status = (int)(int32_t)es;
		}
		dt_spec_finish(dtp);
		dt_agg_drops(dtp, 1);
		dt_consume_lost(dtp, 1);
		DT_OUT(dtp, exit, dtrace_exit_status(dtp));
		/* -x flamegraph=FILE: the stack aggregations as they end */
		const char *fg = dt_opt_str(dtp, DTOPT_FLAMEGRAPH, NULL);
		if (fg && dt_flamegraph_write(dtp, fg) < 0) {
			int e = errno;	/* the flush may set it */
			DT_OUT0(dtp, flush);
			return dt_set_err(dtp, "cannot write flame graph %s: %s", fg, strerror(e));
		}
	}
	DT_OUT0(dtp, flush);
	return dt_out_error(dtp);
}

int dtrace_exit_status(dtrace_hdl_t *dtp)
{
	return dtp->exiting ? dtp->exit_status : 0;
}

int dtrace_exited(dtrace_hdl_t *dtp)
{
	return dtp->exiting;
}

int dtrace_uses_ustack(dtrace_hdl_t *dtp)
{
	return dtp->uses_ustack;
}

void dtrace_proc_exiting(dtrace_hdl_t *dtp, pid_t pid)
{
	if (dtp->uses_ustack)
		dt_usym_grab((int)pid);
}
