/*
 * probe.c - the probe table: creation, lookup, description matching.
 *
 * Probes get ids in creation order, stable for the run: every provider
 * lists its probes, in the registry's order, the first time a description
 * is matched (names only; metadata is read when a probe is used), and
 * providers that make probes on demand (profile-N for any N) are asked
 * for an exact name before matching (registry.c), and providers whose
 * instances are processes (pid123) for the probes a description names,
 * globs included (provide_pdesc).
 *
 * Matching a description looks only through the probes that can match
 * it: those of its provider, function or name when that field is exact
 * (the shortest of the three, from indexes kept as probes are made),
 * else every probe.  A script of thousands of clauses on named probes
 * (syscall::read:entry) thus costs each clause its probes, not the
 * table's thousands.  Indexing costs about five scans of the table, so
 * the indexes are built at the DT_PROBE_IX_AFTER-th description: the few
 * of a small script scan, which is cheaper.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include "prov.h"

static uint32_t hash4(const char *a, const char *b, const char *c, const char *d)
{
	uint32_t h = 2166136261u;
	const char *s[4] = { a, b, c, d };
	for (int i = 0; i < 4; i++) {
		for (const char *p = s[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 16777619u;
		h = (h ^ ':') * 16777619u;
	}
	return h;
}

struct dt_probe *dt_probe_lookup(dtrace_hdl_t *dtp, const char *prov,
    const char *mod, const char *func, const char *name)
{
	if (!dtp->nhash)
		return NULL;
	uint32_t h = hash4(prov, mod, func, name) % dtp->nhash;
	for (struct dt_probe *p = dtp->phash[h]; p; p = p->hnext)
		if (!strcmp(p->name, name) && !strcmp(p->func, func) &&
		    !strcmp(p->mod, mod) && !strcmp(p->prov, prov))
			return p;
	return NULL;
}

static int rehash(dtrace_hdl_t *dtp, uint32_t n)
{
	struct dt_probe **nh = calloc(n, sizeof(*nh));
	if (!nh)
		return -1;
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		uint32_t h = hash4(p->prov, p->mod, p->func, p->name) % n;
		p->hnext = nh[h];
		nh[h] = p;
	}
	free(dtp->phash);
	dtp->phash = nh;
	dtp->nhash = n;
	return 0;
}

struct dt_probe *dt_probe_create(dtrace_hdl_t *dtp,
    const struct dt_provider_ops *ops, const char *mod, const char *func,
    const char *name, uint64_t pdata)
{
	return dt_probe_create_prov(dtp, ops, ops->name, mod, func, name, pdata);
}

struct dt_probe *dt_probe_create_prov(dtrace_hdl_t *dtp,
    const struct dt_provider_ops *ops, const char *prov, const char *mod,
    const char *func, const char *name, uint64_t pdata)
{
	struct dt_probe *p = dt_probe_lookup(dtp, prov, mod, func, name);
	if (p)
		return p;
	if (dtp->nprobes == dtp->probecap) {
		uint32_t ncap = dtp->probecap ? dtp->probecap * 2 : 256;
		struct dt_probe **np = realloc(dtp->probes, ncap * sizeof(*np));
		if (!np)
			return NULL;
		dtp->probes = np;
		dtp->probecap = ncap;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->prov = strdup(prov);
	p->mod = strdup(mod);
	p->func = strdup(func);
	p->name = strdup(name);
	if (!p->prov || !p->mod || !p->func || !p->name) {
		free(p->prov); free(p->mod); free(p->func); free(p->name);
		free(p);
		return NULL;
	}
	p->ops = ops;
	p->pdata = pdata;
	p->prog_fd = -1;
	p->id = ++dtp->nprobes;
	dtp->probes[p->id - 1] = p;
	if (dtp->nprobes * 2 > dtp->nhash) {
		if (rehash(dtp, dtp->nhash ? dtp->nhash * 4 : 1024) < 0)
			return NULL;
	} else {
		uint32_t h = hash4(p->prov, p->mod, p->func, p->name) % dtp->nhash;
		p->hnext = dtp->phash[h];
		dtp->phash[h] = p;
	}
	return p;
}

void dt_probes_free(dtrace_hdl_t *dtp)
{
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		if (p->ops->free_priv)
			p->ops->free_priv(p);
		free(p->prov); free(p->mod); free(p->func); free(p->name);
		free(p->clauses);
		free(p);
	}
	free(dtp->probes);
	free(dtp->phash);
	for (int i = 0; i < DT_PIX_MAX; i++)
		dt_namehash_free(&dtp->probe_ix[i]);
	dtp->nprobe_ix = dtp->probe_scans = 0;
	dtp->probes = NULL;
	dtp->phash = NULL;
	dtp->nprobes = dtp->nhash = dtp->probecap = 0;
}

/*
 * Split "prov:mod:func:name" into four fields.  Fewer fields fill from
 * the right (BEGIN is the name, a:b is func:name); a field may be empty.
 * A backslash escapes a colon.  Returns -1 for more than four fields.
 */
int dt_pdesc_split(const char *text, char *buf, size_t len, const char *f[4])
{
	const char *parts[4];
	int n = 0;
	size_t o = 0;

	if (strlen(text) + 4 >= len)
		return -1;
	parts[n++] = buf;
	for (const char *s = text; *s; s++) {
		if (*s == '\\' && s[1]) {
			buf[o++] = *s++;
			buf[o++] = *s;
			continue;
		}
		if (*s == ':') {
			if (n == 4)
				return -1;
			buf[o++] = '\0';
			parts[n++] = buf + o;
			continue;
		}
		buf[o++] = *s;
	}
	buf[o] = '\0';
	for (int i = 0; i < 4; i++)
		f[i] = "";
	for (int i = 0; i < n; i++)
		f[4 - n + i] = parts[i];
	return 0;
}

static int is_glob(const char *s)
{
	return strpbrk(s, "*?[\\") != NULL;
}

static int field_match(const char *pat, const char *s)
{
	if (*pat == '\0')
		return 1;
	if (!is_glob(pat))
		return strcmp(pat, s) == 0;
	return fnmatch(pat, s, 0) == 0;
}

unsigned long dt_probe_nscanned;

static const char *ix_key(const struct dt_probe *p, int k)
{
	return k == DT_PIX_PROV ? p->prov : k == DT_PIX_FUNC ? p->func : p->name;
}

/* The probes made since the last call added to the indexes; -1 out of memory. */
static int index_new(dtrace_hdl_t *dtp)
{
	for (; dtp->nprobe_ix < dtp->nprobes; dtp->nprobe_ix++) {
		struct dt_probe *p = dtp->probes[dtp->nprobe_ix];
		for (int k = 0; k < DT_PIX_MAX; k++) {
			struct dt_probe *first = dt_namehash_get(&dtp->probe_ix[k], ix_key(p, k));
			p->ix[k].next = p->ix[k].tail = NULL;
			p->ix[k].count = 0;
			if (first) {
				first->ix[k].tail->ix[k].next = p;
				first->ix[k].tail = p;
				first->ix[k].count++;
			} else {
				p->ix[k].tail = p;
				p->ix[k].count = 1;
				if (dt_namehash_put(&dtp->probe_ix[k], ix_key(p, k), p) < 0)
					return -1;
			}
		}
	}
	return 0;
}

int dt_probe_iter(dtrace_hdl_t *dtp, const char *prov, const char *mod,
    const char *func, const char *name, dt_probe_f *fn, void *arg)
{
	int n = 0;

	dt_prov_populate_all(dtp);
	/* a provider instance's probes (pid123) are made as described */
	for (int i = 0; i < dtp->nprovs; i++) {
		const struct dt_provider_ops *ops = dtp->provs[i].ops;
		if (ops->provide_pdesc && ops->provide_pdesc(dtp, prov, mod, func, name) < 0)
			return -1;
	}
	/* exact names may be made on demand (profile-1234) */
	if (!is_glob(prov) && !is_glob(mod) && !is_glob(func) && !is_glob(name))
		dt_prov_provide(dtp, prov, mod, func, name);
	/* where to look: the shortest chain of an exact field, else all */
	const char *field[DT_PIX_MAX] = { prov, func, name };
	struct dt_probe *from = NULL;
	int by = -1;
	uint32_t best = dtp->nprobes;
	int indexed = dtp->nprobe_ix > 0 || ++dtp->probe_scans >= DT_PROBE_IX_AFTER;
	if (indexed && index_new(dtp) < 0)
		return dt_set_err(dtp, "out of memory");
	for (int k = 0; indexed && k < DT_PIX_MAX; k++) {
		if (!*field[k] || is_glob(field[k]))
			continue;
		struct dt_probe *first = dt_namehash_get(&dtp->probe_ix[k], field[k]);
		uint32_t len = first ? first->ix[k].count : 0;
		if (len <= best) {
			best = len;
			by = k;
			from = first;
		}
	}
	for (uint32_t i = 0; by >= 0 ? from != NULL : i < dtp->nprobes; i++) {
		struct dt_probe *p = by >= 0 ? from : dtp->probes[i];
		if (by >= 0)
			from = from->ix[by].next;
		dt_probe_nscanned++;
		if (!dt_probe_matches(p, prov, mod, func, name))
			continue;
		n++;
		if (fn && fn(dtp, p, arg) != 0)
			break;
	}
	return n;
}

int dt_probe_matches(const struct dt_probe *p, const char *prov, const char *mod,
    const char *func, const char *name)
{
	return field_match(prov, p->prov) &&
	    (*mod && p->ops->match_mod ? p->ops->match_mod(p, mod) : field_match(mod, p->mod)) &&
	    field_match(func, p->func) && field_match(name, p->name);
}

int dt_piddesc_clauses(dtrace_hdl_t *dtp, const struct dt_probe *p, const char *prov,
    const char *mod, const char *func, const char *name, struct dt_stmt **cl)
{
	int n = 0;
	for (int i = 0; i < dtp->npiddescs; i++) {
		const struct dt_piddesc *d = &dtp->piddescs[i];
		if (n && cl[n - 1] == d->stmt)
			continue;	/* its clause has it already */
		if (p ? dt_probe_matches(p, d->prov, d->mod, d->func, d->name) :
		    field_match(d->prov, prov) && field_match(d->mod, mod) &&
		    field_match(d->func, func) && field_match(d->name, name))
			cl[n++] = d->stmt;
	}
	return n;
}

int dt_probe_piddesc_clauses(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	struct dt_stmt **cl = dtp->npiddescs ?
	    malloc((size_t)dtp->npiddescs * sizeof(*cl)) : NULL;
	if (dtp->npiddescs && !cl)
		return dt_set_err(dtp, "out of memory");
	int n = dt_piddesc_clauses(dtp, p, p->prov, p->mod, p->func, p->name, cl);
	if (!n) {
		free(cl);
		cl = NULL;
	}
	free(p->clauses);
	p->clauses = cl;
	p->nclauses = n;
	return n;
}

enum bpf_prog_type dt_probe_prog_type(const struct dt_probe *p)
{
	/* consumer-fired programs are run with BPF_PROG_RUN, never attached */
	if (p->cfire)
		return BPF_PROG_TYPE_RAW_TRACEPOINT;
	return p->ptype ? p->ptype : p->ops->prog_type;
}

uint32_t dt_probe_attach_type(const struct dt_probe *p)
{
	return p->cfire ? 0 : p->ops->attach_type;
}

void dt_probeinfo(const struct dt_probe *p, dtrace_probeinfo_t *pi)
{
	memset(pi, 0, sizeof(*pi));
	pi->id = p->id;
	pi->prov = p->prov;
	pi->mod = p->mod;
	pi->func = p->func;
	pi->name = p->name;
}
