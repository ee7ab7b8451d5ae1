/*
 * spec.c - the maps of speculative tracing (base/spec.h): dt_spec, the
 * state of every speculation, shared by all CPUs and read by the
 * consumer; and dt_spec_cpu, the bytes each CPU traced to each.  Made at
 * load time, before the programs that use them are generated.
 */
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "rt.h"
#include "base/spec.h"

int dt_spec_create(dtrace_hdl_t *dtp)
{
	LIBBPF_OPTS(bpf_map_create_opts, o);
	struct dt_specmaps *sm = &dtp->specmaps;
	sm->nspec = (uint32_t)dtp->opt[DTOPT_NSPEC];
	/* room for one entry even with nspec=0: the programs name entry 0 */
	uint32_t nid = sm->nspec ? sm->nspec : 1;
	sm->stsize = DT_SPEC_ENT + nid * DT_SPEC_ENTSZ;
	sm->fd_state = dt_bpf_map_create(dtp, BPF_MAP_TYPE_ARRAY, "dt_spec", 4, sm->stsize, 1, &o);
	if (sm->fd_state < 0)
		return dt_set_err(dtp, "cannot create the speculation state: %s", strerror(errno));
	sm->fd_cpu = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PERCPU_ARRAY, "dt_spec_cpu", 4,
	    nid * 8, 1, &o);
	if (sm->fd_cpu < 0)
		return dt_set_err(dtp, "cannot create the speculative buffers: %s", strerror(errno));
	return 0;
}

void dt_spec_close(dtrace_hdl_t *dtp)
{
	struct dt_specmaps *sm = &dtp->specmaps;
	if (sm->fd_state >= 0)
		close(sm->fd_state);
	if (sm->fd_cpu >= 0)
		close(sm->fd_cpu);
	sm->fd_state = sm->fd_cpu = -1;
}
