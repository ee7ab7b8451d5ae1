/*
 * usym.c - user stacks in the consumer: the ustack() action's records
 * and aggregation keys printed as DTrace prints them, each PC symbolized
 * by kernel/usyms.c.
 *
 * Frames print as module`function+0xoff (module: the object's base
 * name), module`0xpc when the object has no symbol there, 0xpc when no
 * mapping holds the PC; JIT code a perf map names (kernel/perfmap.c) as
 * that name alone, as dtrace prints a frame its ustack helper named
 * (jstack()'s Java frames); each on its own line after stackindent spaces,
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
	const char *mod, *name;
	uint64_t off;
	dt_usym_addr(pid, pc, &mod, &name, &off);
	if (!mod && name)
		fputs(name, fp);	/* JIT code, by its perf map */
	else if (!mod)
		fprintf(fp, "0x%" PRIx64, pc);
	else if (!name)
		fprintf(fp, "%s`0x%" PRIx64, mod, pc);
	else if (off)
		fprintf(fp, "%s`%s+0x%" PRIx64, mod, name, off);
	else
		fprintf(fp, "%s`%s", mod, name);
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

struct ucookie {
	dtrace_hdl_t *dtp;
	const uint8_t *d;
	const struct dt_recfield *f;
};

static int render(const void *cookie, FILE *fp)
{
	const struct ucookie *c = cookie;
	print_stack(fp, c->dtp, c->d + c->f->offset, c->f->size);
	return ferror(fp) ? -1 : 0;
}

void dt_usym_record(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, const uint8_t *d,
    const struct dt_action *a)
{
	struct ucookie c = { dtp, d, &a->fields[0] };
	uint64_t pid;
	memcpy(&pid, d + c.f->offset, 8);
	dt_usym_seen((int)pid);	/* its mappings now, while it may still run */
	dtrace_text_t t = { render, &c };
	DT_OUT(dtp, printf, pd, &t);
}
