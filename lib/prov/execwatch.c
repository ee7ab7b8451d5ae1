/*
 * execwatch.c - the processes that exec while tracing (execwatch.h): a
 * raw-tracepoint program on sched_process_exec, which runs in the task
 * that has just exec'd, writes its process ID (the thread group's) into
 * a ring buffer the consumer reads at its wake-ups.  A full ring drops
 * the announcement (the process is then not found, as before).
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

#define RING_SIZE	(256 * 1024)	/* 8-byte records: 10,000s of execs */

struct dt_execwatch {
	int ring_fd, link_fd;
	struct ring_buffer *rb;
	/* during a read */
	dtrace_hdl_t *dtp;
	dt_execwatch_f *fn;
	void *arg;
};

static int one(void *ctx, void *data, size_t size)
{
	struct dt_execwatch *w = ctx;
	uint64_t pid;
	if (size >= sizeof(pid)) {
		memcpy(&pid, data, sizeof(pid));
		w->fn(w->dtp, (int)pid, w->arg);
	}
	return 0;
}

/* pid = bpf_get_current_pid_tgid() >> 32; bpf_ringbuf_output(ring, &pid, 8, 0) */
static int load(dtrace_hdl_t *dtp, int ring_fd)
{
	struct dt_asm a;
	dt_asm_init(&a);
	dt_asm_emit(&a, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
	dt_asm_emit(&a, ALU64_IMM(BPF_RSH, R0, 32));
	dt_asm_emit(&a, STX_MEM(BPF_DW, R10, R0, -8));
	dt_asm_ld_map_fd(&a, R1, ring_fd);
	dt_asm_emit(&a, MOV64_REG(R2, R10));
	dt_asm_emit(&a, ALU64_IMM(BPF_ADD, R2, -8));
	dt_asm_emit(&a, MOV64_IMM(R3, 8));
	dt_asm_emit(&a, MOV64_IMM(R4, 0));
	dt_asm_emit(&a, CALL_HELPER(BPF_FUNC_ringbuf_output));
	dt_asm_emit(&a, MOV64_IMM(R0, 0));
	dt_asm_emit(&a, EXIT_INSN());
	if (dt_asm_finish(&a) < 0) {
		dt_asm_free(&a);
		return dt_set_err(dtp, "out of memory");
	}
	char log[4096] = "";
	LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = log, .log_size = sizeof(log));
	int fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "dt_execwatch", "GPL", a.insns,
	    (size_t)a.n, &o);
	int err = errno;
	dt_asm_free(&a);
	if (fd < 0)
		return dt_set_err(dtp, "failed to load the exec watch program: %s", strerror(err));
	int link = bpf_raw_tracepoint_open("sched_process_exec", fd);
	err = errno;
	close(fd);
	if (link < 0)
		return dt_set_err(dtp, "failed to watch sched_process_exec: %s", strerror(err));
	return link;
}

struct dt_execwatch *dt_execwatch_open(dtrace_hdl_t *dtp)
{
	struct dt_execwatch *w = calloc(1, sizeof(*w));
	if (!w) {
		dt_set_err(dtp, "out of memory");
		return NULL;
	}
	w->link_fd = -1;
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
	if ((w->link_fd = load(dtp, w->ring_fd)) < 0)
		goto fail;
	return w;
fail:
	dt_execwatch_close(w);
	return NULL;
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
	if (w->rb)
		ring_buffer__free(w->rb);
	if (w->ring_fd >= 0)
		close(w->ring_fd);
	free(w);
}
