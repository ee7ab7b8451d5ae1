/*
 * clause.c - a clause's frame: its record, the probes its descriptions
 * match, and its registration on them.
 *
 * Probes are matched before the clause is lowered: args[] is typed by
 * the first probe matched.  A description matching nothing is an error
 * unless -Z (zdefs) is set; under -l it is kept instead, to be listed as
 * unmatched.  A probe matched by two descriptions is enabled once.  The
 * clause is registered (dtp->stmts) and added to each probe's clauses
 * only after its statements and predicate are lowered, so a compile
 * error in it leaves nothing of it enabled.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sema_int.h"
#include "front/ast.h"
#include "kernel/priv.h"

/* Could a provider that lists the kernel's probes have matched prov,
 * were they visible (kernel/priv.c)?  Not the dtrace provider, nor an
 * exact name that no provider has and no instance could (nosuch; pid123
 * could be one). */
static int kernel_may_match(dtrace_hdl_t *dtp, const char *prov)
{
	size_t n = strlen(prov);
	if (!n || strpbrk(prov, "*?[\\"))
		return 1;
	if (!strcmp(prov, "dtrace"))
		return 0;
	return dt_prov_lookup(dtp, prov) || isdigit((unsigned char)prov[n - 1]);
}

/* Collect a matched probe once (two descriptions may match one probe;
 * one matches it once: only the earlier ones' are looked through, so
 * that pid$target:libc.so.6:: and its 330,000 probes is not quadratic). */
static int collect_probe(dtrace_hdl_t *dtp, struct dt_probe *p, void *arg)
{
	struct match_ctx *mc = arg;
	(void)dtp;
	for (int i = 0; i < mc->nprev; i++)
		if (mc->v[i] == p)
			return 0;
	if (mc->n == mc->cap) {
		int ncap = mc->cap ? mc->cap * 2 : 16;
		struct dt_probe **nv = realloc(mc->v, (size_t)ncap * sizeof(*nv));
		if (!nv)
			return -1;
		mc->v = nv;
		mc->cap = ncap;
	}
	mc->v[mc->n++] = p;
	return 0;
}

/* st added to the clauses of each probe of mc, in program order */
static void enable(struct sema *s, struct dt_stmt *st, struct match_ctx *mc)
{
	st->probes = dt_alloc(s->dtp, sizeof(*st->probes) * (size_t)(mc->n ? mc->n : 1));
	if (mc->n)
		memcpy(st->probes, mc->v, sizeof(*st->probes) * (size_t)mc->n);
	st->nprobes = mc->n;
	for (int i = 0; i < mc->n; i++) {
		struct dt_probe *p = mc->v[i];
		if (!(p->nclauses & (p->nclauses - 1))) {	/* 0, 1, 2, 4 ...: full */
			struct dt_stmt **nc = realloc(p->clauses,
			    (size_t)(p->nclauses ? p->nclauses * 2 : 1) * sizeof(*nc));
			if (!nc)
				dt_sema_err(s, D_UNKNOWN, 0, "out of memory");
			p->clauses = nc;
		}
		p->clauses[p->nclauses++] = st;
	}
	s->dtp->matched += mc->n;
}

/* A new clause for program item it: its record starts with the header. */
struct dt_stmt *dt_sema_clause_new(struct sema *s, struct ast_item *it, int is_file)
{
	dtrace_hdl_t *dtp = s->dtp;
	struct ast_clause *c = &it->clause;
	struct dt_stmt *st = dt_alloc(dtp, sizeof(*st));

	if (c->no_body && is_file)
		dt_sema_err(s, D_SYNTAX, it->line, c->pred ?
		    "expected actions { } following probe description and predicate" :
		    "expected predicate and/or actions following probe description");
	st->index = dtp->nstmts;
	st->line = it->line;
	st->recsize = DT_REC_HDR;
	/* as dtrace names the description in messages: its four fields */
	struct ast_pdesc *pd = c->pdescs;
	if (pd && !pd->is_id) {
		size_t n = strlen(pd->provider) + strlen(pd->module) + strlen(pd->function) +
		    strlen(pd->name) + 4;
		st->pdesc_text = dt_alloc(dtp, n);
		snprintf(st->pdesc_text, n, "%s:%s:%s:%s", pd->provider, pd->module,
		    pd->function, pd->name);
	} else {
		st->pdesc_text = pd ? pd->text : "";
	}
	return st;
}

/*
 * The probes that descriptions pds match, into mc, which is the
 * clause's (s->matches, for args[]) until dt_sema_clause_add().
 */
void dt_sema_match(struct sema *s, struct ast_pdesc *pds, struct match_ctx *mc)
{
	dtrace_hdl_t *dtp = s->dtp;
	*mc = (struct match_ctx){ dtp, NULL, 0, 0, 0 };
	s->matches = mc;
	for (struct ast_pdesc *pd = pds; pd; pd = pd->next) {
		int found = 0;
		mc->nprev = mc->n;
		if (pd->is_id) {
			dt_probe_iter(dtp, "", "", "", "", NULL, NULL);	/* populate */
			if (pd->id >= 1 && pd->id <= dtp->nprobes) {
				collect_probe(dtp, dtp->probes[pd->id - 1], mc);
				found = 1;
			} else {	/* an id is never a pattern: even -Z or -l refuse it */
				free(mc->v);
				if ((uint64_t)pd->id > UINT32_MAX)
					dt_sema_err(s, D_PDESC_INVAL, pd->line, "identifier %llu exceeds maximum probe id",
					    (unsigned long long)pd->id);
				dt_sema_err(s, D_PDESC_INVAL, pd->line, "invalid probe identifier %llu: Unknown probe identifier",
				    (unsigned long long)pd->id);
			}
		} else {
			found = dt_probe_iter(dtp, pd->provider, pd->module, pd->function,
			    pd->name, collect_probe, mc);
			if (found < 0) {	/* the provider's reason (pid123: no such process) */
				char msg[sizeof(dtp->errmsg)];
				snprintf(msg, sizeof(msg), "%s", dtp->errmsg);
				free(mc->v);
				dt_sema_err(s, dtp->errtag, pd->line, "%s", msg);
			}
		}
		if (found == 0 && dtp->list_mode) {
			char d[1024];
			snprintf(d, sizeof(d), "%s:%s:%s:%s", pd->provider, pd->module,
			    pd->function, pd->name);
			char **nu = realloc(dtp->unmatched, (size_t)(dtp->nunmatched + 1) * sizeof(*nu));
			if (nu && (nu[dtp->nunmatched] = strdup(d)) != NULL) {
				dtp->unmatched = nu;
				dtp->nunmatched++;
			} else if (nu) {
				dtp->unmatched = nu;
			}
			continue;
		}
		if (found == 0 && !dtp->opt[DTOPT_ZDEFS] && !dt_priv_ok() &&
		    kernel_may_match(dtp, pd->provider)) {
			/* the kernel's probes cannot be seen: say why, as
			 * dtrace(1M) does when it cannot open DTrace */
			free(mc->v);
			dt_set_err(dtp, "failed to initialize dtrace: %s", DT_PRIV_MSG);
			longjmp(s->jb, 1);
		}
		if (found == 0 && !dtp->opt[DTOPT_ZDEFS]) {
			/* a provider that cannot exist here says why, on the
			 * same line */
			const struct dt_provider_ops *po = dt_prov_lookup(dtp, pd->provider);
			char why[256] = "";
			if (po && po->why_none && po->why_none(dtp, why + 2, sizeof(why) - 2) > 0)
				memcpy(why, ": ", 2);
			else
				why[0] = '\0';
			free(mc->v);
			dt_sema_err(s, D_PDESC_ZERO, pd->line, "probe description %s:%s:%s:%s does not match any probes%s",
			    pd->provider, pd->module, pd->function, pd->name, why);
		}
	}
	s->matchv = mc->v;	/* freed on error by dt_sema */
}

/* st's descriptions that name one process (a provider field ending in
 * its ID, not a glob) kept in dtp->piddescs with it: probes that process
 * maps later get st if one matches them (prov/usdtlate.c) */
static void keep_piddescs(struct sema *s, struct ast_pdesc *pds, struct dt_stmt *st)
{
	dtrace_hdl_t *dtp = s->dtp;
	for (struct ast_pdesc *pd = pds; pd; pd = pd->next) {
		size_t n = pd->is_id ? 0 : strlen(pd->provider);
		if (!n || !isdigit((unsigned char)pd->provider[n - 1]) ||
		    strpbrk(pd->provider, "*?[\\"))
			continue;
		struct dt_piddesc *nd = realloc(dtp->piddescs,
		    (size_t)(dtp->npiddescs + 1) * sizeof(*nd));
		if (!nd)
			dt_sema_err(s, D_UNKNOWN, pd->line, "out of memory");
		dtp->piddescs = nd;
		struct dt_piddesc *d = &nd[dtp->npiddescs];
		d->prov = strdup(pd->provider);
		d->mod = strdup(pd->module);
		d->func = strdup(pd->function);
		d->name = strdup(pd->name);
		d->stmt = st;
		if (!d->prov || !d->mod || !d->func || !d->name) {
			free(d->prov);
			free(d->mod);
			free(d->func);
			free(d->name);
			dt_sema_err(s, D_UNKNOWN, pd->line, "out of memory");
		}
		dtp->npiddescs++;
	}
}

/* Lowered clause st: its record size counted, registered, enabled on mc. */
void dt_sema_clause_add(struct sema *s, struct ast_item *it, struct dt_stmt *st,
    struct match_ctx *mc)
{
	dtrace_hdl_t *dtp = s->dtp;
	dt_sema_strtail(st);
	if (st->recsize > dtp->maxrec)
		dtp->maxrec = st->recsize;

	if (!(dtp->nstmts & (dtp->nstmts - 1))) {	/* 0, 1, 2, 4 ...: full */
		struct dt_stmt **ns = realloc(dtp->stmts,
		    (size_t)(dtp->nstmts ? dtp->nstmts * 2 : 1) * sizeof(*ns));
		if (!ns)
			dt_sema_err(s, D_UNKNOWN, it->line, "out of memory");
		dtp->stmts = ns;
	}
	dtp->stmts[dtp->nstmts++] = st;
	enable(s, st, mc);
	keep_piddescs(s, it->clause.pdescs, st);
	free(mc->v);
	s->matchv = NULL;
	s->matches = NULL;
}
