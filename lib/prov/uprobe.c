/*
 * uprobe.c - uprobes on multi-uprobe links (BPF_LINK_CREATE with attach
 * type BPF_TRACE_UPROBE_MULTI, Linux 6.6+), for the providers that probe
 * user instructions.
 *
 * Attach points are collected first (dt_uprobe_add) and linked together
 * (dt_uprobe_attach): the points are sorted by object file, program,
 * process and kind, and each run of equal ones becomes one link (up to
 * LINKMAX points; more make several) holding their offsets and cookies,
 * with the kernel's pid filter.  A
 * perf-event uprobe per point would cost a perf event each (tens of ms
 * to create and to remove here); a link of a few thousand offsets is
 * made and closed in milliseconds.  The program must have been loaded
 * with expected_attach_type BPF_TRACE_UPROBE_MULTI.
 *
 * Every signal is blocked while a link is made (link_create): a fatal
 * signal that arrives inside BPF_LINK_CREATE makes the kernel (up to
 * 6.18 at least) leak every uprobe the link had registered, for good.
 * Its get_user_pages() fails with EINTR once a fatal signal is pending,
 * so the unregistration of the error path cannot take the breakpoints
 * out of the target and keeps each uprobe ("failed to unregister,
 * leaking uprobe"); each later mmap of the file, every exec for libc,
 * then walks them all (0.2 s an exec with libc's every instruction).
 * Blocked, a signal whose default is to kill waits for the syscall's
 * end; only SIGKILL cannot be kept out, and what it leaks is bounded:
 * a group of more than LINKMAX points is made as several links (every
 * libc instruction, 331,000 points, would leak 0.2 s an exec; 8192
 * leak 1.5 ms an mmap of libc).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "uprobe.h"
#include "base/output.h"

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
	if (x->late != y->late)		/* late ones first: linked last */
		return y->late - x->late;
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
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	/* a link registers its points in order and the kernel runs the
	 * newest consumer of an address first: the lowest order last */
	return x->order < y->order ? 1 : x->order > y->order ? -1 : 0;
}

#define LINKMAX	8192	/* points a link holds at most (see the top) */

/* BPF_LINK_CREATE of a, with every signal blocked (see the top) */
static int link_create(const struct uprobe_multi_attr *a)
{
	sigset_t all, old;
	sigfillset(&all);
	int blocked = pthread_sigmask(SIG_BLOCK, &all, &old) == 0;
	int fd = (int)syscall(__NR_bpf, BPF_LINK_CREATE, a, sizeof(*a));
	int err = errno;
	if (blocked)
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = err;
	return fd;
}

int dt_uprobe_link1(const char *path, uint64_t off, int prog_fd, int pid)
{
	struct uprobe_multi_attr a;
	memset(&a, 0, sizeof(a));
	a.prog_fd = (uint32_t)prog_fd;
	a.attach_type = DT_BPF_TRACE_UPROBE_MULTI;
	a.path = (uint64_t)(uintptr_t)path;
	a.offsets = (uint64_t)(uintptr_t)&off;
	a.cnt = 1;
	a.pid = (uint32_t)pid;
	return link_create(&a);
}

/* one link for v[0..n) (one group) */
static int link_group(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops,
    const struct dt_uprobe_pt *v, size_t n)
{
	uint64_t *offs = malloc(n * sizeof(*offs)), *cookies = malloc(n * sizeof(*cookies));
	uint64_t *refs = malloc(n * sizeof(*refs));
	if (!offs || !cookies || !refs) {
		free(offs);
		free(cookies);
		free(refs);
		return dt_set_err(dtp, "out of memory");
	}
	int anyref = 0;
	for (size_t i = 0; i < n; i++) {
		offs[i] = v[i].off;
		cookies[i] = v[i].cookie;
		refs[i] = v[i].ref_ctr_off;
		anyref |= refs[i] != 0;
	}
	struct uprobe_multi_attr a;
	memset(&a, 0, sizeof(a));
	a.prog_fd = (uint32_t)v[0].prog_fd;
	a.attach_type = DT_BPF_TRACE_UPROBE_MULTI;
	a.path = (uint64_t)(uintptr_t)v[0].path;
	a.offsets = (uint64_t)(uintptr_t)offs;
	a.cookies = (uint64_t)(uintptr_t)cookies;
	if (anyref)	/* USDT semaphores */
		a.ref_ctr_offsets = (uint64_t)(uintptr_t)refs;
	a.cnt = (uint32_t)n;
	a.umflags = v[0].ret ? UPROBE_MULTI_RETURN : 0;
	a.pid = (uint32_t)v[0].pid;
	int fd = link_create(&a);
	int err = errno;
	free(offs);
	free(cookies);
	free(refs);
	if (fd < 0) {
		if (err == ESRCH)
			dt_set_err(dtp, "failed to enable uprobes on %s: process %d has exited",
			    v[0].path, v[0].pid);
		else
			dt_set_err(dtp, "failed to enable %zu uprobe%s on %s: %s", n,
			    n == 1 ? "" : "s", v[0].path, err == 524 ? "Operation not supported" :
			    strerror(err));
		errno = err;
		return -1;
	}
	return dt_prov_keep_fd(dtp, ops, fd) < 0 ? (close(fd), -1) : 0;
}

/* Is err the kernel refusing an instruction (not the link)? */
static int refused(int err)
{
	return err == 524 /* ENOTSUPP */ || err == EOPNOTSUPP;
}

/*
 * Can the kernel put a uprobe on the instruction starting with b[0..n)?
 * x86's uprobes (arch/x86/kernel/uprobes.c, uprobe_init_insn) refuse
 * with ENOTSUPP an instruction with a lock or an es/cs/ss/ds segment
 * prefix, one that masks exceptions (mov to %ss), and one whose first
 * opcode byte (after the legacy prefixes, REX, and a VEX or EVEX prefix:
 * vmovd is 0x6e there, refused as outs would be) is not in its table of
 * 64-bit instructions: the invalid and privileged one-byte opcodes
 * listed below.  Every 0x0f escape passes, syscall too, though a process
 * stepping one out of line dies: refused here.  Checked from
 * the bytes, so that a whole link is not registered only to be refused
 * and taken down; a refusal that still comes (another kernel's rules)
 * is handled by halving the link.
 */
static int refused_opcode(uint8_t op)
{
	static const uint8_t bad[] = {
		0x06, 0x07, 0x0e, 0x16, 0x17, 0x1e, 0x1f, 0x27, 0x2f, 0x37, 0x3f,
		0x60, 0x61, 0x62, 0x6c, 0x6d, 0x6e, 0x6f, 0x82, 0x9a,
		0xcc, 0xcd, 0xce, 0xcf, 0xd4, 0xd5, 0xd6,
		0xe4, 0xe5, 0xe6, 0xe7, 0xea, 0xec, 0xed, 0xee, 0xef,
		0xf1, 0xf4, 0xfa, 0xfb,
	};
	for (size_t i = 0; i < sizeof(bad); i++)
		if (bad[i] == op)
			return 1;
	return 0;
}

int dt_uprobe_placeable(const uint8_t *b, size_t n)
{
	size_t i = 0;
	for (; i < n; i++) {
		switch (b[i]) {
		case 0xf0: case 0x26: case 0x2e: case 0x36: case 0x3e:
			return 0;	/* lock, es, cs, ss, ds */
		case 0x66: case 0x67: case 0xf2: case 0xf3: case 0x64: case 0x65:
			continue;	/* the other legacy prefixes */
		}
		break;
	}
	if (i < n && (b[i] & 0xf0) == 0x40)	/* REX */
		i++;
	if (i >= n)
		return 1;
	size_t op = i;
	if (b[i] == 0xc5)
		op = i + 2;	/* VEX, 2 bytes */
	else if (b[i] == 0xc4)
		op = i + 3;	/* VEX, 3 bytes */
	else if (b[i] == 0x62)
		op = i + 4;	/* EVEX */
	if (op >= n)
		return 1;
	if (op == i && b[i] == 0x8e && i + 1 < n && ((b[i + 1] >> 3) & 7) == 2)
		return 0;	/* mov to %ss */
	/* syscall: the kernel takes the uprobe, but the process stepping it
	 * out of line dies of SIGSEGV (libc's brk+5, Linux 6.18) */
	if (op == i && b[i] == 0x0f && i + 1 < n && b[i + 1] == 0x05)
		return 0;
	return !refused_opcode(b[op]);
}

struct leftout {
	size_t n;
	const char *first;	/* the first point's what (the points
				   themselves move as groups are compacted) */
};

static void note(struct leftout *lo, const struct dt_uprobe_pt *pt)
{
	if (!lo->n++)
		lo->first = pt->what;
}

/*
 * The points v[0..n) of one group, linked; a point whose instruction the
 * kernel still refuses (ENOTSUPP) is found by halving the group and left
 * out, so one function does not keep a thousand others from being traced.
 */
static int link_split(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops,
    const struct dt_uprobe_pt *v, size_t n, struct leftout *lo)
{
	if (!n || link_group(dtp, ops, v, n) == 0)
		return 0;
	if (errno == ESRCH && v[0].gone_ok) {
		dtp->errmsg[0] = 0;
		return 0;	/* a process a glob matched has exited */
	}
	if (!refused(errno))
		return -1;
	if (n == 1) {
		note(lo, v);
		return 0;
	}
	if (link_split(dtp, ops, v, n / 2, lo) < 0)
		return -1;
	return link_split(dtp, ops, v + n / 2, n - n / 2, lo);
}

/* the points of v[0..n) whose instruction can be probed, moved first;
 * how many */
static size_t placeable(struct dt_uprobe_pt *v, size_t n, struct leftout *lo)
{
	int fd = open(v[0].path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return n;	/* the kernel will say */
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		uint8_t b[16];
		ssize_t r = v[i].ret ? 0 : pread(fd, b, sizeof(b), (off_t)v[i].off);
		if (r > 0 && !dt_uprobe_placeable(b, (size_t)r)) {
			note(lo, &v[i]);
			continue;
		}
		v[k++] = v[i];
	}
	close(fd);
	return k;
}

int dt_uprobe_attach(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops,
    struct dt_uprobes *u)
{
	int rc = 0;
	struct leftout lo = { 0, NULL };
	char first[512] = "";
	if (u->n)	/* u->v may be NULL without probes */
		qsort(u->v, u->n, sizeof(*u->v), pt_cmp);
	/* the kernel runs the consumers of one address newest first: the
	 * groups are linked last first, so that probes on one instruction
	 * (pid_sign:entry and pid_sign:0) fire in the order they were
	 * attached, the order of their probe ids */
	for (size_t j = u->n, i; j > 0 && rc == 0; j = i) {
		for (i = j - 1; i > 0 && group_cmp(&u->v[i - 1], &u->v[j - 1]) == 0; i--)
			;
		size_t before = lo.n;
		size_t k = placeable(&u->v[i], j - i, &lo);
		if (lo.n && !before)
			snprintf(first, sizeof(first), "%s", lo.first ? lo.first : "");
		/* in links of at most LINKMAX points, in order (the kernel's
		 * consumer order of an address is kept) */
		for (size_t c = 0; c < k && rc == 0; c += LINKMAX)
			rc = link_split(dtp, ops, &u->v[i + c], k - c < LINKMAX ? k - c : LINKMAX, &lo);
		if (lo.n && !first[0] && lo.first)
			snprintf(first, sizeof(first), "%s", lo.first);
	}
	if (rc == 0 && lo.n == 1)
		dt_out_message(dtp, 0, "%s: the kernel cannot place a uprobe on its instruction "
		    "(x86 uprobes refuse lock and segment prefixes and some opcodes): left out", first);
	else if (rc == 0 && lo.n)
		dt_out_message(dtp, 0, "%zu uprobes left out (%s and others): the kernel cannot "
		    "place a uprobe on their instructions (x86 uprobes refuse lock and segment "
		    "prefixes and some opcodes)", lo.n, first);
	u->n = 0;
	return rc;
}

void dt_uprobe_clear(struct dt_uprobes *u)
{
	free(u->v);
	u->v = NULL;
	u->n = u->cap = 0;
}
