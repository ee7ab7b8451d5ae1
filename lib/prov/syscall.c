/*
 * syscall.c - the syscall provider: syscall:vmlinux:NAME:entry/return.
 *
 * One probe pair per system call of the running kernel, named as Linux
 * names them, discovered by listing the syscalls tracepoint category (a
 * directory read; no format file is parsed until a script uses a probe).
 * Entry: argN are the call's arguments and args[] is typed from the
 * tracepoint format.  Return: arg0 and arg1 are the return value, and
 * errno is set when the call failed, as in DTrace.
 *
 * Attachment, two paths chosen per direction when the programs are built
 * (sc_path), by how many probes of that direction are enabled:
 *
 *  - few (at most DTRACE_SYSCALL_TPMAX, default 100): each probe's program
 *    is a perf event on its own syscalls:sys_enter_NAME / sys_exit_NAME
 *    tracepoint.  The kernel's syscall events test a bitmap of enabled
 *    calls in C before running any program, so a call that is not traced
 *    costs little more than with no tracer (what bpftrace does).  But
 *    removing such an event costs 28-80 ms here (an RCU synchronization
 *    each, serialized), which is why this is only for few probes.
 *  - many: every probe whose system call number is known (from
 *    <asm/unistd.h> at build time) is a raw-tracepoint program stored in
 *    a program array at its number, and one dispatcher program per
 *    direction, attached to the sys_enter / sys_exit raw tracepoints,
 *    tail-calls into it: one attachment whatever the number of probes,
 *    armed and removed in milliseconds.  Numbers come from the build's
 *    <asm/unistd.h> plus scripts/syscall-nr-extra.txt; a call in neither
 *    (a kernel newer than both) always uses its own tracepoint.
 *
 * Both paths give the same argN, args[], errno and return value: the
 * syscall events record the six argument registers as 8-byte fields and
 * the return value as a long.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include "tracepoint.h"
#include "syscall_nr.h"

#define SC_RETURN	1ULL		/* pdata flag: return probe */
#define SC_NR(p)	((int)((p)->pdata >> 8) - 1)	/* -1: unknown */
#define SC_MAXNR	1024
#define SC_TPMAX	100	/* default most probes per direction on tracepoints */

static int nr_of(const char *name)
{
	size_t lo = 0, hi = sizeof(dt_syscall_nrs) / sizeof(dt_syscall_nrs[0]);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(name, dt_syscall_nrs[mid].name);
		if (c == 0)
			return dt_syscall_nrs[mid].nr;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

/* x86_64 pt_regs offsets of the six argument registers and orig_ax */
static const int regoff[6] = { 14 * 8, 13 * 8, 12 * 8, 7 * 8, 9 * 8, 8 * 8 };
#define ORIG_AX_OFF (15 * 8)

extern const struct dt_provider_ops dt_prov_syscall;

struct sc_list {
	char **names;
	int n, cap;
};

static int add_event(const char *cat, const char *event, void *arg)
{
	struct sc_list *l = arg;
	(void)cat;
	if (strncmp(event, "sys_enter_", 10) != 0)
		return 0;
	if (l->n == l->cap) {
		int ncap = l->cap ? l->cap * 2 : 512;
		char **nn = realloc(l->names, (size_t)ncap * sizeof(char *));
		if (!nn)
			return -1;
		l->names = nn;
		l->cap = ncap;
	}
	if (!(l->names[l->n] = strdup(event + 10)))
		return -1;
	l->n++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the provider's state in a handle: the dispatch tables (their fds are
 * kept with the attachments and closed with them) and the probes */
struct sc_state {
	int progs[2];			/* PROG_ARRAY by number: entry, return */
	struct dt_probe **probes;	/* every probe of the provider */
	int nprobes;
};

static struct sc_state *state(dtrace_hdl_t *dtp);
static void sc_path(dtrace_hdl_t *dtp, struct dt_probe *p);

static int syscall_populate(dtrace_hdl_t *dtp)
{
	struct sc_list l = { 0 };
	struct sc_state *st = state(dtp);
	int rc = 0;

	if (!st)
		return -1;
	if (dt_tp_events("syscalls", add_event, &l) < 0)
		rc = -1;
	if (l.n)	/* none without tracefs (no privileges): l.names is NULL */
		qsort(l.names, (size_t)l.n, sizeof(char *), cmp_str);
	free(st->probes);
	st->nprobes = 0;
	if (l.n && !(st->probes = calloc((size_t)l.n * 2, sizeof(*st->probes))))
		rc = dt_set_err(dtp, "out of memory");
	for (int i = 0; i < l.n; i++) {
		int nr = nr_of(l.names[i]);
		uint64_t pd = (uint64_t)(nr >= 0 && nr < SC_MAXNR ? nr + 1 : 0) << 8;
		struct dt_probe *e = dt_probe_create(dtp, &dt_prov_syscall, "vmlinux",
		    l.names[i], "entry", pd);
		struct dt_probe *r = dt_probe_create(dtp, &dt_prov_syscall, "vmlinux",
		    l.names[i], "return", pd | SC_RETURN);
		if (!e || !r)
			rc = -1;
		else if (SC_NR(e) >= 0)
			e->ptype = r->ptype = BPF_PROG_TYPE_RAW_TRACEPOINT;
		if (e && st->probes)
			st->probes[st->nprobes++] = e;
		if (r && st->probes)
			st->probes[st->nprobes++] = r;
		free(l.names[i]);
	}
	free(l.names);
	return rc;
}

static struct dt_tpmeta *meta(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	char ev[512];
	snprintf(ev, sizeof(ev), "sys_%s_%s", (p->pdata & SC_RETURN) ? "exit" : "enter", p->func);
	return dt_tpmeta_get(dtp, p, "syscalls", ev);
}

static const char *syscall_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i,
    int native)
{
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m)
		return NULL;
	/* the return value is the one typed argument (arg1 repeats it) */
	if (p->pdata & SC_RETURN)
		return i == 0 ? "long" : NULL;
	if (i >= m->ev.nfields)
		return NULL;
	/* user pointers stay pointers: strings come through copyinstr() */
	return native ? dt_tp_native(m->ev.fields[i].ctype) : m->ev.fields[i].dtype;
}

/* errno = -ret for a failed call (-4095 <= ret < 0), else 0; ret in R1 */
static void set_errno(struct dt_asm *a)
{
	dt_asm_emit(a, MOV64_IMM(R2, 0));
	dt_asm_emit(a, JMP_IMM(BPF_JSGE, R1, 0, 3));
	dt_asm_emit(a, JMP_IMM(BPF_JSLT, R1, -4095, 2));
	dt_asm_emit(a, MOV64_REG(R2, R1));
	dt_asm_emit(a, NEG64(R2));
	dt_asm_emit(a, STX_MEM(BPF_DW, R9, R2, DT_MS_ERRNO));
}

/* Raw sys_enter/sys_exit context: u64 { struct pt_regs *regs; long id_or_ret; } */
static int raw_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	if (p->pdata & SC_RETURN) {
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 8));
		for (int i = 0; i < nargs; i++) {
			if (i < 2)
				dt_asm_emit(a, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS + 8 * i));
			else
				dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
		}
		set_errno(a);
		return 0;
	}
	/* only the call's own arguments; the rest are 0, not stale registers */
	int have = 6;
	if (nargs > 0) {
		struct dt_tpmeta *m = meta(dtp, p);
		if (!m)
			return -1;
		have = m->ev.nfields < 6 ? m->ev.nfields : 6;
	}
	for (int i = 0; i < nargs; i++) {
		if (i >= have) {
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
			continue;
		}
		dt_asm_emit(a, MOV64_REG(R1, R9));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, DT_MS_ARGS + 8 * i));
		dt_asm_emit(a, MOV64_IMM(R2, 8));
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, regoff[i]));
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	}
	dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ERRNO, 0));
	return 0;
}

static int syscall_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p,
    int nargs)
{
	sc_path(dtp, p);
	if (p->ptype == BPF_PROG_TYPE_RAW_TRACEPOINT)
		return raw_cg_args(dtp, a, p, nargs);
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m)
		return -1;
	if (p->pdata & SC_RETURN) {
		int off = m->ev.nfields > 0 ? m->ev.fields[0].offset : 16;
		dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, (int16_t)off));
		if (nargs > 0)
			dt_asm_emit(a, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS));
		if (nargs > 1)
			dt_asm_emit(a, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS + 8));
		for (int i = 2; i < nargs; i++)
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
		set_errno(a);
		return 0;
	}
	for (int i = 0; i < nargs; i++) {
		if (i < m->ev.nfields) {
			const struct dt_tpfield *f = &m->ev.fields[i];
			int sz = f->size == 8 ? BPF_DW : f->size == 4 ? BPF_W :
			    f->size == 2 ? BPF_H : BPF_B;
			dt_asm_emit(a, LDX_MEM(sz, R1, R6, (int16_t)f->offset));
			dt_asm_emit(a, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS + 8 * i));
		} else {
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
		}
	}
	dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ERRNO, 0));
	return 0;
}


static struct sc_state *state(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_syscall);
	if (slot && !*slot && !(*slot = calloc(1, sizeof(struct sc_state))))
		dt_set_err(dtp, "out of memory");
	return slot ? *slot : NULL;
}

static void syscall_fini(dtrace_hdl_t *dtp, void *st)
{
	(void)dtp;
	if (st)
		free(((struct sc_state *)st)->probes);
	free(st);
}

/* the most probes per direction that get tracepoints of their own */
static int tpmax(void)
{
	const char *s = getenv("DTRACE_SYSCALL_TPMAX");
	char *end;
	if (!s || !*s)
		return SC_TPMAX;
	long v = strtol(s, &end, 10);
	return *end || v < 0 ? SC_TPMAX : v > 100000 ? 100000 : (int)v;
}

/*
 * Choose p's path (see the top comment) and say so in p->ptype: a
 * tracepoint program on its own syscall event, or a raw tracepoint
 * program behind the dispatcher.  Counting the enabled probes of one
 * direction walks the provider's own probes (about 700), not the table.
 */
static void sc_path(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	if (SC_NR(p) < 0) {
		p->ptype = BPF_PROG_TYPE_TRACEPOINT;
		return;
	}
	struct sc_state *st = state(dtp);
	int n = 0, max = tpmax();
	uint64_t dir = p->pdata & SC_RETURN;
	for (int i = 0; st && i < st->nprobes && n <= max; i++) {
		struct dt_probe *q = st->probes[i];
		if ((q->pdata & SC_RETURN) == dir && q->nclauses > 0)
			n++;
	}
	p->ptype = st && n <= max ? BPF_PROG_TYPE_TRACEPOINT : BPF_PROG_TYPE_RAW_TRACEPOINT;
}

/* runs first in every build of a probe's program, lean ones too: the
 * path decides the program's type, and so its context */
static int syscall_cg_filter(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p,
    int out)
{
	(void)a; (void)out;
	sc_path(dtp, p);
	return 0;
}

/* The raw tracepoint the probe's dispatcher runs under. */
static const char *syscall_tp_event(const struct dt_probe *p)
{
	return (p->pdata & SC_RETURN) ? "sys_exit" : "sys_enter";
}

/* On its own tracepoint an entry probe's program sees the registers of
 * the syscall event's perf_syscall_enter (then may come the sys_enter
 * iterator, which cg drops, then syscall_trace_enter, the raw path's first
 * frame): skip that one frame.  A return probe's starts at
 * syscall_exit_work as on the raw path.  Behind the dispatcher: the raw
 * tracepoint's default. */
static int syscall_kskip(const struct dt_probe *p)
{
	if (p->ptype != BPF_PROG_TYPE_TRACEPOINT)
		return -1;
	return (p->pdata & SC_RETURN) ? 0 : 1;
}

/*
 * Load the dispatcher program of one direction: fetch the call number
 * (sys_enter: the second argument; sys_exit: regs->orig_ax) and tail-call
 * the program stored at it; a number with no program falls through.  On
 * sys_exit, with btf set, orig_ax is read straight from the current
 * task's registers (bpf_task_pt_regs gives a BTF-typed pointer, so one
 * load, not a bpf_probe_read_kernel call on every system call's exit);
 * without, by the probe read (kernels that refuse the typed load).
 */
static int load_dispatcher(dtrace_hdl_t *dtp, int map, int ret, int btf)
{
	struct dt_asm a;
	dt_asm_init(&a);
	dt_asm_emit(&a, MOV64_REG(R6, R1));
	if (!ret) {
		dt_asm_emit(&a, LDX_MEM(BPF_DW, R3, R1, 8));
	} else if (btf) {
		dt_asm_emit(&a, CALL_HELPER(BPF_FUNC_get_current_task_btf));
		dt_asm_emit(&a, MOV64_REG(R1, R0));
		dt_asm_emit(&a, CALL_HELPER(BPF_FUNC_task_pt_regs));
		dt_asm_emit(&a, LDX_MEM(BPF_DW, R3, R0, ORIG_AX_OFF));
	} else {
		dt_asm_emit(&a, MOV64_REG(R1, R10));
		dt_asm_emit(&a, ALU64_IMM(BPF_ADD, R1, -8));
		dt_asm_emit(&a, MOV64_IMM(R2, 8));
		dt_asm_emit(&a, LDX_MEM(BPF_DW, R3, R6, 0));
		dt_asm_emit(&a, ALU64_IMM(BPF_ADD, R3, ORIG_AX_OFF));
		dt_asm_emit(&a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
		dt_asm_emit(&a, JMP_IMM(BPF_JNE, R0, 0, 6));
		dt_asm_emit(&a, LDX_MEM(BPF_DW, R3, R10, -8));
	}
	dt_asm_emit(&a, JMP_IMM(BPF_JGE, R3, SC_MAXNR, 4));
	dt_asm_emit(&a, MOV64_REG(R1, R6));
	dt_asm_ld_map_fd(&a, R2, map);
	dt_asm_emit(&a, CALL_HELPER(BPF_FUNC_tail_call));
	dt_asm_emit(&a, MOV64_IMM(R0, 0));
	dt_asm_emit(&a, EXIT_INSN());
	if (a.oom) {
		dt_asm_free(&a);
		return dt_set_err(dtp, "out of memory");
	}
	LIBBPF_OPTS(bpf_prog_load_opts, po);
	int pfd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, ret ? "dt_sc_exit" : "dt_sc_enter",
	    "GPL", a.insns, (size_t)a.n, &po);
	dt_asm_free(&a);
	if (pfd < 0 && !btf)
		return dt_set_err(dtp, "cannot load the syscall dispatcher: %s", strerror(errno));
	return pfd;
}

/* The dispatch table and dispatcher of one direction, made and attached
 * for its first probe. */
static int dispatcher(dtrace_hdl_t *dtp, struct sc_state *st, int ret)
{
	int *fdp = &st->progs[ret];
	if (*fdp > 0)
		return 0;
	LIBBPF_OPTS(bpf_map_create_opts, mo);
	int map = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PROG_ARRAY, ret ? "dt_sc_return" : "dt_sc_entry",
	    4, 4, SC_MAXNR, &mo);
	if (map < 0)
		return dt_set_err(dtp, "cannot create the syscall dispatch table: %s", strerror(errno));
	if (dt_prov_keep_fd(dtp, &dt_prov_syscall, map) < 0) {
		close(map);
		return -1;
	}
	*fdp = map;

	int pfd = -1;
	for (int btf = !ret ? 0 : 1; btf >= 0 && pfd < 0; btf--)
		pfd = load_dispatcher(dtp, map, ret, btf);
	if (pfd < 0)
		return -1;
	if (dt_prov_keep_fd(dtp, &dt_prov_syscall, pfd) < 0) {
		close(pfd);
		return -1;
	}
	int link = bpf_raw_tracepoint_open(ret ? "sys_exit" : "sys_enter", pfd);
	if (link < 0)
		return dt_set_err(dtp, "cannot attach to the %s raw tracepoint: %s",
		    ret ? "sys_exit" : "sys_enter", strerror(errno));
	if (dt_prov_keep_fd(dtp, &dt_prov_syscall, link) < 0) {
		close(link);
		return -1;
	}
	return 0;
}

static int syscall_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	int nr = SC_NR(p), ret = (p->pdata & SC_RETURN) != 0;
	if (nr >= 0 && p->ptype == BPF_PROG_TYPE_RAW_TRACEPOINT) {
		uint32_t key = (uint32_t)nr, val = (uint32_t)prog_fd;
		struct sc_state *st = state(dtp);
		if (!st || dispatcher(dtp, st, ret) < 0)
			return -1;
		if (bpf_map_update_elem(st->progs[ret], &key, &val, BPF_ANY) < 0)
			return dt_set_err(dtp, "failed to enable syscall::%s:%s: %s", p->func,
			    p->name, strerror(errno));
		return 0;
	}
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m)
		return -1;
	if (m->ev.id < 0)
		return dt_set_err(dtp, "failed to enable syscall::%s:%s: no tracepoint id",
		    p->func, p->name);
	return dt_tp_attach(dtp, p, m->ev.id, prog_fd);
}

const struct dt_provider_ops dt_prov_syscall = {
	.name = "syscall",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_COMMON }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_COMMON },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.populate = syscall_populate,
	.cg_args = syscall_cg_args,
	.cg_filter = syscall_cg_filter,
	.argtype = syscall_argtype,
	.flags = DT_PROVF_SYSCALL_FLOW,
	.tp_event = syscall_tp_event,
	.kskip = syscall_kskip,
	.attach = syscall_attach,
	.fini = syscall_fini,
	.free_priv = dt_tpmeta_free,
};
