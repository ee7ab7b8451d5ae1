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
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
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
#include "kernel/traceiter.h"
#include "kernel/tracefs.h"
#include "base/output.h"
#include "fmt/printf.h"
#include "front/ast.h"
#include "front/parse.h"
#include "prov/prov.h"
#include "sema/dlib.h"
#include "sema/program.h"
#include "sema/sema.h"
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
	return dtp;
}

void dtrace_close(dtrace_hdl_t *dtp)
{
	if (!dtp)
		return;
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
	dt_printf_free_all(dtp);
	free(dtp->gvars);
	free(dtp->aggs);
	free(dtp->aggdrops);
	free(dtp->aggdrops_buf);
	free(dtp->gbuf);
	free(dtp->ecbs);
	for (int i = 0; i < dtp->nasts; i++)
		dt_ast_prog_free(dtp->asts[i]);
	free(dtp->asts);
	for (int i = 0; i < dtp->cppargc; i++)
		free(dtp->cppargv[i]);
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
	dt_types_free(&dtp->types);
	if (dtp->arena)
		dt_arena_free(dtp->arena);
	free(dtp);
}

int dtrace_cppopt(dtrace_hdl_t *dtp, const char *arg)
{
	if (dtp->cppargc >= (int)(sizeof(dtp->cppargv) / sizeof(dtp->cppargv[0])) - 1)
		return dt_set_err(dtp, "too many preprocessor options");
	if (!(dtp->cppargv[dtp->cppargc] = strdup(arg)))
		return dt_set_err(dtp, "out of memory");
	dtp->cppargc++;
	return 0;
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

/* Run the C preprocessor over src; returns malloc'd output or NULL. */
static char *run_cpp(dtrace_hdl_t *dtp, const char *src)
{
	char tmpl[] = "/tmp/dtrace-cpp-XXXXXX";
	int fd = mkstemp(tmpl);
	if (fd < 0) {
		dt_set_err(dtp, "cannot create a file for the preprocessor: %s", strerror(errno));
		return NULL;
	}
	size_t len = strlen(src);
	if (write(fd, src, len) != (ssize_t)len) {
		close(fd);
		unlink(tmpl);
		dt_set_err(dtp, "cannot write a file for the preprocessor");
		return NULL;
	}
	close(fd);

	char *argv[96];
	int n = 0;
	argv[n++] = "cpp";
	argv[n++] = "-x";
	argv[n++] = "c";
	argv[n++] = "-D__linux";
	argv[n++] = "-D__linux__";
	argv[n++] = "-D__unix";
	argv[n++] = "-D__x86_64";
	argv[n++] = "-D__SUNW_D=1";
	argv[n++] = "-D__SUNW_D_64";
	for (int i = 0; i < dtp->cppargc; i++)
		argv[n++] = dtp->cppargv[i];
	argv[n++] = tmpl;
	argv[n] = NULL;

	int pfd[2];
	if (pipe(pfd) < 0) {
		unlink(tmpl);
		dt_set_err(dtp, "cannot run the preprocessor: %s", strerror(errno));
		return NULL;
	}
	pid_t pid = fork();
	if (pid == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		close(pfd[1]);
		execvp("cpp", argv);
		_exit(127);
	}
	close(pfd[1]);
	size_t cap = 4096, used = 0;
	char *out = malloc(cap);
	ssize_t r;
	while (out && (r = read(pfd[0], out + used, cap - used - 1)) > 0) {
		used += (size_t)r;
		if (used + 1 == cap) {
			char *no = realloc(out, cap *= 2);
			if (!no) {
				free(out);
				out = NULL;
			} else
				out = no;
		}
	}
	close(pfd[0]);
	int st = 0;
	if (pid > 0)
		waitpid(pid, &st, 0);
	unlink(tmpl);
	if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0 || !out) {
		free(out);
		dt_set_err(dtp, "failed to preprocess %s: cpp %s", dtp->cur_name,
		    pid < 0 ? "could not be started" :
		    (WIFEXITED(st) && WEXITSTATUS(st) == 127) ? "is not installed" : "failed");
		return NULL;
	}
	out[used] = '\0';
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
	if (dt_dlib_load(dtp) < 0)
		return -1;
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
	free(pre);
	if (!prog) {
		dt_compile_error(dtp, perr.tag, perr.line, perr.msg);
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
	if (!dtp->opt[DTOPT_DEFAULTARGS]) {
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
	if (dt_sema(dtp, prog, dtp->cur_is_file) < 0)
		return -1;
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

int dtrace_probe_iter(dtrace_hdl_t *dtp, const char *desc,
    dtrace_probe_f *fn, void *arg)
{
	char buf[1024];
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

int dtrace_go(dtrace_hdl_t *dtp, FILE *out)
{
	dt_outact_set_out(dtp, out);
	if (select_output(dtp) < 0)
		return -1;
	if (dt_destr_check(dtp) < 0 || dt_load(dtp) < 0 || dt_consume_open(dtp) < 0)
		return -1;
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
		DT_OUT(dtp, exit, dtrace_exit_status(dtp));
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
