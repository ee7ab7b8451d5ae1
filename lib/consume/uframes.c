/*
 * uframes.c - user stacks as frame texts: a process's PCs turned into a
 * dtrace_stack_t (each frame's text as the text output prints it), for
 * the formatters' stack hook (a ustack() record: JSON's "frames") and
 * dtrace_aggdata_stack (a ustack() key).  Everything takes (pid, PCs),
 * whatever found the PCs (the frame-pointer walk or DWARF unwinding); the
 * text is uaddr()'s (fmt/usymfmt.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "consume.h"
#include "base/options.h"
#include "base/output.h"
#include "fmt/usymfmt.h"

void dt_uframe(int pid, uint64_t pc, char *buf, size_t len)
{
	dt_usym_format(pid, pc, DT_SYMK_UADDR, buf, len);	/* uaddr()'s text */
}

void dt_ustack_make(dtrace_hdl_t *dtp, int pid, const void *pcs, uint32_t n, dtrace_stack_t *s)
{
	uint64_t *pc = calloc(n ? n : 1, sizeof(*pc));
	uint32_t k = 0;
	memset(s, 0, sizeof(*s));
	if (pc && pcs && n)
		memcpy(pc, pcs, n * sizeof(*pc));	/* the record may be unaligned */
	while (pc && k < n && pc[k] && pc[k] < DT_USER_TOP)
		k++;
	char **fr = calloc(k ? k : 1, sizeof(*fr));
	s->nframes = fr && pc ? k : 0;
	s->indent = (int)dtp->opt[DTOPT_STACKINDENT];
	s->user = 1;
	s->pid = pid;
	for (uint32_t i = 0; i < s->nframes; i++) {
		char buf[1024];
		dt_uframe(pid, pc[i], buf, sizeof(buf));
		if (!(fr[i] = strdup(buf))) {
			s->nframes = i;
			break;
		}
	}
	s->frames = (const char *const *)fr;
	s->pcs = pc;
}

int dt_ustack_out(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, int pid, const void *pcs,
    uint32_t n)
{
	dtrace_stack_t s;
	dt_ustack_make(dtp, pid, pcs, n, &s);
	int rc = DT_OUT(dtp, stack, pd, &s);
	dt_stack_free(&s);
	return rc;
}
