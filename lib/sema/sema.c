/*
 * sema.c - the semantic pass: syntax tree in, typed clauses out.
 *
 * This file writes the order of the work, once (dt_sema() and clause()
 * below); every step is another file's.  A program goes through:
 *
 *   1. its pragmas, all of them first: options shape what follows
 *      (strsize sizes strings and records, zdefs decides whether a
 *      description matching no probe is an error), and an unmet
 *      depends_on stops a library before any of its declarations
 *      (dlib.c then skips it);
 *   2. its other items one by one, strictly in source order, because a
 *      D name must be declared before it is used:
 *      - a declaration (decl.c): typedefs, variables, extern types;
 *      - an inline (decl.c);
 *      - a translator (xlate.c);
 *      - a clause (a library's are ignored), in three steps:
 *        a. its record and the probes it matches (clause.c), first,
 *           because the first probe's arguments type args[];
 *        b. its predicate and its action list (stmt.c), in source
 *           order, so a variable both assign takes the type of the
 *           predicate's assignment; but a variable one of them assigns
 *           is known to the other, whichever comes first: when the
 *           predicate uses a variable no one has declared yet, the
 *           actions go first and the predicate follows (dtrace cooks
 *           the actions first and the predicate first on such an error:
 *           the same programs compile, with the same errors);
 *        c. its record size, registration and enabling on its probes
 *           (clause.c).
 *
 * Expressions are lowered where those steps meet them: expr.c, with the
 * operators in arith.c, names and variables in var.c, kernel memory in
 * member.c and calls in call.c.  The first error stops the pass with
 * dtrace's message.  struct sema (sema_int.h) is the walk's state; this
 * file also keeps its helpers: errors, new nodes, the current clause and
 * the switch to a library's text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "front/ast.h"
#include "base/handle.h"
#include "node.h"
#include "fmt/printf.h"
#include "sema.h"
#include "kernel/btf.h"
#include "dlib.h"
#include "sema_int.h"
#include "base/spec.h"
#include "xlate.h"
#include "kernel/ksyms.h"
#include "kernel/kvar.h"
#include "kernel/cpuinfo.h"
#include "kernel/uregs.h"

/* ---- the order ---- */

/* #pragma D option and depends_on (attributes, binding: accepted) */
static void pragma(struct sema *s, struct ast_item *it)
{
	struct ast_pragma *p = &it->pragma;
	if (p->kind == AST_PRAGMA_DEPENDS_ON) {
		char msg[512];
		if (dt_dlib_depends(s->dtp, p, msg, sizeof(msg)) < 0)
			dt_sema_err(s, D_PRAGMA_DEPEND, it->line, "%s", msg);
		return;
	}
	if (p->kind != AST_PRAGMA_OPTION)
		return;		/* attributes, binding: accepted */
	if (dt_opt_set(s->dtp, p->opt, p->val) < 0) {
		char msg[512];
		/* dt_opt_set wrote "failed to set -x NAME: REASON" */
		const char *why = strrchr(s->dtp->errmsg, ':');
		if (p->val)
			snprintf(msg, sizeof(msg), "failed to set option '%s' to '%s': %s", p->opt,
			    p->val, why ? why + 2 : "Invalid option");
		else
			snprintf(msg, sizeof(msg), "failed to set option '%s': %s", p->opt,
			    why ? why + 2 : "Invalid option");
		dt_compile_error(s->dtp, D_PRAGMA_OPTSET, it->line, msg);
		longjmp(s->jb, 1);
	}
}

/* What an attempt at lowering part of a clause may leave changed when an
 * error stops it half way, restored before the other order is tried. */
struct attempt {
	struct dt_stmt st;
	struct dt_stmt *cur;
	const char *libtag;
	int ints[6];
};

/* Save the state into a (back 0) or restore it from a (back 1). */
static void attempt_state(struct sema *s, struct dt_stmt *st, struct attempt *a, int back)
{
	int *ints[] = { &s->act, &s->in_cond, &s->region, &s->noregion, &s->line,
	    &s->dtp->nxlbinds };
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		if (back)
			*ints[i] = a->ints[i];
		else
			a->ints[i] = *ints[i];
	}
	if (!back) {
		a->st = *st;
		a->cur = s->stmt;
		a->libtag = s->dtp->cur_libtag;
		return;
	}
	*st = a->st;
	s->stmt = a->cur;
	s->dtp->cur_libtag = a->libtag;
	/* a library inline the error stopped half way is lowered anew */
	for (struct dt_inline *in = s->dtp->inlines; in; in = in->next)
		if (!in->value)
			in->lowering = 0;
}

/*
 * Lower c's predicate (pred) or its actions into st, catching a compile
 * error: 0 if it succeeded, -1 if an error stopped it (its message and
 * tag stay in the handle; st and the walk's state are restored).
 */
static int attempt(struct sema *s, struct dt_stmt *st, struct ast_clause *c, int pred)
{
	struct attempt a;
	jmp_buf outer;
	attempt_state(s, st, &a, 0);
	memcpy(outer, s->jb, sizeof(outer));
	if (setjmp(s->jb)) {
		memcpy(s->jb, outer, sizeof(outer));
		attempt_state(s, st, &a, 1);
		return -1;
	}
	if (pred)
		dt_sema_predicate(s, st, c->pred);
	else
		dt_sema_actions(s, st, c->body);
	memcpy(s->jb, outer, sizeof(outer));
	return 0;
}

/*
 * Step b: the predicate and the actions, each knowing the variables the
 * other declares (the list at the top of this file).  When the predicate
 * alone does not compile, dtrace's order decides, and with it the error
 * reported: the actions first, and if they use a variable not declared
 * yet, the predicate, then the actions again.
 */
static void pred_and_actions(struct sema *s, struct dt_stmt *st, struct ast_clause *c)
{
	enum dt_errtag tag = s->dtp->errtag;
	if (!c->pred || attempt(s, st, c, 1) == 0) {
		dt_sema_actions(s, st, c->body);
		return;
	}
	if (attempt(s, st, c, 0) == 0) {
		dt_sema_predicate(s, st, c->pred);
	} else {
		if (s->dtp->errtag != D_VAR_UNDEF && s->dtp->errtag != D_IDENT_UNDEF)
			longjmp(s->jb, 1);	/* the actions' error */
		dt_sema_predicate(s, st, c->pred);
		dt_sema_actions(s, st, c->body);
	}
	s->dtp->errtag = tag;
}

/* One clause, in steps a to c of the list above. */
static void clause(struct sema *s, struct ast_item *it, int is_file)
{
	struct ast_clause *c = &it->clause;
	struct match_ctx mc;

	/* a. the record and the probes: their arguments type args[] */
	struct dt_stmt *st = dt_sema_clause_new(s, it, is_file);
	dt_sema_match(s, c->pdescs, &mc);
	s->stmt = st;		/* the clause being lowered */
	s->act = 0;
	/* b. the predicate and the actions */
	pred_and_actions(s, st, c);
	s->region = 0;		/* later errors are in no region */
	/* c. the record's size; the clause registered and enabled */
	dt_sema_clause_add(s, it, st, &mc);
	/* d. -x amin: its stability no lower than the minimum */
	dt_sema_amin(s, st, it->line);
}

int dt_sema(dtrace_hdl_t *dtp, struct ast_prog *prog, int is_file)
{
	struct sema s = { .dtp = dtp, .tt = &dtp->types };
	struct dt_stmt dummy = { 0 };
	s.stmt = &dummy;

	if (setjmp(s.jb)) {
		free(s.matchv);
		return -1;
	}
	/* 1. options first: they shape what follows (strsize, zdefs) */
	for (struct ast_item *it = prog->items; it; it = it->next)
		if (it->kind == AST_ITEM_PRAGMA)
			pragma(&s, it);
	/* 2. the rest in source order: a name is declared before its use */
	for (struct ast_item *it = prog->items; it; it = it->next) {
		switch (it->kind) {
		case AST_ITEM_CLAUSE:
			if (!dtp->cur_libtag)	/* a library's clauses are ignored */
				clause(&s, it, is_file);
			break;
		case AST_ITEM_DECL: dt_sema_decl(&s, it); break;
		case AST_ITEM_INLINE: dt_sema_inline_decl(&s, it); break;
		case AST_ITEM_TRANSLATOR: dt_xlate_declare(&s, it); break;
		case AST_ITEM_PROVIDER: dt_sema_provider(&s, it); break;
		case AST_ITEM_PRAGMA:
			break;
		}
	}
	/* a library the program made compile failed: that is the program's
	 * error even if a retry (pred_and_actions) got past it */
	return dtp->cur_libtag ? 0 : dt_dlib_failed(dtp);
}

/* ---- the walk's state, for every file of the pass (sema_int.h) ---- */

dtrace_hdl_t *dt_sema_hdl(struct sema *s)
{
	return s->dtp;
}

struct dt_stmt *dt_sema_stmt(struct sema *s)
{
	return s->stmt;
}

void dt_sema_err(struct sema *s, enum dt_errtag tag, int line, const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	static const char *const rname[] = { "", "in predicate: ", "in action list: " };
	int n = 0;
	if (!s->dtp->cur_is_file && !s->noregion && s->region > 0)
		n = snprintf(msg, sizeof(msg), "%s", rname[s->region]);
	vsnprintf(msg + n, sizeof(msg) - (size_t)n, fmt, ap);
	va_end(ap);
	dt_compile_error(s->dtp, tag, line, msg);
	longjmp(s->jb, 1);
}

struct dt_node *dt_sema_node(struct sema *s, enum dt_nkind k, int line, struct dt_type *t)
{
	struct dt_node *n = dt_alloc(s->dtp, sizeof(*n));
	n->kind = k;
	n->line = line;
	n->type = t;
	return n;
}

struct dt_node *dt_sema_const(struct sema *s, int line, struct dt_type *t, int64_t v)
{
	struct dt_node *n = dt_sema_node(s, DN_CONST, line, t);
	n->ival = dt_type_normalize(t, v);
	return n;
}

void dt_sema_enter(struct sema *s, const char *libtag, int scratch, struct dt_sema_ctx *save)
{
	save->stmt = s->stmt;
	save->noregion = s->noregion;
	save->libtag = s->dtp->cur_libtag;
	if (scratch)
		s->stmt = dt_alloc(s->dtp, sizeof(*s->stmt));
	if (libtag)
		s->noregion = 1;
	s->dtp->cur_libtag = libtag;
}

void dt_sema_leave(struct sema *s, const struct dt_sema_ctx *save)
{
	s->stmt = save->stmt;
	s->noregion = save->noregion;
	s->dtp->cur_libtag = save->libtag;
}
