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
 *           (less the END reservation) is used up (cg_buf.c); at
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
#include "base/buf.h"
#include "base/spec.h"

struct dt_rec {
	const uint8_t *data;		/* the record (EPID first) */
	uint32_t size;
};

struct dt_ring {
	int cpu;
	int fd;				/* the BPF_OUTPUT perf event */
	void *base;			/* control page + data */
	size_t maplen;
	uint8_t *data;
	uint64_t size;			/* data bytes, a power of two */
	uint64_t drops_seen;		/* dt_bufstate drops already reported */
	uint8_t *lin;			/* drain: the ring's records, linear */
	struct dt_rec *recs;		/* drain: oldest first */
	size_t nrecs;
	int done;
};

struct dt_bufs {
	int policy;
	uint64_t bufsize;		/* effective, a multiple of 8 */
	uint64_t reserve;		/* fill: bytes of END's records */
	uint32_t smin, smax;		/* smallest and largest record */
	int nrings;
	struct dt_ring *rings;		/* in CPU order */
	int epfd;
	uint8_t *ready;			/* switch: rings epoll found ready */
	int fd_state;
	uint8_t *state;			/* dt_bufstate's value, mapped */
	size_t statelen;
	uint64_t next_status;		/* fill: next look for a full buffer */
	int drained;
	uint8_t tmp[65536];		/* a record that wraps the ring's end */
};

static long pagesz(void)
{
	return sysconf(_SC_PAGESIZE);
}

int dt_buf_policy(dtrace_hdl_t *dtp)
{
	return (int)dtp->opt[DTOPT_BUFPOLICY];
}

int dt_buf_state_fd(dtrace_hdl_t *dtp)
{
	return dtp->bufs ? dtp->bufs->fd_state : -1;
}

uint64_t dt_buf_size(dtrace_hdl_t *dtp)
{
	return dtp->bufs ? dtp->bufs->bufsize : dtp->opt[DTOPT_BUFSIZE];
}

uint64_t dt_buf_endreserve(dtrace_hdl_t *dtp)
{
	return dtp->bufs ? dtp->bufs->reserve : 0;
}

uint32_t dt_buf_recsize(dtrace_hdl_t *dtp, uint32_t epid, uint32_t raw)
{
	if (epid == DT_EPID_ERROR)
		return DT_BUF_ERRREC;
	if (epid < dtp->necbs && dtp->ecbs[epid].stmt)
		return dtp->ecbs[epid].stmt->recsize;
	return raw;
}

/* bytes perf takes for a raw sample of s bytes: header, u32 size, data
 * padded so the whole is a multiple of 8 */
static uint64_t perf_bytes(uint64_t s)
{
	return 8 + ((s + 4 + 7) & ~7ULL);
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
		if (s < b->smin)
			b->smin = s;
		if (s > b->smax)
			b->smax = s;
		if (b->policy == DT_BUFPOLICY_FILL && ecb->probe->id == DT_PROBE_END)
			b->reserve += s;
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
	b->fd_state = bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_bufstate", 4, vsize, 1, &o);
	if (b->fd_state < 0)
		return dt_set_err(dtp, "cannot create the buffer state map: %s", strerror(errno));
	long pg = pagesz();
	b->statelen = ((size_t)vsize + (size_t)pg - 1) / (size_t)pg * (size_t)pg;
	void *m = mmap(NULL, b->statelen, PROT_READ | PROT_WRITE, MAP_SHARED, b->fd_state, 0);
	if (m == MAP_FAILED)
		return dt_set_err(dtp, "cannot map the buffer state map: %s", strerror(errno));
	b->state = m;
	return 0;
}

static uint64_t state_rd(struct dt_bufs *b, uint32_t off)
{
	return __atomic_load_n((uint64_t *)(b->state + off), __ATOMIC_RELAXED);
}

/* "buffer size lowered to 128m", as dtrace(1M) words it */
static void report_lowered(uint64_t req, uint64_t got)
{
	if (got + 8 >= req)
		return;
	int j = 0, mul = 10;
	for (; mul < 64 && (1ULL << mul) <= got; j++, mul += 10)
		continue;
	fflush(stdout);
	if (!(got & ((1ULL << (mul - 10)) - 1)))
		fprintf(stderr, "dtrace: buffer size lowered to %llu%c\n",
		    (unsigned long long)(got >> (mul - 10)), " kmgtpe"[j]);
	else
		fprintf(stderr, "dtrace: buffer size lowered to %llu bytes\n",
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
		rc = rings_open(dtp, b, ring_pages(b, size));
		if (rc != -ENOMEM || dtp->opt[DTOPT_BUFRESIZE] == DT_BUFRESIZE_MANUAL)
			break;
	}
	if (rc < 0)
		return dt_set_err(dtp, "%s", strerror(-rc));
	b->bufsize = size;
	dtp->opt[DTOPT_BUFSIZE] = size;
	report_lowered(req, size);

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
}

/* Drops on a CPU since the last report, as the programs counted them:
 * records too large for the buffer and records the ring refused (perf's
 * own lost-record reports arrive only with a later record, if any, so
 * they are not used). */
static void report_drops(dtrace_hdl_t *dtp, struct dt_ring *r)
{
	struct dt_bufs *b = dtp->bufs;
	uint64_t d = state_rd(b, DT_BS_CPU(r->cpu) + DT_BS_DROPS);
	uint64_t n = d - r->drops_seen;
	r->drops_seen = d;
	if (n == 0)
		return;
	fflush(dtp->out);
	fprintf(stderr, "dtrace: %llu drop%s on CPU %d\n", (unsigned long long)n,
	    n == 1 ? "" : "s", r->cpu);
}

/* Copy len bytes at ring position pos (which may wrap) to dst. */
static void ring_copy(struct dt_ring *r, uint64_t pos, uint8_t *dst, uint64_t len)
{
	uint64_t off = pos & (r->size - 1);
	uint64_t first = r->size - off < len ? r->size - off : len;
	memcpy(dst, r->data + off, (size_t)first);
	if (len > first)
		memcpy(dst + first, r->data, (size_t)(len - first));
}

/* One perf record: a sample is handed to fn (lost records were counted
 * by the programs). */
static void perf_rec(dtrace_hdl_t *dtp, struct dt_ring *r, const uint8_t *p,
    void (*fn)(dtrace_hdl_t *, struct dt_ring *, const uint8_t *, uint32_t))
{
	struct perf_event_header h;
	memcpy(&h, p, sizeof(h));
	if (h.type == PERF_RECORD_SAMPLE && h.size >= sizeof(h) + 4) {
		uint32_t size;
		memcpy(&size, p + sizeof(h), 4);
		if (size > h.size - sizeof(h) - 4)
			size = h.size - sizeof(h) - 4;
		fn(dtp, r, p + sizeof(h) + 4, size);
	}
}

static void print_now(dtrace_hdl_t *dtp, struct dt_ring *r, const uint8_t *d, uint32_t size)
{
	dt_consume_rec(dtp, r->cpu, d, size);
}

/* switch: everything the ring holds, then the space back to perf */
static void ring_consume(dtrace_hdl_t *dtp, struct dt_ring *r)
{
	struct dt_bufs *b = dtp->bufs;
	struct perf_event_mmap_page *m = r->base;
	uint64_t head = __atomic_load_n(&m->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = m->data_tail;
	while (tail < head) {
		struct perf_event_header h;
		ring_copy(r, tail, (uint8_t *)&h, sizeof(h));
		if (h.size < sizeof(h) || h.size > head - tail)
			break;
		uint64_t off = tail & (r->size - 1);
		const uint8_t *p = r->data + off;
		if (off + h.size > r->size) {
			ring_copy(r, tail, b->tmp, h.size);
			p = b->tmp;
		}
		perf_rec(dtp, r, p, print_now);
		tail += h.size;
	}
	__atomic_store_n(&m->data_tail, tail, __ATOMIC_RELEASE);
	report_drops(dtp, r);
}

int dt_buf_poll(dtrace_hdl_t *dtp, int ms)
{
	struct dt_bufs *b = dtp->bufs;
	struct epoll_event ev[64];
	if (!b || b->epfd < 0)
		return 0;
	int n = epoll_wait(b->epfd, ev, 64, ms);
	if (n < 0)
		return errno == EINTR ? 0 : -errno;
	/* the ready ones, in CPU order */
	for (int i = 0; i < n; i++)
		if (ev[i].data.u32 < (uint32_t)b->nrings)
			b->ready[ev[i].data.u32] = 1;
	for (int i = 0; i < b->nrings; i++)
		if (b->ready[i]) {
			b->ready[i] = 0;
			ring_consume(dtp, &b->rings[i]);
		}
	return n;
}

void dt_buf_consume(dtrace_hdl_t *dtp)
{
	struct dt_bufs *b = dtp->bufs;
	if (!b || b->policy != DT_BUFPOLICY_SWITCH)
		return;
	for (int i = 0; i < b->nrings; i++)
		ring_consume(dtp, &b->rings[i]);
}

int dt_buf_filled(dtrace_hdl_t *dtp, uint64_t now)
{
	struct dt_bufs *b = dtp->bufs;
	if (!b || b->policy != DT_BUFPOLICY_FILL)
		return 0;
	if (now < b->next_status)
		return 0;
	b->next_status = now + dtp->opt[DTOPT_STATUSRATE];
	for (int i = 0; i < b->nrings; i++)
		if (state_rd(b, DT_BS_CPU(b->rings[i].cpu) + DT_BS_FULL))
			return 1;
	return 0;
}

static void collect(dtrace_hdl_t *dtp, struct dt_ring *r, const uint8_t *d, uint32_t size)
{
	(void)dtp;
	r->recs[r->nrecs].data = d;
	r->recs[r->nrecs].size = size;
	r->nrecs++;
}

/* Parse the perf records in lin[0, len) into r->recs, in ring order. */
static void parse(dtrace_hdl_t *dtp, struct dt_ring *r, uint64_t len)
{
	uint64_t pos = 0;
	while (pos + sizeof(struct perf_event_header) <= len) {
		struct perf_event_header h;
		memcpy(&h, r->lin + pos, sizeof(h));
		/* backward: the unwritten rest is zeroes; the oldest record
		 * may run past the window, overwritten in part */
		if (h.size < sizeof(h) || pos + h.size > len)
			break;
		perf_rec(dtp, r, r->lin + pos, collect);
		pos += h.size;
	}
}

/* fill and ring: the ring's records, oldest first, into r->recs */
static int ring_collect(dtrace_hdl_t *dtp, struct dt_ring *r)
{
	struct dt_bufs *b = dtp->bufs;
	struct perf_event_mmap_page *m = r->base;
	ioctl(r->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 1);
	uint64_t head = __atomic_load_n(&m->data_head, __ATOMIC_ACQUIRE);
	uint64_t start, len;
	if (b->policy == DT_BUFPOLICY_RING) {
		start = head;		/* newest; older ones follow */
		len = r->size;
	} else {
		start = m->data_tail;
		len = head - start;
		if (len > r->size)
			len = r->size;
	}
	r->lin = malloc((size_t)len + 1);
	/* a record is at least a perf header and a record header */
	r->recs = malloc(((size_t)len / 16 + 1) * sizeof(*r->recs));
	if (!r->lin || !r->recs)
		return -1;
	ring_copy(r, start, r->lin, len);
	parse(dtp, r, len);
	if (b->policy != DT_BUFPOLICY_RING)
		return 0;
	/* newest first: keep what fits in bufsize, then turn it around */
	uint64_t used = 0;
	size_t keep = 0;
	for (; keep < r->nrecs; keep++) {
		uint32_t epid = 0;
		if (r->recs[keep].size >= 4)
			memcpy(&epid, r->recs[keep].data, 4);
		uint32_t s = dt_buf_recsize(dtp, epid, r->recs[keep].size);
		if (used + s > b->bufsize)
			break;
		used += s;
	}
	r->nrecs = keep;
	for (size_t i = 0; i < keep / 2; i++) {
		struct dt_rec t = r->recs[i];
		r->recs[i] = r->recs[keep - 1 - i];
		r->recs[keep - 1 - i] = t;
	}
	return 0;
}

/* Is the record BEGIN's (or the error report of a fault in BEGIN)? */
static int is_begin(dtrace_hdl_t *dtp, const struct dt_rec *rec)
{
	uint32_t epid = 0;
	if (rec->size < 4)
		return 0;
	memcpy(&epid, rec->data, 4);
	if (epid == DT_EPID_SPECCTL && rec->size >= 8) {	/* commit/discard */
		uint32_t op;
		memcpy(&op, rec->data + 4, 4);
		return (op & DT_SPECCTL_BEGIN) != 0;
	}
	if (epid == DT_EPID_ERROR && rec->size >= 16) {
		uint64_t e;
		memcpy(&e, rec->data + 8, 8);
		epid = e < dtp->necbs ? (uint32_t)e : 0;
	}
	return epid > 0 && epid < dtp->necbs && dtp->ecbs[epid].probe &&
	    dtp->ecbs[epid].probe->id == DT_PROBE_BEGIN;
}

enum { ALL, BEGIN_ONLY, NOT_BEGIN };

static void print_ring(dtrace_hdl_t *dtp, struct dt_ring *r, int which)
{
	for (size_t i = 0; i < r->nrecs; i++) {
		if (which != ALL && is_begin(dtp, &r->recs[i]) != (which == BEGIN_ONLY))
			continue;
		dt_consume_rec(dtp, r->cpu, r->recs[i].data, r->recs[i].size);
	}
	if (which == BEGIN_ONLY)
		return;
	r->done = 1;
	report_drops(dtp, r);
	free(r->lin);
	free(r->recs);
	r->lin = NULL;
	r->recs = NULL;
	r->nrecs = 0;
}

void dt_buf_drain(dtrace_hdl_t *dtp)
{
	struct dt_bufs *b = dtp->bufs;
	if (!b || b->policy == DT_BUFPOLICY_SWITCH || b->drained)
		return;
	b->drained = 1;
	for (int i = 0; i < b->nrings; i++)
		if (ring_collect(dtp, &b->rings[i]) < 0) {
			fflush(dtp->out);
			fprintf(stderr, "dtrace: out of memory reading the buffer of CPU %d\n",
			    b->rings[i].cpu);
			b->rings[i].nrecs = 0;
		}
	struct dt_ring *rb = NULL, *re = NULL;
	int bcpu = (int)state_rd(b, DT_BS_BEGANON) - 1, ecpu = (int)state_rd(b, DT_BS_ENDEDON) - 1;
	for (int i = 0; i < b->nrings; i++) {
		if (b->rings[i].cpu == bcpu)
			rb = &b->rings[i];
		if (b->rings[i].cpu == ecpu)
			re = &b->rings[i];
	}
	if (rb && rb != re) {
		print_ring(dtp, rb, ALL);
	} else if (rb) {
		print_ring(dtp, rb, BEGIN_ONLY);
		for (int i = 0; i < b->nrings; i++)
			if (&b->rings[i] != rb)
				print_ring(dtp, &b->rings[i], ALL);
		print_ring(dtp, rb, NOT_BEGIN);
	}
	for (int i = 0; i < b->nrings; i++)
		if (!b->rings[i].done && &b->rings[i] != re)
			print_ring(dtp, &b->rings[i], ALL);
	if (re && !re->done)
		print_ring(dtp, re, ALL);
	fflush(dtp->out);
}
