/*
 * usymfn.c - the semantic rules of usym(), ufunc(), umod() and uaddr():
 * dtrace's tracing functions of a user address, as a statement of their
 * own (recorded as trace() records it: stmt.c) or an aggregation key
 * (agg.c).  Their value is two 8-byte words, the current process id and
 * the address, so the consumer symbolizes the address with that
 * process's mappings (fmt/usymfmt.c), as dtrace's DTRACEACT_USYM,
 * _UMOD and _UADDR records do.  usym() and ufunc() are the same
 * function.  The node is a DN_CALL of DT_F_USYM, ival its DT_SYMK_*
 * kind, args[0] the address; cg/usymfn.c stores it.  The messages are
 * dtrace's (dt_idcook_func).
 */
#include <string.h>
#include "sema_int.h"
#include "front/ast.h"
#include "fmt/printf.h"

/* the DT_SYMK_* kind of function name, or 0 if it is not one of them */
int dt_sema_usymfn_kind(const char *name)
{
	if (!strcmp(name, "usym") || !strcmp(name, "ufunc"))
		return DT_SYMK_USYM;
	if (!strcmp(name, "umod"))
		return DT_SYMK_UMOD;
	if (!strcmp(name, "uaddr"))
		return DT_SYMK_UADDR;
	return 0;
}

struct dt_node *dt_sema_usymfn(struct sema *s, struct ast_expr *e, const char *name)
{
	int kind = dt_sema_usymfn_kind(name);
	if (!kind)
		return NULL;
	struct dt_node *a = dt_sema_symarg(s, e, name);
	struct dt_node *n = dt_sema_node(s, DN_CALL, e->line, s->tt->t_usymaddr);
	n->func = DT_F_USYM;
	n->ival = kind;
	n->nargs = 1;
	n->args = dt_alloc(s->dtp, sizeof(*n->args));
	if (!n->args)
		dt_sema_err(s, D_UNKNOWN, e->line, "out of memory");
	n->args[0] = dt_sema_cast(s, a, dt_typedef_lookup(s->tt, "uintptr_t"));
	/* the -c child is held at its exit so its mappings outlive it */
	s->dtp->uses_ustack = 1;
	return n;
}

int dt_sema_is_usym(const struct dt_node *n)
{
	return n->kind == DN_CALL && n->func == DT_F_USYM;
}

/* a printf()/printa() format with %A symbolizes user addresses too */
void dt_sema_pf_uaddr(struct sema *s, const struct dt_pfargv *pf)
{
	for (int i = 0; pf && i < pf->nsegs; i++)
		if (pf->segs[i].conv && pf->segs[i].convch == 'A')
			s->dtp->uses_ustack = 1;
}
