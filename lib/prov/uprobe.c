/*
 * uprobe.c - uprobes on multi-uprobe links (BPF_LINK_CREATE with attach
 * type BPF_TRACE_UPROBE_MULTI, Linux 6.6+), for the providers that probe
 * user instructions.
 *
 * Attach points are collected first (dt_uprobe_add) and linked together
 * (dt_uprobe_attach): the points are sorted by object file, program,
 * process and kind, and each run of equal ones becomes one link holding
 * all their offsets and cookies, with the kernel's pid filter.  A
 * perf-event uprobe per point would cost a perf event each (tens of ms
 * to create and to remove here); a link of a few thousand offsets is
 * made and closed in milliseconds.  The program must have been loaded
 * with expected_attach_type BPF_TRACE_UPROBE_MULTI.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "uprobe.h"

/* union bpf_attr's link_create as Linux 6.6 has it for uprobe_multi */
struct uprobe_multi_attr {
	uint32_t prog_fd;
	uint32_t target_fd;
	uint32_t attach_type;
	uint32_t flags;
	uint64_t path;
	uint64_t offsets;
	uint64_t ref_ctr_offsets;
	uint64_t cookies;
	uint32_t cnt;
	uint32_t umflags;
	uint32_t pid;
	uint32_t pad;
};
#define UPROBE_MULTI_RETURN	1u	/* BPF_F_UPROBE_MULTI_RETURN */

int dt_uprobe_add(dtrace_hdl_t *dtp, struct dt_uprobes *u, const struct dt_uprobe_pt *pt)
{
	if (u->n == u->cap) {
		size_t nc = u->cap ? u->cap * 2 : 64;
		struct dt_uprobe_pt *nv = realloc(u->v, nc * sizeof(*nv));
		if (!nv)
			return dt_set_err(dtp, "out of memory");
		u->v = nv;
		u->cap = nc;
	}
	u->v[u->n++] = *pt;
	return 0;
}

static int group_cmp(const struct dt_uprobe_pt *x, const struct dt_uprobe_pt *y)
{
	int c = strcmp(x->path, y->path);
	if (c)
		return c;
	if (x->prog_fd != y->prog_fd)
		return x->prog_fd < y->prog_fd ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return x->ret - y->ret;
}

static int pt_cmp(const void *a, const void *b)
{
	const struct dt_uprobe_pt *x = a, *y = b;
	int c = group_cmp(x, y);
	if (c)
		return c;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* one link for v[0..n) (one group) */
static int link_group(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops,
    const struct dt_uprobe_pt *v, size_t n)
{
	uint64_t *offs = malloc(n * sizeof(*offs)), *cookies = malloc(n * sizeof(*cookies));
	if (!offs || !cookies) {
		free(offs);
		free(cookies);
		return dt_set_err(dtp, "out of memory");
	}
	for (size_t i = 0; i < n; i++) {
		offs[i] = v[i].off;
		cookies[i] = v[i].cookie;
	}
	struct uprobe_multi_attr a;
	memset(&a, 0, sizeof(a));
	a.prog_fd = (uint32_t)v[0].prog_fd;
	a.attach_type = DT_BPF_TRACE_UPROBE_MULTI;
	a.path = (uint64_t)(uintptr_t)v[0].path;
	a.offsets = (uint64_t)(uintptr_t)offs;
	a.cookies = (uint64_t)(uintptr_t)cookies;
	a.cnt = (uint32_t)n;
	a.umflags = v[0].ret ? UPROBE_MULTI_RETURN : 0;
	a.pid = (uint32_t)v[0].pid;
	int fd = (int)syscall(__NR_bpf, BPF_LINK_CREATE, &a, sizeof(a));
	int err = errno;
	free(offs);
	free(cookies);
	if (fd < 0) {
		if (err == ESRCH)
			return dt_set_err(dtp, "failed to enable uprobes on %s: process %d has exited",
			    v[0].path, v[0].pid);
		return dt_set_err(dtp, "failed to enable %zu uprobe%s on %s: %s", n,
		    n == 1 ? "" : "s", v[0].path, strerror(err));
	}
	return dt_prov_keep_fd(dtp, ops, fd) < 0 ? (close(fd), -1) : 0;
}

int dt_uprobe_attach(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops,
    struct dt_uprobes *u)
{
	int rc = 0;
	qsort(u->v, u->n, sizeof(*u->v), pt_cmp);
	for (size_t i = 0, j; i < u->n && rc == 0; i = j) {
		for (j = i + 1; j < u->n && group_cmp(&u->v[i], &u->v[j]) == 0; j++)
			;
		rc = link_group(dtp, ops, &u->v[i], j - i);
	}
	u->n = 0;
	return rc;
}

void dt_uprobe_clear(struct dt_uprobes *u)
{
	free(u->v);
	u->v = NULL;
	u->n = u->cap = 0;
}
