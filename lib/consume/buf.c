/*
 * buf.c - reading the principal buffers under their policies (the
 * buffers themselves are rt/buf.c's; see there and base/buf.h).
 *
 *   switch  every ring is read at switchrate or when it passes its
 *           watermark (dt_buf_poll, dt_buf_consume), in CPU order;
 *   fill    nothing is read while tracing; at statusrate dt_buf_filled
 *           looks for a CPU whose buffer filled, and at the end every
 *           buffer is read (dt_buf_drain);
 *   ring    nothing is read until tracing stops; then each ring is
 *           paused and walked from its newest record back, keeping the
 *           most recent records that fit in bufsize, oldest first.
 * At the end the CPUs are processed in DTrace's order: BEGIN's CPU first
 * (if it is also END's, only its BEGIN records first), END's CPU last,
 * the others in CPU order.  Each record goes to dt_consume_rec; drops
 * the programs counted are reported per CPU.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "consume.h"
#include "base/output.h"
#include "rt/buf.h"
#include "prov/prov.h"
#include "sema/program.h"

/* bytes a record with this EPID takes in the principal buffer */
static uint32_t recsize(dtrace_hdl_t *dtp, uint32_t epid, uint32_t raw)
{
	if (epid == DT_EPID_ERROR)
		return DT_BUF_ERRREC;
	if (epid < dtp->necbs && dtp->ecbs[epid].stmt) {
		const struct dt_stmt *st = dtp->ecbs[epid].stmt;
		/* packed strings (cg/strtail.c): what was written, which perf
		 * pads to 8 with its 4-byte size word */
		if (st->strtail && (raw & ~7u) < st->recsize)
			return raw & ~7u;
		return st->recsize;
	}
	return raw;
}

/* Drops on a CPU since the last report, as the programs counted them:
 * records too large for the buffer and records the ring refused (perf's
 * own lost-record reports arrive only with a later record, if any, so
 * they are not used). */
static void report_drops(dtrace_hdl_t *dtp, struct dt_ring *r)
{
	struct dt_bufs *b = dtp->bufs;
	uint64_t d = dt_bufstate_rd(b, DT_BS_CPU(r->cpu) + DT_BS_DROPS);
	dt_consume_drops(dtp, DTRACE_DROP_PRINCIPAL, r->cpu, &r->drops_seen, d, "drop", "");
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

static void add_provfd(void *arg, int fd)
{
	struct dt_bufs *b = arg;
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = DT_PROV_EVENT };
	epoll_ctl(b->epfd, EPOLL_CTL_ADD, fd, &ev);	/* else: at the next
							   wake-up, as before */
}

void dt_buf_provwake(dtrace_hdl_t *dtp)
{
	struct dt_bufs *b = dtp->bufs;
	if (b && b->epfd >= 0)
		dt_prov_pollfds(dtp, add_provfd, b);
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
		else if (ev[i].data.u32 == DT_UPID_EVENT)
			dt_upid_read(dtp);	/* a new process to read at once */
		/* DT_PROV_EVENT: the providers' poll hooks run next */
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
		if (dt_bufstate_rd(b, DT_BS_CPU(b->rings[i].cpu) + DT_BS_FULL))
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
		uint32_t s = recsize(dtp, epid, r->recs[keep].size);
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
			dt_out_message(dtp, 0, "out of memory reading the buffer of CPU %d",
			    b->rings[i].cpu);
			b->rings[i].nrecs = 0;
		}
	struct dt_ring *rb = NULL, *re = NULL;
	int bcpu = (int)dt_bufstate_rd(b, DT_BS_BEGANON) - 1, ecpu = (int)dt_bufstate_rd(b, DT_BS_ENDEDON) - 1;
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
	DT_OUT0(dtp, flush);
}
