/*
 * stack.c - stacks as frame texts (dtrace_stack_t): each PC of a stack()
 * record or key turned into DTrace's frame text, "module`function+0xoff"
 * (fmt/kstack.c), by the kernel symbol table (kernel/ksyms.c: sorted
 * once, bisected per frame; no file is read per frame), and each of a
 * ustack()'s by uframes.c.  A stack ends at its first zero PC (records
 * are zero-filled past the stack).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "consume.h"
#include "base/options.h"
#include "fmt/kstack.h"

/* a kernel (user 0) or user stack's frames from its PCs, which end at
 * the first zero one (a user stack also at one above the user address
 * space: a frame-pointer walk gone astray) */
static void make(dtrace_hdl_t *dtp, int user, int pid, const void *pcs, uint32_t n,
    dtrace_stack_t *s)
{
	uint64_t *pc = calloc(n ? n : 1, sizeof(*pc));
	uint32_t k = 0;
	memset(s, 0, sizeof(*s));
	if (pc && pcs && n)
		memcpy(pc, pcs, n * sizeof(*pc));	/* the record may be unaligned */
	while (pc && k < n && pc[k] && (!user || pc[k] < DT_USER_TOP))
		k++;
	char **fr = calloc(k ? k : 1, sizeof(*fr));
	s->nframes = fr && pc ? k : 0;
	s->indent = (int)dtp->opt[DTOPT_STACKINDENT];
	s->user = user;
	s->pid = pid;
	for (uint32_t i = 0; i < s->nframes; i++) {
		char buf[1024];
		if (user)
			dt_uframe(pid, pc[i], buf, sizeof(buf));
		else
			dt_kframe(dtp, pc[i], buf, sizeof(buf));
		if (!(fr[i] = strdup(buf))) {
			s->nframes = i;
			break;
		}
	}
	s->frames = (const char *const *)fr;
	s->pcs = pc;
}

void dt_stack_make(dtrace_hdl_t *dtp, const uint64_t *pcs, uint32_t n, dtrace_stack_t *s)
{
	make(dtp, 0, 0, pcs, n, s);
}

void dt_ustack_make(dtrace_hdl_t *dtp, int pid, const void *pcs, uint32_t n, dtrace_stack_t *s)
{
	make(dtp, 1, pid, pcs, n, s);
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
