/*
 * usdtlate.c - USDT probes for processes started after tracing starts
 * that run another object than the processes found at start (another
 * build or copy of the program).
 *
 * A glob enabling over any process (postgresql*:::query-start) attaches
 * each site's lowest probe to its object for any process (usdt.c,
 * USDT_FILE: a "leader"), so a later process running one of those
 * objects fires already.  For the others, while a leader is enabled the
 * exec watch (execwatch.c: a program on sched_process_exec, loaded only
 * then) names each process that exec's; at the consumer's next wake-up
 * (the poll hook) the objects it maps that were not looked at yet have
 * their notes read, and each note site that every kept glob description
 * (usdt.c keep_desc) matches exactly as it matches a leader (so the same
 * clauses apply) becomes a probe of that process, named as at start
 * (usdtprog5678:b:fire:work), with a new ID and the leader's clauses.
 * The consumer then numbers, loads and attaches the new probes (rt/load.c
 * dt_load_new, usdt_attach as at start): each is attached to its object
 * for any process, its semaphore as the uprobe's reference counter.
 *
 * Not held: the process runs from its exec until the consumer reads the
 * ring (50 ms at most, and the time to read its notes and load its
 * programs); its firings in that window are lost.  The objects mapped
 * when it is read are covered (the executable, the libraries the dynamic
 * linker has mapped by then), and it is read again 0.1 s and 1.1 s
 * later (libraries mapped late, an early dlopen); an object a process
 * maps after that is found only in a process started later.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "usdt.h"
#include "execwatch.h"
#include "base/output.h"

/* A process is scanned when its exec is read, which may come before
 * the dynamic linker has mapped its libraries: again AGAIN_FIRST ms
 * later, then AGAIN_TIMES - 1 more times AGAIN_NEXT ms apart. */
#define AGAIN_FIRST	100
#define AGAIN_NEXT	1000
#define AGAIN_TIMES	2
#define AGAIN_MAX	65536	/* processes waiting to be scanned again */

struct again {
	int pid;
	uint64_t due;		/* CLOCK_MONOTONIC, ms */
	int left;		/* scans still to do */
};

struct usdt_late {
	struct dt_execwatch *w;
	struct dt_probe **leaders;	/* the enabled USDT_FILE probes */
	size_t nleaders;
	int made;			/* probes made in this poll */
	struct again *again;		/* processes to scan again */
	size_t nagain, capagain;
};

/* the (dev, ino) of /proc/PID/maps for the file at path */
static int file_key(const char *path, uint64_t *dev, uint64_t *ino)
{
	struct stat sb;
	if (stat(path, &sb) < 0)
		return -1;
	*dev = (uint64_t)major(sb.st_dev) << 20 | minor(sb.st_dev);
	*ino = sb.st_ino;
	return 0;
}

static int add_leader(struct usdt_late *l, struct dt_probe *p)
{
	struct dt_probe **np = realloc(l->leaders, (l->nleaders + 1) * sizeof(*np));
	if (!np)
		return -1;
	l->leaders = np;
	np[l->nleaders++] = p;
	return 0;
}

int dt_usdt_late_start(dtrace_hdl_t *dtp, struct usdt_state *st)
{
	if (st->late || dtp->check_only || getenv("DTRACE_USDT_NOLATE"))
		return 0;
	struct usdt_late *l = calloc(1, sizeof(*l));
	if (!l)
		return dt_set_err(dtp, "out of memory");
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		if (p->ops != &dt_prov_usdt || !p->nclauses || p->prog_fd < 0 ||
		    dt_usdt_kind(dtp, p) != USDT_FILE)
			continue;
		if (dt_prov_usdt.prov_base(dtp, p) <= 0)
			continue;	/* probeprov could not name the process */
		const struct usdt_probe *up = p->priv;
		uint64_t dev, ino;
		if (file_key(up->path, &dev, &ino) == 0) {
			struct usdt_obj *o = dt_usdt_obj(st, dev, ino, up->path, up->pid);
			if (o)
				o->late_done = 1;	/* attached for any process */
		}
		if (add_leader(l, p) < 0) {
			st->late = l;
			return dt_set_err(dtp, "out of memory");
		}
	}
	st->late = l;
	if (!l->nleaders)
		return 0;	/* no enabling for processes started later */
	if (!(l->w = dt_execwatch_open(dtp))) {
		dt_out_message(dtp, 0, "processes started later will not be traced "
		    "unless they run an object traced now: %s", dtp->errmsg);
		dtp->errmsg[0] = 0;
	}
	return 0;
}

/* does every kept description match the site (prov, mod, func, name) as
 * it matches probe p? */
static int same_descs(const struct usdt_state *st, const struct dt_probe *p, const char *prov,
    const char *mod, const char *func, const char *name)
{
	int any = 0;
	for (size_t i = 0; i < st->ndescs; i++) {
		const struct usdt_desc *d = &st->descs[i];
		int mp = dt_usdt_fmatch(d->prov, p->prov) && dt_usdt_fmatch(d->mod, p->mod) &&
		    dt_usdt_fmatch(d->func, p->func) && dt_usdt_fmatch(d->name, p->name);
		int mn = dt_usdt_fmatch(d->prov, prov) && dt_usdt_fmatch(d->mod, mod) &&
		    dt_usdt_fmatch(d->func, func) && dt_usdt_fmatch(d->name, name);
		if (mp != mn)
			return 0;
		any |= mn;
	}
	return any;
}

/* a probe of the process's for the site (prov, mod, func, name), with
 * leader p's clauses: made now (*made counts it), or made earlier in
 * this scan; NULL if another one has that name (or out of memory: the
 * error set) */
static struct dt_probe *late_probe(dtrace_hdl_t *dtp, const struct dt_probe *p,
    const char *prov, const char *mod, const char *func, const char *name, const char *path,
    int pid, int *made)
{
	struct dt_probe *q = dt_probe_lookup(dtp, prov, mod, func, name);
	if (q)
		return q->ops == &dt_prov_usdt && ((struct usdt_probe *)q->priv)->late &&
		    !q->epids ? q : NULL;
	struct usdt_probe *up = calloc(1, sizeof(*up));
	struct dt_stmt **cl = malloc((size_t)p->nclauses * sizeof(*cl));
	if (!up || !cl || !(up->path = strdup(path)))
		goto oom;
	up->pid = pid;
	up->glob_only = up->any_pid = up->late = 1;
	if (!(q = dt_probe_create_prov(dtp, &dt_prov_usdt, prov, mod, func, name, 0)))
		goto oom;
	q->priv = up;
	memcpy(cl, p->clauses, (size_t)p->nclauses * sizeof(*cl));
	q->clauses = cl;
	q->nclauses = p->nclauses;
	(*made)++;
	return q;
oom:
	if (up)
		free(up->path);
	free(up);
	free(cl);
	dt_set_err(dtp, "out of memory");
	return NULL;
}

/* The probes of object o (at path in process pid) whose sites the kept
 * descriptions match as they match a leader: made, with its clauses;
 * how many, -1 with the error set. */
static int object_probes(dtrace_hdl_t *dtp, struct usdt_state *st, struct usdt_obj *o,
    const char *path, int pid)
{
	struct usdt_late *l = st->late;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char alt[4200];
	const char *at = path;
	if (access(path, R_OK) < 0) {	/* another mount namespace */
		snprintf(alt, sizeof(alt), "/proc/%d/root%s", pid, path);
		at = alt;
	}
	int made = 0;
	for (size_t i = 0; i < o->n; i++) {
		const struct dt_sdt_note *nt = &o->notes[i];
		char prov[128], name[256];
		if (!nt->off)
			continue;
		snprintf(prov, sizeof(prov), "%s%d", nt->provider, pid);
		dt_usdt_probe_name(nt->name, name, sizeof(name));
		const char *func = nt->func ? nt->func : "-";
		for (size_t k = 0; k < l->nleaders; k++) {
			struct dt_probe *p = l->leaders[k];
			if (!same_descs(st, p, prov, base, func, name))
				continue;
			dtp->errmsg[0] = 0;
			struct dt_probe *q = late_probe(dtp, p, prov, base, func, name, at, pid, &made);
			if (!q && dtp->errmsg[0])
				return -1;
			if (q && dt_usdt_add_site(dtp, q, nt) < 0)
				return -1;
			break;	/* one probe a site */
		}
	}
	return made;
}

/* The objects process pid maps that were not looked at yet: their
 * probes made (l->made counts them); 0 if the process is gone. */
static int scan(dtrace_hdl_t *dtp, struct usdt_state *st, int pid)
{
	char fn[64], line[4600];
	snprintf(fn, sizeof(fn), "/proc/%d/maps", pid);
	FILE *f = fopen(fn, "re");
	if (!f)
		return 0;
	uint64_t seen[64][2];
	int nseen = 0, rc = 0;
	while (rc >= 0 && fgets(line, sizeof(line), f)) {
		unsigned long long start, end, off, ino;
		unsigned maj, min;
		int pos = 0;
		if (sscanf(line, "%llx-%llx %*s %llx %x:%x %llu %n", &start, &end, &off, &maj, &min,
		    &ino, &pos) < 6 || !ino || !pos || line[pos] != '/')
			continue;
		char *path = line + pos;
		path[strcspn(path, "\n")] = 0;
		if (strstr(path, " (deleted)"))
			continue;
		uint64_t dev = (uint64_t)maj << 20 | min;
		int dup = 0;
		for (int k = 0; k < nseen && !dup; k++)
			dup = seen[k][0] == dev && seen[k][1] == ino;
		if (dup)
			continue;
		if (nseen < 64) {
			seen[nseen][0] = dev;
			seen[nseen++][1] = ino;
		}
		struct usdt_obj *o = dt_usdt_obj(st, dev, ino, path, pid);
		if (!o || o->late_done)
			continue;
		o->late_done = 1;	/* once, whatever comes of it */
		if (o->n && (rc = object_probes(dtp, st, o, path, pid)) > 0)
			st->late->made += rc;
	}
	fclose(f);
	if (rc < 0) {
		dt_out_message(dtp, 0, "process %d not traced: %s", pid, dtp->errmsg);
		dtp->errmsg[0] = 0;
	}
	return 1;
}

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* a process that has exec'd: scanned now, and again later */
static void exec_seen(dtrace_hdl_t *dtp, int pid, void *arg)
{
	struct usdt_state *st = arg;
	struct usdt_late *l = st->late;
	if (pid == getpid() || !scan(dtp, st, pid))
		return;
	if (l->nagain == l->capagain) {
		size_t nc = l->capagain ? 2 * l->capagain : 64;
		struct again *na = nc <= AGAIN_MAX ? realloc(l->again, nc * sizeof(*na)) : NULL;
		if (!na)
			return;		/* not scanned again */
		l->again = na;
		l->capagain = nc;
	}
	l->again[l->nagain++] = (struct again){ pid, now_ms() + AGAIN_FIRST, AGAIN_TIMES };
}

int dt_usdt_late_poll(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_usdt);
	struct usdt_state *st = slot ? *slot : NULL;
	if (!st || !st->late || !st->late->w)
		return 0;
	struct usdt_late *l = st->late;
	l->made = 0;
	dt_execwatch_read(dtp, l->w, exec_seen, st);
	if (!l->nagain)
		return l->made;
	uint64_t now = now_ms();
	size_t k = 0;
	for (size_t i = 0; i < l->nagain; i++) {
		struct again a = l->again[i];
		if (a.due <= now) {
			if (!scan(dtp, st, a.pid) || !--a.left)
				continue;
			a.due = now + AGAIN_NEXT;
		}
		l->again[k++] = a;
	}
	l->nagain = k;
	return l->made;
}

void dt_usdt_late_stop(struct usdt_state *st)
{
	if (st->late) {
		dt_execwatch_close(st->late->w);
		st->late->w = NULL;
	}
}

void dt_usdt_late_free(struct usdt_state *st)
{
	struct usdt_late *l = st->late;
	if (!l)
		return;
	dt_execwatch_close(l->w);
	free(l->leaders);
	free(l->again);
	free(l);
	st->late = NULL;
}
