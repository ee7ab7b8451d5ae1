/*
 * dtrace.h - the public interface of libdtrace.
 *
 * A consumer opens a handle, sets options, compiles one or more D
 * programs (from -n descriptions or -s files), starts tracing with
 * dtrace_go() (which fires BEGIN), then calls dtrace_work() in a loop to
 * consume records until it reports DONE, and finally dtrace_stop()
 * (which fires END) and dtrace_close().  Every failing call returns -1
 * (or NULL) and leaves a one-line message in dtrace_errmsg().
 *
 * What tracing produces (records, aggregation snapshots, drops, faults,
 * messages, the exit status) is decoded into the typed values below and
 * handed to a formatter: a built-in one chosen with the oformat option
 * (text, as dtrace(1M) prints; json, JSON Lines; openmetrics), or the
 * consumer's own (dtrace_set_formatter).  The library itself writes only
 * to the FILE streams it is given.
 */
#ifndef DTRACE_H
#define DTRACE_H

#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>

#define DTRACE_VERSION "2.0"
#define DTRACE_VERSION_STRING "Sun D 1.13"

/* the API is what libdtrace.so exports; everything else is hidden */
#pragma GCC visibility push(default)

typedef struct dtrace_hdl dtrace_hdl_t;

/* compile flags */
#define DTRACE_C_FILE	0x1	/* source is a script file (-s) */
#define DTRACE_C_ZDEFS	0x2	/* allow descriptions matching nothing */
#define DTRACE_C_CPP	0x4	/* run the C preprocessor first */
#define DTRACE_C_LIST	0x8	/* for listing: descriptions may match
				   nothing; see dtrace_unmatched() */

/* dtrace_work() results */
typedef enum {
	DTRACE_WORKSTATUS_ERROR = -1,
	DTRACE_WORKSTATUS_OKAY = 0,
	DTRACE_WORKSTATUS_DONE = 1
} dtrace_workstatus_t;

/* stability attributes, as the Dynamic Tracing Guide's stability chapter
 * names them */
typedef struct dtrace_attribute {
	const char *name;	/* Identifier Names: Internal .. Standard */
	const char *data;	/* Data Semantics */
	const char *class;	/* Dependency Class: Unknown .. Common */
} dtrace_attribute_t;

/* one probe, for listings */
typedef struct dtrace_probeinfo {
	uint32_t id;
	const char *prov, *mod, *func, *name;
	/* filled by dtrace_probe_info() only: */
	dtrace_attribute_t desc;	/* minimum over the four fields */
	dtrace_attribute_t args;	/* the provider's argument attributes */
	int nargs;			/* typed arguments, -1 if unknown */
	const char *argtypes[10];	/* args[]: translated where translated */
	int nnative;			/* > 0 only for a probe whose provider
					   definition translates its arguments */
	const char *nativetypes[10];	/* arg0..: the native types */
} dtrace_probeinfo_t;

typedef int dtrace_probe_f(const dtrace_probeinfo_t *, void *);

dtrace_hdl_t *dtrace_open(int *errp);
/* 1 if this process has the privileges tracing needs (CAP_SYS_ADMIN, or
 * CAP_BPF and CAP_PERFMON, in its effective set, and a readable
 * tracefs), else 0: then dtrace(1M) says "failed to initialize dtrace:
 * DTrace requires additional privileges" and so does a compile whose
 * probe description matches nothing (-e).  Decided once per process. */
int dtrace_privileged(void);
void dtrace_close(dtrace_hdl_t *dtp);
const char *dtrace_errmsg(dtrace_hdl_t *dtp);

int dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val);
int dtrace_getopt(dtrace_hdl_t *dtp, const char *opt, int64_t *val);
/* arguments for the C preprocessor (-D, -U, -I) */
int dtrace_cppopt(dtrace_hdl_t *dtp, const char *arg);

/* Macro variables: $target and $1..$n. */
int dtrace_set_target(dtrace_hdl_t *dtp, pid_t pid);
int dtrace_set_args(dtrace_hdl_t *dtp, int argc, char *const argv[]);

/*
 * Compile a program; on success *nmatched is the number of probes it
 * enables.  name is the script file name (DTRACE_C_FILE) or the text of
 * the probe description.
 */
int dtrace_compile(dtrace_hdl_t *dtp, const char *src, const char *name,
    int flags, int *nmatched);

/* Compile the script file path ("-": standard input), as dtrace -s does. */
int dtrace_compile_file(dtrace_hdl_t *dtp, const char *path, int flags, int *nmatched);

/* List probes matching a description (NULL: all). */
int dtrace_probe_iter(dtrace_hdl_t *dtp, const char *desc,
    dtrace_probe_f *fn, void *arg);
/* The probes the last compiled program enables, clause by clause. */
int dtrace_enabled_iter(dtrace_hdl_t *dtp, dtrace_probe_f *fn, void *arg);
/* With DTRACE_C_LIST: the i-th description of the last program that
 * matched nothing (prov:mod:func:name), NULL past the end. */
const char *dtrace_unmatched(dtrace_hdl_t *dtp, int i);
/* Attributes and argument types of a probe (reads its metadata). */
int dtrace_probe_info(dtrace_hdl_t *dtp, uint32_t id, dtrace_probeinfo_t *pi);
/* Minimum stability over what the compiled programs use: the probe
 * descriptions' and the statements' attributes (dtrace -v). */
int dtrace_program_attrs(dtrace_hdl_t *dtp, dtrace_attribute_t *desc,
    dtrace_attribute_t *stmt);

/* ---- the output: typed values and formatters ---- */

/* a value: an integer (signed or not, of its D type's size), a string,
 * bytes (a traced struct, union or array; tracemem()), or a float or
 * double read from memory (D does no floating-point arithmetic: the value
 * is its IEEE 754 bits) */
typedef enum {
	DTRACE_VAL_INT, DTRACE_VAL_UINT, DTRACE_VAL_STRING, DTRACE_VAL_BYTES,
	DTRACE_VAL_FLOAT,
	DTRACE_VAL_SYMBOL	/* sym(), func(), mod() (a kernel address),
				   usym(), ufunc(), umod(), uaddr() (a user
				   one) as the text dtrace prints for it
				   (str, "vmlinux`ksys_write", "0x..." if
				   unknown) */
} dtrace_valkind_t;
typedef struct dtrace_value {
	dtrace_valkind_t kind;
	uint32_t size;			/* integers: bytes of the D type as
					   recorded (1, 2, 4, 8); bytes: count;
					   floats: 4 (float) or 8 (double);
					   strings: the bytes at str as dtrace
					   records them (a string: strsize, its
					   NUL and zeros after it; a char
					   array: its bytes as they were) */
	union {
		int64_t i;		/* DTRACE_VAL_INT */
		uint64_t u;		/* DTRACE_VAL_UINT; DTRACE_VAL_FLOAT:
					   the bits, in the low size bytes */
		const char *str;	/* DTRACE_VAL_STRING, _SYMBOL:
					   NUL-terminated */
		const uint8_t *bytes;	/* DTRACE_VAL_BYTES */
	};
} dtrace_value_t;

/* the probe firing a record belongs to */
#define DTRACE_PD_QUIET		0x1	/* quiet: no probe line, bare values */
#define DTRACE_PD_FLOW		0x2	/* flowindent: flow and indent are set */
#define DTRACE_PD_RAWBYTES	0x4	/* rawbytes: strings as byte dumps too */
#define DTRACE_PD_SYSCALLFLOW	0x8	/* -F marks entry/return with => and <= */
enum { DTRACE_FLOW_NONE, DTRACE_FLOW_ENTRY, DTRACE_FLOW_RETURN };
typedef struct dtrace_probedata {
	int cpu;
	uint32_t epid;			/* the enabled probe (clause) */
	const dtrace_probeinfo_t *probe;
	unsigned flags;			/* DTRACE_PD_* */
	int flow;			/* DTRACE_FLOW_* (flowindent) */
	int indent;			/* call depth, in columns (flowindent) */
} dtrace_probedata_t;

/* printf() and print() records, and printa() with a format, as
 * dtrace(1M) prints them: write the text to fp (0, or -1 if a write
 * failed) */
typedef int dtrace_render_f(const void *cookie, FILE *fp);
typedef struct dtrace_text {
	dtrace_render_f *render;
	const void *cookie;
} dtrace_text_t;

/* an aggregation snapshot: rows sorted as the aggsort options say, each
 * with its keys and the value of every aggregation printed together
 * (printa(@a, @b) joins them on their keys) */
typedef enum {
	DTRACE_AGG_COUNT, DTRACE_AGG_SUM, DTRACE_AGG_AVG, DTRACE_AGG_MIN,
	DTRACE_AGG_MAX, DTRACE_AGG_STDDEV, DTRACE_AGG_QUANTIZE,
	DTRACE_AGG_LQUANTIZE, DTRACE_AGG_LLQUANTIZE
} dtrace_aggfunc_t;
typedef struct dtrace_agginfo {
	const char *name;		/* without '@'; "" for @ */
	const char *func;		/* "count", "quantize", ... */
	dtrace_aggfunc_t kind;
	int64_t base, limit, step;	/* lquantize() */
	int64_t factor, low, high, nsteps;	/* llquantize() */
	uint64_t normal;		/* normalize()'s divisor, 0 or 1: none */
} dtrace_agginfo_t;
typedef struct dtrace_aggkey {
	const char *name;		/* the key expression when it is a
					   name (execname, probefunc), else
					   "keyN" */
	int is_string;
	uint32_t size;			/* integers: 1, 2, 4, 8 */
	int is_signed;
	int is_stack;			/* stack(): size / 8 kernel PCs */
	int is_ustack;			/* ustack(): the pid (8 bytes), then
					   size / 8 - 1 user PCs */
} dtrace_aggkey_t;
typedef struct dtrace_bucket {
	int64_t low, high;		/* the values it holds: low..high,
					   both included */
	uint64_t count;
} dtrace_bucket_t;
typedef struct dtrace_aggval {
	/* count, sum, min, max: the value; avg and stddev as dtrace prints
	 * them (normalized, in integers); the quantize family: the total */
	int64_t value;
	uint64_t count;			/* avg, stddev: samples; the quantize
					   family: the total count */
	int nbuckets;			/* the quantize family: the buckets
					   that are not empty, lowest first */
	const dtrace_bucket_t *buckets;
} dtrace_aggval_t;
/* a kernel stack (stack()) or, with user set, a user stack (ustack())
 * of process pid: its frames, innermost first, each
 * "module`function+0xoff" ("module`function" at offset 0; "0x..." for
 * an address no symbol holds; a user frame in an object without a
 * symbol there "module`0x..."), and the stackindent option */
typedef struct dtrace_stack {
	uint32_t nframes;
	const uint64_t *pcs;
	const char *const *frames;
	int indent;
	int user;
	int pid;
} dtrace_stack_t;

typedef struct dtrace_aggdata dtrace_aggdata_t;
int dtrace_aggdata_naggs(const dtrace_aggdata_t *ad);
const dtrace_agginfo_t *dtrace_aggdata_agg(const dtrace_aggdata_t *ad, int j);
int dtrace_aggdata_nkeys(const dtrace_aggdata_t *ad);
const dtrace_aggkey_t *dtrace_aggdata_keyinfo(const dtrace_aggdata_t *ad, int k);
size_t dtrace_aggdata_nrows(const dtrace_aggdata_t *ad);
/* key k of row r */
void dtrace_aggdata_key(const dtrace_aggdata_t *ad, size_t r, int k, dtrace_value_t *v);
/* key k of row r when it is a stack (is_stack, is_ustack): its frames, until
 * dtrace_stack_free; 0, or -1 if key k is not a stack.  (Its
 * dtrace_aggdata_key value is the PCs, as bytes.) */
int dtrace_aggdata_stack(const dtrace_aggdata_t *ad, size_t r, int k, dtrace_stack_t *s);
void dtrace_stack_free(dtrace_stack_t *s);
/* aggregation j's value in row r (zero-filled where it has no entry);
 * buckets stay valid until the next call */
void dtrace_aggdata_value(const dtrace_aggdata_t *ad, size_t r, int j, dtrace_aggval_t *v);
/* the snapshot as dtrace(1M) prints it (printa()'s format, aggpercpu) */
const dtrace_text_t *dtrace_aggdata_text(const dtrace_aggdata_t *ad);

/* drops: of a kind, on a CPU (-1: not per CPU) */
typedef enum {
	DTRACE_DROP_PRINCIPAL, DTRACE_DROP_AGGREGATION, DTRACE_DROP_DYNAMIC,
	DTRACE_DROP_SPECULATION, DTRACE_DROP_SPECBUSY, DTRACE_DROP_SPECUNAVAIL,
	DTRACE_DROP_ERRORS,		/* faults in ERROR clauses */
	DTRACE_DROP_FIRES		/* timer probe fires lost (tick-N that
					   could not fire on time: the process
					   was stopped or starved); cpu -1 */
} dtrace_dropkind_t;
typedef struct dtrace_drop {
	dtrace_dropkind_t kind;
	int cpu;
	uint64_t count;
	const char *msg;		/* as dtrace(1M) says it: "3 drops on CPU 1"
					   ("[DTRACEDROP_PRINCIPAL] 3 drops on
					   CPU 1" with -x droptags) */
} dtrace_drop_t;

/* an error on an enabled probe: a fault (fault != NULL) or a failed
 * action the consumer carried out (freopen(), setopt()) */
typedef struct dtrace_errdata {
	uint32_t epid;
	const dtrace_probeinfo_t *probe;
	const char *fault;		/* "divide-by-zero", ...; NULL if none */
	int action;			/* the faulting action, 0: the predicate */
	uint64_t pc;			/* BPF pc */
	int has_addr;
	uint64_t addr;			/* the address (or the index) at fault */
	const char *msg;		/* as dtrace(1M) says it: "error on
					   enabled probe ID 3 (ID 1: ...): ..." */
} dtrace_errdata_t;

/* where a formatter writes; out changes when freopen() redirects */
typedef struct dtrace_output {
	FILE *out;			/* the output: base, or the file
					   freopen() opened */
	FILE *base;			/* dtrace_go()'s and dtrace_work()'s
					   out (where freopen("") returns) */
	FILE *err;			/* diagnostics (dtrace_set_errfile) */
	void *arg;			/* the formatter's own */
} dtrace_output_t;

/*
 * A formatter: every hook may be NULL; each returns 0, or -1 when a write
 * failed (tracing then stops with the error).  A record is probe_begin,
 * its actions in order (trace, printf, tracemem, print, and aggregation
 * snapshots of printa()), then probe_end.  Aggregations printed at the
 * end (dtrace_aggregate_print) come between agg_begin and agg_end.
 */
typedef struct dtrace_formatter {
	const char *name;
	int (*probe_begin)(dtrace_output_t *o, const dtrace_probedata_t *pd);
	int (*trace)(dtrace_output_t *o, const dtrace_probedata_t *pd,
	    const dtrace_value_t *v);
	int (*printf)(dtrace_output_t *o, const dtrace_probedata_t *pd,
	    const dtrace_text_t *text);
	int (*tracemem)(dtrace_output_t *o, const dtrace_probedata_t *pd,
	    const dtrace_value_t *bytes);
	/* print(): the object at addr of D type (its bytes and dtrace's
	 * rendering) */
	int (*print)(dtrace_output_t *o, const dtrace_probedata_t *pd,
	    const char *type, uint64_t addr, const dtrace_value_t *bytes,
	    const dtrace_text_t *text);
	int (*probe_end)(dtrace_output_t *o, const dtrace_probedata_t *pd);
	/* pd is NULL at the end (dtrace_aggregate_print) */
	int (*aggregation)(dtrace_output_t *o, const dtrace_probedata_t *pd,
	    const dtrace_aggdata_t *ad);
	int (*agg_begin)(dtrace_output_t *o);
	int (*agg_end)(dtrace_output_t *o);
	int (*drop)(dtrace_output_t *o, const dtrace_drop_t *d);
	int (*error)(dtrace_output_t *o, const dtrace_errdata_t *e);
	/* a diagnostic ("buffer size lowered to 1m"); debug: DTRACE_DEBUG's */
	int (*message)(dtrace_output_t *o, int debug, const char *msg);
	/* dtrace_interrupt(): tracing was interrupted (SIGINT) */
	int (*interrupt)(dtrace_output_t *o);
	/* tracing has ended (after END): the exit() status, or 0 */
	int (*exit)(dtrace_output_t *o, int status);
	/* a pass over the buffers is done: write out what is held */
	int (*flush)(dtrace_output_t *o);
	/* stack() or ustack(): the firing's kernel or user stack (s->user,
	   s->pid) */
	int (*stack)(dtrace_output_t *o, const dtrace_probedata_t *pd,
	    const dtrace_stack_t *s);
} dtrace_formatter_t;

/* Use f (arg: its dtrace_output_t arg) instead of the oformat option's. */
int dtrace_set_formatter(dtrace_hdl_t *dtp, const dtrace_formatter_t *f, void *arg);
/* Where the built-in formatters write diagnostics: drops, faults,
 * messages (dtrace(1M): stderr).  NULL, the default: nowhere. */
void dtrace_set_errfile(dtrace_hdl_t *dtp, FILE *err);

/* Print dtrace -S's listings to fp: each clause's variable table as it
 * compiles, the generated BPF as programs load (the disasm option picks). */
void dtrace_set_dump(dtrace_hdl_t *dtp, FILE *fp);

/* Write to out the C header (dtrace -h) for the providers the compiled
 * programs define, its include guard made of fname's last component as
 * DTrace makes it: per provider, macros PROVIDER_PROBE(args) that expand
 * to sys/sdt.h's DTRACE_PROBEn and PROVIDER_PROBE_ENABLED() testing the
 * probe's semaphore.  Fails when a probe has more than 12 arguments. */
int dtrace_program_header(dtrace_hdl_t *dtp, FILE *out, const char *fname);

/* dtrace -G: write to file an ELF relocatable object that defines the
 * semaphores of the probes the handle's programs' providers declare (in
 * section .probes), to be linked with the objects objv, compiled with the
 * -h header: each must be an ELF relocatable of this machine.  No file
 * is left on failure. */
int dtrace_program_link(dtrace_hdl_t *dtp, const char *file, int objc, char *const objv[]);
/* The same for the providers of one program: the prog-th the consumer
 * compiled (0 the first; dtrace -G writes an object per script). */
int dtrace_program_link_prog(dtrace_hdl_t *dtp, int prog, const char *file, int objc,
    char *const objv[]);

/* Load and attach everything compiled, fire BEGIN. */
int dtrace_go(dtrace_hdl_t *dtp, FILE *out);
/* dtrace -e: everything dtrace_go() does before the kernel's part, so
 * that a program dtrace_go() would refuse for its size, its maps, its
 * options or its buffers is refused here with the same error: the
 * run-time options checked, EPIDs and maps laid out (stand-ins, nothing
 * made in the kernel), every enabled probe's program generated and
 * checked; nothing loaded or attached, no privileges needed.  0, or -1
 * with dtrace_errmsg() set.  The handle can then only be closed:
 * dtrace_go() on it fails. */
int dtrace_program_check(dtrace_hdl_t *dtp);
/* Wait up to the next switch and print what arrived. */
dtrace_workstatus_t dtrace_work(dtrace_hdl_t *dtp, FILE *out);
/* Ask tracing to end: END fires at the next dtrace_work. */
void dtrace_request_stop(dtrace_hdl_t *dtp);
/* The same, because the user interrupted it (SIGINT): the output says
 * so (text: a newline, as dtrace(1M) prints). */
void dtrace_interrupt(dtrace_hdl_t *dtp);
/* Fire END and drain, then the formatter's exit (text: the newline
 * dtrace(1M) prints at the end of tracing); 0, or -1 if writing the
 * output failed.  The exit() status is dtrace_exit_status()'s. */
int dtrace_stop(dtrace_hdl_t *dtp, FILE *out);
/* Print every aggregation printa() has not printed, in order of
 * introduction, as dtrace(1M) does at exit; 0, or -1 on an error
 * reading or printing one. */
int dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *out);
/* the status exit() gave (END may change it), or 0 */
int dtrace_exit_status(dtrace_hdl_t *dtp);
/* 1 if exit() was called */
int dtrace_exited(dtrace_hdl_t *dtp);
/* does the program print user stacks or addresses (ustack(), usym(),
 * ufunc(), umod(), uaddr(), printf's %A)?  Then a consumer that
 * can hold a process at its exit (ptrace PTRACE_O_TRACEEXIT) calls
 * dtrace_proc_exiting there: its mappings are kept for the records not
 * yet printed */
int dtrace_uses_ustack(dtrace_hdl_t *dtp);
void dtrace_proc_exiting(dtrace_hdl_t *dtp, pid_t pid);

#pragma GCC visibility pop

#endif
