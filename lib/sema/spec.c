/*
 * spec.c - the semantic rules of speculative tracing.
 *
 * speculate(id), commit(id) and discard(id) take an int (speculation()
 * is an ordinary subroutine in call.c's table).  What may share a clause
 * with them is checked statement by statement, in program order, with
 * dtrace's messages (illumos libdtrace's dt_stmt_append): speculate()
 * only before any data-recording action and only once, no aggregation,
 * destructive action or exit() after it; commit() only once, before any
 * data-recording action and with no aggregation or data after it.
 * discard(), destructive actions and statements that record nothing
 * (assignments) are not data-recording.
 */
#include <string.h>
#include "sema_int.h"
#include "base/spec.h"
#include "front/ast.h"

enum { SEEN_COMMIT = 1, SEEN_SPECULATE = 2, SEEN_DATA = 4 };

static const char *name_of(int func)
{
	switch (func) {
	case DT_F_SPECULATE: return "speculate";
	case DT_F_COMMIT: return "commit";
	default: return "discard";
	}
}

void dt_sema_spec_action(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	struct dt_type *t_int = dtp->types.t_int;
	struct dt_node *v = n->args[0];

	if (!dt_is_int(v->type))
		dt_sema_err(s, D_PROTO_ARG, e->line, "%s( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: int\n\t argument: %s", name_of(n->func), v->type->name);
	n->args[0] = dt_sema_cast(s, v, t_int);
	dtp->uses_spec = 1;
	switch (n->func) {
	case DT_F_SPECULATE:
		a->kind = DT_ACT_SPECULATE;
		dt_sema_field(s, a, t_int);	/* u32 id, u32 generation */
		dt_sema_field(s, a, t_int);	/* u64 sequence number */
		break;
	case DT_F_COMMIT:
		a->kind = DT_ACT_COMMIT;
		break;
	default:
		a->kind = DT_ACT_DISCARD;
		break;
	}
}

/* actions dtrace counts as destructive (DTRACEACT_ISDESTRUCTIVE, and the
 * destructive subroutines) */
static int destructive(const char *name)
{
	static const char *const d[] = {
		"stop", "raise", "system", "freopen", "breakpoint", "panic",
		"chill", "copyout", "copyoutstr",
	};
	for (size_t i = 0; name && i < sizeof(d) / sizeof(d[0]); i++)
		if (!strcmp(d[i], name))
			return 1;
	return 0;
}

void dt_sema_spec_order(struct sema *s, struct dt_node *n, const char *name, int line)
{
	struct dt_stmt *st = dt_sema_stmt(s);
	int *seen = &st->spec_seen;

	if (n->kind == DN_S_AGG) {
		if (*seen & SEEN_COMMIT)
			dt_sema_err(s, D_AGG_COMM, line, "aggregating actions may not follow commit( )");
		if (*seen & SEEN_SPECULATE)
			dt_sema_err(s, D_AGG_SPEC, line, "aggregating actions may not follow speculate( )");
		*seen |= SEEN_DATA;
		return;
	}
	if (n->kind == DN_S_ACTION && n->func == DT_F_COMMIT) {
		if (*seen & SEEN_COMMIT)
			dt_sema_err(s, D_COMM_COMM, line, "commit( ) may not follow commit( )");
		if (*seen & SEEN_DATA)
			dt_sema_err(s, D_COMM_DREC, line, "commit( ) may not follow data-recording action(s)");
		*seen |= SEEN_COMMIT;
		return;
	}
	if (n->kind == DN_S_ACTION && n->func == DT_F_SPECULATE) {
		if (*seen & SEEN_SPECULATE)
			dt_sema_err(s, D_SPEC_SPEC, line, "speculate( ) may not follow speculate( )");
		if (*seen & SEEN_COMMIT)
			dt_sema_err(s, D_SPEC_COMM, line, "speculate( ) may not follow commit( )");
		if (*seen & SEEN_DATA)
			dt_sema_err(s, D_SPEC_DREC, line, "speculate( ) may not follow data-recording action(s)");
		*seen |= SEEN_SPECULATE;
		st->spec_act = (int)n->ival + 1;
		return;
	}
	int destr = destructive(name);
	if (*seen & SEEN_SPECULATE) {
		if (destr)
			dt_sema_err(s, D_ACT_SPEC, line, "destructive actions may not follow speculate( )");
		if (n->kind == DN_S_ACTION && n->func == DT_F_EXIT)
			dt_sema_err(s, D_EXIT_SPEC, line, "exit( ) may not follow speculate( )");
	}
	if (destr || n->kind != DN_S_ACTION || n->func == DT_F_DISCARD)
		return;		/* records nothing */
	if (*seen & SEEN_COMMIT)
		dt_sema_err(s, D_DREC_COMM, line, "data-recording actions may not follow commit( )");
	if (!(*seen & SEEN_SPECULATE))
		*seen |= SEEN_DATA;
}
