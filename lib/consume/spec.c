/*
 * spec.c - speculations on the consumer's side.
 *
 * Owns the records the consumer holds for speculations not yet committed
 * or discarded, and the reports of speculative drops and failed
 * speculations (the maps are rt/spec.c's; the layout is base/spec.h).
 *
 * Speculative records arrive in the principal buffers, tagged with their
 * speculation's id, generation and sequence number.  A generation's
 * records are held until its commit or discard control record arrives.
 * The buffers are per CPU, so a commit may be read before records another
 * CPU traced to the same speculation: the control record says how many
 * records the speculation holds, and the committed records are printed,
 * in sequence order, as soon as that many have arrived.  If some never do
 * (lost to a full buffer, which perf reports as drops), what did arrive
 * is printed at the end of the second complete pass over the buffers
 * after the commit was read: every record traced before the commit has
 * been read by then.  Records of a committed generation that arrive later
 * (traced while the commit was being made) are printed when they arrive;
 * those of a discarded one are freed.  Only the last few generations of
 * each id are remembered (DT_SPEC_HIST); state is bounded by nspec.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "consume.h"
#include "base/spec.h"
#include "sema/program.h"

#define DT_SPEC_HIST 8			/* generations remembered per id */

struct dt_spec_rec {
	struct dt_spec_rec *next;
	uint64_t seq;
	int cpu;
	uint32_t size;
	uint8_t data[];
};

enum { G_FREE, G_PENDING, G_WAITING, G_COMMITTED, G_DISCARDED };

struct dt_spec_gen {
	uint32_t gen;
	int state;
	uint64_t expect;		/* G_WAITING: records the commit counted */
	uint64_t nrec;
	uint64_t pass;			/* G_WAITING: passes done at the commit */
	uint64_t use;			/* for replacement */
	struct dt_spec_rec *head, *tail;
};

struct dt_spec {
	uint32_t nspec;
	struct dt_spec_gen *gens;	/* DT_SPEC_HIST per id */
	uint8_t *stbuf;			/* a copy of the dt_spec map value */
	uint32_t stsize;
	uint64_t drops, busy, unavail;	/* reported so far */
	uint64_t status_at;
	uint64_t npass, use;
	int nwaiting;
	int flushing;			/* printing held records */
};

/* the consumer's speculation state, made when the first record arrives */
static struct dt_spec *state(dtrace_hdl_t *dtp)
{
	if (dtp->spec || dtp->specmaps.fd_state < 0)
		return dtp->spec;
	struct dt_spec *sp = calloc(1, sizeof(*sp));
	uint32_t nid = dtp->specmaps.nspec ? dtp->specmaps.nspec : 1;
	if (!sp)
		return NULL;
	sp->nspec = dtp->specmaps.nspec;
	sp->stsize = dtp->specmaps.stsize;
	sp->gens = calloc((size_t)nid * DT_SPEC_HIST, sizeof(*sp->gens));
	sp->stbuf = calloc(1, sp->stsize);
	if (!sp->gens || !sp->stbuf) {
		free(sp->gens);
		free(sp->stbuf);
		free(sp);
		return NULL;
	}
	dtp->spec = sp;
	return sp;
}

static void free_recs(struct dt_spec_gen *g)
{
	struct dt_spec_rec *r, *next;
	for (r = g->head; r; r = next) {
		next = r->next;
		free(r);
	}
	g->head = g->tail = NULL;
	g->nrec = 0;
}

void dt_spec_free(dtrace_hdl_t *dtp)
{
	struct dt_spec *sp = dtp->spec;
	if (!sp)
		return;
	if (sp->gens) {
		uint32_t n = (sp->nspec ? sp->nspec : 1) * DT_SPEC_HIST;
		for (uint32_t i = 0; i < n; i++)
			free_recs(&sp->gens[i]);
	}
	free(sp->gens);
	free(sp->stbuf);
	free(sp);
	dtp->spec = NULL;
}

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static uint64_t rd64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static void print_held(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size)
{
	dtp->spec->flushing = 1;
	dt_consume_whole(dtp, cpu, d, size);
	dtp->spec->flushing = 0;
}

static int by_seq(const void *a, const void *b)
{
	const struct dt_spec_rec *x = *(struct dt_spec_rec *const *)a;
	const struct dt_spec_rec *y = *(struct dt_spec_rec *const *)b;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Print a committed generation's records in the order they were traced. */
static void flush(dtrace_hdl_t *dtp, struct dt_spec_gen *g)
{
	struct dt_spec *sp = dtp->spec;
	if (g->state == G_WAITING)
		sp->nwaiting--;
	g->state = G_COMMITTED;
	if (!g->nrec)
		return;
	struct dt_spec_rec **v = malloc(g->nrec * sizeof(*v));
	if (v) {
		size_t n = 0;
		for (struct dt_spec_rec *r = g->head; r; r = r->next)
			v[n++] = r;
		qsort(v, n, sizeof(*v), by_seq);
		for (size_t i = 0; i < n; i++)
			print_held(dtp, v[i]->cpu, v[i]->data, v[i]->size);
		free(v);
	} else {
		for (struct dt_spec_rec *r = g->head; r; r = r->next)
			print_held(dtp, r->cpu, r->data, r->size);
	}
	free_recs(g);
}

/* The generation gen of speculation id, made if new.  The least recently
 * used one of the id gives way: if it was committed and still waiting,
 * what arrived is printed; held records of one never committed or
 * discarded (its control record was lost) are freed. */
static struct dt_spec_gen *lookup(dtrace_hdl_t *dtp, uint32_t id, uint32_t gen)
{
	struct dt_spec *sp = dtp->spec;
	struct dt_spec_gen *v = &sp->gens[(size_t)(id - 1) * DT_SPEC_HIST], *victim = NULL;
	for (int i = 0; i < DT_SPEC_HIST; i++) {
		if (v[i].state != G_FREE && v[i].gen == gen) {
			v[i].use = ++sp->use;
			return &v[i];
		}
		if (!victim || (victim->state != G_FREE &&
		    (v[i].state == G_FREE || v[i].use < victim->use)))
			victim = &v[i];
	}
	if (victim->state == G_WAITING)
		flush(dtp, victim);
	free_recs(victim);
	memset(victim, 0, sizeof(*victim));
	victim->gen = gen;
	victim->state = G_PENDING;
	victim->use = ++sp->use;
	return victim;
}

static void control(dtrace_hdl_t *dtp, const uint8_t *d, uint32_t size)
{
	struct dt_spec *sp = dtp->spec;
	if (size < DT_SPECCTL_SIZE)
		return;
	uint32_t op = rd32(d + 4) & ~(uint32_t)DT_SPECCTL_BEGIN, id = rd32(d + 8), gen = rd32(d + 12);
	if (id == 0 || id > sp->nspec)
		return;
	struct dt_spec_gen *g = lookup(dtp, id, gen);
	if (g->state != G_PENDING)
		return;		/* one commit or discard per generation */
	if (op == DT_SPECCTL_DISCARD) {
		free_recs(g);
		g->state = G_DISCARDED;
		return;
	}
	g->state = G_WAITING;
	g->expect = rd64(d + 16);
	g->pass = sp->npass;
	sp->nwaiting++;
	if (g->nrec >= g->expect)
		flush(dtp, g);
}

int dt_spec_take(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size)
{
	struct dt_spec *sp = state(dtp);
	if (!sp || sp->flushing || size < DT_REC_HDR)
		return 0;
	uint32_t epid = rd32(d);
	if (epid == DT_EPID_SPECCTL) {
		control(dtp, d, size);
		return 1;
	}
	if (epid == 0 || epid >= dtp->necbs || !dtp->ecbs[epid].stmt)
		return 0;
	const struct dt_stmt *st = dtp->ecbs[epid].stmt;
	if (!st->spec_act || size < st->recsize)
		return 0;
	const struct dt_action *a = &st->actions[st->spec_act - 1];
	uint32_t id = rd32(d + a->fields[0].offset);
	if (id == DT_SPEC_NONE)
		return 0;		/* speculate() was not reached */
	if (id == 0 || id > sp->nspec)
		return 1;
	struct dt_spec_gen *g = lookup(dtp, id, rd32(d + a->fields[0].offset + 4));
	switch (g->state) {
	case G_DISCARDED:
		return 1;
	case G_COMMITTED:
		print_held(dtp, cpu, d, size);
		return 1;
	default:
		break;
	}
	struct dt_spec_rec *r = malloc(sizeof(*r) + size);
	if (!r)
		return 1;
	r->next = NULL;
	r->seq = rd64(d + a->fields[1].offset);
	r->cpu = cpu;
	r->size = size;
	memcpy(r->data, d, size);
	if (g->tail)
		g->tail->next = r;
	else
		g->head = r;
	g->tail = r;
	g->nrec++;
	if (g->state == G_WAITING && g->nrec >= g->expect)
		flush(dtp, g);
	return 1;
}

/* Commits read before this pass's predecessor began have seen every record
 * traced before them: print what arrived. */
static void flush_waiting(dtrace_hdl_t *dtp, int all)
{
	struct dt_spec *sp = dtp->spec;
	uint32_t n = (sp->nspec ? sp->nspec : 1) * DT_SPEC_HIST;
	for (uint32_t i = 0; i < n && sp->nwaiting > 0; i++) {
		struct dt_spec_gen *g = &sp->gens[i];
		if (g->state == G_WAITING && (all || g->pass + 2 <= sp->npass))
			flush(dtp, g);
	}
}

void dt_spec_pass(dtrace_hdl_t *dtp)
{
	struct dt_spec *sp = dtp->spec;
	if (!sp)
		return;
	sp->npass++;
	if (sp->nwaiting)
		flush_waiting(dtp, 0);
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

void dt_spec_status(dtrace_hdl_t *dtp, int force)
{
	struct dt_spec *sp = state(dtp);
	uint32_t key = 0;
	if (!sp)
		return;
	uint64_t now = now_ns();
	if (!force && now - sp->status_at < dtp->opt[DTOPT_STATUSRATE])
		return;
	sp->status_at = now;
	if (bpf_map_lookup_elem(dtp->specmaps.fd_state, &key, sp->stbuf) < 0)
		return;
	/* in dtrace's order */
	dt_consume_drops(dtp, DTRACE_DROP_SPECULATION, -1, &sp->drops,
	    rd64(sp->stbuf + DT_SPEC_DROPS), "speculative drop", "");
	dt_consume_drops(dtp, DTRACE_DROP_SPECBUSY, -1, &sp->busy,
	    rd64(sp->stbuf + DT_SPEC_BUSY), "failed speculation",
	    " (available buffer(s) still busy)");
	dt_consume_drops(dtp, DTRACE_DROP_SPECUNAVAIL, -1, &sp->unavail,
	    rd64(sp->stbuf + DT_SPEC_UNAVAIL), "failed speculation",
	    " (no speculative buffer available)");
}

void dt_spec_finish(dtrace_hdl_t *dtp)
{
	if (!state(dtp))
		return;
	flush_waiting(dtp, 1);
	dt_spec_status(dtp, 1);
}
