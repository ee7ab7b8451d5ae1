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
 * A later process running an object already attached for any process
 * (a leader's, or one made here) gets probes of its own the same way,
 * linked with its pid (usdt.h's own).  Both kinds must not fire
 * together: the programs attached for any process skip the pids in the
 * own-pids map (usdt.c own_check), and the process's own programs fire
 * only for a pid in it.  Its pid goes into the map at the poll after
 * the consumer has loaded and linked every one of its own probes (one
 * lookup switches it: no firing lost or doubled; until then its firings
 * carry the object's probe), out of it when it has exited (checked
 * every second).  Its own probes are the pid's in their objects
 * whatever image maps them: their exec check compares the arg_start the
 * map holds for the pid, moved on when the watch says the process has
 * a new image (reimage), so a process that exec's the same program
 * again fires with the same probe IDs (a process found at start
 * included: its followers, below).  A process forked without an exec (a
 * server's worker) is announced by the watch too and gets probes of its
 * own the same way (until then it fires through the object's probe); a
 * fork followed by an exec before the consumer reads the ring (vfork,
 * posix_spawn) is scanned once, as the exec.
 *
 * Not held: the process runs from its exec until the consumer reads the
 * ring (it wakes the consumer at once: usdt.c's pollfd) and has read its
 * notes and loaded its programs, a millisecond or two; its firings in
 * that window are lost.  The objects mapped
 * when it is read are covered (the executable, the libraries the dynamic
 * linker has mapped by then), and it is read again 0.1 s and 1.1 s
 * later.  Libraries mapped later (a dlopen, at any time, in any process:
 * one running before dtrace too) are found through the watch on the
 * dynamic linker's _dl_debug_state, which names the process after each
 * change of its list of objects; objects read already are skipped, so a
 * process named again gets probes only for what is new.  A process is
 * scanned once per read of the ring, however often it was named.
 *
 * A description naming one process (usdtlib1234:::tick, $target;
 * sema/clause.c keeps them in dtp->piddescs with their clauses) applies
 * to the libraries that process maps while traced: the watch names it
 * after a dlopen (linked for that process alone when nothing else needs
 * the watch), its objects not read for it yet are read, and each site
 * those descriptions match that has no probe yet becomes one of the
 * process's with their clauses (target_object).  With -Z this traces a
 * provider whose library is not loaded when tracing starts.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "usdt.h"
#include "execwatch.h"
#include "base/output.h"
#include "kernel/btf.h"

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

struct seen {
	int pid;
	int what;			/* DT_WATCH_EXEC, _FORK or _DL */
};

struct pend {
	int pid;
	uint32_t first, last;		/* the probes made for it: IDs */
	uint64_t bits;			/* their objects' bits (usdt.h) */
	uint64_t image;			/* its image's arg_start (their exec
					   check) */
};

/* a pid in the own-pids map */
struct owned {
	int pid;
	uint64_t image;			/* the arg_start its own probes fire
					   for (0: not known) */
};

#define OWNED_CHECK	1000	/* ms between checks of the owned pids */

/* a process a description names (python1234, $target): the objects it
 * maps while traced are read for the probes those descriptions match */
struct target {
	int pid;
	uint64_t (*objs)[2];		/* (dev, ino) read for it */
	size_t nobjs;
};

struct usdt_late {
	struct dt_execwatch *w;
	struct dt_probe **leaders;	/* the enabled USDT_FILE probes */
	size_t nleaders;
	int made;			/* probes made in this poll */
	struct pend *pend;		/* processes whose own probes are being
					   loaded: switched to at the next poll */
	size_t npend;
	struct owned *owned;		/* the pids in the own-pids map */
	size_t nowned;
	uint64_t next_check;		/* of the owned pids' exits (ms) */
	struct again *again;		/* processes to scan again */
	size_t nagain, capagain;
	uint64_t rtld_dev, rtld_ino;	/* the watched ld.so (0: none) */
	struct seen *seen;		/* named by the watch in this read */
	size_t nseen, capseen;
	struct target *targets;		/* processes descriptions name */
	size_t ntargets;
};

static void own_bits(struct usdt_state *st, int pid, uint64_t bits, uint64_t image);

static int add_leader(struct usdt_late *l, struct dt_probe *p)
{
	struct dt_probe **np = realloc(l->leaders, (l->nleaders + 1) * sizeof(*np));
	if (!np)
		return -1;
	l->leaders = np;
	np[l->nleaders++] = p;
	return 0;
}

static int desc_pid(const struct dt_piddesc *d)
{
	size_t plen;
	int pid = dt_usdt_split_pid(d->prov, &plen);
	return !pid || (plen == 3 && !strncmp(d->prov, "pid", 3)) ? 0 : pid;
}

/* Could a library process pid maps later hold probes the descriptions
 * naming it match?  Not if each names a module exactly that it maps
 * now (a gone process: no). */
static int may_grow(dtrace_hdl_t *dtp, int pid)
{
	int left = 0;
	for (int i = 0; i < dtp->npiddescs; i++) {
		const struct dt_piddesc *d = &dtp->piddescs[i];
		if (desc_pid(d) != pid)
			continue;
		if (!*d->mod || strpbrk(d->mod, "*?[\\"))
			return 1;
		left++;
	}
	struct dt_usdt_maps w;
	if (!left || !dt_usdt_maps_open(&w, pid))
		return 0;
	char *seen = calloc((size_t)dtp->npiddescs, 1);
	const char *path;
	uint64_t dev, ino;
	while (seen && left && (path = dt_usdt_maps_next(&w, &dev, &ino))) {
		const char *base = strrchr(path, '/');
		base = base ? base + 1 : path;
		for (int i = 0; i < dtp->npiddescs; i++)
			if (!seen[i] && desc_pid(&dtp->piddescs[i]) == pid &&
			    !strcmp(dtp->piddescs[i].mod, base)) {
				seen[i] = 1;
				left--;
			}
	}
	if (w.f)
		fclose(w.f);
	free(seen);
	return left > 0;
}

/* the live processes that descriptions name (not pid's) and that may
 * map probes they match later, into l->targets; -1 when out of memory */
static int find_targets(dtrace_hdl_t *dtp, struct usdt_late *l)
{
	for (int i = 0; i < dtp->npiddescs; i++) {
		int pid = desc_pid(&dtp->piddescs[i]);
		size_t k;
		if (!pid || pid == getpid())
			continue;
		for (k = 0; k < l->ntargets && l->targets[k].pid != pid; k++)
			;
		if (k < l->ntargets || !may_grow(dtp, pid))
			continue;
		struct target *nt = realloc(l->targets, (l->ntargets + 1) * sizeof(*nt));
		if (!nt)
			return dt_set_err(dtp, "out of memory");
		l->targets = nt;
		nt[l->ntargets++] = (struct target){ pid, NULL, 0 };
	}
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
		if (dt_usdt_file_key(up->path, &dev, &ino) == 0) {
			struct usdt_obj *o = dt_usdt_obj(st, dev, ino, up->path, up->pid);
			if (o)
				o->late_done = o->anypid = 1;	/* attached for any
								   process */
		}
		if (add_leader(l, p) < 0) {
			st->late = l;
			return dt_set_err(dtp, "out of memory");
		}
	}
	st->late = l;
	/* the followers linked with their pids fire from now on, their
	 * objects' probes for any process skip them */
	for (uint32_t i = 0; st->own_fd > 0 && i < dtp->nprobes; i++) {
		const struct dt_probe *p = dtp->probes[i];
		const struct usdt_probe *up = p->ops == &dt_prov_usdt ? p->priv : NULL;
		if (up && up->follows > 0 && p->nclauses && p->prog_fd >= 0)
			own_bits(st, up->pid, 1ULL << (up->follows - 1), up->arg_start);
	}
	if (find_targets(dtp, l) < 0)
		return -1;
	if (!l->nleaders && !l->ntargets)
		return 0;	/* no enabling for processes started later
				   or libraries mapped later */
	/* only named processes: their libraries alone are watched */
	int pids[64], np = 0;
	for (size_t i = 0; !l->nleaders && i < l->ntargets && i < 64; i++)
		pids[np++] = l->targets[i].pid;
	if (!(l->w = dt_execwatch_open(dtp, pids, l->ntargets <= 64 ? np : 0))) {
		if (l->nleaders)
			dt_out_message(dtp, 0, "processes started later will not be traced "
			    "unless they run an object traced now: %s", dtp->errmsg);
		else
			dt_out_message(dtp, 0, "libraries that traced processes map later "
			    "will not be traced: %s", dtp->errmsg);
		dtp->errmsg[0] = 0;
	} else {
		if (dt_execwatch_rtld(l->w))
			dt_usdt_file_key(dt_execwatch_rtld(l->w), &l->rtld_dev, &l->rtld_ino);
		/* kernel BTF read now (the new probes' exec check needs it),
		 * not at the first new process: parsing it takes tens of ms */
		dt_btf_offsetof(dtp, "task_struct", "mm");
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
    int pid, int own, int *made)
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
	if ((up->own = own)) {
		int ok;
		up->arg_start = dt_usdt_image(pid, &ok);	/* the exec check */
	}
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

/* where dtrace opens the object a process maps at path: path, or
 * through the process's root (another mount namespace), in alt */
static const char *obj_at(const char *path, int pid, char *alt, size_t len)
{
	if (access(path, R_OK) == 0)
		return path;
	snprintf(alt, len, "/proc/%d/root%s", pid, path);
	return alt;
}

/* The probes of object o (at path in process pid) whose sites the kept
 * descriptions match as they match a leader: made, with its clauses;
 * how many, -1 with the error set. */
static int object_probes(dtrace_hdl_t *dtp, struct usdt_state *st, struct usdt_obj *o,
    const char *path, int pid, int own)
{
	struct usdt_late *l = st->late;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char alt[4200];
	const char *at = obj_at(path, pid, alt, sizeof(alt));
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
			struct dt_probe *q = late_probe(dtp, p, prov, base, func, name, at, pid, own,
			    &made);
			if (!q && dtp->errmsg[0])
				return -1;
			if (q && dt_usdt_add_site(dtp, q, nt) < 0)
				return -1;
			break;	/* one probe a site */
		}
	}
	return made;
}

/* a process's own probes made, IDs first..last: switched to at the next
 * poll, once loaded */
static void add_pend(struct usdt_late *l, int pid, uint32_t first, uint32_t last,
    uint64_t bits, uint64_t image)
{
	struct pend *np = realloc(l->pend, (l->npend + 1) * sizeof(*np));
	if (!np)
		return;		/* not switched: its firings stay the object's */
	l->pend = np;
	np[l->npend++] = (struct pend){ pid, first, last, bits, image };
}

/* The objects process pid maps: those not looked at yet get probes for
 * any process, those attached for any process probes of the process's
 * own (l->made counts them); 0 if the process is gone.  *rtld says
 * whether it maps the ld.so the watch is on. */
static int scan(dtrace_hdl_t *dtp, struct usdt_state *st, int pid, int *rtld)
{
	struct dt_usdt_maps w;
	if (!dt_usdt_maps_open(&w, pid))
		return 0;
	int rc = 0, own = 0;
	uint32_t first = dtp->nprobes + 1;
	uint64_t bits = 0;
	const char *path;
	uint64_t dev, ino;
	*rtld = 0;
	while (rc >= 0 && (path = dt_usdt_maps_next(&w, &dev, &ino))) {
		if (st->late->rtld_ino && ino == st->late->rtld_ino && dev == st->late->rtld_dev)
			*rtld = 1;
		struct usdt_obj *o = dt_usdt_obj(st, dev, ino, path, pid);
		if (!o || !o->n || (o->late_done && !o->anypid))
			continue;
		if (o->anypid) {	/* known: the process's own probes */
			if (st->own_fd > 0 && (rc = object_probes(dtp, st, o, path, pid, 1)) > 0) {
				own += rc;
				int bit = o->bit;
				bits |= bit ? 1ULL << (bit - 1) : ~0ULL;
			}
			continue;
		}
		o->late_done = 1;	/* once, whatever comes of it */
		if ((rc = object_probes(dtp, st, o, path, pid, 0)) > 0) {
			o = dt_usdt_obj(st, dev, ino, path, pid);
			if (o)
				o->anypid = 1;
			st->late->made += rc;
		}
	}
	if (w.f)
		fclose(w.f);
	if (own) {
		uint64_t image = 0;
		for (uint32_t id = first; id <= dtp->nprobes && !image; id++) {
			const struct usdt_probe *uq = dtp->probes[id - 1]->priv;
			if (dtp->probes[id - 1]->ops == &dt_prov_usdt && uq->own && uq->pid == pid)
				image = uq->arg_start;
		}
		add_pend(st->late, pid, first, dtp->nprobes, bits, image);
		st->late->made += own;
	}
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

/* pid i of the owned ones out of the own-pids map: the probes attached
 * for any process fire in it again */
static void unown(struct usdt_state *st, size_t i)
{
	struct usdt_late *l = st->late;
	uint32_t key = (uint32_t)l->owned[i].pid;
	bpf_map_delete_elem(st->own_fd, &key);
	l->owned[i] = l->owned[--l->nowned];
}

/* bits into pid's value in the own-pids map (the objects whose probes
 * attached for any process skip it from now on), the pid among the owned
 * ones */
static void own_bits(struct usdt_state *st, int pid, uint64_t bits, uint64_t image)
{
	struct usdt_late *l = st->late;
	uint32_t key = (uint32_t)pid;
	struct usdt_own v = { 0, image };
	size_t k;
	for (k = 0; k < l->nowned && l->owned[k].pid != pid; k++)
		;
	if (k == l->nowned) {		/* not yet */
		struct owned *no = realloc(l->owned, (l->nowned + 1) * sizeof(*no));
		if (!no)
			return;		/* not switched: it fires through the
					   probes attached for any process */
		l->owned = no;
	} else {
		bpf_map_lookup_elem(st->own_fd, &key, &v);
	}
	v.bits |= bits;
	if (image)
		v.image = image;
	if (bpf_map_update_elem(st->own_fd, &key, &v, BPF_ANY) != 0)
		return;
	if (k == l->nowned)
		l->owned[l->nowned++] = (struct owned){ pid, v.image };
	else
		l->owned[k].image = v.image;
}

/* The processes whose own probes the consumer has loaded since the last
 * poll: into the own-pids map, when every one is loaded (else their
 * firings stay the probes' attached for any process). */
static void switch_pending(dtrace_hdl_t *dtp, struct usdt_state *st)
{
	struct usdt_late *l = st->late;
	for (size_t i = 0; i < l->npend; i++) {
		const struct pend *pd = &l->pend[i];
		int ok = 1;
		for (uint32_t id = pd->first; id <= pd->last && id <= dtp->nprobes && ok; id++) {
			const struct dt_probe *q = dtp->probes[id - 1];
			const struct usdt_probe *uq = q->ops == &dt_prov_usdt ? q->priv : NULL;
			if (uq && uq->own && uq->pid == pd->pid)
				ok = q->epids && q->nclauses && q->prog_fd >= 0;
		}
		if (ok)
			own_bits(st, pd->pid, pd->bits, pd->image);
	}
	l->npend = 0;
}

/* the owned processes that have exited: out of the map (a pid used
 * again by a fork would be skipped) */
static void check_owned(struct usdt_state *st, uint64_t now)
{
	struct usdt_late *l = st->late;
	if (now < l->next_check)
		return;
	l->next_check = now + OWNED_CHECK;
	for (size_t i = l->nowned; i > 0; i--)
		if (kill(l->owned[i - 1].pid, 0) < 0 && errno == ESRCH)
			unown(st, i - 1);
}

/* A process the watch says has a new image (an exec, or a fork reusing
 * the pid), if owned: its own probes are the pid's in each object they
 * are in, whatever image maps it, so they fire in the image it runs now
 * (their exec check compares the map's arg_start), and the objects it
 * maps that they are not in get probes of its own at its scan.  Out of
 * the map only if it is gone, or its image cannot be told.  (An exec's
 * record read after the scan that found its image already, the fork's
 * record having come in the wake-up before, changes nothing.) */
static void reimage(struct usdt_state *st, int pid)
{
	struct usdt_late *l = st->late;
	for (size_t i = 0; i < l->nowned; i++)
		if (l->owned[i].pid == pid) {
			int ok;
			uint64_t image = dt_usdt_image(pid, &ok);
			if (!ok || !image || !l->owned[i].image)
				unown(st, i);
			else if (image != l->owned[i].image)
				own_bits(st, pid, 0, image);
			break;
		}
}

/* a process that has exec'd and does not map the watched ld.so (a
 * static one, one in another mount namespace, or no watch): scanned
 * again later, for libraries mapped after its exec (the watch names the
 * others when their libraries are mapped) */
static void again_later(struct usdt_state *st, int pid)
{
	struct usdt_late *l = st->late;
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

/* the watch's announcement, kept until the read is done */
static void seen(dtrace_hdl_t *dtp, int pid, int what, void *arg)
{
	struct usdt_late *l = ((struct usdt_state *)arg)->late;
	(void)dtp;
	if (pid == getpid())
		return;
	if (l->nseen == l->capseen) {
		size_t nc = l->capseen ? 2 * l->capseen : 64;
		struct seen *ns = nc <= AGAIN_MAX ? realloc(l->seen, nc * sizeof(*ns)) : NULL;
		if (!ns)
			return;		/* not scanned: as if the ring were full */
		l->seen = ns;
		l->capseen = nc;
	}
	l->seen[l->nseen++] = (struct seen){ pid, what };
}

/* ---- processes descriptions name ---- */

static struct target *target_of(struct usdt_late *l, int pid)
{
	for (size_t i = 0; i < l->ntargets; i++)
		if (l->targets[i].pid == pid)
			return &l->targets[i];
	return NULL;
}

/* (dev, ino) added to those read for t; 0 if it was there already, -1
 * when out of memory */
static int target_add(struct target *t, uint64_t dev, uint64_t ino)
{
	for (size_t i = 0; i < t->nobjs; i++)
		if (t->objs[i][0] == dev && t->objs[i][1] == ino)
			return 0;
	uint64_t (*no)[2] = realloc(t->objs, (t->nobjs + 1) * sizeof(*no));
	if (!no)
		return -1;
	t->objs = no;
	no[t->nobjs][0] = dev;
	no[t->nobjs++][1] = ino;
	return 1;
}

/* Object o at path in process pid: each note site whose name the
 * descriptions naming pid match becomes a probe of the process with
 * their clauses, in program order, unless a probe by that name exists
 * (made at start, or before an exec); how many were made, -1 with the
 * error set. */
static int target_object(dtrace_hdl_t *dtp, struct usdt_obj *o, const char *path, int pid,
    uint64_t arg_start)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char alt[4200];
	const char *at = obj_at(path, pid, alt, sizeof(alt));
	struct dt_stmt **cl = NULL;
	int made = 0;
	for (size_t i = 0; i < o->n; i++) {
		const struct dt_sdt_note *nt = &o->notes[i];
		char prov[128], name[256];
		if (!nt->off)
			continue;
		snprintf(prov, sizeof(prov), "%s%d", nt->provider, pid);
		dt_usdt_probe_name(nt->name, name, sizeof(name));
		const char *func = nt->func ? nt->func : "-";
		if (!cl && !(cl = malloc((size_t)dtp->npiddescs * sizeof(*cl))))
			return dt_set_err(dtp, "out of memory");
		int ncl = dt_piddesc_clauses(dtp, NULL, prov, base, func, name, cl);
		if (!ncl)
			continue;
		struct dt_probe *q = dt_probe_lookup(dtp, prov, base, func, name);
		if (q && (q->ops != &dt_prov_usdt || !((struct usdt_probe *)q->priv)->late ||
		    q->epids))
			continue;	/* one of that name is there already */
		if (!q) {
			struct usdt_probe *up = calloc(1, sizeof(*up));
			struct dt_stmt **qc = malloc((size_t)ncl * sizeof(*qc));
			if (!up || !qc || !(up->path = strdup(at)) ||
			    !(q = dt_probe_create_prov(dtp, &dt_prov_usdt, prov, base, func, name, 0))) {
				if (up)
					free(up->path);
				free(up);
				free(qc);
				free(cl);
				return dt_set_err(dtp, "out of memory");
			}
			up->pid = pid;
			up->arg_start = arg_start;	/* the exec check */
			up->glob_only = up->late = 1;	/* its own, for its pid */
			q->priv = up;
			memcpy(qc, cl, (size_t)ncl * sizeof(*qc));
			q->clauses = qc;
			q->nclauses = ncl;
			made++;
		}
		if (dt_usdt_add_site(dtp, q, nt) < 0) {
			free(cl);
			return -1;
		}
	}
	free(cl);
	return made;
}

/* The objects process t maps that were not read for it yet (l->made
 * counts the probes made) */
static void scan_target(dtrace_hdl_t *dtp, struct usdt_state *st, struct target *t)
{
	struct dt_usdt_maps w;
	int ok, rc = 0;
	uint64_t arg_start = dt_usdt_image(t->pid, &ok), dev, ino;
	if (!ok || !dt_usdt_maps_open(&w, t->pid))
		return;
	const char *path;
	while (rc >= 0 && (path = dt_usdt_maps_next(&w, &dev, &ino))) {
		struct usdt_obj *o;
		if ((rc = target_add(t, dev, ino)) <= 0)
			rc = rc < 0 ? dt_set_err(dtp, "out of memory") : 0;
		else if (!(o = dt_usdt_obj(st, dev, ino, path, t->pid)))
			rc = dt_set_err(dtp, "out of memory");
		else if (o->n && (rc = target_object(dtp, o, path, t->pid, arg_start)) > 0)
			st->late->made += rc;
	}
	if (w.f)
		fclose(w.f);
	if (rc < 0) {
		dt_out_message(dtp, 0, "process %d not traced: %s", t->pid, dtp->errmsg);
		dtp->errmsg[0] = 0;
	}
}

static int seen_cmp(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/* The processes the watch named in this read, each scanned once: one
 * that exec'd or is new (forked: the same image as its parent), if
 * owned, has the map's image moved on to the one it runs now (reimage:
 * its own probes fire there); its objects without probes of its own
 * get them, as do the new objects of one that has mapped libraries
 * (the dynamic linker at its start, a dlopen). */
static void scan_seen(dtrace_hdl_t *dtp, struct usdt_state *st)
{
	struct usdt_late *l = st->late;
	if (!l->nseen)
		return;
	qsort(l->seen, l->nseen, sizeof(*l->seen), seen_cmp);
	for (size_t i = 0, j; i < l->nseen; i = j) {
		int pid = l->seen[i].pid, exec = 0, renew = 0, dl = 0;
		for (j = i; j < l->nseen && l->seen[j].pid == pid; j++) {
			exec |= l->seen[j].what == DT_WATCH_EXEC;
			renew |= l->seen[j].what != DT_WATCH_DL;
			dl |= l->seen[j].what == DT_WATCH_DL;
		}
		struct target *t = target_of(l, pid);
		if (t && (exec || dl)) {
			if (exec)
				t->nobjs = 0;	/* a new image */
			scan_target(dtp, st, t);
		}
		if (!l->nleaders)
			continue;
		if (renew)
			reimage(st, pid);
		int rtld;
		if (scan(dtp, st, pid, &rtld) && exec && !rtld)
			again_later(st, pid);
	}
	l->nseen = 0;
}

int dt_usdt_late_poll(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_usdt);
	struct usdt_state *st = slot ? *slot : NULL;
	if (!st || !st->late || !st->late->w)
		return 0;
	struct usdt_late *l = st->late;
	l->made = 0;
	if (l->npend)
		switch_pending(dtp, st);
	dt_execwatch_read(dtp, l->w, seen, st);
	scan_seen(dtp, st);
	if (!l->nagain && !l->nowned)
		return l->made;
	uint64_t now = now_ms();
	if (l->nowned)
		check_owned(st, now);
	size_t k = 0;
	for (size_t i = 0; i < l->nagain; i++) {
		struct again a = l->again[i];
		if (a.due <= now) {
			int rtld;
			if (!scan(dtp, st, a.pid, &rtld) || !--a.left)
				continue;
			a.due = now + AGAIN_NEXT;
		}
		l->again[k++] = a;
	}
	l->nagain = k;
	return l->made;
}

int dt_usdt_late_pollfd(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_usdt);
	struct usdt_state *st = slot ? *slot : NULL;
	return st && st->late ? dt_execwatch_fd(st->late->w) : -1;
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
	free(l->seen);
	free(l->pend);
	free(l->owned);
	for (size_t i = 0; i < l->ntargets; i++)
		free(l->targets[i].objs);
	free(l->targets);
	free(l);
	st->late = NULL;
}
