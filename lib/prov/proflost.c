/*
 * proflost.c - profile-N fires lost to the kernel's sample throttling
 * (proflost.h): each profile event's perf ring, where the kernel writes a
 * PERF_RECORD_THROTTLE when it stops the event (too many samples in one
 * tick) and a PERF_RECORD_UNTHROTTLE when it restarts it, both with the
 * time (CLOCK_MONOTONIC, asked for in the attributes).  The events write
 * no samples there (the BPF program takes them), so a small ring holds
 * seconds of these records; the consumer reads it at every wake-up.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "proflost.h"

#define RING_PAGES	8	/* data pages: 32-byte records, two a tick */

struct ring {
	struct dt_probe *p;
	uint64_t period;
	void *base;
	size_t len;
	uint64_t throttled_at;	/* 0: running */
};

struct dt_proflost {
	struct ring *r;
	size_t n;
	uint64_t tick;		/* the kernel's tick (1/HZ), ns */
	uint64_t since;		/* tracing started (0: not yet): fires
				   lost before are not counted */
};

void dt_proflost_attr(struct perf_event_attr *attr)
{
	attr->use_clockid = 1;
	attr->clockid = CLOCK_MONOTONIC;
}

int dt_proflost_watch(dtrace_hdl_t *dtp, struct dt_proflost **lp, struct dt_probe *p, int fd,
    uint64_t period)
{
	if (!*lp) {
		if (!(*lp = calloc(1, sizeof(**lp))))
			return dt_set_err(dtp, "out of memory");
		/* the coarse clocks tick with jiffies */
		struct timespec res;
		(*lp)->tick = clock_getres(CLOCK_MONOTONIC_COARSE, &res) == 0 && !res.tv_sec &&
		    res.tv_nsec > 0 ? (uint64_t)res.tv_nsec : 10000000ULL;
	}
	struct dt_proflost *l = *lp;
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), len = (1 + RING_PAGES) * pg;
	struct ring *nr = realloc(l->r, (l->n + 1) * sizeof(*nr));
	if (!nr)
		return dt_set_err(dtp, "out of memory");
	l->r = nr;
	void *base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED)
		return dt_set_err(dtp, "cannot map the ring of profile:::%s: %s", p->name,
		    strerror(errno));
	nr[l->n++] = (struct ring){ p, period ? period : 1, base, len, 0 };
	return 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* fires lost between throttled_at and t: the kernel restarts the event
 * at the CPU's next tick, so a longer wait means the CPU was idle (no
 * tick), when nothing was to be sampled: at most a tick's worth */
static void lost_until(const struct dt_proflost *l, struct ring *r, uint64_t t)
{
	uint64_t from = r->throttled_at > l->since ? r->throttled_at : l->since;
	if (r->throttled_at && l->since && t > from) {
		uint64_t d = t - from;
		__atomic_fetch_add(&r->p->lost, (d < l->tick ? d : l->tick) / r->period,
		    __ATOMIC_RELAXED);
	}
	r->throttled_at = 0;
}

static void read_ring(const struct dt_proflost *l, struct ring *r)
{
	struct perf_event_mmap_page *m = r->base;
	const uint8_t *data = (const uint8_t *)r->base + m->data_offset;
	uint64_t size = m->data_size;
	uint64_t head = __atomic_load_n(&m->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = m->data_tail;
	while (tail + sizeof(struct perf_event_header) <= head) {
		uint8_t rec[64];
		struct perf_event_header h;
		for (size_t i = 0; i < sizeof(h); i++)
			((uint8_t *)&h)[i] = data[(tail + i) % size];
		if (h.size < sizeof(h) || tail + h.size > head)
			break;
		size_t n = h.size < sizeof(rec) ? h.size : sizeof(rec);
		for (size_t i = 0; i < n; i++)
			rec[i] = data[(tail + i) % size];
		uint64_t t;
		memcpy(&t, rec + sizeof(h), sizeof(t));	/* time, first field */
		if (h.type == PERF_RECORD_THROTTLE && n >= sizeof(h) + 8)
			r->throttled_at = t ? t : 1;
		else if (h.type == PERF_RECORD_UNTHROTTLE && n >= sizeof(h) + 8)
			lost_until(l, r, t);
		tail += h.size;
	}
	__atomic_store_n(&m->data_tail, tail, __ATOMIC_RELEASE);
}

void dt_proflost_read(struct dt_proflost *l, int final)
{
	if (!l)
		return;
	uint64_t now = final ? now_ns() : 0;
	for (size_t i = 0; i < l->n; i++) {
		read_ring(l, &l->r[i]);
		if (final)
			lost_until(l, &l->r[i], now);
	}
}

void dt_proflost_start(struct dt_proflost *l)
{
	if (l)
		l->since = now_ns();
}

void dt_proflost_free(struct dt_proflost *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++)
		munmap(l->r[i].base, l->r[i].len);
	free(l->r);
	free(l);
}
