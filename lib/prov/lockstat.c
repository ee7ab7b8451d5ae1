/*
 * lockstat.c - the lockstat provider's contention probes, from Linux's
 * lock contention tracepoints: lock:contention_begin(void *lock,
 * unsigned int flags) where a waiter starts to spin or sleep, and
 * lock:contention_end(void *lock, int ret) where it has the lock (or
 * gave up: ret != 0).
 *
 * The probes fire at contention_end with args[1] the time since the
 * first contention_begin of that wait.  The provider keeps the start of
 * each wait in a BPF map of its own (an LRU hash keyed by task and lock
 * address, so nested waits of one task and waits in interrupts do not
 * mix), written by two programs of its own attached before any probe's:
 *   begin:  a new wait records its start and flags; a later begin of the
 *           same wait (a mutex's spinner going to sleep) marks it blocked
 *   end:    the wait's time is computed, the entry marked done (valid)
 * The kernel runs a tracepoint's programs in the order they were
 * attached, so each probe's program at contention_end sees the entry the
 * end program has just completed; its filter (the cg_filter hook) keeps
 * only the waits of its lock class and a successful acquisition.
 *
 * adaptive-acquire-error fires instead where a mutex wait ended without
 * the lock (mutex_lock_interruptible() and the like interrupted by a
 * signal, a ww_mutex deadlock), args[1] the error (-EINTR...).
 *
 * The class comes from the flags of include/trace/events/lock.h (values
 * as this kernel's lock/contention_begin format prints them; tests check
 * them there): a mutex (MUTEX) spun or slept: adaptive-spin or
 * adaptive-block; a queued spinlock (SPIN alone): spin-spin; a queued
 * rwlock_t (SPIN with READ or WRITE): rw-spin; a struct rw_semaphore
 * (READ or WRITE, sleeping): rw-block.  rt_mutexes (RT), per-CPU
 * rw_semaphores (PERCPU) and semaphores (no flag) are none of the
 * Guide's classes and fire nothing.  The hold-event probes (*-acquire,
 * *-release) need lockdep or kprobes: not here (docs/ARCHITECTURE.md).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include "tracepoint.h"

extern const struct dt_provider_ops dt_prov_lockstat;

/* include/trace/events/lock.h (no BTF enum: #defines) */
#define LCB_F_SPIN	(1U << 0)
#define LCB_F_READ	(1U << 1)
#define LCB_F_WRITE	(1U << 2)
#define LCB_F_RT	(1U << 3)
#define LCB_F_PERCPU	(1U << 4)
#define LCB_F_MUTEX	(1U << 5)
#define LS_BLOCKED	(1U << 30)	/* ours: a later begin without SPIN */

/* the Guide's (illumos krw_t) values of rw-* args[2] */
#define RW_WRITER	0
#define RW_READER	1

/* the map: key { task, lock }, value as below */
#define V_START		0		/* u64: first begin, 0 once ended */
#define V_TIME		8		/* u64: ns from first begin to end */
#define V_FLAGS		16		/* u32: first begin's flags | LS_BLOCKED */
#define V_VALID		20		/* u32: the last end completed a wait */
#define V_SIZE		24
#define LS_ENTRIES	16384

struct ls_probe {
	const char *name;
	uint32_t mask, value;		/* (flags & mask) == value */
	uint32_t any;			/* and, if set, flags & any */
	int nargs;
	const char *arg0;
	int error;			/* fires when the acquisition failed:
					   args[1] is the error (ret) */
};

#define NOTLOCK (LCB_F_RT | LCB_F_PERCPU | LCB_F_MUTEX)
static const struct ls_probe probes[] = {
	{ "adaptive-acquire-error", LCB_F_MUTEX | LCB_F_RT, LCB_F_MUTEX, 0,
	    2, "struct mutex *", 1 },
	{ "adaptive-block", LCB_F_MUTEX | LCB_F_RT | LS_BLOCKED, LCB_F_MUTEX | LS_BLOCKED, 0,
	    2, "struct mutex *", 0 },
	{ "adaptive-spin", LCB_F_MUTEX | LCB_F_RT | LS_BLOCKED, LCB_F_MUTEX, 0,
	    2, "struct mutex *", 0 },
	{ "rw-block", LCB_F_SPIN | NOTLOCK, 0, LCB_F_READ | LCB_F_WRITE,
	    3, "struct rw_semaphore *", 0 },
	{ "rw-spin", LCB_F_SPIN | NOTLOCK, LCB_F_SPIN, LCB_F_READ | LCB_F_WRITE,
	    3, "rwlock_t *", 0 },
	{ "spin-spin", LCB_F_SPIN | LCB_F_READ | LCB_F_WRITE | NOTLOCK, LCB_F_SPIN, 0,
	    2, "spinlock_t *", 0 },
};
#define NPROBES ((int)(sizeof(probes) / sizeof(probes[0])))

struct ls_state {
	int map_fd;			/* the waits, -1 until first needed */
	int hooked;			/* begin/end programs attached */
};

static struct ls_state *state(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_lockstat);
	if (!slot)
		return NULL;
	if (!*slot) {
		struct ls_state *s = calloc(1, sizeof(*s));
		if (!s)
			return NULL;
		s->map_fd = -1;
		*slot = s;
	}
	return *slot;
}

static int waits_map(dtrace_hdl_t *dtp)
{
	struct ls_state *s = state(dtp);
	if (!s)
		return dt_set_err(dtp, "out of memory");
	if (s->map_fd < 0) {
		s->map_fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_LRU_HASH, "dt_lockstat", 16, V_SIZE,
		    LS_ENTRIES, NULL);
		if (s->map_fd < 0)
			return dt_set_err(dtp, "cannot create the lockstat map: %s",
			    strerror(errno));
	}
	return s->map_fd;
}

static int ls_populate(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < NPROBES; i++)
		if (!dt_probe_create(dtp, &dt_prov_lockstat, "vmlinux", "", probes[i].name,
		    (uint64_t)i))
			return -1;
	return 0;
}

static const struct ls_probe *probe_of(const struct dt_probe *p)
{
	return &probes[p->pdata];
}

static const char *ls_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	(void)dtp;
	(void)native;
	const struct ls_probe *lp = probe_of(p);
	if (i >= lp->nargs)
		return NULL;
	return i == 0 ? lp->arg0 : i == 1 && !lp->error ? "uint64_t" : "int";
}

/* R0 = the wait's entry (key { current task, lock } at R10 - 16), or 0 */
static void lookup(struct dt_asm *a, int map_fd)
{
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_task));
	dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, -16));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 0));
	dt_asm_emit(a, STX_MEM(BPF_DW, R10, R1, -8));
	dt_asm_ld_map_fd(a, R1, map_fd);
	dt_asm_emit(a, MOV64_REG(R2, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R2, -16));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_map_lookup_elem));
}

/* only a completed wait of the probe's lock class that acquired the
 * lock (ret == 0), or for adaptive-acquire-error one that failed */
static int ls_cg_filter(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int out)
{
	(void)out;
	const struct ls_probe *lp = probe_of(p);
	int fd = waits_map(dtp), lx = dt_asm_new_label(a), lok = dt_asm_new_label(a);
	if (fd < 0)
		return -1;
	lookup(a, fd);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, 0, 0), lx);
	dt_asm_emit(a, LDX_MEM(BPF_W, R1, R0, V_VALID));
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, 0, 0), lx);
	dt_asm_emit(a, LDX_MEM(BPF_W, R1, R6, 8));		/* int ret */
	dt_asm_jump(a, JMP_IMM(lp->error ? BPF_JEQ : BPF_JNE, R1, 0, 0), lx);
	dt_asm_emit(a, LDX_MEM(BPF_W, R1, R0, V_FLAGS));
	dt_asm_emit(a, MOV64_REG(R2, R1));
	dt_asm_emit(a, ALU64_IMM(BPF_AND, R2, (int32_t)lp->mask));
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R2, (int32_t)lp->value, 0), lx);
	if (lp->any)
		dt_asm_jump(a, JMP_IMM(BPF_JSET, R1, (int32_t)lp->any, 0), lok);
	else
		dt_asm_jump(a, JA(0), lok);
	dt_asm_place(a, lx);
	dt_asm_emit(a, MOV64_IMM(R0, 0));
	dt_asm_emit(a, EXIT_INSN());
	dt_asm_place(a, lok);
	return 0;
}

/* args[0] the lock, args[1] the wait in ns, args[2] RW_WRITER/RW_READER */
static int ls_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	const struct ls_probe *lp = probe_of(p);
	int fd = waits_map(dtp);
	if (fd < 0)
		return -1;
	if (nargs > 0) {
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 0));
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS));
	}
	if (nargs > 1 && lp->error) {		/* int ret, sign-extended */
		dt_asm_emit(a, LDX_MEM(BPF_W, R1, R6, 8));
		dt_asm_emit(a, ALU64_IMM(BPF_LSH, R1, 32));
		dt_asm_emit(a, ALU64_IMM(BPF_ARSH, R1, 32));
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS + 8));
	} else if (nargs > 1) {
		lookup(a, fd);
		dt_asm_emit(a, MOV64_IMM(R1, 0));
		dt_asm_emit(a, MOV64_IMM(R2, RW_READER));
		dt_asm_emit(a, JMP_IMM(BPF_JEQ, R0, 0, 5));
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R0, V_TIME));
		dt_asm_emit(a, LDX_MEM(BPF_W, R3, R0, V_FLAGS));
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R3, LCB_F_WRITE));
		dt_asm_emit(a, JMP_IMM(BPF_JEQ, R3, 0, 1));
		dt_asm_emit(a, MOV64_IMM(R2, RW_WRITER));
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS + 8));
		if (nargs > 2)
			dt_asm_emit(a, STX_MEM(BPF_DW, R9, R2, DT_MS_ARGS + 16));
	}
	for (int i = 2; i < nargs; i++)
		if (i >= lp->nargs)
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
	return 0;
}

/*
 * contention_begin(lock, flags): a new wait (no entry, or one that has
 * ended) starts now with these flags; a further begin of the same wait
 * only notes that it went to sleep (a begin without SPIN).
 */
static void gen_begin(struct dt_asm *a, int map_fd)
{
	int lnew = dt_asm_new_label(a), lout = dt_asm_new_label(a);
	lookup(a, map_fd);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, 0, 0), lnew);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R0, V_START));
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, 0, 0), lnew);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 8));
	dt_asm_jump(a, JMP_IMM(BPF_JSET, R1, LCB_F_SPIN, 0), lout);
	dt_asm_emit(a, LDX_MEM(BPF_W, R1, R0, V_FLAGS));
	dt_asm_emit(a, ALU32_IMM(BPF_OR, R1, LS_BLOCKED));
	dt_asm_emit(a, STX_MEM(BPF_W, R0, R1, V_FLAGS));
	dt_asm_jump(a, JA(0), lout);
	/* value at R10 - 40: start, time 0, flags, valid 0 */
	dt_asm_place(a, lnew);
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_ktime_get_ns));
	dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, -40));
	dt_asm_emit(a, ST_MEM(BPF_DW, R10, -32, 0));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 8));
	dt_asm_emit(a, JMP_IMM(BPF_JSET, R1, LCB_F_SPIN, 1));
	dt_asm_emit(a, ALU32_IMM(BPF_OR, R1, LS_BLOCKED));
	dt_asm_emit(a, STX_MEM(BPF_W, R10, R1, -24));
	dt_asm_emit(a, ST_MEM(BPF_W, R10, -20, 0));
	dt_asm_ld_map_fd(a, R1, map_fd);
	dt_asm_emit(a, MOV64_REG(R2, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R2, -16));
	dt_asm_emit(a, MOV64_REG(R3, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, -40));
	dt_asm_emit(a, MOV64_IMM(R4, BPF_ANY));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_map_update_elem));
	dt_asm_place(a, lout);
}

/* contention_end(lock, ret): the wait's time; valid says this end
 * completed a wait the begin program saw start */
static void gen_end(struct dt_asm *a, int map_fd)
{
	int lout = dt_asm_new_label(a), lstale = dt_asm_new_label(a);
	lookup(a, map_fd);
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, 0, 0), lout);
	dt_asm_emit(a, MOV64_REG(R7, R0));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R8, R7, V_START));
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R8, 0, 0), lstale);
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_ktime_get_ns));
	dt_asm_emit(a, ALU64_REG(BPF_SUB, R0, R8));
	dt_asm_emit(a, STX_MEM(BPF_DW, R7, R0, V_TIME));
	dt_asm_emit(a, ST_MEM(BPF_DW, R7, V_START, 0));
	dt_asm_emit(a, ST_MEM(BPF_W, R7, V_VALID, 1));
	dt_asm_jump(a, JA(0), lout);
	dt_asm_place(a, lstale);
	dt_asm_emit(a, ST_MEM(BPF_W, R7, V_VALID, 0));
	dt_asm_place(a, lout);
}

static int load_hook(dtrace_hdl_t *dtp, int map_fd, int end, const char *tp)
{
	struct dt_asm a;
	dt_asm_init(&a);
	dt_asm_emit(&a, MOV64_REG(R6, R1));
	if (end)
		gen_end(&a, map_fd);
	else
		gen_begin(&a, map_fd);
	dt_asm_emit(&a, MOV64_IMM(R0, 0));
	dt_asm_emit(&a, EXIT_INSN());
	if (dt_asm_finish(&a) < 0) {
		dt_asm_free(&a);
		return dt_set_err(dtp, "out of memory");
	}
	char log[4096] = "";
	LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = log, .log_size = sizeof(log),
	    .log_level = 0);
	int fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, end ? "dt_ls_end" : "dt_ls_begin",
	    "GPL", a.insns, (size_t)a.n, &o);
	int err = errno;
	dt_asm_free(&a);
	if (fd < 0)
		return dt_set_err(dtp, "failed to load the lockstat %s program: %s",
		    tp, strerror(err));
	int link = bpf_raw_tracepoint_open(tp, fd);
	err = errno;
	close(fd);
	if (link < 0)
		return dt_set_err(dtp, "failed to enable lock:%s: %s", tp, strerror(err));
	return dt_prov_keep_fd(dtp, &dt_prov_lockstat, link);
}

/* The first probe attached brings the begin and end programs, so that
 * they run before every probe's program on contention_end. */
static int ls_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	struct ls_state *s = state(dtp);
	if (!s || s->map_fd < 0)
		return dt_set_err(dtp, "lockstat: no map for %s", p->name);
	if (!s->hooked) {
		if (load_hook(dtp, s->map_fd, 0, "contention_begin") < 0 ||
		    load_hook(dtp, s->map_fd, 1, "contention_end") < 0)
			return -1;
		s->hooked = 1;
	}
	return dt_rawtp_attach(dtp, p, "contention_end", prog_fd);
}

static const char *ls_tp_event(const struct dt_probe *p)
{
	(void)p;
	return "contention_end";
}

static void ls_fini(dtrace_hdl_t *dtp, void *st)
{
	(void)dtp;
	struct ls_state *s = st;
	if (s && s->map_fd >= 0)
		close(s->map_fd);
	free(s);
}

const struct dt_provider_ops dt_prov_lockstat = {
	.name = "lockstat",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_COMMON }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_COMMON },
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_COMMON } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = ls_populate,
	.argtype = ls_argtype,
	.cg_filter = ls_cg_filter,
	.cg_args = ls_cg_args,
	.tp_event = ls_tp_event,
	.attach = ls_attach,
	.fini = ls_fini,
};
