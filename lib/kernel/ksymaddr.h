/*
 * ksymaddr.h - kernel text symbols by address (sym(), func(), mod(),
 * printf's %a).  TEMPORARY: branch kstack adds dt_ksym_addr() to ksyms.c
 * with the same contract; the integrator switches the callers
 * (fmt/symfmt.c) to it and deletes this file.
 */
#ifndef DT_KSYMADDR_H
#define DT_KSYMADDR_H

#include <stdint.h>
#include "base/handle.h"

/*
 * The text symbol containing addr: its module ("vmlinux" for the kernel
 * image), its name and addr's offset in it.  0 found, -1 not (below the
 * first text symbol, at or past the last one, or kallsyms unreadable or
 * hidden).  dtp may be NULL: the table is the process's, built once.
 */
int dt_ksymaddr_lookup(dtrace_hdl_t *dtp, uint64_t addr, const char **mod,
    const char **name, uint64_t *off);

#endif
