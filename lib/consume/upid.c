/*
 * upid.c - the consumer's side of the process announcements (cg/upid.c,
 * rt/upid.c): the dt_upidrb ring is read as soon as it wakes the
 * consumer's epoll (its fd joins the principal buffers' set) and before
 * each pass over the buffers, and each pid announced has its mappings
 * read at once (kernel/usyms.c dt_usym_seen), while the process most
 * likely still runs: a record printed after the process exited is then
 * still symbolized.
 */
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <bpf/libbpf.h>
#include "consume.h"
#include "rt/buf.h"
#include "kernel/usyms.h"

static int announced(void *ctx, void *data, size_t size)
{
	(void)ctx;
	uint64_t pid;
	if (size >= sizeof(pid)) {
		memcpy(&pid, data, sizeof(pid));
		dt_usym_seen((int)pid);
	}
	return 0;
}

void dt_upid_open(dtrace_hdl_t *dtp)
{
	struct dt_bufs *b = dtp->bufs;
	if (dtp->fd_upidrb <= 0 || dtp->upid_rb)
		return;
	struct ring_buffer *rb = ring_buffer__new(dtp->fd_upidrb, announced, NULL, NULL);
	if (!rb)
		return;		/* symbolized when printed, as without */
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = DT_UPID_EVENT };
	if (!b || b->epfd < 0 ||
	    epoll_ctl(b->epfd, EPOLL_CTL_ADD, ring_buffer__epoll_fd(rb), &ev) < 0) {
		ring_buffer__free(rb);	/* symbolized when printed, as without */
		return;
	}
	dtp->upid_rb = rb;
}

void dt_upid_read(dtrace_hdl_t *dtp)
{
	if (dtp->upid_rb)
		ring_buffer__consume(dtp->upid_rb);
}

void dt_upid_free(dtrace_hdl_t *dtp)
{
	if (dtp->upid_rb)
		ring_buffer__free(dtp->upid_rb);
	dtp->upid_rb = NULL;
}
