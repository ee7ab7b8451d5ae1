/*
 * stmt.c - a clause's statements and predicate.
 *
 * The action list is lowered statement by statement, in order: if/else
 * (a scalar condition; the actions of a branch are marked conditional),
 * blocks, aggregations, action calls (each appended to the clause's
 * actions, call.c) and expression statements; speculation's ordering
 * rules are checked as each one is added (spec.c).  Errors here carry
 * the -n region prefix: "in action list: " or "in predicate: ".
 */
#include <string.h>
#include "sema_int.h"
#include "base/spec.h"
#include "front/ast.h"
#include "xlate.h"

static struct dt_node *stmt_list(struct sema *s, struct ast_stmt *st);

/*
 * The expression statement e: an aggregation, an action or an expression
 * (whose value is dropped).  A ?: with a constant condition is the branch
 * it chooses, so an option flag may select an action
 * (`OPT_v ? printf(...) : 1;`); with another condition an action or an
 * aggregation in it is an error (dt_sema_ternary).
 */
/* a copied to the end of the clause's actions; its index */
static int add_action(struct sema *s, const struct dt_action *a, int line)
{
	struct dt_stmt *cs = s->stmt;
	struct dt_action *na = dt_alloc(s->dtp, (size_t)(cs->nactions + 1) * sizeof(*na));
	if (!na)
		dt_sema_err(s, D_UNKNOWN, line, "out of memory");
	if (cs->nactions)
		memcpy(na, cs->actions, (size_t)cs->nactions * sizeof(*na));
	cs->actions = na;
	cs->actions[cs->nactions] = *a;
	if (a->cond && cs->nactions >= 32)
		dt_sema_err(s, D_ID_OFLOW, line, "more than 32 actions in a clause with if/else are not supported yet");
	return cs->nactions++;
}

/* g added to the aggregations the clause's program updates, once (its
 * capacity doubles: the arena keeps the old copies) */
static void stmt_agg(struct sema *s, struct dt_agg *g)
{
	struct dt_stmt *cs = s->stmt;
	for (int i = 0; i < cs->naggs; i++)
		if (cs->aggs[i] == g)
			return;
	if (!(cs->naggs & (cs->naggs - 1))) {	/* 0, 1, 2, 4 ...: full */
		struct dt_agg **v = dt_alloc(s->dtp, (size_t)(cs->naggs ? 2 * cs->naggs : 1) *
		    sizeof(*v));
		if (!v)
			dt_sema_err(s, D_UNKNOWN, 0, "out of memory");
		if (cs->naggs)
			memcpy(v, cs->aggs, (size_t)cs->naggs * sizeof(*v));
		cs->aggs = v;
	}
	cs->aggs[cs->naggs++] = g;
}

static struct dt_node *expr_stmt(struct sema *s, struct ast_expr *e, int line)
{
	struct dt_node *c;
	struct ast_expr tfn, tr;
	e = dt_sema_chosen(s, e, &c);
	if (!c && e->kind == AST_E_CALL && e->call.fn->kind == AST_E_IDENT && !e->next &&
	    (!strcmp(e->call.fn->ident.name, "sym") || !strcmp(e->call.fn->ident.name, "func") ||
	    !strcmp(e->call.fn->ident.name, "mod") || dt_sema_usymfn_kind(e->call.fn->ident.name))) {
		/* sym(), func() and mod() (and usym(), ufunc(), umod() and
		   uaddr()) are data-recording functions: as a statement,
		   each records its value as trace() would */
		memset(&tfn, 0, sizeof(tfn));
		tfn.kind = AST_E_IDENT;
		tfn.line = e->line;
		tfn.ident.name = (char *)"trace";
		tr = tfn;
		tr.kind = AST_E_CALL;
		tr.call.fn = &tfn;
		tr.call.args = e;
		tr.call.nargs = 1;
		s->symcall = e;
		e = &tr;
	}
	if (!c && dt_sema_is_aggstmt(e)) {
		struct dt_node *an = dt_sema_aggregate(s, e, e->binary.op == AST_OP_ASSIGN);
		an->act = s->act;
		s->stmt->has_agg = 1;
		dt_sema_spec_order(s, an, NULL, line);
		struct dt_action ua;
		if (dt_sema_ustack_agg(s, an, &ua)) {
			/* aggregated by the consumer from a record (sema/ustack.c) */
			ua.cond = s->in_cond > 0;
			an->ival = add_action(s, &ua, e->line);
			an->action = &s->stmt->actions[an->ival];
		} else
			stmt_agg(s, an->agg);
		return an;
	}
	if (!c && dt_sema_is_actcall(e)) {
		struct dt_node *n = dt_sema_action(s, e, dt_sema_action_lookup(e->call.fn->ident.name));
		s->symcall = NULL;
		n->action->cond = s->in_cond > 0;
		n->ival = add_action(s, n->action, e->line);
		/* the action pointer is re-fixed after all actions */
		n->action = &s->stmt->actions[n->ival];
		dt_sema_spec_order(s, n, e->call.fn->ident.name, line);
		return n;
	}
	struct dt_node *n = dt_sema_node(s, DN_S_EXPR, line, s->tt->t_void);
	n->l = c ? dt_sema_ternary(s, e, c) : dt_sema_expr(s, e);
	n->act = s->act;
	dt_sema_spec_order(s, n, !c && e->kind == AST_E_CALL && e->call.fn->kind == AST_E_IDENT ?
	    e->call.fn->ident.name : NULL, line);
	return n;
}

static struct dt_node *stmt(struct sema *s, struct ast_stmt *st)
{
	switch (st->kind) {
	case AST_S_EMPTY:
		return NULL;
	case AST_S_BLOCK:
		return stmt_list(s, st->body);
	case AST_S_IF: {
		struct dt_node *n = dt_sema_node(s, DN_S_IF, st->line, s->tt->t_void);
		n->x = dt_sema_expr(s, st->expr);
		if (!dt_is_scalar(n->x->type))
			dt_sema_err(s, D_PRED_SCALAR, st->line, "if-condition must be of scalar type");
		s->in_cond++;
		n->l = stmt(s, st->then_s);
		n->r = st->else_s ? stmt(s, st->else_s) : NULL;
		s->in_cond--;
		return n;
	}
	case AST_S_EXPR:
		s->act++;
		s->line = st->line;
		s->stmt->has_body = 1;
		return expr_stmt(s, st->expr, st->line);
	}
	return NULL;
}

static struct dt_node *stmt_list(struct sema *s, struct ast_stmt *st)
{
	struct dt_node *head = NULL, **tail = &head;
	for (; st; st = st->next) {
		struct dt_node *n = stmt(s, st);
		if (!n)
			continue;
		*tail = n;
		while (n->next)
			n = n->next;
		tail = &n->next;
	}
	if (!head) {
		/* keep an empty list distinguishable from nothing */
		return NULL;
	}
	return head;
}

/* Point each action statement at its action: cs->actions moved as it grew. */
static void fix_actions(struct dt_stmt *cs, struct dt_node *n)
{
	for (; n; n = n->next) {
		if (n->kind == DN_S_ACTION || (n->kind == DN_S_AGG && n->action))
			n->action = &cs->actions[n->ival];
		else if (n->kind == DN_S_IF) {
			fix_actions(cs, n->l);
			fix_actions(cs, n->r);
		}
	}
}

/* The action list of clause st. */
void dt_sema_actions(struct sema *s, struct dt_stmt *st, struct ast_stmt *body)
{
	s->region = 2;
	st->body = stmt_list(s, body);
	fix_actions(st, st->body);
	dt_xlate_check(s, st->body);
}

/* The predicate of clause st: a scalar. */
void dt_sema_predicate(struct sema *s, struct dt_stmt *st, struct ast_expr *pred)
{
	s->region = 1;
	st->pred = dt_sema_expr(s, pred);
	dt_xlate_check(s, st->pred);
	if (!dt_is_scalar(st->pred->type))
		dt_sema_err(s, D_PRED_SCALAR, pred->line, "predicate result must be of scalar type");
}
