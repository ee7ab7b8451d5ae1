/*
 * usym.c - user stacks in the consumer: the ustack() action's records
 * and aggregation keys printed as DTrace prints them, each PC symbolized
 * by kernel/usyms.c.
 *
 * Frames print as module`function+0xoff (module: the object's base
 * name), module`0xpc when the object has no symbol there, 0xpc when no
 * mapping holds the PC; each on its own line after stackindent spaces,
 * after a newline, as dtrace's dt_print_ustack.  No DWARF unwinding: the
 * stack is the kernel's frame-pointer walk.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "consume.h"
#include "sema/program.h"
#include "base/output.h"
#include "kernel/usyms.h"

static void frame(FILE *fp, int pid, uint64_t pc)
{
	char buf[1024];
	dt_uframe(pid, pc, buf, sizeof(buf));
	fputs(buf, fp);
}

/* a stack: a newline, then each frame on its own line after the
 * stackindent option's spaces (d: the pid, then size - 8 bytes of PCs) */
static void print_stack(FILE *fp, dtrace_hdl_t *dtp, const uint8_t *d, uint32_t size)
{
	uint64_t pid, pc;
	int indent = (int)dtp->opt[DTOPT_STACKINDENT];
	memcpy(&pid, d, 8);
	fputc('\n', fp);
	for (uint32_t i = 8; i + 8 <= size; i += 8) {
		memcpy(&pc, d + i, 8);
		if (pc == 0)
			break;
		fprintf(fp, "%*s", indent, "");
		frame(fp, (int)pid, pc);
		fputc('\n', fp);
	}
}

static int render_key(FILE *out, const uint8_t *key, uint32_t size, void *arg)
{
	print_stack(out, arg, key, size);
	return ferror(out) ? -1 : 0;
}

void dt_usym_keys(dtrace_hdl_t *dtp, struct dt_agg *a)
{
	for (int k = 0; k < a->nkeys; k++)
		if (a->kf[k].ustack) {
			a->kf[k].render = render_key;
			a->kf[k].arg = dtp;
		}
}

/* a ustack() record: the formatter's stack hook (its frames' texts) */
void dt_usym_record(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, const uint8_t *d,
    const struct dt_action *a)
{
	const struct dt_recfield *f = &a->fields[0];
	uint64_t pid;
	memcpy(&pid, d + f->offset, 8);
	dt_usym_seen((int)pid);	/* its mappings now, while it may still run */
	dt_ustack_out(dtp, pd, (int)pid, d + f->offset + 8, (f->size - 8) / 8);
}
