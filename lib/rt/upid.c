/*
 * upid.c - the maps through which the programs of a script that prints
 * user stacks announce each process the first time one of its stacks is
 * taken, so that the consumer reads its mappings at once rather than when
 * the record is printed, by which time a short-lived process may have
 * exited (cg/upid.c writes the announcement, consume/upid.c reads it).
 *
 *   dt_upids   LRU hash, pid -> 0: the pids already announced (an LRU
 *              never fills; a pid it forgot is announced again, which
 *              costs a look-up in the consumer)
 *   dt_upidrb  ring buffer of 8-byte pids, the consumer woken by each
 *   dt_upidlast one value, a 64-byte line per CPU (its first u64 used):
 *              the last pid the CPU found announced, so that a CPU that
 *              keeps sampling one process (a profile of a busy program)
 *              skips the hash look-up.  One small value (kmalloc'd, in
 *              the kernel's direct map) rather than a per-CPU array
 *              (4 KiB vmalloc'd pages): fewer TLB misses in principle,
 *              though the two measured the same within the noise
 *
 * DTRACE_NOUPID=1 in the environment leaves them out (bench, tests).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include "rt.h"
#include "base/handle.h"

#define DT_UPIDS_MAX 16384
#define DT_UPIDRB_SIZE (64 * 1024)

int dt_upid_create(dtrace_hdl_t *dtp)
{
	/* DTRACE_NOUPID=1: none (to measure what they cost) */
	if (!dtp->uses_ustack || getenv("DTRACE_NOUPID"))
		return 0;
	int fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_LRU_HASH, "dt_upids", 4, 8, DT_UPIDS_MAX, NULL);
	if (fd < 0)
		return dt_set_err(dtp, "cannot create the user stack pid map: %s", strerror(errno));
	dtp->fd_upids = fd;
	fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_RINGBUF, "dt_upidrb", 0, 0, DT_UPIDRB_SIZE, NULL);
	if (fd < 0)
		return dt_set_err(dtp, "cannot create the user stack pid ring: %s", strerror(errno));
	dtp->fd_upidrb = fd;
	fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_ARRAY, "dt_upidlast", 4, 64 * (uint32_t)dtp->ncpus, 1, NULL);
	if (fd < 0)
		return dt_set_err(dtp, "cannot create the user stack pid map: %s", strerror(errno));
	dtp->fd_upidlast = fd;
	return 0;
}

void dt_upid_close(dtrace_hdl_t *dtp)
{
	if (dtp->fd_upids > 0)
		close(dtp->fd_upids);
	if (dtp->fd_upidrb > 0)
		close(dtp->fd_upidrb);
	if (dtp->fd_upidlast > 0)
		close(dtp->fd_upidlast);
	dtp->fd_upids = dtp->fd_upidrb = dtp->fd_upidlast = 0;
}
