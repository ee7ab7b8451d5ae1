/*
 * kstack.c - a kernel PC as DTrace prints a stack frame:
 * "module`function+0xoff" ("module`function" at the symbol itself,
 * "0xADDR" where no symbol holds it), from the sorted kernel symbol
 * table (kernel/ksyms.c); and a stack key of an aggregation printed as
 * dtrace's dt_print_stack does: a newline, then each frame up to the
 * first zero PC on a line of its own, indented by stackindent.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "kstack.h"
#include "base/options.h"
#include "kernel/ksyms.h"

int dt_kframe(dtrace_hdl_t *dtp, uint64_t pc, char *buf, size_t len)
{
	const char *mod, *name;
	uint64_t off;
	if (dt_ksym_addr(dtp, pc, &mod, &name, &off) < 0)
		return snprintf(buf, len, "0x%" PRIx64, pc);
	if (off)
		return snprintf(buf, len, "%s`%s+0x%" PRIx64, mod, name, off);
	return snprintf(buf, len, "%s`%s", mod, name);
}

void dt_print_kstack(FILE *out, dtrace_hdl_t *dtp, const uint8_t *pcs, uint32_t n)
{
	char buf[512];
	int indent = (int)dtp->opt[DTOPT_STACKINDENT];
	fputc('\n', out);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t pc;
		memcpy(&pc, pcs + 8 * i, 8);
		if (!pc)
			break;
		dt_kframe(dtp, pc, buf, sizeof(buf));
		fprintf(out, "%*s%s\n", indent, "", buf);
	}
}
