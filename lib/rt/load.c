/*
 * load.c - from compiled clauses to running BPF programs.
 *
 * Owns EPID assignment (one per clause and probe, in program order, after
 * the internal ERROR enabling which is EPID 1), creation of the maps
 * (per-CPU perf buffers, the globals array, the per-CPU scratch area),
 * program generation and loading with the verifier's log (on failure, or
 * always with -x bpflog; bpflogsize bytes of it), the -S listing of each
 * program, the sleepable companions of uprobe programs (dt_prefault_load),
 * and attachment through each probe's provider.  Every attachment is a file
 * descriptor of ours, so everything detaches when dtrace exits, however
 * it exits.
 *
 * Probes of a provider that shares programs (prov.h's prog_class) are
 * grouped first: the probes with the same provider, clause list and
 * class get one program, loaded once and attached to each of them with
 * a cookie saying which (cg.h's struct dt_cg_group); their EPIDs of each
 * clause are consecutive, in the order of the group.
 */
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "rt.h"
#include "base/output.h"
#include "buf.h"
#include "base/fdset.h"
#include "cg/cg.h"
#include "kernel/bpf_dis.h"
#include "kernel/cpuinfo.h"

/* ---- probes sharing one program ---- */

struct grp {
	struct dt_cg_group g;
	uint32_t cap;
	int64_t cls;			/* the provider's class */
	uint32_t hnext;			/* hash chain: index + 1, or 0 */
};

struct groups {
	struct grp *v;			/* in the order of their first probe */
	uint32_t n, cap;
	struct grp **of;		/* each probe's (dtp->probes' order), if shared */
	uint32_t *hash, nhash;
};

/* every probe but ERROR (its clauses run from fault paths); BEGIN and
 * END are loaded too but fire only when the consumer says */
static int loads(const struct dt_probe *p)
{
	/* BEGIN and END always run: they move the activity state */
	int always = p->id == DT_PROBE_BEGIN || p->id == DT_PROBE_END;
	return (p->nclauses || always) && p->id != DT_PROBE_ERROR;
}

static int nargs_of(const struct dt_probe *p)
{
	int n = 0;
	for (int i = 0; i < p->nclauses; i++)
		if (p->clauses[i]->uses_args > n)
			n = p->clauses[i]->uses_args;
	return n;
}

/* p's class if it may share a program, else -1 */
static int64_t share_class(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	const struct dt_provider_ops *o = p->ops;
	if (!o->prog_class || !o->attach_shared || p->cfire || !p->nclauses ||
	    p->id == DT_PROBE_BEGIN || p->id == DT_PROBE_END)
		return -1;
	return o->prog_class(dtp, p, nargs_of(p));
}

static uint32_t group_hash(const struct dt_probe *p, int64_t cls)
{
	uint64_t h = (uint64_t)(uintptr_t)p->ops * 0x9e3779b97f4a7c15ULL ^ (uint64_t)cls;
	for (int i = 0; i < p->nclauses; i++)
		h = (h ^ (uint64_t)(uintptr_t)p->clauses[i]) * 0x100000001b3ULL;
	return (uint32_t)(h ^ (h >> 32));
}

static int same_group(const struct grp *g, const struct dt_probe *p, int64_t cls)
{
	const struct dt_probe *l = g->g.probes[0];
	return l->ops == p->ops && g->cls == cls && l->nclauses == p->nclauses &&
	    !memcmp(l->clauses, p->clauses, sizeof(*p->clauses) * (size_t)p->nclauses);
}

static int group_add(struct grp *g, struct dt_probe *p)
{
	if (g->g.n == g->cap) {
		uint32_t cap = g->cap ? 2 * g->cap : 4;
		struct dt_probe **v = realloc(g->g.probes, cap * sizeof(*v));
		if (!v)
			return -1;
		g->g.probes = v;
		g->cap = cap;
	}
	g->g.probes[g->g.n++] = p;
	return 0;
}

static void groups_free(struct groups *gs)
{
	for (uint32_t i = 0; i < gs->n; i++)
		free(gs->v[i].g.probes);
	free(gs->v);
	free(gs->of);
	free(gs->hash);
	memset(gs, 0, sizeof(*gs));
}

/* The groups of the probes that may share programs. */
static int make_groups(dtrace_hdl_t *dtp, struct groups *gs)
{
	memset(gs, 0, sizeof(*gs));
	gs->nhash = 64;
	while (gs->nhash < 2 * dtp->nprobes)
		gs->nhash *= 2;
	gs->of = calloc(dtp->nprobes ? dtp->nprobes : 1, sizeof(*gs->of));
	gs->hash = calloc(gs->nhash, sizeof(*gs->hash));
	if (!gs->of || !gs->hash)
		goto nomem;
	/* DTRACE_NOSHARE: a program per probe (tests compare the two) */
	const char *ns = getenv("DTRACE_NOSHARE");
	int noshare = ns && *ns && strcmp(ns, "0") != 0;
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		int64_t cls;
		if (noshare || !loads(p) || (cls = share_class(dtp, p)) < 0)
			continue;
		uint32_t h = group_hash(p, cls) & (gs->nhash - 1), k;
		for (k = gs->hash[h]; k && !same_group(&gs->v[k - 1], p, cls); k = gs->v[k - 1].hnext)
			;
		if (!k) {
			if (gs->n == gs->cap) {
				uint32_t cap = gs->cap ? 2 * gs->cap : 8;
				struct grp *v = realloc(gs->v, cap * sizeof(*v));
				if (!v)
					goto nomem;
				gs->v = v;
				gs->cap = cap;
			}
			struct grp *g = &gs->v[gs->n++];
			memset(g, 0, sizeof(*g));
			g->g.strfd = -1;
			g->g.chainfd = -1;
			g->cls = cls;
			g->hnext = gs->hash[h];
			gs->hash[h] = k = gs->n;
		}
		if (group_add(&gs->v[k - 1], p) < 0)
			goto nomem;
	}
	/* the v array moved as it grew: point probes at their groups now */
	for (uint32_t k = 0; k < gs->n; k++)
		for (uint32_t j = 0; j < gs->v[k].g.n; j++)
			gs->of[gs->v[k].g.probes[j]->id - 1] = &gs->v[k];
	return 0;
nomem:
	groups_free(gs);
	return dt_set_err(dtp, "out of memory");
}

/* an enabling to number: clause c of probe p, the program's statement s */
struct enabling {
	int s;
	uint32_t id;			/* p's */
	int c;
};

static int enabling_cmp(const void *a, const void *b)
{
	const struct enabling *x = a, *y = b;
	if (x->s != y->s)
		return x->s < y->s ? -1 : 1;
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return (x->c > y->c) - (x->c < y->c);
}

/*
 * EPIDs, from 2 (1 is the internal ERROR enabling): statement by
 * statement, each statement's probes by id, a group's probes (one
 * program) consecutively with its first.  The enablings are listed from
 * the probes' clauses and sorted, so numbering costs the enablings'
 * count (times its log), not statements times probes.
 */
static int assign_epids(dtrace_hdl_t *dtp, const struct groups *gs)
{
	uint32_t n = 1;			/* EPID 1: internal ERROR enabling */
	size_t ne = 0, cap = 0;
	struct enabling *ev = NULL;
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		free(p->epids);
		p->epids = NULL;
		if (p->nclauses && !(p->epids = calloc((size_t)p->nclauses, sizeof(uint32_t))))
			return dt_set_err(dtp, "out of memory");
	}
	dtp->ecbs = calloc((size_t)dtp->matched + 2, sizeof(*dtp->ecbs));
	if (!dtp->ecbs)
		return dt_set_err(dtp, "out of memory");
	dtp->ecbs[DT_EPID_ERROR].epid = DT_EPID_ERROR;
	dtp->ecbs[DT_EPID_ERROR].probe = dtp->probes[DT_PROBE_ERROR - 1];
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		const struct grp *g = gs->of[i];
		if (g && g->g.n > 1 && g->g.probes[0] != p)
			continue;	/* numbered with its group's first */
		for (int c = 0; c < p->nclauses; c++) {
			const struct dt_stmt *st = p->clauses[c];
			if (st->index < 0 || st->index >= dtp->nstmts || dtp->stmts[st->index] != st)
				continue;	/* not the program's */
			if (ne == cap) {
				cap = cap ? 2 * cap : 256;
				struct enabling *nv = realloc(ev, cap * sizeof(*nv));
				if (!nv) {
					free(ev);
					return dt_set_err(dtp, "out of memory");
				}
				ev = nv;
			}
			ev[ne++] = (struct enabling){ st->index, p->id, c };
		}
	}
	if (ne)
		qsort(ev, ne, sizeof(*ev), enabling_cmp);
	for (size_t k = 0; k < ne; k++) {
		struct dt_probe *p = dtp->probes[ev[k].id - 1];
		const struct grp *g = gs->of[ev[k].id - 1];
		int c = ev[k].c;
		/* a group's probes: consecutive, in its order */
		for (uint32_t j = 0; j < (g && g->g.n > 1 ? g->g.n : 1); j++) {
			struct dt_probe *q = j ? g->g.probes[j] : p;
			uint32_t e = ++n;
			q->epids[c] = e;
			dtp->ecbs[e].epid = e;
			dtp->ecbs[e].probe = q;
			dtp->ecbs[e].stmt = p->clauses[c];
		}
	}
	free(ev);
	dtp->necbs = n + 1;
	dtp->nerr_stmts = dtp->probes[DT_PROBE_ERROR - 1]->nclauses;
	return 0;
}

static int walloff(int64_t *off)
{
	struct timespec rt, mono;
	if (clock_gettime(CLOCK_REALTIME, &rt) || clock_gettime(CLOCK_MONOTONIC, &mono))
		return -1;
	*off = ((int64_t)rt.tv_sec - mono.tv_sec) * 1000000000LL + (rt.tv_nsec - mono.tv_nsec);
	return 0;
}

/*
 * The per-CPU working area (two mstate frames).  A per-CPU value is
 * limited to 32 KiB (the kernel's PCPU_MIN_UNIT_SIZE); larger frames
 * (strsize beyond ~500 with string subroutines) go in a plain array with
 * one entry per possible CPU, which programs index by
 * bpf_get_smp_processor_id().  That is as safe as the per-CPU map: both
 * pick this CPU's area when the program starts, and no program we load
 * can migrate while it runs (tracepoint, raw tracepoint and perf event
 * programs run with preemption or at least migration disabled, tail calls
 * included, and BPF_PROG_RUN of BEGIN/END runs under get_cpu()).  The
 * array is mapped so the consumer reads each CPU's aggregation drop
 * counter without copying the frames.
 */
#define DT_PCPU_MAX 32768

static int create_scratch(dtrace_hdl_t *dtp)
{
	LIBBPF_OPTS(bpf_map_create_opts, o);
	dtp->scratch_size = dt_cg_scratch_size(dtp);
	dtp->scratch_percpu = dtp->scratch_size <= DT_PCPU_MAX;
	if (dtp->scratch_percpu) {
		dtp->fd_scratch = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PERCPU_ARRAY, "dt_scratch", 4,
		    dtp->scratch_size, 1, &o);
	} else {
		dtp->scratch_size = (dtp->scratch_size + 7) & ~7u;
		o.map_flags = BPF_F_MMAPABLE;
		dtp->fd_scratch = dt_bpf_map_create(dtp, BPF_MAP_TYPE_ARRAY, "dt_scratch", 4,
		    dtp->scratch_size, (uint32_t)dtp->ncpus, &o);
	}
	if (dtp->fd_scratch < 0)
		return dt_set_err(dtp, "cannot create the scratch map (%u bytes per CPU): %s",
		    dtp->scratch_size, strerror(errno));
	if (!dtp->scratch_percpu && !dtp->check_only) {
		size_t pg = (size_t)sysconf(_SC_PAGESIZE);
		size_t len = ((size_t)dtp->scratch_size * (size_t)dtp->ncpus + pg - 1) / pg * pg;
		void *m = mmap(NULL, len, PROT_READ, MAP_SHARED, dtp->fd_scratch, 0);
		if (m == MAP_FAILED)
			return dt_set_err(dtp, "cannot map the scratch map: %s", strerror(errno));
		dtp->scratch_mem = m;
		dtp->scratch_memlen = len;
	}
	return 0;
}

/* The aggregation drops counted in each CPU's frame so far (ncpus
 * values); buf is scratch space of the per-CPU map's full size. */
int dt_scratch_aggdrops(dtrace_hdl_t *dtp, void *buf, uint64_t *drops)
{
	if (dtp->scratch_mem) {
		for (int c = 0; c < dtp->ncpus; c++)
			memcpy(&drops[c], (const uint8_t *)dtp->scratch_mem +
			    (size_t)c * dtp->scratch_size + DT_MS_AGGDROPS, 8);
		return 0;
	}
	uint32_t key = 0, ps = (dtp->scratch_size + 7) & ~7u;
	if (bpf_map_lookup_elem(dtp->fd_scratch, &key, buf) != 0)
		return -1;
	for (int c = 0; c < dtp->ncpus; c++)
		memcpy(&drops[c], (const uint8_t *)buf + (size_t)c * ps + DT_MS_AGGDROPS, 8);
	return 0;
}

static int create_maps(dtrace_hdl_t *dtp)
{
	LIBBPF_OPTS(bpf_map_create_opts, o);
	uint32_t gsize = DT_G_VARS + dtp->gsize;

	dtp->fd_buffers = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PERF_EVENT_ARRAY, "dt_buffers",
	    4, 4, (uint32_t)dtp->ncpus, &o);
	if (dtp->fd_buffers < 0)
		return dt_set_err(dtp, "cannot create the trace buffers: %s", strerror(errno));
	if (dt_buf_create(dtp) < 0)	/* the rings, under bufsize and bufpolicy */
		return -1;
	dtp->fd_globals = dt_bpf_map_create(dtp, BPF_MAP_TYPE_ARRAY, "dt_globals", 4, gsize, 1, &o);
	if (dtp->fd_globals < 0)
		return dt_set_err(dtp, "cannot create the globals map: %s", strerror(errno));
	if (dt_agg_share_plan(dtp) < 0 || create_scratch(dtp) < 0)
		return -1;

	if (dtp->ndvars > dtp->nthis) {
		uint32_t ksize = dt_cg_key_size(dtp);
		uint32_t vsize = dtp->dv_valsize > 8 ? dtp->dv_valsize : 8;
		uint32_t entry = ksize + vsize + 64;
		uint64_t n = dtp->opt[DTOPT_DYNVARSIZE] / entry;
		dtp->fd_dvars = dt_bpf_map_create(dtp, BPF_MAP_TYPE_HASH, "dt_dvars", ksize, vsize,
		    (uint32_t)(n ? n : 1), &o);
		if (dtp->fd_dvars < 0)
			return dt_set_err(dtp, "cannot create the dynamic variable space: %s",
			    strerror(errno));
		LIBBPF_OPTS(bpf_map_create_opts, ro, .map_flags = BPF_F_RDONLY_PROG);
		dtp->fd_dvzero = dt_bpf_map_create(dtp, BPF_MAP_TYPE_ARRAY, "dt_dvzero", 4, vsize, 1, &ro);
		if (dtp->fd_dvzero < 0)
			return dt_set_err(dtp, "cannot create the dynamic variable space: %s",
			    strerror(errno));
	}
	for (int i = 0; i < dtp->naggs; i++) {
		struct dt_agg *a = dtp->aggs[i];
		uint32_t vsize = a->desc.nwords * 8;
		uint64_t n = dtp->opt[DTOPT_AGGSIZE] / ((uint64_t)(a->ksize + vsize) * (uint64_t)dtp->ncpus + 64);
		char name[16];
		snprintf(name, sizeof(name), "dt_agg_%d", a->id);
		/* a->array (keyless: one per-CPU array entry, the words then
		 * the word saying it exists, cg/agg.c) and a->shared are
		 * dt_agg_share_plan's */
		if (a->shared)
			continue;
		if (a->array)
			a->fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PERCPU_ARRAY, name, 4, vsize + 8, 1, &o);
		else
			a->fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PERCPU_HASH, name, a->ksize, vsize,
			    (uint32_t)(n ? n : 1), &o);
		if (a->fd < 0)
			return dt_set_err(dtp, "cannot create aggregation @%s: %s", a->name, strerror(errno));
	}
	if (dt_agg_share_create(dtp, &o) < 0)
		return -1;
	if (dt_cpuinfo_create(dtp) < 0 || dt_destr_create(dtp) < 0 || dt_upid_create(dtp) < 0)
		return -1;
	if (dtp->uses_spec && dt_spec_create(dtp) < 0)
		return -1;
	uint8_t *g = calloc(1, gsize);
	if (!g)
		return dt_set_err(dtp, "out of memory");
	int64_t off = 0;
	walloff(&off);
	memcpy(g + DT_G_WALLOFF, &off, sizeof(off));
	uint32_t key = 0;
	int rc = dt_bpf_map_update(dtp, dtp->fd_globals, &key, g, BPF_ANY);
	free(g);
	if (rc < 0)
		return dt_set_err(dtp, "cannot initialize the globals map: %s", strerror(errno));
	return 0;
}

struct names {
	dtrace_hdl_t *dtp;
	const struct dt_cg_group *g;	/* the program's probes */
};

/* the companions of uprobe programs (dt_prefault_load below) */
struct dt_rt_prefault {
	int map_fd;
	int kfunc;			/* bpf_copy_from_user_str's BTF id */
	struct pf_prog {
		enum bpf_prog_type type;
		struct bpf_insn *insns;
		int n, fd;
	} *progs;
	int nprogs, cap;
};

static const char *map_name(void *arg, int fd)
{
	const struct names *nm = arg;
	dtrace_hdl_t *dtp = nm->dtp;
	if (nm->g && nm->g->strfd >= 0 && fd == nm->g->strfd)
		return "dt_pnames";
	if (fd == dtp->fd_buffers)
		return "dt_buffers";
	if (fd == dtp->fd_globals)
		return "dt_globals";
	if (fd == dtp->fd_scratch)
		return "dt_scratch";
	if (fd == dtp->fd_dvars)
		return "dt_dvars";
	if (fd == dtp->fd_dvzero)
		return "dt_dvzero";
	if (fd == dtp->fd_cpuinfo)
		return "dt_cpuinfo";
	if (dtp->kvar_map_made && fd == dtp->fd_kvar)
		return "dt_kvar";
	if (fd == dtp->bufplan.fd_state)
		return "dt_bufstate";
	if (dtp->fd_chill > 0 && fd == dtp->fd_chill)
		return "dt_chill";
	if (dtp->prefault && fd == dtp->prefault->map_fd)
		return "dt_prefault";
	return NULL;
}

/* The last meaningful line of a verifier log (not its "processed N
 * insns" summary), into line. */
static void log_last_line(const char *log, char *line, size_t len)
{
	size_t n = strlen(log);
	while (n > 0 && (log[n - 1] == '\n' || log[n - 1] == ' '))
		n--;
	for (int pass = 0; pass < 2; pass++) {
		size_t b = n;
		while (b > 0 && log[b - 1] != '\n')
			b--;
		if (pass == 0 && strncmp(log + b, "processed ", 10) == 0 && b > 0) {
			n = b - 1;	/* skip the summary line */
			continue;
		}
		snprintf(line, len, "%.*s", (int)(n - b), log + b);
		return;
	}
}

/* One load of program a, with a verifier log of loglen bytes at the
 * given level if log is not NULL; the fd, or -1 with errno set. */
static int prog_load(const struct dt_probe *p, const char *name, const struct dt_asm *a,
    char *log, size_t loglen, uint32_t level)
{
	enum bpf_prog_type type = dt_probe_prog_type(p);
	LIBBPF_OPTS(bpf_prog_load_opts, o,
	    .expected_attach_type = (enum bpf_attach_type)dt_probe_attach_type(p));
	if (log) {
		log[0] = '\0';
		o.log_buf = log;
		o.log_size = (uint32_t)loglen;
		o.log_level = level;
	}
	return bpf_prog_load(type, name, "GPL", a->insns, (size_t)a->n, &o);
}

/*
 * Load program a of probe p (title: its name).  With bpflog the
 * verifier's whole log (bpflogsize bytes of it, verbose) is printed
 * whether or not the program loads; without it, a program the verifier
 * refuses is loaded again with a log to say why: the log's last
 * meaningful line ends the error (the whole log is printed first with
 * DTRACE_DEBUG_VERIFIER).  A log that does not fit in bpflogsize says so
 * and how to make room (the kernel then refuses the load itself, so a
 * program it would accept is loaded again without a log).
 */
static int load_prog(dtrace_hdl_t *dtp, struct dt_probe *p, const char *title,
    const struct dt_asm *a)
{
	int always = dtp->opt[DTOPT_BPFLOG] != 0;
	size_t loglen = (size_t)dtp->opt[DTOPT_BPFLOGSIZE];
	char name[16], *log = always ? calloc(1, loglen) : NULL;
	int fd, err, full = 0;

	snprintf(name, sizeof(name), "dt_%u", p->id);
	fd = prog_load(p, name, a, always ? log : NULL, loglen, always ? 1 | 2 : 1);
	err = errno;
	if (fd < 0 && !always && (log = calloc(1, loglen)) != NULL) {	/* again, for the log */
		int fd2 = prog_load(p, name, a, log, loglen, 1);
		if (fd2 >= 0)
			close(fd2);
		full = fd2 < 0 && errno == ENOSPC;
	} else if (log && fd < 0 && err == ENOSPC && strlen(log) + 1 >= loglen) {
		full = 1;			/* the log, not the program */
		fd = prog_load(p, name, a, NULL, 0, 0);
		err = errno;
	}
	if (log && log[0] && (always || (fd < 0 && getenv("DTRACE_DEBUG_VERIFIER")))) {
		size_t n = strlen(log);
		while (n > 0 && log[n - 1] == '\n')
			n--;
		dt_out_message(dtp, 0, "BPF verifier log for %s:\n%.*s", title, (int)n, log);
	}
	if (full)
		dt_out_message(dtp, 0, "the BPF verifier log for %s exceeds bpflogsize "
		    "(%llu bytes): raise it with -x bpflogsize", title, (unsigned long long)loglen);
	if (fd < 0) {
		char line[512] = "";
		if (log && !full)
			log_last_line(log, line, sizeof(line));
		dt_set_err(dtp, "failed to load program for %s: %s%s%s", title, strerror(err),
		    line[0] ? ": " : "", line);
	}
	free(log);
	return fd;
}

/*
 * The sleepable companions of uprobe programs (cg/prefault.c;
 * docs/ARCHITECTURE.md, "User memory in uprobe programs").  The
 * dt_prefault map, one ARRAY entry the companions copy user memory into
 * and nobody reads, is made for the first probe that needs one.  A
 * companion depends only on the clauses and on how the provider loads
 * the arguments, so many probes have the same one (every entry probe of
 * `pid$target:libc.so.6::entry { trace(copyinstr(arg0)); }`): each
 * distinct program (type and instructions) is loaded once and its fd
 * handed to every probe that has it (struct dt_rt_prefault, above).
 */
static struct dt_rt_prefault *prefault_state(dtrace_hdl_t *dtp)
{
	struct dt_rt_prefault *st = dtp->prefault;
	if (st)
		return st;
	if (!(st = calloc(1, sizeof(*st)))) {
		dt_set_err(dtp, "out of memory");
		return NULL;
	}
	LIBBPF_OPTS(bpf_map_create_opts, o);
	st->map_fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_ARRAY, "dt_prefault", 4,
	    dt_cg_prefault_bufsize(dtp), 1, &o);
	if (st->map_fd < 0) {
		dt_set_err(dtp, "cannot create the prefault buffer: %s", strerror(errno));
		free(st);
		return NULL;
	}
	st->kfunc = DT_PREFAULT_KF_UNKNOWN;
	dtp->prefault = st;
	return st;
}

/* the fd of a companion already loaded with these instructions, or -1 */
static int prefault_find(const struct dt_rt_prefault *st, enum bpf_prog_type type,
    const struct dt_asm *a)
{
	for (int i = 0; i < st->nprogs; i++) {
		const struct pf_prog *q = &st->progs[i];
		if (q->type == type && q->n == a->n &&
		    memcmp(q->insns, a->insns, (size_t)a->n * sizeof(*a->insns)) == 0)
			return q->fd;
	}
	return -1;
}

static int prefault_keep(dtrace_hdl_t *dtp, struct dt_rt_prefault *st,
    enum bpf_prog_type type, const struct dt_asm *a, int fd)
{
	if (st->nprogs == st->cap) {
		int nc = st->cap ? 2 * st->cap : 8;
		struct pf_prog *np = realloc(st->progs, (size_t)nc * sizeof(*np));
		if (!np)
			return dt_set_err(dtp, "out of memory");
		st->progs = np;
		st->cap = nc;
	}
	struct bpf_insn *c = malloc((size_t)a->n * sizeof(*c));
	if (!c)
		return dt_set_err(dtp, "out of memory");
	memcpy(c, a->insns, (size_t)a->n * sizeof(*c));
	st->progs[st->nprogs++] = (struct pf_prog){ type, c, a->n, fd };
	return 0;
}

static int prefault_prog(struct dt_probe *p, const struct dt_asm *a,
    char *log, size_t loglen)
{
	LIBBPF_OPTS(bpf_prog_load_opts, o, .prog_flags = BPF_F_SLEEPABLE,
	    .expected_attach_type = (enum bpf_attach_type)dt_probe_attach_type(p));
	char name[16];
	snprintf(name, sizeof(name), "dt_pf_%u", p->id);
	if (log) {
		log[0] = '\0';
		o.log_buf = log;
		o.log_size = (uint32_t)loglen;
		o.log_level = 1;
	}
	return bpf_prog_load(dt_probe_prog_type(p), name, "GPL", a->insns, (size_t)a->n, &o);
}

/* load a's companion program for p: its fd, or -1 with the error set
 * (the verifier's last line) */
static int prefault_load_new(dtrace_hdl_t *dtp, struct dt_probe *p, const char *title,
    const struct dt_asm *a)
{
	if (dtp->dump && (dtp->opt[DTOPT_DISASM] & DT_DISASM_PROGS)) {
		struct names nm = { dtp, NULL };
		struct dt_dis_ctx dc = { map_name, &nm };
		fprintf(dtp->dump, "\nDisassembly of %s (prefault):\n", title);
		dt_dis_print(dtp->dump, a->insns, a->n, &dc);
	}
	int fd = prefault_prog(p, a, NULL, 0);
	if (fd < 0) {
		int err = errno;
		size_t loglen = (size_t)dtp->opt[DTOPT_BPFLOGSIZE];
		char *log = calloc(1, loglen), line[512] = "";
		if (log) {
			int fd2 = prefault_prog(p, a, log, loglen);
			if (fd2 >= 0)
				close(fd2);
			log_last_line(log, line, sizeof(line));
			free(log);
		}
		return dt_set_err(dtp, "failed to load the prefault program for %s: %s%s%s",
		    title, strerror(err), line[0] ? ": " : "", line);
	}
	if (!dtp->progs && !(dtp->progs = calloc(1, sizeof(*dtp->progs)))) {
		close(fd);
		return dt_set_err(dtp, "out of memory");
	}
	if (dt_fdset_add(dtp->progs, fd) < 0) {
		close(fd);
		return dt_set_err(dtp, "out of memory");
	}
	return fd;
}

int dt_prefault_load(dtrace_hdl_t *dtp, struct dt_probe *p, const char *title)
{
	struct dt_prefault v[1];
	struct dt_rt_prefault *st;
	struct dt_asm a;

	p->prefault_fd = -1;
	if (dt_cg_prefault_list(dtp, p, v, 1) <= 0)
		return 0;
	if (!(st = prefault_state(dtp)))
		return -1;
	int r = dt_cg_prefault(dtp, p, st->map_fd, &st->kfunc, &a);
	if (r <= 0)
		return r < 0 ? dt_set_err(dtp, "out of memory") : 0;
	if (dtp->check_only) {		/* built, not loaded */
		dt_asm_free(&a);
		return 0;
	}
	enum bpf_prog_type type = dt_probe_prog_type(p);
	int fd = prefault_find(st, type, &a);
	if (fd < 0 && (fd = prefault_load_new(dtp, p, title, &a)) >= 0 &&
	    prefault_keep(dtp, st, type, &a, fd) < 0)
		fd = -1;		/* closed with the other programs */
	dt_asm_free(&a);
	if (fd < 0)
		return -1;
	p->prefault_fd = fd;
	return 0;
}

void dt_prefault_close(dtrace_hdl_t *dtp)
{
	struct dt_rt_prefault *st = dtp->prefault;
	if (!st)
		return;
	close(st->map_fd);
	for (int i = 0; i < st->nprogs; i++)
		free(st->progs[i].insns);	/* their fds are dtp->progs' */
	free(st->progs);
	free(st);
	dtp->prefault = NULL;
}

/*
 * The checks a program passes before it is loaded, the same whether it
 * is then loaded or only checked (dtrace -e), so that both refuse it in
 * the same words.  The kernel takes at most 64 maps in one program
 * (MAX_USED_MAPS, counted by distinct map in its 64-bit loads); with -x
 * bpflog a real load leaves the refusal to the verifier, whose log is
 * what the option asks for.
 */
static int check_prog(dtrace_hdl_t *dtp, const char *title, const struct dt_asm *a)
{
	if (dtp->opt[DTOPT_BPFLOG] && !dtp->check_only)
		return 0;
	int *fds = malloc(((size_t)a->n / 2 + 1) * sizeof(*fds)), n = 0;
	if (!fds)
		return dt_set_err(dtp, "out of memory");
	for (int i = 0; i + 1 < a->n; i++) {
		const struct bpf_insn *in = &a->insns[i];
		if (in->code != (BPF_LD | BPF_DW | BPF_IMM))
			continue;
		i++;			/* its second half */
		if (in->src_reg != BPF_PSEUDO_MAP_FD && in->src_reg != BPF_PSEUDO_MAP_VALUE)
			continue;
		int k = 0;
		while (k < n && fds[k] != in->imm)
			k++;
		if (k == n)
			fds[n++] = in->imm;
	}
	free(fds);
	if (n > DT_PROG_MAX_MAPS)
		return dt_set_err(dtp, "failed to load program for %s: %s: it uses %d maps, "
		    "more than the %d the kernel allows in one program", title, strerror(E2BIG),
		    n, DT_PROG_MAX_MAPS);
	return 0;
}

/*
 * The parts after the first of a program too large for one (cg/prog.c):
 * each checked and loaded, and put in the chain the part before it
 * tail-calls (part k at index k - 1 of g->parts, index k of the chain).
 * Their descriptors and (load_group) the chain's are kept with the
 * programs: the chain empties itself when its last descriptor closes.
 */
static int load_parts(dtrace_hdl_t *dtp, struct dt_cg_group *g, struct dt_probe *p,
    const char *title)
{
	char ptitle[600];
	if (g->nparts == 0)
		return 0;
	if (!dtp->check_only && !dtp->progs && !(dtp->progs = calloc(1, sizeof(*dtp->progs))))
		return dt_set_err(dtp, "out of memory");
	for (int k = 0; k < g->nparts; k++) {
		snprintf(ptitle, sizeof(ptitle), "%s, part %d", title, k + 2);
		if (check_prog(dtp, ptitle, &g->parts[k]) < 0)
			return -1;
		if (dtp->check_only)
			continue;
		int fd = load_prog(dtp, p, ptitle, &g->parts[k]);
		if (fd < 0)
			return -1;
		uint32_t key = (uint32_t)k + 1, val = (uint32_t)fd;
		if (dt_bpf_map_update(dtp, g->chainfd, &key, &val, BPF_ANY) < 0) {
			int err = errno;
			close(fd);
			return dt_set_err(dtp, "failed to load program for %s: %s", ptitle,
			    strerror(err));
		}
		if (dt_fdset_add(dtp->progs, fd) < 0) {
			close(fd);
			return dt_set_err(dtp, "out of memory");
		}
	}
	return 0;
}

/*
 * The program of a group's probes (of one probe, g->n 1): built, listed
 * with -S, checked, loaded once and attached to each probe; with
 * dtp->check_only (dtrace_program_check()), built, listed and checked,
 * with the companions of its probes, and neither loaded nor attached.  The title names its
 * first probe, and how many more share it.
 */
static int load_group(dtrace_hdl_t *dtp, struct dt_cg_group *g)
{
	struct dt_probe *p = g->probes[0];
	struct dt_asm a;
	char title[512];
	int fd = -1;

	if (dt_cg_group(dtp, g, &a) < 0)
		goto fail;
	snprintf(title, sizeof(title), "%s:%s:%s:%s", p->prov, p->mod, p->func, p->name);
	if (g->n > 1)
		snprintf(title + strlen(title), sizeof(title) - strlen(title), " +%u more",
		    g->n - 1);
	if (dtp->dump && (dtp->opt[DTOPT_DISASM] & DT_DISASM_PROGS)) {
		struct names nm = { dtp, g };
		struct dt_dis_ctx dc = { map_name, &nm };
		fprintf(dtp->dump, "\nDisassembly of %s:\n", title);
		dt_dis_print(dtp->dump, a.insns, a.n, &dc);
		for (int k = 0; k < g->nparts; k++) {
			fprintf(dtp->dump, "\nDisassembly of %s, part %d:\n", title, k + 2);
			dt_dis_print(dtp->dump, g->parts[k].insns, g->parts[k].n, &dc);
		}
	}
	if (load_parts(dtp, g, p, title) == 0 && check_prog(dtp, title, &a) == 0)
		fd = dtp->check_only ? 0 : load_prog(dtp, p, title, &a);
	dt_asm_free(&a);
fail:
	dt_cg_parts_free(g);
	if (g->strfd >= 0)		/* the program holds it */
		close(g->strfd);
	g->strfd = -1;
	if (g->chainfd >= 0 && (fd < 0 || dtp->check_only ||
	    dt_fdset_add(dtp->progs, g->chainfd) < 0))
		close(g->chainfd);	/* else dtp->progs holds it */
	g->chainfd = -1;
	if (fd < 0)
		return -1;
	if (dtp->check_only) {
		for (uint32_t i = 0; i < g->n; i++)
			if (dt_prefault_load(dtp, g->probes[i], title) < 0)
				return -1;
		return 0;
	}
	if (!dtp->progs && !(dtp->progs = calloc(1, sizeof(*dtp->progs))))
		return dt_set_err(dtp, "out of memory");
	if (dt_fdset_add(dtp->progs, fd) < 0) {
		close(fd);
		return dt_set_err(dtp, "out of memory");
	}
	if (g->n == 1) {
		p->prog_fd = fd;
		if (dt_prefault_load(dtp, p, title) < 0)
			return -1;
		return p->ops->attach(dtp, p, fd);
	}
	for (uint32_t i = 0; i < g->n; i++) {
		struct dt_probe *q = g->probes[i];
		q->prog_fd = fd;
		q->ptype = p->ptype;	/* chosen by cg_args for the first */
		if (dt_prefault_load(dtp, q, title) < 0)	/* one for the group */
			return -1;
		if (p->ops->attach_shared(dtp, q, fd, (uint64_t)i << 32 | q->id) < 0)
			return -1;
	}
	return p->ops->attach_done ? p->ops->attach_done(dtp, fd) : 0;
}

static int load_probe(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	struct dt_cg_group g = { .probes = &p, .n = 1, .strfd = -1, .chainfd = -1 };
	return load_group(dtp, &g);
}

int dt_load(dtrace_hdl_t *dtp)
{
	struct groups gs;
	if (make_groups(dtp, &gs) < 0)
		return -1;
	int rc = -1;
	if (assign_epids(dtp, &gs) < 0 || create_maps(dtp) < 0)
		goto out;
	/* in probe order; a group where its first probe is */
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		struct grp *g = gs.of[i];
		if (!loads(p) || (g && g->g.probes[0] != p))
			continue;
		if ((g ? load_group(dtp, &g->g) : load_probe(dtp, p)) < 0)
			goto out;
	}
	rc = 0;
out:
	groups_free(&gs);
	return rc;
}

/* EPIDs after the last for a probe made while tracing (its clauses
 * another probe's), as assign_epids numbers one not in a group */
static int late_epids(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	struct dt_ecb *ne = realloc(dtp->ecbs, (dtp->necbs + (size_t)p->nclauses) * sizeof(*ne));
	if (!ne)
		return dt_set_err(dtp, "out of memory");
	dtp->ecbs = ne;
	if (!(p->epids = calloc((size_t)p->nclauses, sizeof(uint32_t))))
		return dt_set_err(dtp, "out of memory");
	for (int c = 0; c < p->nclauses; c++) {
		const struct dt_stmt *st = p->clauses[c];
		if (st->index < 0 || st->index >= dtp->nstmts || dtp->stmts[st->index] != st)
			continue;	/* not the program's */
		uint32_t e = dtp->necbs++;
		memset(&dtp->ecbs[e], 0, sizeof(dtp->ecbs[e]));
		dtp->ecbs[e].epid = e;
		dtp->ecbs[e].probe = p;
		dtp->ecbs[e].stmt = p->clauses[c];
		p->epids[c] = e;
	}
	return 0;
}

int dt_load_new(dtrace_hdl_t *dtp)
{
	int n = 0;
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		if (!p->nclauses || p->epids || !loads(p))
			continue;
		if (late_epids(dtp, p) < 0 || load_probe(dtp, p) < 0) {
			dt_out_message(dtp, 0, "%s:%s:%s:%s not enabled: %s", p->prov, p->mod,
			    p->func, p->name, dtp->errmsg);
			dtp->errmsg[0] = 0;
			p->nclauses = 0;	/* not tried again */
			continue;
		}
		n++;
	}
	return n;
}

void dt_unload(dtrace_hdl_t *dtp)
{
	dt_fdset_close(&dtp->progs, 1);
	free(dtp->progs);
	dtp->progs = NULL;
	if (dtp->fd_buffers >= 0)
		close(dtp->fd_buffers);
	if (dtp->fd_globals >= 0)
		close(dtp->fd_globals);
	if (dtp->scratch_mem)
		munmap(dtp->scratch_mem, dtp->scratch_memlen);
	dtp->scratch_mem = NULL;
	if (dtp->fd_scratch >= 0)
		close(dtp->fd_scratch);
	if (dtp->fd_dvars > 0)
		close(dtp->fd_dvars);
	if (dtp->fd_dvzero > 0)
		close(dtp->fd_dvzero);
	for (int i = 0; i < dtp->naggs; i++) {
		if (dtp->aggs[i]->fd >= 0 && dtp->aggs[i]->owns_fd)
			close(dtp->aggs[i]->fd);
		dtp->aggs[i]->fd = -1;
	}
	dtp->fd_dvars = dtp->fd_dvzero = 0;
	dt_cpuinfo_close(dtp);
	dt_destr_close(dtp);
	dt_upid_close(dtp);
	dt_spec_close(dtp);
	dt_prefault_close(dtp);
	dtp->fd_buffers = dtp->fd_globals = dtp->fd_scratch = -1;
}

int dt_read_state(dtrace_hdl_t *dtp, struct dt_gstate *gs)
{
	uint32_t key = 0;
	/* polled every 50 ms: one buffer for the handle's life */
	if (dtp->fd_globals < 0)
		return -1;
	if (!dtp->gbuf && !(dtp->gbuf = malloc(DT_G_VARS + dtp->gsize)))
		return -1;
	uint8_t *g = dtp->gbuf;
	if (bpf_map_lookup_elem(dtp->fd_globals, &key, g) != 0)
		return -1;
	memcpy(&gs->state, g + DT_G_STATE, 8);
	memcpy(&gs->exit_status, g + DT_G_EXITSTAT, 8);
	memcpy(&gs->dvdrops, g + DT_G_DVDROPS, 8);
	memcpy(&gs->dblerrs, g + DT_G_DBLERRS, 8);
	return 0;
}
