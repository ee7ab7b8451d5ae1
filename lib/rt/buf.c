/*
 * buf.c - the principal buffers: sizes, allocation, reading, policies.
 *
 * Each CPU's principal buffer is a perf ring (a BPF_OUTPUT event in the
 * dt_buffers PERF_EVENT_ARRAY) that this file opens, maps and reads
 * itself, because the three policies read it three ways:
 *
 *   switch  (default) the ring is bufsize rounded down to a power-of-two
 *           number of pages (at least one); the consumer reads it at
 *           switchrate or when half full; a record the full ring refuses
 *           is a drop.  A record larger than bufsize is dropped.
 *   fill    nothing is read while tracing: the programs count the bytes
 *           each CPU records and stop recording on a CPU whose bufsize
 *           (less the END reservation) is used up (cg/buf.c); at
 *           statusrate the consumer looks for such a CPU, stops tracing
 *           (END runs and fits, its space being reserved) and prints
 *           every buffer.
 *   ring    the ring is opened write_backward and mapped read-only, so
 *           perf overwrites the oldest records; nothing is read until
 *           tracing stops, then each ring is paused and read from its
 *           newest record back, keeping the most recent records that fit
 *           in bufsize, printed oldest first.
 * For fill and ring the ring is made large enough for bufsize bytes of
 * the program's smallest records plus perf's per-record header, so the
 * semantics are those of the requested bufsize, not of the ring.  At the
 * end the CPUs are processed in DTrace's order: BEGIN's CPU first (if it
 * is also END's, only its BEGIN records first), END's CPU last, the
 * others in CPU order.
 *
 * Allocation follows bufresize: under auto the size is halved until the
 * rings can be had (and "buffer size lowered to" says so), under manual
 * the failure is an error.  Perf rings are locked kernel memory that
 * the kernel would hand out until the machine runs short, so, as DTrace
 * caps its buffer memory, the rings of all CPUs together may take at most
 * 1/64 of physical memory; more counts as an allocation failure.
 */
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <unistd.h>
#include "buf.h"
#include "base/output.h"
#include "cg/cg.h"
#include "sema/program.h"

static long pagesz(void)
{
	return sysconf(_SC_PAGESIZE);
}

/* bytes perf takes for a raw sample of s bytes: header, u32 size, data
 * padded so the whole is a multiple of 8 */
static uint64_t perf_bytes(uint64_t s)
{
	return 8 + ((s + 4 + 7) & ~7ULL);
}

/* the smallest record of a clause whose strings are written packed
 * (cg/strtail.c): every string empty */
static uint32_t strtail_min(const struct dt_stmt *st)
{
	uint32_t s = st->strtail;
	for (int i = 0; i < st->nactions; i++)
		for (int j = 0; j < st->actions[i].nfields; j++)
			s += st->actions[i].fields[j].kind == DT_RV_STR;
	return (s + 7) & ~7u;
}

/* The END reservation and the record sizes, from the compiled clauses. */
static void measure(dtrace_hdl_t *dtp, struct dt_bufs *b)
{
	b->smin = b->smax = DT_BUF_ERRREC;
	for (uint32_t e = DT_EPID_ERROR + 1; e < dtp->necbs; e++) {
		struct dt_ecb *ecb = &dtp->ecbs[e];
		if (!ecb->stmt || !dt_cg_stmt_records(dtp, ecb->stmt))
			continue;
		uint32_t s = ecb->stmt->recsize;
		if (s > b->smax)
			b->smax = s;
		if (b->policy == DT_BUFPOLICY_FILL && ecb->probe->id == DT_PROBE_END)
			b->reserve += s;
		if (ecb->stmt->strtail)	/* its strings may be empty */
			s = strtail_min(ecb->stmt);
		if (s < b->smin)
			b->smin = s;
	}
	if (b->smin < DT_REC_HDR)
		b->smin = DT_REC_HDR;
}

/* Data pages of each CPU's ring for a bufsize. */
static uint64_t ring_pages(struct dt_bufs *b, uint64_t size)
{
	uint64_t pg = (uint64_t)pagesz(), pages = 1;
	if (b->policy == DT_BUFPOLICY_SWITCH) {
		while (pages * 2 <= size / pg)
			pages *= 2;
		return pages;
	}
	/* room for size bytes of the smallest records, with perf's headers */
	uint64_t n = size / b->smin + 1;
	if (n > (1ULL << 40))
		return 1ULL << 50;	/* absurd: fails the memory cap */
	uint64_t need = n * perf_bytes(b->smin) + perf_bytes(b->smax);
	while (pages * pg < need)
		pages *= 2;
	return pages;
}

static void ring_close(struct dt_ring *r)
{
	if (r->base)
		munmap(r->base, r->maplen);
	if (r->fd >= 0)
		close(r->fd);
	free(r->lin);
	free(r->recs);
	memset(r, 0, sizeof(*r));
	r->fd = -1;
}

static void rings_close(struct dt_bufs *b)
{
	for (int i = 0; i < b->nrings; i++)
		ring_close(&b->rings[i]);
	free(b->rings);
	b->rings = NULL;
	b->nrings = 0;
}

/*
 * Open a ring of the given data pages on every online CPU.  Returns 0,
 * or a negative errno (-ENOMEM when the memory is not to be had).
 */
static int rings_open(dtrace_hdl_t *dtp, struct dt_bufs *b, uint64_t pages)
{
	uint64_t pg = (uint64_t)pagesz();
	struct sysinfo si;
	uint64_t cap = 0;
	if (sysinfo(&si) == 0)
		cap = (uint64_t)si.totalram * si.mem_unit / 64;
	if (pages > (1ULL << 40) / pg ||
	    (cap && (pages + 1) * pg * (uint64_t)dtp->ncpus > cap))
		return -ENOMEM;

	b->rings = calloc((size_t)dtp->ncpus, sizeof(*b->rings));
	if (!b->rings)
		return -ENOMEM;
	for (int cpu = 0; cpu < dtp->ncpus; cpu++) {
		struct perf_event_attr attr;
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_SOFTWARE;
		attr.config = PERF_COUNT_SW_BPF_OUTPUT;
		attr.sample_type = PERF_SAMPLE_RAW;
		attr.sample_period = 1;
		attr.watermark = 1;
		/* switch wakes the consumer at half full; the others never */
		attr.wakeup_watermark = (uint32_t)(b->policy == DT_BUFPOLICY_SWITCH ?
		    pages * pg / 2 : (pages * pg > 0x80000000ULL ? 0x80000000ULL : pages * pg));
		attr.write_backward = b->policy == DT_BUFPOLICY_RING;
		int fd = (int)syscall(__NR_perf_event_open, &attr, -1, cpu, -1,
		    PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			if (errno == ENODEV)
				continue;	/* offline */
			int err = errno;
			rings_close(b);
			return -err;
		}
		struct dt_ring *r = &b->rings[b->nrings++];
		r->cpu = cpu;
		r->fd = fd;
		r->size = pages * pg;
		r->maplen = (size_t)((pages + 1) * pg);
		/* read-only: perf overwrites the oldest data (ring policy) */
		int prot = b->policy == DT_BUFPOLICY_RING ? PROT_READ : PROT_READ | PROT_WRITE;
		r->base = mmap(NULL, r->maplen, prot, MAP_SHARED, fd, 0);
		if (r->base == MAP_FAILED) {
			int err = errno;
			r->base = NULL;
			rings_close(b);
			return err == EPERM ? -EPERM : -ENOMEM;
		}
		r->data = (uint8_t *)r->base + pg;
	}
	if (b->nrings == 0)
		return -ENODEV;
	return 0;
}

static int state_create(dtrace_hdl_t *dtp, struct dt_bufs *b)
{
	LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = BPF_F_MMAPABLE);
	uint32_t vsize = DT_BS_LINE * (1 + (uint32_t)dtp->ncpus);
	b->fd_state = dt_bpf_map_create(dtp, BPF_MAP_TYPE_ARRAY, "dt_bufstate", 4, vsize, 1, &o);
	if (b->fd_state < 0)
		return dt_set_err(dtp, "cannot create the buffer state map: %s", strerror(errno));
	if (dtp->check_only)		/* a stand-in: nothing to map */
		return 0;
	long pg = pagesz();
	b->statelen = ((size_t)vsize + (size_t)pg - 1) / (size_t)pg * (size_t)pg;
	void *m = mmap(NULL, b->statelen, PROT_READ | PROT_WRITE, MAP_SHARED, b->fd_state, 0);
	if (m == MAP_FAILED)
		return dt_set_err(dtp, "cannot map the buffer state map: %s", strerror(errno));
	b->state = m;
	return 0;
}

/* "buffer size lowered to 128m", as dtrace(1M) words it */
static void report_lowered(dtrace_hdl_t *dtp, uint64_t req, uint64_t got)
{
	if (got + 8 >= req || dtp->opt[DTOPT_QUIETRESIZE])	/* quietresize: silently */
		return;
	int j = 0, mul = 10;
	for (; mul < 64 && (1ULL << mul) <= got; j++, mul += 10)
		continue;
	if (!(got & ((1ULL << (mul - 10)) - 1)))
		dt_out_message(dtp, 0, "buffer size lowered to %llu%c",
		    (unsigned long long)(got >> (mul - 10)), " kmgtpe"[j]);
	else
		dt_out_message(dtp, 0, "buffer size lowered to %llu bytes",
		    (unsigned long long)got);
}

int dt_buf_create(dtrace_hdl_t *dtp)
{
	struct dt_bufs *b = calloc(1, sizeof(*b));
	if (!b)
		return dt_set_err(dtp, "out of memory");
	b->fd_state = b->epfd = -1;
	b->policy = dt_buf_policy(dtp);
	dtp->bufs = b;
	if (state_create(dtp, b) < 0)
		return -1;
	measure(dtp, b);

	uint64_t req = dtp->opt[DTOPT_BUFSIZE];
	/* every enabling records something (the ERROR enabling does) */
	if (req < 8)
		return dt_set_err(dtp, "Enabling exceeds size of buffer");
	uint64_t size;
	int rc = -ENOMEM;
	for (size = req; size >= 8; size >>= 1) {
		size &= ~7ULL;
		if (size < b->reserve)
			return dt_set_err(dtp, "END enablings exceed size of principal buffer");
		if (dtp->check_only) {	/* the sizes checked, no ring made */
			rc = 0;
			break;
		}
		rc = rings_open(dtp, b, ring_pages(b, size));
		if (rc != -ENOMEM || dtp->opt[DTOPT_BUFRESIZE] == DT_BUFRESIZE_MANUAL)
			break;
	}
	if (rc < 0)
		return dt_set_err(dtp, "%s", strerror(-rc));
	b->bufsize = size;
	dtp->opt[DTOPT_BUFSIZE] = size;
	dtp->bufplan.fd_state = b->fd_state;
	dtp->bufplan.size = size;
	dtp->bufplan.reserve = b->reserve;
	report_lowered(dtp, req, size);
	if (dtp->check_only)
		return 0;

	for (int i = 0; i < b->nrings; i++) {
		uint32_t key = (uint32_t)b->rings[i].cpu;
		if (bpf_map_update_elem(dtp->fd_buffers, &key, &b->rings[i].fd, BPF_ANY) < 0)
			return dt_set_err(dtp, "cannot publish the trace buffers: %s", strerror(errno));
	}
	if (b->policy == DT_BUFPOLICY_SWITCH) {
		if (!(b->ready = calloc((size_t)b->nrings, 1)))
			return dt_set_err(dtp, "out of memory");
		b->epfd = epoll_create1(EPOLL_CLOEXEC);
		if (b->epfd < 0)
			return dt_set_err(dtp, "cannot poll the trace buffers: %s", strerror(errno));
		for (int i = 0; i < b->nrings; i++) {
			struct epoll_event ev = { .events = EPOLLIN, .data.u32 = (uint32_t)i };
			if (epoll_ctl(b->epfd, EPOLL_CTL_ADD, b->rings[i].fd, &ev) < 0)
				return dt_set_err(dtp, "cannot poll the trace buffers: %s",
				    strerror(errno));
		}
	}
	return 0;
}

void dt_buf_free(dtrace_hdl_t *dtp)
{
	struct dt_bufs *b = dtp->bufs;
	if (!b)
		return;
	rings_close(b);
	free(b->ready);
	if (b->epfd >= 0)
		close(b->epfd);
	if (b->state)
		munmap(b->state, b->statelen);
	if (b->fd_state >= 0)
		close(b->fd_state);
	free(b);
	dtp->bufs = NULL;
	dtp->bufplan.fd_state = -1;
}

