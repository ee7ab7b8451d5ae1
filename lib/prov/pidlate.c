/*
 * pidlate.c - pid probes in the libraries a traced process maps while
 * traced (a dlopen): DTrace enables a pid description in an object as
 * the object appears, so that dtrace -Z -n 'pid$target:libfoo.so::entry'
 * traces a plugin the program loads later.
 *
 * At start the live processes that descriptions name through the pid
 * provider (dtp->piddescs: sema/clause.c keeps every description whose
 * provider field ends in a process ID, with its clause) become targets,
 * and the objects each maps then are noted (their probes were made at
 * compile time).  The exec watch (execwatch.c), its program on the
 * dynamic linker's _dl_debug_state linked for the target alone (for any
 * process when there are several), names a target each time its list
 * of objects is consistent again.  At the consumer's next wake-up (the
 * poll hook) each description naming it is walked over its objects not
 * noted yet (pid.c's dt_pid_per_obj, as at compile time); each probe
 * made gets the clauses of the descriptions naming the process that
 * match it, in program order, and the consumer loads and links it
 * (rt/load.c dt_load_new; pid_attach links at once, the start-time
 * probes being linked); the watch's ring wakes the consumer at once
 * (the pollfd op).  A probe whose name exists is not made again; a
 * library closed and opened again is not walked again (its uprobes are
 * on the file: they fire in the new mapping).  The process is not held:
 * its calls before the consumer has read the watch and linked the new
 * probes (a millisecond or two after the dlopen) are not traced.
 */
#include <stdlib.h>
#include <string.h>
#include "pid.h"
#include "execwatch.h"
#include "base/output.h"
#include "kernel/btf.h"
#include "kernel/usyms.h"

/* a process pid descriptions name, and the objects looked at for it */
struct ptarget {
	int pid;
	char **paths;
	size_t npaths;
};

struct pid_late {
	struct dt_execwatch *w;
	struct ptarget *t;
	size_t nt;
	int *named;			/* targets named in this read */
	size_t nnamed, capnamed;
	int made;			/* probes made in this poll */
};

/* the pid that pid-provider description d names, 0 if none */
static int desc_pid(const struct dt_piddesc *d)
{
	const char *s = d->prov;
	if (strncmp(s, "pid", 3) || !s[3])
		return 0;
	long v = strtol(s + 3, NULL, 10);
	return v > 0 && v <= 0x7fffffff ? (int)v : 0;
}

static int noted(const struct ptarget *t, const char *path)
{
	for (size_t i = 0; i < t->npaths; i++)
		if (!strcmp(t->paths[i], path))
			return 1;
	return 0;
}

static int note(struct ptarget *t, const char *path)
{
	if (noted(t, path))
		return 0;
	char **np = realloc(t->paths, (t->npaths + 1) * sizeof(*np));
	if (!np)
		return -1;
	t->paths = np;
	if (!(np[t->npaths] = strdup(path)))
		return -1;
	t->npaths++;
	return 0;
}

/* the objects a target maps at start, and the descriptions naming it
 * whose module field is exact and names one of them */
struct start_walk {
	dtrace_hdl_t *dtp;
	struct ptarget *t;
	char *hit;			/* per description */
};

/* dt_usym_obj_f: every object noted */
static int note_obj(void *arg, int obj, const char *path, int aout)
{
	struct start_walk *sw = arg;
	(void)obj;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	for (int i = 0; sw->hit && i < sw->dtp->npiddescs; i++) {
		const struct dt_piddesc *d = &sw->dtp->piddescs[i];
		if (desc_pid(d) == sw->t->pid &&
		    dt_pid_mod_match(d->mod, aout ? "a.out" : base, path))
			sw->hit[i] = 1;
	}
	return note(sw->t, path) < 0;
}

/* Could a library the target maps later hold probes the descriptions
 * naming it match?  Not if each names a module exactly, one it maps
 * now. */
static int may_grow(dtrace_hdl_t *dtp, const struct start_walk *sw)
{
	for (int i = 0; i < dtp->npiddescs; i++) {
		const struct dt_piddesc *d = &dtp->piddescs[i];
		if (desc_pid(d) == sw->t->pid &&
		    (!sw->hit || !sw->hit[i] || !*d->mod || strpbrk(d->mod, "*?[\\")))
			return 1;
	}
	return 0;
}

static void target_free(struct ptarget *t)
{
	for (size_t i = 0; i < t->npaths; i++)
		free(t->paths[i]);
	free(t->paths);
}

int dt_pid_late_start(dtrace_hdl_t *dtp, struct pid_state *st)
{
	if (st->late || dtp->check_only)
		return 0;
	struct pid_late *l = calloc(1, sizeof(*l));
	if (!l)
		return dt_set_err(dtp, "out of memory");
	st->late = l;
	for (int i = 0; i < dtp->npiddescs; i++) {
		int pid = desc_pid(&dtp->piddescs[i]);
		size_t k;
		for (k = 0; k < l->nt && l->t[k].pid != pid; k++)
			;
		uint64_t as;
		if (!pid || k < l->nt || !dt_pid_grabbable(pid, &as))
			continue;
		struct ptarget *nt = realloc(l->t, (l->nt + 1) * sizeof(*nt));
		if (!nt)
			return dt_set_err(dtp, "out of memory");
		l->t = nt;
		nt[l->nt] = (struct ptarget){ pid, NULL, 0 };
		struct start_walk sw = { dtp, &nt[l->nt], calloc((size_t)dtp->npiddescs, 1) };
		int ok = dt_usym_objects(pid, note_obj, &sw) >= 0 && may_grow(dtp, &sw);
		free(sw.hit);
		if (ok)
			l->nt++;
		else
			target_free(&nt[l->nt]);	/* gone, or no need */
	}
	if (!l->nt)
		return 0;
	int pids[64], np = 0;
	for (size_t i = 0; i < l->nt && i < 64; i++)
		pids[np++] = l->t[i].pid;
	if (!(l->w = dt_execwatch_open(dtp, pids, l->nt <= 64 ? np : 0))) {
		dt_out_message(dtp, 0, "libraries that traced processes map later "
		    "will not be traced: %s", dtp->errmsg);
		dtp->errmsg[0] = 0;
		return 0;
	}
	/* kernel BTF read now (the new probes' exec check needs it), not
	 * after a dlopen: parsing it takes tens of milliseconds */
	dt_btf_offsetof(dtp, "task_struct", "mm");
	return 0;
}

/* the watch's announcement: a target, kept until the read is done */
static void named(dtrace_hdl_t *dtp, int pid, int what, void *arg)
{
	struct pid_late *l = arg;
	(void)dtp;
	if (what == DT_WATCH_FORK)
		return;
	for (size_t i = 0; i < l->nnamed; i++)
		if (l->named[i] == pid)
			return;
	size_t k;
	for (k = 0; k < l->nt && l->t[k].pid != pid; k++)
		;
	if (k == l->nt)
		return;
	if (l->nnamed == l->capnamed) {
		size_t nc = l->capnamed ? 2 * l->capnamed : 8;
		int *nn = realloc(l->named, nc * sizeof(*nn));
		if (!nn)
			return;
		l->named = nn;
		l->capnamed = nc;
	}
	l->named[l->nnamed++] = pid;
}

/* a walk of one description over a target's objects not noted yet */
struct lwalk {
	struct pctx c;			/* first: dt_pid_per_obj's argument */
	struct ptarget *t;
	char **seen;			/* the objects walked (noted after) */
	size_t nseen;
};

static int new_obj(void *arg, int obj, const char *path, int aout)
{
	struct lwalk *w = arg;
	if (noted(w->t, path))
		return 0;
	char **ns = realloc(w->seen, (w->nseen + 1) * sizeof(*ns));
	if (ns) {
		w->seen = ns;
		if ((ns[w->nseen] = strdup(path)))
			w->nseen++;
	}
	return dt_pid_per_obj(&w->c, obj, path, aout);
}

/* probes made since first: the clauses of the descriptions naming the
 * process that match them */
static void give_clauses(dtrace_hdl_t *dtp, uint32_t first)
{
	for (uint32_t id = first; id <= dtp->nprobes; id++) {
		struct dt_probe *p = dtp->probes[id - 1];
		if (p->ops == &dt_prov_pid && !p->nclauses && !p->epids &&
		    dt_probe_piddesc_clauses(dtp, p) < 0) {
			dt_out_message(dtp, 0, "%s:%s:%s:%s not enabled: %s", p->prov, p->mod,
			    p->func, p->name, dtp->errmsg);
			dtp->errmsg[0] = 0;
		}
	}
}

/* the objects target t maps that were not looked at for it */
static void scan(dtrace_hdl_t *dtp, struct pid_late *l, struct ptarget *t)
{
	uint64_t as;
	if (!dt_pid_grabbable(t->pid, &as))
		return;
	uint32_t first = dtp->nprobes + 1;
	struct lwalk w = { .t = t };
	for (int i = 0; i < dtp->npiddescs; i++) {
		const struct dt_piddesc *d = &dtp->piddescs[i];
		if (desc_pid(d) != t->pid)
			continue;
		w.c = (struct pctx){ .dtp = dtp, .pid = t->pid, .mod = d->mod, .func = d->func,
			.name = d->name, .arg_start = as };
		snprintf(w.c.prov, sizeof(w.c.prov), "pid%d", t->pid);
		dt_usym_objects(t->pid, new_obj, &w);
		if (w.c.failed) {
			dt_out_message(dtp, 0, "%s:%s:%s:%s in process %d: %s", d->prov, d->mod,
			    d->func, d->name, t->pid, dtp->errmsg);
			dtp->errmsg[0] = 0;
		}
	}
	for (size_t i = 0; i < w.nseen; i++) {
		if (note(t, w.seen[i]) < 0)
			break;	/* looked at again next time */
	}
	for (size_t i = 0; i < w.nseen; i++)
		free(w.seen[i]);
	free(w.seen);
	give_clauses(dtp, first);
	l->made += (int)(dtp->nprobes + 1 - first);
}

int dt_pid_late_poll(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_pid);
	struct pid_state *st = slot ? *slot : NULL;
	if (!st || !st->late || !st->late->w)
		return 0;
	struct pid_late *l = st->late;
	l->made = 0;
	l->nnamed = 0;
	dt_execwatch_read(dtp, l->w, named, l);
	for (size_t i = 0; i < l->nnamed; i++)
		for (size_t k = 0; k < l->nt; k++)
			if (l->t[k].pid == l->named[i])
				scan(dtp, l, &l->t[k]);
	return l->made;
}

int dt_pid_late_pollfd(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_pid);
	struct pid_state *st = slot ? *slot : NULL;
	return st && st->late ? dt_execwatch_fd(st->late->w) : -1;
}

void dt_pid_late_stop(struct pid_state *st)
{
	if (st->late) {
		dt_execwatch_close(st->late->w);
		st->late->w = NULL;
	}
}

void dt_pid_late_free(struct pid_state *st)
{
	struct pid_late *l = st->late;
	if (!l)
		return;
	dt_execwatch_close(l->w);
	for (size_t k = 0; k < l->nt; k++)
		target_free(&l->t[k]);
	free(l->t);
	free(l->named);
	free(l);
	st->late = NULL;
}
