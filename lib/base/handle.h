/*
 * dt_impl.h - libdtrace's internal structures, shared by its modules.
 *
 * The handle (struct dtrace_hdl) ties the pipeline together: options,
 * the probe table and providers, the compiled clauses and their record
 * layouts (one per EPID), the BPF maps and programs, and the consumer.
 * Each module owns one slice of it; this header only declares the shapes.
 */
#ifndef DT_IMPL_H
#define DT_IMPL_H

#include <stdint.h>
#include <stdio.h>
#include <linux/bpf.h>
#include "dtrace.h"
#include "types.h"
#include "agg.h"
#include "front/parse.h"

struct dt_node;
struct dt_clause;
struct dt_probe;
struct dt_cg;
struct dt_pfargv;
struct ast_prog;
struct ast_item;
struct btf;
struct dt_xlator;
struct dt_xlbind;
struct dlib_load;
struct dt_bufs;

/* ---- options (options.c) ---- */
/* DT_OPT_RUNTIME: dtrace's generic run-time value (none: set to 0; a
 * number; yes/no, on/off, ... ; "" unsets); DT_OPT_NOVAL: a flag that
 * takes no value (aggpercpu) */
enum dt_optkind { DT_OPT_BOOL, DT_OPT_SIZE, DT_OPT_RATE, DT_OPT_INT, DT_OPT_STR,
	DT_OPT_RUNTIME, DT_OPT_NOVAL };
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
	DTOPT_MAX
};
struct dt_optdesc {
	const char *name;
	enum dt_optkind kind;
	uint64_t dflt;
	uint64_t min, max;
	enum dt_optclass cls;
};
extern const struct dt_optdesc dt_optdescs[DTOPT_MAX];

/* ---- probes and providers (probe.c, prov_*.c) ---- */
/* stability levels and dependency classes, lowest first */
enum { DT_ST_INTERNAL, DT_ST_PRIVATE, DT_ST_OBSOLETE, DT_ST_EXTERNAL,
	DT_ST_UNSTABLE, DT_ST_EVOLVING, DT_ST_STABLE, DT_ST_STANDARD };
enum { DT_CL_UNKNOWN, DT_CL_CPU, DT_CL_PLATFORM, DT_CL_GROUP, DT_CL_ISA,
	DT_CL_COMMON };
struct dt_attr { unsigned char name, data, class; };

struct dt_provider_ops {
	const char *name;
	/* stability of provider, module, function, name, arguments */
	struct dt_attr attr[5];
	enum bpf_prog_type prog_type;
	/* Make every probe of the provider known (for -l and globs). */
	int (*populate)(dtrace_hdl_t *dtp);
	/* Create a probe on demand for an exact description (profile-1234);
	 * returns NULL if the provider cannot. */
	struct dt_probe *(*provide)(dtrace_hdl_t *dtp, const char *mod,
	    const char *func, const char *name);
	/* Emit code that copies arguments 0..nargs-1 from the context (R6)
	 * into the mstate frame (R9); returns -1 if it cannot. */
	int (*cg_args)(struct dt_cg *cg, struct dt_probe *p, int nargs);
	/* D type of argument i ("int", "char *", "string"), NULL past the
	 * last or when the probe has no typed arguments (args[] then is an
	 * error); with native set, the type as the kernel spells it, for
	 * listings ("const char *", "umode_t").  May read metadata lazily. */
	const char *(*argtype)(dtrace_hdl_t *dtp, struct dt_probe *p, int i,
	    int native);
	/* Emit code storing string argument i into R9 + off, at most size
	 * bytes, NUL-terminated; -1 if the provider cannot. */
	int (*cg_argstr)(struct dt_cg *cg, struct dt_probe *p, int i, int off,
	    int size);
	/* Attach the loaded program; record what must be closed. */
	int (*attach)(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd);
	/* Release p->priv. */
	void (*free_priv)(struct dt_probe *p);
};

struct dt_probe {
	uint32_t id;
	char *prov, *mod, *func, *name;
	const struct dt_provider_ops *ops;
	uint64_t pdata;			/* provider-private (rate, kind) */
	void *priv;			/* provider-private, freed by free_priv */
	int nclauses;			/* clauses enabled on it */
	struct dt_stmt **clauses;
	int prog_fd;
	uint32_t *epids;		/* EPID of each clause on it */
	int cfire;			/* consumer-fired with dt_fire() */
	enum bpf_prog_type ptype;	/* if set, overrides ops->prog_type */
	struct dt_probe *hnext;		/* hash chain by full name */
};

/* ---- compiled clauses (sema.c, cg_*.c) ---- */
enum dt_actkind {
	DT_ACT_EXPR,			/* a statement with no record */
	DT_ACT_TRACE,
	DT_ACT_PRINTF,
	DT_ACT_EXIT,
	DT_ACT_PRINTA,			/* aggs[]: print now; pf: its format */
	DT_ACT_CLEAR,
	DT_ACT_TRUNC,			/* fields[0]: how many to keep, if any */
	DT_ACT_NORMALIZE,		/* fields[0]: the factor */
	DT_ACT_DENORMALIZE,
	DT_ACT_SETOPT,			/* fields: name[, value] (setopt.c) */
	DT_ACT_TRACEMEM,		/* fields: the bytes[, the dynamic size] */
	DT_ACT_PRINT,			/* fields: the address, the bytes */
	DT_ACT_FREOPEN,			/* pf: the file name format (NULL:
					   restore the original output) */
	DT_ACT_FTRUNCATE,
	DT_ACT_SYSTEM,			/* system(): printf's fields; destr.c */
	DT_ACT_DESTR,			/* stop, raise, copyout(str), chill: no data */
	DT_ACT_SPECULATE,		/* fields: id/generation, sequence (spec.h) */
	DT_ACT_COMMIT,			/* no fields: a control record (spec.h) */
	DT_ACT_DISCARD
};

/* One value in a record.  kind says how the consumer decodes it. */
enum dt_recval { DT_RV_INT, DT_RV_STR, DT_RV_BYTES /* a struct, union or
					   array: its bytes */ };
struct dt_recfield {
	enum dt_recval kind;
	uint32_t offset;		/* from the record start */
	uint32_t size;			/* bytes in the record */
	int val_size;			/* D type size of an integer */
	int is_signed;
};

struct dt_action {
	enum dt_actkind kind;
	int nfields;
	struct dt_recfield *fields;
	struct dt_pfargv *pf;		/* printf */
	struct dt_node *node;		/* the statement's IR */
	struct dt_agg **aggs;		/* aggregation actions: their operands */
	int naggs;
	int cond;			/* inside if/else: bit in the header mask */
};

/* A compiled clause: the statement list of one probe clause. */
struct dt_stmt {
	int index;			/* position in the program */
	struct dt_node *pred;
	struct dt_node *body;		/* IR statement list */
	int nactions;
	struct dt_action *actions;
	uint32_t recsize;		/* bytes incl. the header */
	int has_agg;			/* aggregates */
	int has_body;			/* any statement: no default trace record */
	int uses_args;			/* highest argN used + 1 */
	struct dt_probe **probes;	/* the probes it enables, in match order */
	int nprobes;
	char *pdesc_text;		/* for messages */
	int spec_act;			/* 1 + index of its speculate() action */
	int spec_seen;			/* sema_spec.c: what the clause did so far */
};

/* An enabled probe clause: what an EPID names. */
struct dt_ecb {
	uint32_t epid;
	struct dt_probe *probe;
	struct dt_stmt *stmt;		/* NULL for the internal ERROR ECB */
};

#define DT_EPID_ERROR	1		/* internal ERROR enabling */
#define DT_REC_HDR	8		/* u32 epid, u32 reserved */

/* ---- globals map layout ---- */
#define DT_G_STATE	0		/* activity state */
#define DT_G_WALLOFF	8		/* realtime - monotonic, ns */
#define DT_G_EXITSTAT	16		/* exit() status */
#define DT_G_DVDROPS	24		/* dynamic variable drops */
#define DT_G_DBLERRS	32		/* faults in ERROR clauses */
#define DT_G_VARS	40		/* first user variable */

enum { DT_ST_INACTIVE = 0, DT_ST_ACTIVE = 1, DT_ST_DRAINING = 2, DT_ST_STOPPED = 3 };

/* ---- mstate frame layout (in the per-CPU scratch map) ---- */
#define DT_MS_PRID	0
#define DT_MS_ARGS	8		/* u64 args[10] */
#define DT_MS_FAULT	88		/* u64 fault code */
#define DT_MS_FPC	96		/* u64 pc */
#define DT_MS_FADDR	104		/* u64 fault address */
#define DT_MS_FACT	112		/* u64 action index */
#define DT_MS_TS	120		/* u64 timestamp of this firing */
#define DT_MS_ERRNO	128		/* u64 errno of this firing */
#define DT_MS_AGGDROPS	136		/* u64 aggregation drops on this CPU */
#define DT_MS_BUF	144		/* record buffer */

/* bytes a string takes in the frame, variables and keys: strsize + NUL,
 * rounded to 8 */
#define DT_STRAREA(dtp) ((((uint32_t)(dtp)->opt[DTOPT_STRSIZE]) + 8) & ~7u)

/* BPF fault codes, as DTrace numbers them */
enum {
	DTFLT_UNKNOWN = 0, DTFLT_BADADDR = 1, DTFLT_BADALIGN = 2,
	DTFLT_ILLOP = 3, DTFLT_DIVZERO = 4, DTFLT_NOSCRATCH = 5,
	DTFLT_KPRIV = 6, DTFLT_UPRIV = 7, DTFLT_TUPOFLOW = 8,
	DTFLT_BADSTACK = 9,
	DTFLT_BADINDEX = 12		/* Oracle Linux DTrace's: a scalar array
					   index out of bounds (the index) */
};

/* dynamic variables: thread-local (self->), clause-local (this->) and
 * associative arrays; see cg_dvar.c */
enum { DT_DV_SELF, DT_DV_THIS, DT_DV_ASSOC };
#define DT_DV_MAXKEYS 8
struct dt_dvar {
	char *name;
	int kind;
	uint32_t id;			/* in the dynamic variable key */
	struct dt_type *type;
	int nkeys;			/* DT_DV_ASSOC */
	struct dt_type *keys[DT_DV_MAXKEYS];
	uint32_t tuple;			/* bytes of the key tuple */
	uint32_t this_off;		/* DT_DV_THIS: byte offset in the this-> area */
	struct dt_dvar *next;
};
#define DT_DV_KEYHDR 16			/* u32 id, u32 0, u64 thread */

/* an aggregation (sema_agg.c, cg_agg.c, agg_consume.c) */
struct dt_agg {
	char *name;			/* without '@'; "" for @ */
	int id;
	int line;
	struct dt_aggdesc desc;
	int nkeys;
	struct dt_type *keys[DT_DV_MAXKEYS];
	struct dt_aggkeyfield kf[DT_DV_MAXKEYS];
	uint32_t koff[DT_DV_MAXKEYS];
	uint32_t ksize;			/* map key bytes (>= 8) */
	int fd;				/* its PERCPU_HASH map */
	int printed;			/* a printa() printed entries of it:
				   not printed at exit (set as dtrace
				   does, when printa() runs) */
};

struct dt_gvar {			/* a global D variable */
	char *name;
	struct dt_type *type;
	uint32_t offset;		/* in the globals map value */
	int line;
};

struct dt_extern {		/* extern TYPE NAME; gives a kernel symbol a type */
	char *name;
	struct dt_type *type;
	struct dt_extern *next;
};

struct dtrace_hdl {
	char errmsg[1024];
	uint64_t opt[DTOPT_MAX];
	int optset[DTOPT_MAX];
	char *cppargv[64];
	int cppargc;
	int ncpus;			/* possible CPUs */

	/* probes */
	struct dt_probe **probes;	/* by id - 1 */
	uint32_t nprobes, probecap;
	struct dt_probe **phash;
	uint32_t nhash;
	int populated[8];

	/* program */
	int nstmts;
	struct dt_stmt **stmts;
	struct dt_ecb *ecbs;		/* by epid; [0] unused */
	uint32_t necbs;
	struct dt_gvar **gvars;
	int ngvars;
	struct dt_typetab types;
	struct ast_arena *arena;	/* IR nodes, compiled clauses */
	struct dt_inline *inlines;
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
	/* kernel variables /proc/kallsyms does not list (kvar.c) */
	int kvar_probed;		/* the kernel was asked, once */
	uint64_t kvar_percpu;		/* link address of the per-CPU section, or 0 */
	uint64_t kvar_jiffies;		/* &jiffies, or 0 */
	int fd_kvar, kvar_map_made;	/* per-CPU map for this CPU's offset (cg_kvar.c) */
	struct dt_extern *externs;	/* extern declarations of kernel symbols */
	int uses_timestamp;		/* cache timestamp per firing */
	int uses_errno;
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
	int uses_loops;			/* string loops (kfunc iterators) */
	int uses_chill;			/* chill(): the per-CPU dt_chill map */
	int uses_copyout;		/* copyout/copyoutstr: bpf_probe_write_user */
	int fd_chill;			/* ... its fd, 0 if none */
	struct dt_agg **aggs;		/* in order of introduction */
	int naggs;
	uint32_t agg_tuple;		/* largest aggregation key tuple */
	uint32_t agg_valsize;		/* largest aggregation value */
	uint64_t *aggdrops;		/* reported so far, per CPU */
	void *aggdrops_buf;		/* the scratch map, read for the drops */
	uint64_t aggdrops_at;		/* last read, CLOCK_MONOTONIC ns */
	int kf_iter[3];			/* BTF ids of bpf_iter_num_new/next/destroy */
	int fd_dvars;			/* the dynamic variable hash map */
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
	int has_error_clauses;
	int uses_destructive;		/* a destructive action (freopen, destr.c) is used */
	FILE *freopen_fp;		/* freopen(): where output goes now */
	FILE *orig_out;			/* the output dtrace_work() was given */
	struct dt_stmt **err_stmts;
	int nerr_stmts;
	int matched;			/* probes matched */
	int prog_first_stmt;		/* first statement of the last program */
	int list_mode;			/* -l: unmatched descriptions are listed */
	char **unmatched;		/* ... here, as prov:mod:func:name */
	int nunmatched;

	/* BPF objects */
	int fd_buffers, fd_globals, fd_scratch;
	int fd_scprogs[2];		/* syscall dispatch: entry, return */
	int *attach_fds;
	int nattach, attachcap;
	struct dt_bufs *bufs;		/* principal buffers (buf.c) */

	/* consumer */
	FILE *out;
	int quiet;
	int exiting;			/* exit() seen or stop requested */
	int exit_status;
	int ended;
	FILE *dump;			/* -S */
	int heading;			/* CPU ID FUNCTION:NAME printed */
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
	void *tick;			/* prov_profile's tick state */

	/* translators (xlate.c) and D libraries (dlib.c) */
	struct dt_xlator *xlators;	/* in declaration order */
	struct dt_xlbind *xlbinds;	/* translator inputs in scope */
	int nxlbinds, xlbindcap;
	char **libdirs;			/* -L / -x libdir, searched first */
	int nlibdirs;
	int libs_loaded;		/* libraries loaded (first compile) */
	const char *cur_libtag;		/* library file being compiled */
	struct dlib_load *dlib_cur;	/* the library load in progress */
	int dep_error;			/* the last error was a depends_on */

	/* speculations (spec.h) */
	int uses_spec;			/* speculation() or an action on one */
	struct dt_spec *spec;		/* maps and held records */
};

/* An inline.  Library inlines are lowered on first use (value NULL until
 * then), so a library naming kernel types costs nothing unless used. */
struct dt_inline {
	char *name;
	struct dt_node *value;
	struct dt_inline *next;
	struct ast_item *item;		/* lazy: the declaration */
	const char *libtag;		/* lazy: its library file */
	int lowering;			/* lazy: being lowered (cycle guard) */
};

/* errors and memory (dtrace.c) */
/* A compile error at line (of library cur_libtag if set; -1: no line). */
void dt_compile_error(dtrace_hdl_t *dtp, int line, const char *msg);
void *dt_alloc(dtrace_hdl_t *dtp, size_t size);
void dt_register_pf(dtrace_hdl_t *dtp, struct dt_pfargv *pf);
int dt_set_err(dtrace_hdl_t *dtp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* probe.c */
struct dt_probe *dt_probe_create(dtrace_hdl_t *dtp,
    const struct dt_provider_ops *ops, const char *mod, const char *func,
    const char *name, uint64_t pdata);
struct dt_probe *dt_probe_lookup(dtrace_hdl_t *dtp, const char *prov,
    const char *mod, const char *func, const char *name);
typedef int dt_probe_f(dtrace_hdl_t *dtp, struct dt_probe *p, void *arg);
int dt_probe_iter(dtrace_hdl_t *dtp, const char *prov, const char *mod,
    const char *func, const char *name, dt_probe_f *fn, void *arg);
int dt_pdesc_split(const char *text, char *buf, size_t len,
    const char *f[4]);
void dt_probes_free(dtrace_hdl_t *dtp);
extern const struct dt_provider_ops *dt_providers[];

/* prov_dtrace.c */
extern const struct dt_provider_ops dt_prov_dtrace;
enum { DT_PROBE_BEGIN = 1, DT_PROBE_END = 2, DT_PROBE_ERROR = 3 };
int dt_fire(dtrace_hdl_t *dtp, struct dt_probe *p);
/* prov_syscall.c */
extern const struct dt_provider_ops dt_prov_syscall;
/* prov_sdt.c */
extern const struct dt_provider_ops dt_prov_sdt;
/* prov_profile.c */
extern const struct dt_provider_ops dt_prov_profile;
int dt_profile_start_ticks(dtrace_hdl_t *dtp);
void dt_profile_stop_ticks(dtrace_hdl_t *dtp);

/* attachments */
int dt_attach_add(dtrace_hdl_t *dtp, int fd);

/* options.c */
int dt_opt_set(dtrace_hdl_t *dtp, const char *name, const char *val);
/* setopt() while tracing: 0, or -1 with dtrace's reason ("Invalid option
 * name", ...) in *why */
int dt_opt_set_active(dtrace_hdl_t *dtp, const char *name, const char *val,
    const char **why);
int dt_opt_lookup(const char *name);
int dt_parse_size(const char *s, uint64_t *v);
int dt_parse_rate(const char *s, uint64_t *ns);
/* bound the rates as tracing starts, reporting changes (dtrace's go()) */
void dt_opt_go(dtrace_hdl_t *dtp);

#endif
