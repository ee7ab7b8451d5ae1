/*
 * rt.h - the runtime: from a compiled program to running BPF programs
 * and back (load.c), the maps (buf.c, spec.c, destr.c), and what the
 * consumer reads of them.
 */
#ifndef DT_RT_H
#define DT_RT_H

#include <stdint.h>
#include "base/handle.h"

struct dt_probe;

/* load.c: EPIDs, maps, programs generated, loaded and attached */
int dt_load(dtrace_hdl_t *dtp);
/* While tracing: EPIDs, programs loaded and attached for the probes a
 * provider made since (with clauses and no EPIDs yet: the usdt
 * provider's for processes started later, prov/usdtlate.c); a probe
 * that fails is reported (dt_out_message) and left.  How many. */
int dt_load_new(dtrace_hdl_t *dtp);
/* close every program and map (providers detach first: dt_prov_detach) */
void dt_unload(dtrace_hdl_t *dtp);

/* load.c: probe p's sleepable companion (cg/prefault.c), if it needs
 * one: generated, loaded with BPF_F_SLEEPABLE unless a probe before had
 * the same (the dt_prefault map made the first time), its fd in
 * p->prefault_fd (-1: none) for the provider's attach (title names p in
 * messages); -1 with the error set */
int dt_prefault_load(dtrace_hdl_t *dtp, struct dt_probe *p, const char *title);
/* the dt_prefault map closed and the companions forgotten (their fds
 * are closed with the other programs) */
void dt_prefault_close(dtrace_hdl_t *dtp);

/* The globals map's counters, as the programs left them. */
struct dt_gstate {
	uint64_t state;			/* DT_ST_* */
	uint64_t exit_status;		/* exit()'s */
	uint64_t dvdrops;		/* dynamic variable drops, ever */
	uint64_t dblerrs;		/* faults in ERROR clauses, ever */
};
/* read them (polled every 50 ms); -1 if the map cannot be read */
int dt_read_state(dtrace_hdl_t *dtp, struct dt_gstate *gs);
/* each CPU's aggregation drop counter (its frame's) into drops[];
 * buf: room for the per-CPU scratch map's value when it is one */
int dt_scratch_aggdrops(dtrace_hdl_t *dtp, void *buf, uint64_t *drops);

/* The kernel takes at most 64 maps in one program (MAX_USED_MAPS); a
 * program's aggregations may have all but DT_AGG_MAP_RESERVE of them (its
 * other maps: buffers, globals, scratch, dynamic variables, speculations,
 * the providers' own ...), past which they share maps (aggshare.c). */
#define DT_PROG_MAX_MAPS 64
#define DT_AGG_MAP_RESERVE 20
#define DT_AGG_MAP_BUDGET (DT_PROG_MAX_MAPS - DT_AGG_MAP_RESERVE)

/* aggshare.c: which aggregations share maps (each dt_agg's array, shared,
 * slot, owns_fd; the frame's key area grown for an id after a shared
 * map's tuple), before the scratch map is sized; -1 with the error set
 * when a program's aggregations still need too many maps */
int dt_agg_share_plan(dtrace_hdl_t *dtp);
/* the shared maps made, each member's fd set; -1 with the error set */
struct bpf_map_create_opts;
int dt_agg_share_create(dtrace_hdl_t *dtp, const struct bpf_map_create_opts *o);

/* spec.c: the speculation maps (dtp->specmaps), if the program speculates */
int dt_spec_create(dtrace_hdl_t *dtp);
void dt_spec_close(dtrace_hdl_t *dtp);

/* destr.c: at dtrace_go(), refuse a destructive program unless they are
 * allowed; the maps the destructive actions need (dt_chill) */
int dt_destr_check(dtrace_hdl_t *dtp);
int dt_destr_create(dtrace_hdl_t *dtp);
void dt_destr_close(dtrace_hdl_t *dtp);
/* upid.c: for a program that prints user stacks, the maps through which
 * the programs announce each process they see first (dt_upids, dt_upidrb) */
int dt_upid_create(dtrace_hdl_t *dtp);
void dt_upid_close(dtrace_hdl_t *dtp);

#endif
