/*
 * stack.c - kernel stacks as the consumer prints them: each PC of a
 * stack() record (or aggregation key) turned into DTrace's frame text,
 * "module`function+0xoff" (fmt/kstack.c), by the kernel symbol table
 * (kernel/ksyms.c: sorted once, bisected per frame; no file is read per
 * frame).  The
 * stack ends at its first zero PC (the record is zero-filled past the
 * kernel's stack).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "consume.h"
#include "base/options.h"
#include "fmt/kstack.h"

void dt_stack_make(dtrace_hdl_t *dtp, const uint64_t *pcs, uint32_t n, dtrace_stack_t *s)
{
	uint64_t *pc = calloc(n ? n : 1, sizeof(*pc));
	uint32_t k = 0;
	memset(s, 0, sizeof(*s));
	if (pc)
		memcpy(pc, pcs, n * sizeof(*pc));	/* the record may be unaligned */
	while (pc && k < n && pc[k])
		k++;
	char **fr = calloc(k ? k : 1, sizeof(*fr));
	s->nframes = fr && pc ? k : 0;
	s->indent = (int)dtp->opt[DTOPT_STACKINDENT];
	for (uint32_t i = 0; i < s->nframes; i++) {
		char buf[512];
		dt_kframe(dtp, pc[i], buf, sizeof(buf));
		if (!(fr[i] = strdup(buf))) {
			s->nframes = i;
			break;
		}
	}
	s->frames = (const char *const *)fr;
	s->pcs = pc;
}

void dt_stack_free(dtrace_stack_t *s)
{
	char **fr = (char **)(uintptr_t)s->frames;
	for (uint32_t i = 0; fr && i < s->nframes; i++)
		free(fr[i]);
	free(fr);
	free((void *)(uintptr_t)s->pcs);
	s->frames = NULL;
	s->pcs = NULL;
}
