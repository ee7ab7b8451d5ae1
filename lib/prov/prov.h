/*
 * prov.h - providers and the probe table.
 *
 * A provider is one file in prov/ that defines a struct dt_provider_ops
 * and one row in registry.c's table; nothing outside prov/ names a
 * provider.  The rest of the library reaches providers only through
 * these hooks: the compiler asks them for probes, argument types and the
 * code that fetches arguments; the runtime asks them to attach programs
 * and to start and stop; the handle's end tears them down.  Each provider
 * keeps its own per-handle state (dt_prov_state) and its attachments
 * (dt_prov_keep_fd), so it never adds fields to the handle.
 * docs/ARCHITECTURE.md, "Adding a provider", walks through writing one.
 */
#ifndef DT_PROV_H
#define DT_PROV_H

#include <stdint.h>
#include <linux/bpf.h>
#include "base/handle.h"
#include "base/fdset.h"
#include "base/layout.h"

struct dt_asm;

/* stability levels and dependency classes, lowest first */
enum { DT_ST_INTERNAL, DT_ST_PRIVATE, DT_ST_OBSOLETE, DT_ST_EXTERNAL,
	DT_ST_UNSTABLE, DT_ST_EVOLVING, DT_ST_STABLE, DT_ST_STANDARD };
enum { DT_CL_UNKNOWN, DT_CL_CPU, DT_CL_PLATFORM, DT_CL_GROUP, DT_CL_ISA,
	DT_CL_COMMON };
struct dt_attr { unsigned char name, data, class; };

/* flags of a provider */
#define DT_PROVF_SYSCALL_FLOW	0x1	/* -F marks entry and return with
					   => and <=, as for system calls */
#define DT_PROVF_PREFAULT	0x2	/* its probes are uprobes (or run in
					   the probed task, where a sleepable
					   program may fault pages in): a
					   probe whose clauses copy in user
					   memory at addresses cg_uarg can
					   compute gets a sleepable companion
					   (cg/prefault.c), p->prefault_fd */
#define DT_PROVF_COOKIE		0x4	/* its cg_args reads the attach
					   cookie at R9 + DT_MS_PRID in a
					   shared program: the trampoline
					   always stores it there (without
					   the flag, only if a clause reads
					   it; cg/prog.c) */

struct dt_provider_ops {
	const char *name;
	/* stability of provider, module, function, name, arguments */
	struct dt_attr attr[5];
	enum bpf_prog_type prog_type;
	unsigned flags;			/* DT_PROVF_* */

	/* -- the probe table -- */
	/* Make every probe of the provider known (for -l and globs). */
	int (*populate)(dtrace_hdl_t *dtp);
	/* Create a probe on demand for an exact description (profile-1234);
	 * returns NULL if the provider cannot. */
	struct dt_probe *(*provide)(dtrace_hdl_t *dtp, const char *mod,
	    const char *func, const char *name);
	/* D type of argument i ("int", "char *", "string"), NULL past the
	 * last or when the probe has no typed arguments (args[] then is an
	 * error); with native set, the type as the kernel spells it, for
	 * listings ("const char *", "umode_t").  May read metadata lazily. */
	const char *(*argtype)(dtrace_hdl_t *dtp, struct dt_probe *p, int i,
	    int native);
	/* For an argument the provider passes untranslated, as DTrace's
	 * stable providers do: the native type of the value in args[i]
	 * ("struct task_struct *"); args[i] is then that value translated to
	 * argtype's type ("psinfo_t *") by a D library's translator, exactly
	 * as xlate <psinfo_t *>(value) would be.  NULL (or no hook): args[i]
	 * is the value itself, of argtype's type. */
	const char *(*argxlate)(dtrace_hdl_t *dtp, struct dt_probe *p, int i);

	/* Optional, for a provider that lists no probes on this system:
	 * why, as one clause (no newline) in buf; 0 if it has no reason to
	 * give.  Asked only when a description naming the provider exactly
	 * matches nothing, so it may be slow (it may try the kernel). */
	int (*why_none)(dtrace_hdl_t *dtp, char *buf, size_t len);

	/* -- code generation (R6 the context, R9 the mstate frame) -- */
	/* Emit code that copies arguments 0..nargs-1 from the context into
	 * the frame's args[] (DT_MS_ARGS), and sets errno (DT_MS_ERRNO)
	 * where the provider has one; returns -1 if it cannot. */
	int (*cg_args)(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p,
	    int nargs);
	/* Optional: emit a test that decides whether this hit of the
	 * probe's kernel hook is a firing of the probe (exec-failure: execve
	 * returned < 0; sched:::sleep: a sched_switch whose previous thread
	 * blocks); code that jumps to label out ends the program without
	 * firing.  It runs first, before anything is recorded or counted
	 * (lean programs too), may use R0-R5 and the stack at R10 - 64 ..
	 * R10 - 1 only, and must keep R6 (the context).  Returns -1, with
	 * the error set (dt_set_err), if it cannot. */
	int (*cg_filter)(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p,
	    int out);
	/* Emit code storing string argument i into R9 + off, at most size
	 * bytes, NUL-terminated; -1 if the provider cannot. */
	int (*cg_argstr)(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p,
	    int i, int off, int size);
	/* For DT_PROVF_PREFAULT: emit code loading argument i of p, as
	 * the probe's own program sees argN, into register reg from the
	 * context (R6, the struct pt_regs of the uprobe), in a sleepable
	 * program (cg/prefault.c); it may use R0-R5 and the stack at
	 * R10 - 64 .. R10 - 1 (a helper may read a stack argument), must
	 * keep R6-R9 (but reg), and returns -1 having emitted nothing if
	 * it cannot (that argument's copies are then not faulted in).
	 * There is no frame (R9): what differs between the probes of a
	 * shared program it reads from the context or the cookie it
	 * attached the companion with (bpf_get_attach_cookie). */
	int (*cg_uarg)(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p,
	    int i, int reg);
	/* The kernel tracepoint the probe's program runs under (its
	 * __traceiter_ function may sit at the top of the kernel stack),
	 * or NULL. */
	const char *(*tp_event)(const struct dt_probe *p);
	/* Optional: how many kernel frames bpf_get_stack() skips before
	 * the function that fired p (before the tracepoint's iterator frame,
	 * which is dropped where tp_event names it), when its program type's
	 * default (cg/subr.c) is wrong for p: e.g. the perf syscall events
	 * run programs from perf_syscall_enter/exit.  < 0: the default. */
	int (*kskip)(const struct dt_probe *p);
	/* Optional: when p's program fires in any process (a USDT glob
	 * attached to the object for every process, prov/usdt.c), the
	 * length of the base of p->prov, which probeprov then completes
	 * with the firing process's ID (cg/str.c); < 0 otherwise. */
	int (*prov_base)(dtrace_hdl_t *dtp, const struct dt_probe *p);

	/* -- run time -- */
	/* Attach the loaded program; keep what must be closed with
	 * dt_prov_keep_fd.  With DT_PROVF_PREFAULT, p->prefault_fd (if
	 * >= 0, set before attach and attach_shared) is the probe's
	 * sleepable companion, which probes with the same clauses share:
	 * attach it to the same uprobe after prog_fd, and, when attaching
	 * is batched (attach_done), after every probe program (the kernel
	 * runs the newest consumer of a uprobe first, so it faults the
	 * pages in before the probe's program reads). */
	int (*attach)(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd);
	/* -- shared programs (optional: prog_class and attach_shared, and
	 * attach_done if the provider batches) --
	 * Probes of one provider enabled with the same clause list (the
	 * same statements in the same order) and the same class share one
	 * program, which tells them apart at run time by the 64-bit attach
	 * cookie each attachment carries (bpf_get_attach_cookie): the
	 * probe's id in its high 32 bits, its index in the group in the low
	 * 32 (rt/load.c, cg/prog.c).  The provider's cg_args and cg_filter
	 * must emit the same code for every probe of a class.
	 * prog_class: the class of p's program when its clauses read nargs
	 * arguments (pid: entry and return probes differ), or < 0 for a
	 * program of its own.  attach_shared: attach the group's program
	 * prog_fd to p with that cookie; called for every probe of a group
	 * of two or more, in probe order, then attach_done once with the
	 * same prog_fd (create what was batched: one link with every
	 * cookie; may be NULL).  A group of one is an ordinary program
	 * (attach).  tp_event may differ between the probes of a class.
	 * What does differ between them a provider's code reads at run
	 * time: cg_args runs after the trampoline has stored the cookie at
	 * R9 + DT_MS_PRID (the id in the low 32 bits, the index in the
	 * high), so it may look the probe up in a map of its own (a
	 * provider whose cg_args does sets DT_PROVF_COOKIE);
	 * cg_filter, which runs before, may call bpf_get_attach_cookie. */
	int64_t (*prog_class)(dtrace_hdl_t *dtp, struct dt_probe *p, int nargs);
	int (*attach_shared)(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd,
	    uint64_t cookie);
	int (*attach_done)(dtrace_hdl_t *dtp, int prog_fd);
	/* Tracing has started (BEGIN has run) / is about to stop (END has
	 * not run yet): e.g. tick-N's timer thread.  stop may be called
	 * without start, and twice. */
	int (*start)(dtrace_hdl_t *dtp);
	void (*stop)(dtrace_hdl_t *dtp);
	/* Optional: called at each of the consumer's wake-ups while
	 * tracing (dtrace_work: every 50 ms at most), e.g. to find probes
	 * in processes that exec'd (the usdt provider's glob enablings); it
	 * must cost nothing when it has nothing to do.  It may make probes
	 * with clauses (p->clauses, p->nclauses: another probe's, copied)
	 * and return how many: the consumer then has them numbered,
	 * loaded and attached (rt/load.c dt_load_new, through attach as at
	 * start).  It reports a failure with dt_out_message and goes on. */
	int (*poll)(dtrace_hdl_t *dtp);
	/* Optional: a file descriptor (an epoll one is fine) that becomes
	 * readable when poll has something to do, so that the consumer
	 * wakes at once rather than at its next wake-up; -1 if none now. */
	int (*pollfd)(dtrace_hdl_t *dtp);
	/* Release the provider's state (dt_prov_state) when the handle
	 * closes; its kept file descriptors are closed before this. */
	void (*fini)(dtrace_hdl_t *dtp, void *state);
	/* Release p->priv. */
	void (*free_priv)(struct dt_probe *p);

	/* Optional, for a provider whose instances are named by the
	 * process they trace (pid123): make the probes of a description
	 * whose provider field names one of its instances, as many as
	 * the other fields match (globs included), before the description
	 * is matched.  Returns 0 (prov is not one of its instances, or
	 * the probes are made), or -1 with the error and dtp->errtag set
	 * when the description cannot be (a process that cannot be
	 * grabbed, an offset past the function). */
	int (*provide_pdesc)(dtrace_hdl_t *dtp, const char *prov, const char *mod,
	    const char *func, const char *name);
	/* Optional: does p's module field match the description's mod
	 * (non-empty)?  For modules known by several names (the pid
	 * provider's a.out is also its file's name and path; libc.so.6 is
	 * also libc).  Without it: equal, or the glob matches. */
	int (*match_mod)(const struct dt_probe *p, const char *mod);
	/* the expected_attach_type its programs are loaded with (0: none;
	 * a multi-uprobe link needs BPF_TRACE_UPROBE_MULTI) */
	uint32_t attach_type;
	/* Optional, for a provider whose probes provider definitions
	 * (`provider NAME { probe ... };` of programs and D libraries,
	 * provdef.h) describe, as USDT's: the NAME that describes p's
	 * provider (the note's provider, python for python1234), NULL for
	 * none.  args[] of a described probe are then typed by the
	 * definition (translated as it says), and -lv lists its types;
	 * argN stays the native value. */
	const char *(*defname)(const struct dt_probe *p);
	/* Optional, for a provider some of whose arguments cannot be had
	 * (USDT: a spec it cannot decode, memory it cannot read): emit, where a clause
	 * reads argument i (argN, args[N]), a test that jumps to label bad
	 * with the address in R3 (0: none) when this firing's argument i
	 * is unreadable; cg then faults the clause ("invalid address").
	 * It may use R0-R5 and the stack at R10 - 64 .. R10 - 1 and must
	 * keep R6-R9.  Returns 0
	 * having emitted nothing when the argument is always readable, 1
	 * otherwise.  Only for probes with programs of their own (no
	 * prog_class). */
	int (*cg_argcheck)(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int i,
	    int bad);
};

/* the probes of one provider, function or name, in id order (probe.c) */
struct dt_probe_chain {
	struct dt_probe *next;		/* the next probe of the same one */
	struct dt_probe *tail;		/* on the first: the last */
	uint32_t count;			/* on the first: the chain's length */
};
enum { DT_PIX_PROV, DT_PIX_FUNC, DT_PIX_NAME, DT_PIX_MAX };

struct dt_probe {
	uint32_t id;
	char *prov, *mod, *func, *name;
	struct dt_probe_chain ix[DT_PIX_MAX];	/* chains of dtp->probe_ix */
	const struct dt_provider_ops *ops;
	uint64_t pdata;			/* provider-private (rate, kind) */
	void *priv;			/* provider-private, freed by free_priv */
	int nclauses;			/* clauses enabled on it */
	struct dt_stmt **clauses;
	int prog_fd;
	int prefault_fd;		/* its sleepable companion (rt/load.c,
					   cg/prefault.c), -1 if none; set
					   before attach */
	uint32_t *epids;		/* EPID of each clause on it */
	int cfire;			/* consumer-fired with dt_fire() */
	enum bpf_prog_type ptype;	/* if set, overrides ops->prog_type */
	struct dt_probe *hnext;		/* hash chain by full name */
	uint64_t lost;			/* fires that could not happen on time
					   (tick-N: written by the tick thread,
					   read with __atomic_load_n) */
	uint64_t lost_seen;		/* of those, reported (consume/) */
};

/* a provider in one handle (registry.c) */
struct dt_provider {
	const struct dt_provider_ops *ops;
	void *state;			/* the provider's own (dt_prov_state) */
	int populated;			/* its probes are in the table */
	struct dt_fdset fds;		/* what attaching it opened */
};

/* probe.c */
struct dt_probe *dt_probe_create(dtrace_hdl_t *dtp,
    const struct dt_provider_ops *ops, const char *mod, const char *func,
    const char *name, uint64_t pdata);
/* the same for a provider instance of another name than the
 * provider's (pid123 of the pid provider) */
struct dt_probe *dt_probe_create_prov(dtrace_hdl_t *dtp,
    const struct dt_provider_ops *ops, const char *prov, const char *mod,
    const char *func, const char *name, uint64_t pdata);
struct dt_probe *dt_probe_lookup(dtrace_hdl_t *dtp, const char *prov,
    const char *mod, const char *func, const char *name);
typedef int dt_probe_f(dtrace_hdl_t *dtp, struct dt_probe *p, void *arg);
/* dt_probe_iter() indexes the probe table (prov/probe.c) from this many
 * descriptions on, and scans it for the first ones */
#define DT_PROBE_IX_AFTER 4
/* For tests: probes dt_probe_iter() compared with a description so far. */
extern unsigned long dt_probe_nscanned;
/* fn for each probe the description matches (made first by providers
 * that make probes on demand); how many, or -1 with the error and
 * dtp->errtag set when a provider refuses the description */
int dt_probe_iter(dtrace_hdl_t *dtp, const char *prov, const char *mod,
    const char *func, const char *name, dt_probe_f *fn, void *arg);
/* does the description (prov, mod, func, name: "" any, globs) match p? */
int dt_probe_matches(const struct dt_probe *p, const char *prov, const char *mod,
    const char *func, const char *name);
/* into cl (room for dtp->npiddescs), in program order and each once,
 * the clauses of dtp->piddescs that match probe p, or when p is NULL
 * the names (prov, mod, func, name) by their fields alone; how many */
int dt_piddesc_clauses(dtrace_hdl_t *dtp, const struct dt_probe *p, const char *prov,
    const char *mod, const char *func, const char *name, struct dt_stmt **cl);
/* p's clauses: those of dtp->piddescs that match it, in program order,
 * each once (a probe made while tracing); how many, -1 with the error
 * set */
int dt_probe_piddesc_clauses(dtrace_hdl_t *dtp, struct dt_probe *p);
int dt_pdesc_split(const char *text, char *buf, size_t len,
    const char *f[4]);
void dt_probes_free(dtrace_hdl_t *dtp);
/* p as the API shows a probe (its id and names) */
void dt_probeinfo(const struct dt_probe *p, dtrace_probeinfo_t *pi);
/* the program type of p's program */
enum bpf_prog_type dt_probe_prog_type(const struct dt_probe *p);
/* the expected attach type of p's program (0: none) */
uint32_t dt_probe_attach_type(const struct dt_probe *p);

/* registry.c: the providers, in the order their probes are numbered */
int dt_prov_init(dtrace_hdl_t *dtp);
/* the provider of that name, or NULL */
const struct dt_provider_ops *dt_prov_lookup(dtrace_hdl_t *dtp, const char *name);
/* the provider's per-handle state: *slot, to be set by the provider
 * (NULL until then); freed by its fini hook */
void **dt_prov_state(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops);
/* close fd with the provider's other attachments */
int dt_prov_keep_fd(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops, int fd);
/* every provider's probes known (first match, listing) */
void dt_prov_populate_all(dtrace_hdl_t *dtp);
/* ask the providers that make probes on demand for this exact name */
void dt_prov_provide(dtrace_hdl_t *dtp, const char *prov, const char *mod,
    const char *func, const char *name);
/* tracing starts and stops: every provider's start/stop hooks */
int dt_prov_start(dtrace_hdl_t *dtp);
void dt_prov_stop(dtrace_hdl_t *dtp);
/* the consumer's wake-up: every provider's poll hook; how many probes
 * they made to be loaded */
int dt_prov_poll(dtrace_hdl_t *dtp);
/* fn(arg, fd) for each provider's pollfd that has one */
void dt_prov_pollfds(dtrace_hdl_t *dtp, void (*fn)(void *arg, int fd), void *arg);
/* detach everything providers attached (many in parallel) */
void dt_prov_detach(dtrace_hdl_t *dtp);
/* the end of the handle: detach, then each provider's fini */
void dt_prov_fini(dtrace_hdl_t *dtp);

/* dtrace.c: the dtrace provider's BEGIN, END and ERROR */
enum { DT_PROBE_BEGIN = 1, DT_PROBE_END = 2, DT_PROBE_ERROR = 3 };
/* Run a consumer-fired probe's program now, in this thread. */
int dt_fire(dtrace_hdl_t *dtp, struct dt_probe *p);

/* stability.c: attribute arithmetic; dtrace_probe_info */
struct dt_attr dt_attr_min(struct dt_attr a, struct dt_attr b);
void dt_attr_export(struct dt_attr a, dtrace_attribute_t *out);
/* a probe description's: the minimum over the provider and the probe's
 * non-empty fields */
struct dt_attr dt_probe_desc_attr(const struct dt_probe *p);

#endif
