/*
 * ustack.c - the semantic rules of ustack([nframes[, strsize]]) as an
 * action: its record is the process id (8 bytes, so the consumer can
 * symbolize with that process's mappings) and nframes user PCs (8 bytes
 * each, zero past the last frame).  nframes defaults to the
 * ustackframes option; strsize (jstack-style strings in DTrace) is
 * checked and accepted.  The messages are dtrace's.
 */
#include "sema_int.h"
#include "front/ast.h"

/* bpf_get_stack() walks at most the kernel's perf_event_max_stack
 * frames (127 by default); more are capped, with a warning in dtrace */
#define DT_USTACK_MAX 127

void dt_sema_ustack(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a)
{
	struct dt_node **v = n->args;
	int64_t nframes = s->dtp->opt[DTOPT_USTACKFRAMES];
	a->kind = DT_ACT_USTACK;
	s->dtp->uses_ustack = 1;
	if (n->nargs > 2)
		dt_sema_err(s, D_USTACK_PROTO, e->line, "ustack( ) prototype mismatch: too many arguments");
	if (n->nargs >= 1) {
		if (v[0]->kind != DN_CONST || !dt_is_int(v[0]->type) || v[0]->ival <= 0)
			dt_sema_err(s, D_USTACK_FRAMES, e->line, "ustack( ) argument #1 must be a non-zero "
			    "positive integer constant");
		nframes = v[0]->ival;
	}
	if (n->nargs == 2 && (v[1]->kind != DN_CONST || !dt_is_int(v[1]->type) || v[1]->ival < 0))
		dt_sema_err(s, D_USTACK_STRSIZE, e->line, "ustack( ) argument #2 must be a positive "
		    "integer constant");
	if (nframes <= 0)
		nframes = 1;
	if (nframes > DT_USTACK_MAX)
		nframes = DT_USTACK_MAX;
	dt_sema_bytes_field(s, a, 8 + 8 * (uint32_t)nframes);
}
