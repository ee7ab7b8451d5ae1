/*
 * usymfmt.c - user addresses as text (see usymfmt.h), for the values and
 * aggregation keys of usym()/ufunc()/umod()/uaddr() (consume/consume.c,
 * fmt/agg.c, consume/aggdata.c) and printf's %A (fmt/printf.c).  Each
 * address comes with the process it belongs to; lookups go through
 * kernel/usyms.c's dt_usym_addr() (that process's mappings, each
 * object's symbol table cached once).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "usymfmt.h"
#include "kernel/usyms.h"

char *dt_usym_format(int pid, uint64_t addr, int kind, char *buf, size_t len)
{
	const char *mod = NULL, *name = NULL;
	uint64_t off = addr;

	if (pid > 0)
		dt_usym_addr(pid, addr, &mod, &name, &off);
	if (!mod && name && kind != DT_SYMK_UMOD)
		/* JIT code a perf map names (kernel/perfmap.c): the name alone,
		 * as dtrace prints a frame its ustack helper named */
		snprintf(buf, len, "%s", name);
	else if (!mod)
		snprintf(buf, len, "0x%" PRIx64, addr);
	else if (kind == DT_SYMK_UMOD)
		snprintf(buf, len, "%s", mod);
	else if (!name)
		snprintf(buf, len, "%s`0x%" PRIx64, mod, addr);
	else if (kind == DT_SYMK_UADDR && off)
		snprintf(buf, len, "%s`%s+0x%" PRIx64, mod, name, off);
	else
		snprintf(buf, len, "%s`%s", mod, name);
	return buf;
}

uint64_t dt_usym_canon(int pid, uint64_t addr, int kind)
{
	const char *mod, *name;
	uint64_t off;

	if (pid <= 0 || kind == DT_SYMK_UADDR || !DT_SYMK_USER(kind))
		return addr;
	dt_usym_addr(pid, addr, &mod, &name, &off);
	if (!mod)
		return name && kind != DT_SYMK_UMOD ? addr - off : addr;	/* JIT */
	if (kind != DT_SYMK_UMOD)
		return name ? addr - off : addr;
	/* umod(): the object's first mapping stands for it, as dtrace's
	 * dt_aggregate_umod takes a mapping's base */
	return dt_usym_modbase(pid, addr);
}
