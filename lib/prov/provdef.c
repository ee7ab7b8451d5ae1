/*
 * provdef.c - the store of provider definitions (provdef.h): lookups by
 * provider and probe name, the output-to-input argument mapping, and
 * which definition types a probe's args[].  Memory is the handle's arena.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "provdef.h"
#include "prov.h"

static struct dt_provdefs *store(dtrace_hdl_t *dtp)
{
	if (!dtp->provdefs)
		dtp->provdefs = dt_alloc(dtp, sizeof(*dtp->provdefs));
	return dtp->provdefs;
}

static char *dupstr(dtrace_hdl_t *dtp, const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = dt_alloc(dtp, n);
	memcpy(d, s, n);
	return d;
}

static struct dt_provdef *find(dtrace_hdl_t *dtp, const char *name)
{
	for (struct dt_provdef *d = store(dtp)->list; d; d = d->next)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}

void dt_provdef_set_need(dtrace_hdl_t *dtp, int (*need)(dtrace_hdl_t *, const char *))
{
	store(dtp)->need = need;
}

struct dt_provdef *dt_provdef_lookup(dtrace_hdl_t *dtp, const char *name)
{
	struct dt_provdef *d = find(dtp, name);
	if (!d && store(dtp)->need && store(dtp)->need(dtp, name) > 0)
		d = find(dtp, name);
	return d;
}

struct dt_provdef *dt_provdef_add(dtrace_hdl_t *dtp, const char *name)
{
	struct dt_provdef *d = dt_alloc(dtp, sizeof(*d));
	d->name = dupstr(dtp, name);
	d->libtag = dtp->cur_libtag;
	struct dt_provdef **tail = &store(dtp)->list;
	while (*tail)
		tail = &(*tail)->next;
	*tail = d;
	return d;
}

/* name with every "__" as "-", as DTrace lists a probe */
static void hyphenate(char *dst, const char *src, size_t len)
{
	size_t j = 0;
	for (size_t i = 0; src[i] && j + 1 < len; i++) {
		if (src[i] == '_' && src[i + 1] == '_') {
			dst[j++] = '-';
			i++;
		} else
			dst[j++] = src[i];
	}
	dst[j] = '\0';
}

struct dt_pdprobe *dt_provdef_probe(const struct dt_provdef *d, const char *name)
{
	char h[256];
	hyphenate(h, name, sizeof(h));
	for (struct dt_pdprobe *pp = d->probes; pp; pp = pp->next)
		if (!strcmp(pp->name, h))
			return pp;
	return NULL;
}

struct dt_pdprobe *dt_provdef_add_probe(dtrace_hdl_t *dtp, struct dt_provdef *d,
    const char *name, int nargc, int xargc)
{
	char h[256];
	hyphenate(h, name, sizeof(h));
	struct dt_pdprobe *pp = dt_alloc(dtp, sizeof(*pp));
	pp->name = dupstr(dtp, h);
	pp->nargc = nargc;
	pp->xargc = xargc;
	pp->nargv = dt_alloc(dtp, (size_t)(nargc + 1) * sizeof(*pp->nargv));
	pp->nnames = dt_alloc(dtp, (size_t)(nargc + 1) * sizeof(*pp->nnames));
	pp->xargv = dt_alloc(dtp, (size_t)(xargc + 1) * sizeof(*pp->xargv));
	pp->map = dt_alloc(dtp, (size_t)(xargc + 1) * sizeof(*pp->map));
	pp->ntypes = dt_alloc(dtp, (size_t)(nargc + 1) * sizeof(*pp->ntypes));
	pp->xtypes = dt_alloc(dtp, (size_t)(xargc + 1) * sizeof(*pp->xtypes));
	struct dt_pdprobe **tail = &d->probes;
	while (*tail)
		tail = &(*tail)->next;
	*tail = pp;
	return pp;
}

int dt_provdef_map(struct dt_pdprobe *pp, const char *const *xnames, int *bad)
{
	for (int i = 0; i < pp->xargc; i++) {
		int m = i;
		for (int j = 0; xnames && xnames[i] && j < pp->nargc; j++)
			if (pp->nnames[j] && !strcmp(pp->nnames[j], xnames[i])) {
				m = j;
				break;
			}
		if (m >= pp->nargc) {
			if (bad)
				*bad = i;
			return -1;
		}
		pp->map[i] = m;
	}
	return 0;
}

const char *dt_provdef_name(const struct dt_probe *p, char *buf, size_t len)
{
	if (p->ops->defname)
		return p->ops->defname(p);
	size_t n = strlen(p->prov);
	while (n > 0 && isdigit((unsigned char)p->prov[n - 1]))
		n--;
	snprintf(buf, len, "%.*s", (int)n, p->prov);
	return buf;
}

const struct dt_pdprobe *dt_provdef_for(dtrace_hdl_t *dtp, const struct dt_probe *p)
{
	/* only providers whose probes definitions describe (USDT) */
	if (!p->ops->defname)
		return NULL;
	char buf[256];
	const char *name = dt_provdef_name(p, buf, sizeof(buf));
	struct dt_provdef *d = name ? dt_provdef_lookup(dtp, name) : NULL;
	return d ? dt_provdef_probe(d, p->name) : NULL;
}
