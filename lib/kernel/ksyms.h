/*
 * ksyms.h - kernel symbol addresses from /proc/kallsyms.
 */
#ifndef DT_KSYMS_H
#define DT_KSYMS_H

#include <stdint.h>
#include "base/handle.h"

enum dt_ksym_err { DT_KSYM_OK = 0, DT_KSYM_NOSYM = -1, DT_KSYM_NOMOD = -2,
	DT_KSYM_NOADDR = -3 };

struct dt_ksym {
	uint64_t addr;
	char type;			/* kallsyms type letter: T t D d B b R r ... */
	char mod[64];			/* "vmlinux" or the module name */
};

/*
 * Look up symbol name in module mod ("vmlinux", a module name, or NULL
 * for any).  Reads /proc/kallsyms on first use only.  Returns DT_KSYM_OK
 * or an error: no such symbol, no such module, or addresses hidden
 * (kptr_restrict).
 */
int dt_ksym_lookup(dtrace_hdl_t *dtp, const char *mod, const char *name,
    struct dt_ksym *out);
static inline int dt_ksym_is_text(char type)
{
	return type == 'T' || type == 't' || type == 'W' || type == 'w';
}

/*
 * Address to symbol: the text symbol containing kernel address addr (the
 * one with the greatest address <= addr).  *mod is "vmlinux" or the
 * module's name as /proc/kallsyms gives it, *name the symbol, *off
 * addr minus its address; all strings live until dtrace_close.  The
 * sorted table is built from /proc/kallsyms once, on first use.
 * Returns 0, or -1 if no text symbol is at or below addr (or addresses
 * are hidden by kptr_restrict).
 */
int dt_ksym_addr(dtrace_hdl_t *dtp, uint64_t addr, const char **mod,
    const char **name, uint64_t *off);
/*
 * Start building the address table in a thread of its own (signals
 * blocked), for a program that will print kernel stacks: the first
 * dt_ksym_addr() waits for it.  Does nothing if the table exists or is
 * being built; if the thread cannot be started, the table is built on
 * first use as before.
 */
void dt_ksyms_prefetch(dtrace_hdl_t *dtp);
void dt_ksyms_close(dtrace_hdl_t *dtp);

#endif
