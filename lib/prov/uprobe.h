/*
 * uprobe.h - uprobes on multi-uprobe links, batched (uprobe.c).
 *
 * A provider that puts programs on user instructions (pid; USDT later)
 * adds every attach point (object file, file offset, cookie, program,
 * process) to a set while it attaches, then creates the links of the
 * whole set at once: one BPF_TRACE_UPROBE_MULTI link per object file,
 * program, process and kind (entry or uretprobe), not one perf event per
 * function.  Links are file descriptors: they go when dtrace's fds do,
 * however it exits.
 */
#ifndef DT_UPROBE_H
#define DT_UPROBE_H

#include <stdint.h>
#include <stddef.h>
#include "prov.h"

/* the attach type of programs put on multi-uprobe links (Linux 6.6;
 * declared here, the system's headers are older) */
#define DT_BPF_TRACE_UPROBE_MULTI	48

struct dt_uprobe_pt {
	const char *path;	/* the object file (its owner keeps it) */
	uint64_t off;		/* file offset of the instruction */
	uint64_t cookie;	/* bpf_get_attach_cookie() there */
	int prog_fd;
	int pid;		/* the process (0: any) */
	int ret;		/* 1: a uretprobe (the function's return) */
	const char *what;	/* the probe, for messages (its owner keeps it) */
	uint32_t order;		/* of points of one address, the lowest fires
				   first (the probe id) */
	int late;		/* linked after every other point: runs before
				   them (a sleepable companion that faults
				   pages in for the probe's program) */
	uint64_t ref_ctr_off;	/* file offset of the reference counter
				   (a USDT semaphore) the kernel increments
				   while the uprobe is there; 0: none */
	int gone_ok;		/* 1: if the process has exited by the time
				   its link is made, leave its points out
				   silently (a glob matched it) */
};

struct dt_uprobes {
	struct dt_uprobe_pt *v;
	size_t n, cap;
};

/* one more attach point; -1 with the error set if out of memory */
int dt_uprobe_add(dtrace_hdl_t *dtp, struct dt_uprobes *u, const struct dt_uprobe_pt *pt);
/* Create the links of every point added, each kept with the provider's
 * other descriptors (dt_prov_keep_fd); the set is emptied.  -1 with the
 * error set (naming the object file) if the kernel refuses one. */
int dt_uprobe_attach(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops,
    struct dt_uprobes *u);
void dt_uprobe_clear(struct dt_uprobes *u);
/* One multi-uprobe link of program prog_fd on the instruction at file
 * offset off of path, for process pid (0: any), not kept: its fd, or -1
 * (errno). */
int dt_uprobe_link1(const char *path, uint64_t off, int prog_fd, int pid);
/* Can the kernel put a uprobe on the instruction whose bytes start at
 * b[0..n)?  (x86 uprobes refuse lock and segment prefixes and some
 * opcodes: uprobe.c.) */
int dt_uprobe_placeable(const uint8_t *b, size_t n);

#endif
