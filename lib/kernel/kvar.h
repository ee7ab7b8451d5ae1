/*
 * kvar.h - kernel variables /proc/kallsyms does not list: per-CPU
 * variables placed by BTF, jiffies found through the kernel's own BPF
 * helper inlining (kvar.c).
 */
#ifndef DT_KVAR_H
#define DT_KVAR_H

#include <stdint.h>
#include "base/handle.h"

/*
 * The link address of vmlinux variable name: a per-CPU one (percpu, at
 * secoff in the per-CPU section, from BTF) or jiffies/jiffies_64.  Asks
 * the kernel once, on first use.  0 and *addr set, or -1 if unknown.
 */
int dt_kvar_addr(dtrace_hdl_t *dtp, const char *name, int percpu, uint32_t secoff,
    uint64_t *addr);
/* The type of a variable dt_kvar_addr() knows but BTF does not type
 * (jiffies: unsigned long), or NULL. */
struct dt_type *dt_kvar_type(dtrace_hdl_t *dtp, const char *name);

/* cg/kvar.c: close the per-CPU offset map, if a program made it */
void dt_kvar_close(dtrace_hdl_t *dtp);

#endif
