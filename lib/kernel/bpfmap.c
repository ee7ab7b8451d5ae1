/*
 * bpfmap.c - BPF maps made and written for the loader, or stand-ins.
 *
 * Everything that makes the maps of a program goes through here (rt/,
 * cg/, the providers' own maps), so that a check-only load (dtrace -e,
 * dtrace_program_check(), dtp->check_only) runs the whole load path
 * (map layout, code generation, the checks that need no kernel) without
 * privileges and without creating anything in the kernel.  A stand-in
 * is an open descriptor of /dev/null: distinct from every other one, as
 * the code generator needs (map fds are written into the instructions
 * and compared by value), and closed by the same close() as a map.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "bpfmap.h"

static int stand_in(void)
{
	return open("/dev/null", O_RDONLY | O_CLOEXEC);
}

int dt_bpf_map_create(dtrace_hdl_t *dtp, enum bpf_map_type type, const char *name,
    uint32_t ksize, uint32_t vsize, uint32_t n, const struct bpf_map_create_opts *o)
{
	if (dtp->check_only)
		return stand_in();
	return bpf_map_create(type, name, ksize, vsize, n, o);
}

int dt_bpf_map_update(dtrace_hdl_t *dtp, int fd, const void *key, const void *val,
    uint64_t flags)
{
	return dtp->check_only ? 0 : bpf_map_update_elem(fd, key, val, flags);
}

int dt_bpf_map_update_batch(dtrace_hdl_t *dtp, int fd, const void *keys, const void *vals,
    uint32_t *count)
{
	return dtp->check_only ? 0 : bpf_map_update_batch(fd, keys, vals, count, NULL);
}
