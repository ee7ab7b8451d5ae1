/*
 * uframes.c - user stacks as frame texts: a user PC's text (for
 * stack.c's dt_ustack_make: each frame as the text output prints it), and
 * a ustack() record given to the formatters' stack hook (JSON's
 * "frames").  Everything takes (pid, PCs),
 * whatever found the PCs (the frame-pointer walk or DWARF unwinding); the
 * text is uaddr()'s (fmt/usymfmt.c).
 */
#include <stdio.h>
#include "consume.h"
#include "base/output.h"
#include "fmt/usymfmt.h"

void dt_uframe(int pid, uint64_t pc, char *buf, size_t len)
{
	dt_usym_format(pid, pc, DT_SYMK_UADDR, buf, len);	/* uaddr()'s text */
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
