/*
 * ustack.c - the semantic rules of ustack([nframes[, strsize]]), as an
 * action and as an aggregation key.  Its value is the process id (8
 * bytes, so the consumer can symbolize with that process's mappings)
 * and nframes user PCs (8 bytes each, zero past the last frame).
 * nframes defaults to the ustackframes option; strsize (jstack-style
 * strings in DTrace) is checked and accepted.  The messages are
 * dtrace's.  With -x ustackmode=dwarf (the default) the action has a
 * second field, the user registers and a stack window (base/layout.h)
 * for the consumer's unwinder; an aggregation keyed by ustack() then
 * records its key, value and window for the consumer to unwind and
 * aggregate (a window cannot be a map key; dt_sema_ustack_agg).
 * jstack([nframes[, strsize]]) is DTrace's alias of ustack()
 * with the jstackframes option (50) as its default depth: the same
 * action and key (DT_F_USTACK), flagged only here; its JIT frames are
 * named by the perf map that every user stack consults (kernel/perfmap.c).
 */
#include <stdio.h>
#include <string.h>
#include "base/layout.h"
#include "base/output.h"
#include "sema_int.h"
#include "front/ast.h"

/* bpf_get_stack() walks at most the kernel's perf_event_max_stack
 * frames (127 by default): more are capped, with a warning */
#define DT_USTACK_MAX 127

static int64_t max_stack(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_max_stack", "r");
	long long v = 0;
	if (f) {
		if (fscanf(f, "%lld", &v) != 1)
			v = 0;
		fclose(f);
	}
	return v > 0 && v < 4096 ? v : DT_USTACK_MAX;
}

/* the frames ustack() (jstack: jstack()) with arguments v[0..nargs)
 * records (dtrace's messages name ustack( ) for both) */
static uint32_t ustack_frames(struct sema *s, struct dt_node **v, int nargs, int line, int jstack)
{
	int64_t nframes = s->dtp->opt[jstack ? DTOPT_JSTACKFRAMES : DTOPT_USTACKFRAMES];
	if (nargs > 2)
		dt_sema_err(s, D_USTACK_PROTO, line, "ustack( ) prototype mismatch: too many arguments");
	if (nargs >= 1) {
		if (v[0]->kind != DN_CONST || !dt_is_int(v[0]->type) || v[0]->ival <= 0)
			dt_sema_err(s, D_USTACK_FRAMES, line, "ustack( ) argument #1 must be a non-zero "
			    "positive integer constant");
		nframes = v[0]->ival;
	}
	if (nargs == 2 && (v[1]->kind != DN_CONST || !dt_is_int(v[1]->type) || v[1]->ival < 0))
		dt_sema_err(s, D_USTACK_STRSIZE, line, "ustack( ) argument #2 must be a positive "
		    "integer constant");
	if (nframes <= 0)
		nframes = 1;
	int64_t max = max_stack();
	if (nframes > max) {
		dt_out_message(s->dtp, 0, "%s( ) depth %lld lowered to %lld (the kernel's "
		    "perf_event_max_stack)", jstack ? "jstack" : "ustack", (long long)nframes,
		    (long long)max);
		nframes = max;
	}
	s->dtp->uses_ustack = 1;
	return (uint32_t)nframes;
}

/* the registers and stack window field of ustackmode=dwarf */
static uint32_t window_size(struct sema *s)
{
	return DT_USTACK_REGS + 8 + ((uint32_t)s->dtp->opt[DTOPT_USTACKWINDOW] & ~7u);
}

/* May the clause's record take one more window?  Records are addressed
 * with 16-bit offsets in the frame: a clause gets windows up to
 * DT_USTACK_RECMAX bytes of record, the frame-pointer walk after that
 * (said once). */
#define DT_USTACK_RECMAX (20u << 10)
static int window_fits(struct sema *s, int line)
{
	if (s->dtp->opt[DTOPT_USTACKMODE] != DT_USTACK_DWARF)
		return 0;
	if (s->stmt->recsize + 8 * 128 + window_size(s) <= DT_USTACK_RECMAX)
		return 1;
	dt_out_message(s->dtp, 0, "line %d: ustack( ): no room for another stack window in the "
	    "clause's record: frame pointers only", line);
	return 0;
}

void dt_sema_ustack(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a)
{
	a->kind = DT_ACT_USTACK;
	int jstack = e->call.fn->kind == AST_E_IDENT && !strcmp(e->call.fn->ident.name, "jstack");
	dt_sema_bytes_field(s, a, 8 + 8 * ustack_frames(s, n->args, n->nargs, e->line, jstack));
	if (window_fits(s, e->line))
		dt_sema_bytes_field(s, a, window_size(s));
}

struct dt_node *dt_sema_ustack_key(struct sema *s, struct ast_expr *k)
{
	if (k->kind != AST_E_CALL || k->call.fn->kind != AST_E_IDENT ||
	    (strcmp(k->call.fn->ident.name, "ustack") && strcmp(k->call.fn->ident.name, "jstack")))
		return NULL;
	int jstack = !strcmp(k->call.fn->ident.name, "jstack");
	struct dt_node *v[3] = { NULL };
	int i = 0;
	for (struct ast_expr *x = k->call.args; x; x = x->next, i++)
		if (i < 3)
			v[i] = dt_sema_expr(s, x);
	struct dt_node *n = dt_sema_node(s, DN_CALL, k->line, s->dtp->types.t_void);
	n->func = DT_F_USTACK;
	n->ival = ustack_frames(s, v, i, k->line, jstack);
	return n;
}

/*
 * An aggregation statement with a ustack() key, -x ustackmode=dwarf:
 * its stack cannot be unwound in the probe, so the probe records the
 * map key (with the frame-pointer PCs), the value, the increment and the
 * registers and stack window, and the consumer unwinds and aggregates
 * (consume/uagg.c).  Keys with strings (whose map size may still grow
 * with later uses) keep the frame-pointer walk.  Returns 1 and fills a.
 */
int dt_sema_ustack_agg(struct sema *s, struct dt_node *an, struct dt_action *a)
{
	struct dt_agg *g = an->agg;
	int has = 0;
	if (s->dtp->opt[DTOPT_USTACKMODE] != DT_USTACK_DWARF)
		return 0;
	for (int k = 0; k < g->nkeys; k++) {
		if (g->kf[k].is_string)
			return 0;
		has |= g->kf[k].ustack != 0;
	}
	if (!has || !window_fits(s, an->line))
		return 0;
	memset(a, 0, sizeof(*a));
	a->kind = DT_ACT_UAGG;
	dt_sema_bytes_field(s, a, g->ksize);
	dt_sema_bytes_field(s, a, 8);
	dt_sema_bytes_field(s, a, 8);
	dt_sema_bytes_field(s, a, window_size(s));
	a->aggs = dt_alloc(s->dtp, sizeof(*a->aggs));
	if (!a->aggs)
		dt_sema_err(s, D_UNKNOWN, an->line, "out of memory");
	a->aggs[0] = g;
	a->naggs = 1;
	return 1;
}

int dt_sema_is_ustack(const struct dt_node *n)
{
	return n->kind == DN_CALL && n->func == DT_F_USTACK;
}
