/*
 * usym.c - user stacks in the consumer: the PCs of a ustack() record
 * (handed to the formatter's stack hook as frame texts, uframes.c) and
 * ustack() aggregation keys printed as DTrace prints them, each PC
 * symbolized by kernel/usyms.c.
 *
 * Frames print as module`function+0xoff (module: the object's base
 * name), module`0xpc when the object has no symbol there, 0xpc when no
 * mapping holds the PC; JIT code a perf map names (kernel/perfmap.c) as
 * that name alone, as dtrace prints a frame its ustack helper named
 * (jstack()'s Java frames); each on its own line after stackindent spaces,
 * after a newline, as dtrace's dt_print_ustack.  The PCs are the
 * kernel's frame-pointer walk, or for a record with a register and stack
 * window field (-x ustackmode=dwarf) the DWARF unwind of it (uunwind.c)
 * when that finds more frames.
 */
#include <stdio.h>
#include <stdlib.h>
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

/*
 * The PCs of a stack (d: the pid, then size - 8 bytes of PCs; w, wsize:
 * the record's register and stack window field, or NULL): the
 * frame-pointer walk's, or the DWARF unwind of the window when that
 * finds more frames.  *pcs is malloc'd (NULL when there are none);
 * returns how many.
 */
static int stack_pcs(const uint8_t *d, uint32_t size, const uint8_t *w, uint32_t wsize,
    uint64_t **pcs)
{
	int max = (int)(size / 8) - 1, n = 0;
	uint64_t pid, *p = max > 0 ? malloc(2 * (size_t)max * sizeof(*p)) : NULL;
	*pcs = p;
	if (!p)
		return 0;
	memcpy(&pid, d, 8);
	for (; n < max; n++) {
		memcpy(&p[n], d + 8 + 8 * n, 8);
		if (p[n] == 0 || p[n] >= DT_USER_TOP)
			break;	/* the end, or a walk gone astray (rbp not a frame) */
	}
	int dn = w ? dt_uunwind((int)pid, w, wsize, p + max, max) : 0;
	if (dn > n) {
		memmove(p, p + max, (size_t)dn * sizeof(*p));
		n = dn;
	}
	return n;
}

/* a stack: a newline, then each frame on its own line after the
 * stackindent option's spaces (the arguments as stack_pcs's) */
static void print_stack(FILE *fp, dtrace_hdl_t *dtp, const uint8_t *d, uint32_t size,
    const uint8_t *w, uint32_t wsize)
{
	uint64_t pid, *pcs;
	int indent = (int)dtp->opt[DTOPT_STACKINDENT];
	int n = stack_pcs(d, size, w, wsize, &pcs);
	memcpy(&pid, d, 8);
	fputc('\n', fp);
	for (int i = 0; i < n; i++) {
		fprintf(fp, "%*s", indent, "");
		frame(fp, (int)pid, pcs[i]);
		fputc('\n', fp);
	}
	free(pcs);
}

static int render_key(FILE *out, const uint8_t *key, uint32_t size, void *arg)
{
	print_stack(out, arg, key, size, NULL, 0);
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

/* a ustack() record: its PCs (the DWARF unwind of its window when that
 * finds more frames) to the formatter's stack hook (its frames' texts) */
void dt_usym_record(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, const uint8_t *d,
    const struct dt_action *a)
{
	const struct dt_recfield *f = &a->fields[0];
	const struct dt_recfield *w = a->nfields > 1 ? f + 1 : NULL;
	uint64_t pid, *pcs;
	memcpy(&pid, d + f->offset, 8);
	dt_usym_seen((int)pid);	/* its mappings now, while it may still run */
	int n = stack_pcs(d + f->offset, f->size, w ? d + w->offset : NULL, w ? w->size : 0, &pcs);
	dt_ustack_out(dtp, pd, (int)pid, pcs, (uint32_t)n);
	free(pcs);
}
