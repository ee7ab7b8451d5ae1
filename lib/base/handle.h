/*
 * handle.h - the libdtrace handle (struct dtrace_hdl), which ties the
 * pipeline together: options, the probe table and providers, the
 * compiled program and its record layouts (one per EPID), the BPF maps
 * and programs, and the consumer's state.
 *
 * Every layer reads and writes its own slice of it; this header sits in
 * base/ so that all of them can, and so it names the types of the later
 * layers only as incomplete structs (their definitions stay in their own
 * folders: prov/prov.h, sema/program.h, rt/, consume/).
 */
#ifndef DT_HANDLE_H
#define DT_HANDLE_H

#include <stdint.h>
#include <stdio.h>
#include "dtrace.h"
#include "options.h"
#include "types.h"
#include "macros.h"
#include "buf.h"
#include "spec.h"
#include "errtags.h"
#include "namehash.h"

struct dt_probe;
struct dt_provider;
struct dt_stmt;

/* A clause's description whose provider field names one process
 * (python1234, $target expanded): the probes the process maps later (a
 * library it dlopen()s) that the description matches get the clause
 * (prov/usdtlate.c), as DTrace enables them when the process's new
 * providers appear. */
struct dt_piddesc {
	char *prov, *mod, *func, *name;
	struct dt_stmt *stmt;
};
struct dt_ecb;
struct dt_gvar;
struct dt_dvar;
struct dt_agg;
struct dt_inline;
struct dt_extern;
struct dt_pfargv;
struct dt_arena;
struct dt_fdset;
struct dt_fmt_builtin;
struct dt_rt_prefault;
struct ast_prog;
struct btf;
struct dt_xlator;
struct dt_xlbind;
struct dlib_load;
struct dt_bufs;
struct dt_spec;

struct dtrace_hdl {
	char errmsg[1024];
	enum dt_errtag errtag;		/* the last compile error's tag
					   (dt_compile_error) */
	uint64_t opt[DTOPT_MAX];
	int optset[DTOPT_MAX];
	char *optstr[DTOPT_MAX];	/* DT_OPT_PATH options' text */
	int in_program;			/* options come from a D program's
					   pragmas (DT_OPTF_NOPROG refused) */
	char *cppargv[64];
	int cppargc;
	int ncpus;			/* possible CPUs */

	/* probes */
	struct dt_probe **probes;	/* by id - 1 */
	uint32_t nprobes, probecap;
	struct dt_probe **phash;
	uint32_t nhash;
	/* the probes by provider, function and name (prov/probe.c): each
	 * name to the first of its chain; nprobe_ix probes indexed so far,
	 * none until probe_scans descriptions were matched by a scan */
	struct dt_namehash probe_ix[3];
	uint32_t nprobe_ix, probe_scans;
	struct dt_provider *provs;	/* the registry's providers, in order
					   (prov/registry.c) */
	int nprovs;

	/* program */
	int nstmts;
	struct dt_stmt **stmts;
	struct dt_ecb *ecbs;		/* by epid; [0] unused */
	uint32_t necbs;
	struct dt_gvar **gvars;
	int ngvars;
	struct dt_typetab types;
	struct dt_arena *arena;	/* IR nodes, compiled clauses */
	struct dt_inline *inlines;
	/* what names mean, indexed (base/namehash.h): each global, dynamic
	 * variable (by kind: self->, this->, associative array),
	 * aggregation and inline (the latest) by name */
	struct dt_namehash gvar_ix, dvar_ix[3], agg_ix, inline_ix;
	struct dt_pfargv **pfs;		/* printf formats, freed at close */
	int npfs;
	const char *cur_name;		/* program being compiled */
	int cur_is_file;
	int btf_loaded, btf_off_done;
	struct btf *btf;
	struct dt_type **btf_types;
	uint32_t nbtf_types;
	struct dt_type *task_type;	/* struct task_struct, from BTF, lazily */
	char *ksyms;			/* /proc/kallsyms text, read on first use */
	int ksyms_loaded;
	struct dt_ksymtab *ksymtab;	/* sorted text symbols (kernel/ksyms.c), lazily */
	int ksymtab_loaded;
	void *ksym_prefetch;		/* its build in a thread (kernel/ksyms.c) */
	int uses_kstack;		/* stack(): prefetch the table at go */
	/* kernel variables /proc/kallsyms does not list (kvar.c) */
	int kvar_probed;		/* the kernel was asked, once */
	uint64_t kvar_percpu;		/* link address of the per-CPU section, or 0 */
	uint64_t kvar_jiffies;		/* &jiffies, or 0 */
	int fd_kvar, kvar_map_made;	/* per-CPU map for this CPU's offset (cg/kvar.c) */
	struct dt_extern *externs;	/* extern declarations of kernel symbols */
	int uses_timestamp;		/* cache timestamp per firing */
	int uses_errno;
	int uses_ustack;		/* ustack(), usym() and friends: user
				   addresses to symbolize (consume/usym.c,
				   fmt/usymfmt.c) */
	int fd_upids, fd_upidrb;	/* ... the pids announced and the ring
					   announcing new ones (rt/upid.c), 0
					   if none */
	int fd_upidlast;		/* ... each CPU's last pid seen announced */
	void *upid_rb;			/* ... its reader (consume/upid.c) */
	int provwake;			/* the providers' poll fds are in the
					   buffers' epoll set (consume/buf.c) */
	int uses_stack;			/* stackdepth/caller...: frame has a stack buffer */
	int uses_cpuinfo;		/* curcpu/chip/lgrp: needs dt_cpuinfo */
	int fd_cpuinfo;			/* per-CPU facts map (cpuinfo.c), 0 if none */
	struct dt_dvar *dvars;
	uint32_t ndvars, nthis;
	uint32_t this_size;		/* bytes of this-> variables */
	uint32_t dv_tuple;		/* largest key tuple */
	uint32_t dv_valsize;		/* largest dynamic variable value (>= 8) */
	int uses_strtok;		/* the frame keeps strtok() state */
	int uses_scratch;		/* alloca/copyin scratch space */
	uint32_t sou_size;		/* largest struct built in the frame (a
					   whole translation assigned) */
	int uses_chill;			/* chill(): the per-CPU dt_chill map */
	int uses_copyout;		/* copyout/copyoutstr: bpf_probe_write_user */
	int fd_chill;			/* ... its fd, 0 if none */
	struct dt_rt_prefault *prefault;	/* the companions of uprobe
					   programs: their buffer map and the
					   programs loaded (rt/load.c), or NULL */
	struct dt_agg **aggs;		/* in order of introduction */
	int naggs;
	uint32_t agg_tuple;		/* largest aggregation key tuple */
	uint32_t agg_valsize;		/* largest aggregation value */
	uint64_t *aggdrops;		/* reported so far, per CPU */
	void *aggdrops_buf;		/* the scratch map, read for the drops */
	uint64_t aggdrops_at;		/* last read, CLOCK_MONOTONIC ns */
	uint64_t *uagg_drops;		/* per CPU: keys consume/uagg.c could
					   not add (reported with the above) */
	int aggsize_hinted;		/* the hint to raise aggsize is given */
	uint64_t lost_at;		/* lost fires last read (consume/lost.c) */
	int kf_iter[3];			/* BTF ids of bpf_iter_num_new/next/destroy */
	int fd_dvars;			/* the dynamic variable hash map */
	int fd_dvzero;			/* one zero value, as large as any dynamic
					   variable's: what a dynamic object is
					   created from and reads as unassigned */
	uint64_t dvdrops;		/* reported so far */
	uint64_t dblerrs;		/* ERROR-clause faults reported so far */
	void *gbuf;			/* copy of the globals map value */
	int btf_off[4];
	uint32_t gsize;			/* globals map value size */
	uint32_t scratch_size;
	int scratch_percpu;		/* dt_scratch is a PERCPU_ARRAY (else an
					   ARRAY with an entry per CPU) */
	void *scratch_mem;		/* the ARRAY, mapped for the consumer */
	size_t scratch_memlen;
	uint32_t maxrec;
	int uses_destructive;		/* a destructive action (freopen, destr.c) is used */
	FILE *freopen_fp;		/* freopen(): where output goes now */
	int nerr_stmts;
	int matched;			/* probes matched */
	int prog_first_stmt;		/* first statement of the last program */
	int list_mode;			/* -l: unmatched descriptions are listed */
	char **unmatched;		/* ... here, as prov:mod:func:name */
	int nunmatched;
	struct dt_piddesc *piddescs;	/* descriptions naming one process
					   (sema/clause.c) */
	int npiddescs;

	/* BPF objects */
	int fd_buffers, fd_globals, fd_scratch;
	struct dt_fdset *progs;		/* the loaded programs (rt/load.c) */
	struct dt_bufs *bufs;		/* principal buffers (rt/buf.c) */
	struct dt_bufplan bufplan;	/* ... what code generation needs of them */
	int check_only;			/* load with stand-in maps, load and attach
					   nothing (dtrace_program_check(),
					   kernel/bpfmap.c) */

	/* consumer */
	const dtrace_formatter_t *fmt;	/* the output's formatter */
	dtrace_output_t output;		/* ... where it writes, its state */
	const struct dt_fmt_builtin *fmt_builtin; /* fmt's, if built in (fmt/) */
	int fmt_custom;			/* fmt is dtrace_set_formatter()'s */
	int out_errno;			/* a write to the output failed */
	int quiet;
	int exiting;			/* exit() seen or stop requested */
	int exit_status;
	int ended;
	FILE *dump;			/* -S */
	uint32_t dis_nextid[3];		/* -S: DIF variable ids given, per scope
					   (sema/vartab.c) */
	int flow_indent;		/* -F: current depth, in columns */
	uint32_t flow_last;		/* -F: EPID of the last record */
	int stop_requested;
	int begun;
	uint64_t next_switch;
	struct ast_prog **asts;
	int nasts;
	struct dt_macros macros;
	struct dt_parse_state *parse;	/* the parser's type names and
					   BTF lookup (front/parse.h) */

	/* translators (xlate.c) and D libraries (dlib.c) */
	struct dt_xlator *xlators;	/* in declaration order */
	struct dt_xlbind *xlbinds;	/* translator inputs in scope */
	int nxlbinds, xlbindcap;
	char **libdirs;			/* -L / -x libdir, searched first */
	int nlibdirs;
	int libs_loaded;		/* libraries read (first compile) */
	const char *cur_libtag;		/* library file being compiled */
	struct dlib_load *dlib_cur;	/* the D libraries and their index */

	/* speculations (spec.h) */
	int uses_spec;			/* speculation() or an action on one */
	struct dt_specmaps specmaps;	/* their maps (rt/spec.c) */
	struct dt_spec *spec;		/* held records (consume/spec.c) */

	/* provider definitions (prov/provdef.h) */
	struct dt_provdefs *provdefs;
};

/* handle.c: the handle's error message, -1 returned for convenience */
int dt_set_err(dtrace_hdl_t *dtp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A compile error of kind tag at line (of library cur_libtag if set; -1:
 * no line), in dtrace's wording for a script or a probe description; with
 * -x errtags the tag comes before the place, as "[D_SYNTAX] line 3: ". */
void dt_compile_error(dtrace_hdl_t *dtp, enum dt_errtag tag, int line, const char *msg);
/* zeroed memory that lives as long as the handle (its arena) */
void *dt_alloc(dtrace_hdl_t *dtp, size_t size);

#endif
