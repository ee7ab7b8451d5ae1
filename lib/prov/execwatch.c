/*
 * execwatch.c - the processes that exec or are forked while tracing
 * (execwatch.h): a raw-tracepoint program on sched_process_exec, which
 * runs in the task that has just exec'd, writes its process ID (the
 * thread group's) into a ring buffer the consumer reads at its wake-ups;
 * one on sched_process_fork writes the child's, with DT_WATCH_FORK in
 * the record's upper half, when the child is a process (its pid is its
 * thread group's: not a new thread), without waking the consumer (the
 * child fires through its parent's probes meanwhile; a fork loop would
 * otherwise wake it for each child).  A third program, on a uprobe of
 * the dynamic linker's _dl_debug_state (which ld.so calls before and
 * after it maps a process's libraries at start, and around each dlopen
 * and dlclose: the debuggers' hook), writes the calling process's ID
 * with DT_WATCH_DL when _r_debug.r_state says the list of objects is
 * consistent again (rtld.c), in any process using the same ld.so file
 * as dtrace.  A full ring drops the announcement (the process is then
 * not found, as before).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "execwatch.h"
#include "kernel/bpf_asm.h"
#include "kernel/bpfmap.h"
#include "kernel/btf.h"
#include "rtld.h"
#include "uprobe.h"

#define PT_IP		128	/* struct pt_regs's ip (x86-64) */
#define RING_SIZE	(256 * 1024)	/* 8-byte records: 10,000s of execs */

#define DL_MAX		64	/* processes whose libraries alone are watched */

struct dt_execwatch {
	int ring_fd, link_fd, fork_fd, dl_fd;
	int dl_more[DL_MAX];		/* the links for the other pids given */
	int ndl_more;
	char *rtld;			/* the ld.so dl_fd watches */
	int dl_prog;			/* its program */
	uint64_t dl_off;		/* its hook's file offset */
	struct ring_buffer *rb;
	/* during a read */
	dtrace_hdl_t *dtp;
	dt_execwatch_f *fn;
	void *arg;
};

static int one(void *ctx, void *data, size_t size)
{
	struct dt_execwatch *w = ctx;
	uint64_t rec;
	if (size >= sizeof(rec)) {
		memcpy(&rec, data, sizeof(rec));
		w->fn(w->dtp, (int)(uint32_t)rec, (int)(rec >> 32), w->arg);
	}
	return 0;
}

/* a's program loaded as a program named name, a raw-tracepoint one
 * (uprobe 0) or one for a multi-uprobe link: its fd, or -1 with the
 * error set; a freed */
static int prog_load(dtrace_hdl_t *dtp, struct dt_asm *a, const char *name, int uprobe)
{
	if (dt_asm_finish(a) < 0) {
		dt_asm_free(a);
		return dt_set_err(dtp, "out of memory");
	}
	char log[4096] = "";
	LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = log, .log_size = sizeof(log),
	    .expected_attach_type = uprobe ? DT_BPF_TRACE_UPROBE_MULTI : 0);
	int fd = bpf_prog_load(uprobe ? BPF_PROG_TYPE_KPROBE : BPF_PROG_TYPE_RAW_TRACEPOINT,
	    name, "GPL", a->insns, (size_t)a->n, &o);
	int err = errno;
	dt_asm_free(a);
	if (fd < 0)
		return dt_set_err(dtp, "failed to load the %s program: %s", name, strerror(err));
	return fd;
}

/* a's program loaded as a raw-tracepoint program named name and attached
 * to tracepoint tp: the link, or -1 with the error set; a freed */
static int attach(dtrace_hdl_t *dtp, struct dt_asm *a, const char *name, const char *tp)
{
	int fd = prog_load(dtp, a, name, 0), err;
	if (fd < 0)
		return -1;
	int link = bpf_raw_tracepoint_open(tp, fd);
	err = errno;
	close(fd);
	if (link < 0)
		return dt_set_err(dtp, "failed to watch %s: %s", tp, strerror(err));
	return link;
}

/* rec = what << 32 | bpf_get_current_pid_tgid() >> 32;
 * bpf_ringbuf_output(ring, &rec, 8, BPF_RB_FORCE_WAKEUP) */
static void current_pid(struct dt_asm *a, int ring_fd, int what)
{
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
	dt_asm_emit(a, ALU64_IMM(BPF_RSH, R0, 32));
	if (what) {
		dt_asm_emit(a, MOV64_IMM(R1, what));
		dt_asm_emit(a, ALU64_IMM(BPF_LSH, R1, 32));
		dt_asm_emit(a, ALU64_REG(BPF_OR, R0, R1));
	}
	dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, -8));
	dt_asm_ld_map_fd(a, R1, ring_fd);
	dt_asm_emit(a, MOV64_REG(R2, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R2, -8));
	dt_asm_emit(a, MOV64_IMM(R3, 8));
	/* woken however far behind the reader is (a fork's record before
	 * this one did not wake it, and the adaptive wake-up would not
	 * either): its firings are lost until it is read */
	dt_asm_emit(a, MOV64_IMM(R4, BPF_RB_FORCE_WAKEUP));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_ringbuf_output));
	dt_asm_emit(a, MOV64_IMM(R0, 0));
	dt_asm_emit(a, EXIT_INSN());
}

static int load(dtrace_hdl_t *dtp, int ring_fd)
{
	struct dt_asm a;
	dt_asm_init(&a);
	current_pid(&a, ring_fd, DT_WATCH_EXEC);
	return attach(dtp, &a, "dt_execwatch", "sched_process_exec");
}

/* the program on _dl_debug_state, linked for process pid (0: any): the
 * link, or -1 (the error set: the caller goes on without it) */
static int load_dl(dtrace_hdl_t *dtp, struct dt_execwatch *w, int ring_fd, int pid)
{
	struct dt_rtld r;
	if (dt_rtld_find(&r) < 0)
		return dt_set_err(dtp, "_dl_debug_state not found in the dynamic linker");
	char *path = r.path;
	uint64_t off = r.hook_off;
	/* r_state = *(int *)(regs->ip + state_delta); only RT_CONSISTENT (0):
	 * the list of objects is complete again */
	struct dt_asm a;
	dt_asm_init(&a);
	int out = dt_asm_new_label(&a);
	dt_asm_emit(&a, LDX_MEM(BPF_DW, R3, R1, PT_IP));
	dt_asm_emit(&a, ALU64_IMM(BPF_ADD, R3, (int32_t)r.state_delta));
	dt_asm_emit(&a, MOV64_REG(R1, R10));
	dt_asm_emit(&a, ALU64_IMM(BPF_ADD, R1, -16));
	dt_asm_emit(&a, MOV64_IMM(R2, 4));
	dt_asm_emit(&a, CALL_HELPER(BPF_FUNC_probe_read_user));
	dt_asm_jump(&a, JMP_IMM(BPF_JNE, R0, 0, 0), out);
	dt_asm_emit(&a, LDX_MEM(BPF_W, R1, R10, -16));
	dt_asm_jump(&a, JMP_IMM(BPF_JNE, R1, 0, 0), out);
	current_pid(&a, ring_fd, DT_WATCH_DL);
	dt_asm_place(&a, out);
	dt_asm_emit(&a, MOV64_IMM(R0, 0));
	dt_asm_emit(&a, EXIT_INSN());
	int fd = prog_load(dtp, &a, "dt_dlwatch", 1);
	if (fd < 0) {
		free(path);
		return -1;
	}
	int link = dt_uprobe_link1(path, off, fd, pid);
	int err = errno;
	if (link < 0) {
		close(fd);
		dt_set_err(dtp, "failed to watch _dl_debug_state in %s: %s", path, strerror(err));
		free(path);
	} else {
		w->rtld = path;
		w->dl_prog = fd;	/* for the links of other processes */
		w->dl_off = off;
	}
	return link;
}

/*
 * child = ctx->args[1]; pid, tgid = child->pid, child->tgid (probe reads);
 * if pid == tgid: rec = DT_WATCH_FORK << 32 | pid, into the ring
 */
static int load_fork(dtrace_hdl_t *dtp, int ring_fd, int off_pid, int off_tgid)
{
	struct dt_asm a;
	dt_asm_init(&a);
	int out = dt_asm_new_label(&a);
	dt_asm_emit(&a, LDX_MEM(BPF_DW, R6, R1, 8));
	for (int k = 0; k < 2; k++) {
		dt_asm_emit(&a, MOV64_REG(R1, R10));
		dt_asm_emit(&a, ALU64_IMM(BPF_ADD, R1, k ? -4 : -8));
		dt_asm_emit(&a, MOV64_IMM(R2, 4));
		dt_asm_emit(&a, MOV64_REG(R3, R6));
		dt_asm_emit(&a, ALU64_IMM(BPF_ADD, R3, k ? off_tgid : off_pid));
		dt_asm_emit(&a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
		dt_asm_jump(&a, JMP_IMM(BPF_JNE, R0, 0, 0), out);
	}
	dt_asm_emit(&a, LDX_MEM(BPF_W, R1, R10, -8));
	dt_asm_emit(&a, LDX_MEM(BPF_W, R2, R10, -4));
	dt_asm_jump(&a, JMP_REG(BPF_JNE, R1, R2, 0), out);
	dt_asm_emit(&a, MOV64_IMM(R2, DT_WATCH_FORK));
	dt_asm_emit(&a, ALU64_IMM(BPF_LSH, R2, 32));
	dt_asm_emit(&a, ALU64_REG(BPF_OR, R1, R2));
	dt_asm_emit(&a, STX_MEM(BPF_DW, R10, R1, -16));
	dt_asm_ld_map_fd(&a, R1, ring_fd);
	dt_asm_emit(&a, MOV64_REG(R2, R10));
	dt_asm_emit(&a, ALU64_IMM(BPF_ADD, R2, -16));
	dt_asm_emit(&a, MOV64_IMM(R3, 8));
	dt_asm_emit(&a, MOV64_IMM(R4, BPF_RB_NO_WAKEUP));	/* not urgent: the
							   child fires as its
							   parent meanwhile */
	dt_asm_emit(&a, CALL_HELPER(BPF_FUNC_ringbuf_output));
	dt_asm_place(&a, out);
	dt_asm_emit(&a, MOV64_IMM(R0, 0));
	dt_asm_emit(&a, EXIT_INSN());
	return attach(dtp, &a, "dt_forkwatch", "sched_process_fork");
}

struct dt_execwatch *dt_execwatch_open(dtrace_hdl_t *dtp, const int *pids, int npids)
{
	struct dt_execwatch *w = calloc(1, sizeof(*w));
	if (!w) {
		dt_set_err(dtp, "out of memory");
		return NULL;
	}
	w->link_fd = w->fork_fd = w->dl_fd = w->dl_prog = -1;
	w->ring_fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_RINGBUF, "dt_execwatch", 0, 0,
	    RING_SIZE, NULL);
	if (w->ring_fd < 0) {
		dt_set_err(dtp, "cannot create the exec watch ring: %s", strerror(errno));
		goto fail;
	}
	if (!(w->rb = ring_buffer__new(w->ring_fd, one, w, NULL))) {
		dt_set_err(dtp, "cannot read the exec watch ring: %s", strerror(errno));
		goto fail;
	}
	if (npids > 0 && npids <= DL_MAX) {
		/* those processes' libraries only: one link each, one program */
		if ((w->dl_fd = load_dl(dtp, w, w->ring_fd, pids[0])) < 0)
			goto fail;
		for (int i = 1; i < npids; i++) {
			int fd = dt_uprobe_link1(w->rtld, w->dl_off, w->dl_prog, pids[i]);
			if (fd >= 0)
				w->dl_more[w->ndl_more++] = fd;	/* else: gone */
		}
		return w;
	}
	if ((w->link_fd = load(dtp, w->ring_fd)) < 0)
		goto fail;
	/* forks: only with task_struct's pid and tgid from kernel BTF (else
	 * a forked child fires as its parent's object's probe, as before) */
	int off_pid = dt_btf_offsetof(dtp, "task_struct", "pid");
	int off_tgid = dt_btf_offsetof(dtp, "task_struct", "tgid");
	if (off_pid >= 0 && off_tgid >= 0 &&
	    (w->fork_fd = load_fork(dtp, w->ring_fd, off_pid, off_tgid)) < 0)
		goto fail;
	if ((w->dl_fd = load_dl(dtp, w, w->ring_fd, 0)) < 0)
		dtp->errmsg[0] = 0;	/* libraries found by rescans only */
	return w;
fail:
	dt_execwatch_close(w);
	return NULL;
}

const char *dt_execwatch_rtld(const struct dt_execwatch *w)
{
	return w ? w->rtld : NULL;
}

int dt_execwatch_fd(const struct dt_execwatch *w)
{
	return w && w->rb ? ring_buffer__epoll_fd(w->rb) : -1;
}

int dt_execwatch_read(dtrace_hdl_t *dtp, struct dt_execwatch *w, dt_execwatch_f *fn, void *arg)
{
	if (!w || !w->rb)
		return 0;
	w->dtp = dtp;
	w->fn = fn;
	w->arg = arg;
	return ring_buffer__consume(w->rb);
}

void dt_execwatch_close(struct dt_execwatch *w)
{
	if (!w)
		return;
	if (w->link_fd >= 0)
		close(w->link_fd);	/* first: nothing more is written */
	if (w->fork_fd >= 0)
		close(w->fork_fd);
	if (w->dl_fd >= 0)
		close(w->dl_fd);
	for (int i = 0; i < w->ndl_more; i++)
		close(w->dl_more[i]);
	if (w->dl_prog >= 0)
		close(w->dl_prog);
	free(w->rtld);
	if (w->rb)
		ring_buffer__free(w->rb);
	if (w->ring_fd >= 0)
		close(w->ring_fd);
	free(w);
}
