/*
 * bpfmap.h - the one place BPF maps are made and written from the
 * loader (bpfmap.c), so that a check-only load (dtrace -e,
 * dtrace_program_check()) gets stand-ins and never calls bpf().
 */
#ifndef DT_BPFMAP_H
#define DT_BPFMAP_H

#include <bpf/bpf.h>
#include <stdint.h>
#include "base/handle.h"

/* A map (bpf_map_create's arguments), or with dtp->check_only a
 * stand-in: a descriptor of /dev/null, unique like a map's and closed
 * like one, that no kernel call is ever made on.  -1 with errno set. */
int dt_bpf_map_create(dtrace_hdl_t *dtp, enum bpf_map_type type, const char *name,
    uint32_t ksize, uint32_t vsize, uint32_t n, const struct bpf_map_create_opts *o);
/* bpf_map_update_elem and bpf_map_update_batch; 0 on a stand-in */
int dt_bpf_map_update(dtrace_hdl_t *dtp, int fd, const void *key, const void *val,
    uint64_t flags);
int dt_bpf_map_update_batch(dtrace_hdl_t *dtp, int fd, const void *keys, const void *vals,
    uint32_t *count);

#endif
