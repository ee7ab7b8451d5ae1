/*
 * symfmt.c - kernel addresses as text (see symfmt.h), for trace() of
 * sym()/func()/mod(), their aggregation keys (fmt/agg.c) and printf's %a
 * (fmt/printf.c).  Lookups go through kernel/ksyms.c's dt_ksym_addr().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symfmt.h"
#include "kernel/ksyms.h"

char *dt_ksym_format(struct dtrace_hdl *dtp, uint64_t addr, int kind,
    char *buf, size_t len)
{
	const char *mod, *name;
	uint64_t off;

	if (!dtp || dt_ksym_addr(dtp, addr, &mod, &name, &off) < 0)
		snprintf(buf, len, "0x%llx", (unsigned long long)addr);
	else if (kind == DT_SYMK_MOD)
		snprintf(buf, len, "%s", mod);
	else if (kind == DT_SYMK_ADDR && off)
		snprintf(buf, len, "%s`%s+0x%llx", mod, name, (unsigned long long)off);
	else
		snprintf(buf, len, "%s`%s", mod, name);
	return buf;
}

/* mod() keys: the first address seen in each module stands for it
 * (the table grows with the modules seen; kept for the process) */
static struct modrep { char *mod; uint64_t addr; } *modrep;
static size_t nmodrep;

uint64_t dt_ksym_canon(struct dtrace_hdl *dtp, uint64_t addr, int kind)
{
	const char *mod, *name;
	uint64_t off;

	if (kind == DT_SYMK_NONE || !dtp || dt_ksym_addr(dtp, addr, &mod, &name, &off) < 0)
		return addr;
	if (kind != DT_SYMK_MOD)
		return addr - off;
	for (size_t i = 0; i < nmodrep; i++)
		if (!strcmp(modrep[i].mod, mod))
			return modrep[i].addr;
	struct modrep *n = realloc(modrep, (nmodrep + 1) * sizeof(*n));
	if (!n)
		return addr;
	modrep = n;
	if ((modrep[nmodrep].mod = strdup(mod)) != NULL)
		modrep[nmodrep++].addr = addr;
	return addr;
}
