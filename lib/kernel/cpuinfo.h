/*
 * cpuinfo.h - curcpu's cpuinfo_t and the per-CPU facts behind it
 * (cpuinfo.c).
 */
#ifndef DT_CPUINFO_H
#define DT_CPUINFO_H

#include "base/handle.h"

/* cpuinfo_t, as Oracle Linux DTrace lays it out (without cpu_info) */
#define DT_CPUINFO_ID	0		/* processorid_t cpu_id */
#define DT_CPUINFO_PSET	4		/* psetid_t cpu_pset: always 0 */
#define DT_CPUINFO_CHIP	8		/* chipid_t cpu_chip: physical package */
#define DT_CPUINFO_LGRP	12		/* lgrp_id_t cpu_lgrp: NUMA node */
#define DT_CPUINFO_SIZE	16

/* cpuinfo_t *, built on first use. */
struct dt_type *dt_cpuinfo_type(dtrace_hdl_t *dtp);
/* Create and fill the dt_cpuinfo map if the program uses it. */
int dt_cpuinfo_create(dtrace_hdl_t *dtp);
void dt_cpuinfo_close(dtrace_hdl_t *dtp);
/* Is the CPU numbered cpu online? */
int dt_cpu_online(uint64_t cpu);

#endif
