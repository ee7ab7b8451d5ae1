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

/* umod() keys: the first address seen in each module of each process
 * stands for it (module names compared as text, as one object is mapped
 * several times; copies, freed by dt_usym_canon_free at dtrace_close) */
static struct { int pid; char *mod; uint64_t addr; } modrep[256];
static int nmodrep;

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
	for (int i = 0; i < nmodrep; i++)
		if (modrep[i].pid == pid && !strcmp(modrep[i].mod, mod))
			return modrep[i].addr;
	if (nmodrep < (int)(sizeof(modrep) / sizeof(modrep[0])) &&
	    (modrep[nmodrep].mod = strdup(mod)) != NULL) {
		modrep[nmodrep].pid = pid;
		modrep[nmodrep++].addr = addr;
	}
	return addr;
}

void dt_usym_canon_free(void)
{
	for (int i = 0; i < nmodrep; i++)
		free(modrep[i].mod);
	nmodrep = 0;
}
