/*
 * usym.c - user stacks in the consumer: the ustack() action's records
 * and aggregation keys printed as DTrace prints them, each PC symbolized
 * by kernel/usyms.c.
 *
 * Frames print as module`function+0xoff (module: the object's base
 * name), module`0xpc when the object has no symbol there, 0xpc when no
 * mapping holds the PC; each on its own line after stackindent spaces,
 * after a newline, as dtrace's dt_print_ustack.  The PCs are the
 * kernel's frame-pointer walk, or for a record with a register and stack
 * window field (-x ustackmode=dwarf) the DWARF unwind of it (uunwind.c)
 * when that finds more frames.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
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
	if (!mod)
		fprintf(fp, "0x%" PRIx64, pc);
	else if (!name)
		fprintf(fp, "%s`0x%" PRIx64, mod, pc);
	else if (off)
		fprintf(fp, "%s`%s+0x%" PRIx64, mod, name, off);
	else
		fprintf(fp, "%s`%s", mod, name);
}

/* above the highest user address of x86-64 (47 bits): the frame-pointer
 * walk read a non-pointer as a frame (code without frame pointers) */
#define DT_USER_TOP 0x0000800000000000ULL

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
	int dn = w && n > 0 ? dt_uunwind((int)pid, w, wsize, p + max, max) : 0;
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

struct ucookie {
	dtrace_hdl_t *dtp;
	const uint8_t *d;
	const struct dt_recfield *f;
	int nfields;
};

static int render(const void *cookie, FILE *fp)
{
	const struct ucookie *c = cookie;
	const struct dt_recfield *w = c->nfields > 1 ? c->f + 1 : NULL;
	print_stack(fp, c->dtp, c->d + c->f->offset, c->f->size, w ? c->d + w->offset : NULL,
	    w ? w->size : 0);
	return ferror(fp) ? -1 : 0;
}

void dt_usym_record(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, const uint8_t *d,
    const struct dt_action *a)
{
	struct ucookie c = { dtp, d, &a->fields[0], a->nfields };
	uint64_t pid;
	memcpy(&pid, d + c.f->offset, 8);
	dt_usym_seen((int)pid);	/* its mappings now, while it may still run */
	dtrace_text_t t = { render, &c };
	DT_OUT(dtp, printf, pd, &t);
}
