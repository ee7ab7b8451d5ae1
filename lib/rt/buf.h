/*
 * buf.h - the principal buffers as the runtime made them (buf.c), for
 * the consumer that reads them (consume/buf.c).
 */
#ifndef DT_RT_BUF_H
#define DT_RT_BUF_H

#include <stdint.h>
#include "base/buf.h"
#include "base/handle.h"

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

/* a word of the mapped dt_bufstate value */
static inline uint64_t dt_bufstate_rd(const struct dt_bufs *b, uint32_t off)
{
	return __atomic_load_n((const uint64_t *)(b->state + off), __ATOMIC_RELAXED);
}

/* Plan, allocate (under bufresize) and publish the per-CPU buffers; done
 * at load time, before programs are generated (they use the state map):
 * sets dtp->bufplan. */
int dt_buf_create(dtrace_hdl_t *dtp);
void dt_buf_free(dtrace_hdl_t *dtp);

#endif
