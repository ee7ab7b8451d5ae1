/*
 * namehash.c - a map from names to pointers, chained, doubling when it is
 * as full as it has buckets.  It owns its entries, not the names or the
 * values: those belong to whoever keeps the map (usually the handle's
 * arena).  Lookups count the names they compare (dt_namehash_cmps), so a
 * test can tell a constant-time index from a linear scan without timing.
 */
#include <stdlib.h>
#include <string.h>
#include "namehash.h"

struct dt_nhent {
	const char *name;
	void *val;
	uint32_t hash;
	struct dt_nhent *next;
};

unsigned long dt_namehash_cmps;

uint32_t dt_namehash_str(const char *s)
{
	uint32_t h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static struct dt_nhent *find(const struct dt_namehash *h, const char *name, uint32_t hv)
{
	if (!h->nb)
		return NULL;
	for (struct dt_nhent *e = h->b[hv & (h->nb - 1)]; e; e = e->next) {
		if (e->hash != hv)
			continue;
		dt_namehash_cmps++;
		if (!strcmp(e->name, name))
			return e;
	}
	return NULL;
}

void *dt_namehash_get(const struct dt_namehash *h, const char *name)
{
	struct dt_nhent *e = find(h, name, dt_namehash_str(name));
	return e ? e->val : NULL;
}

static int grow(struct dt_namehash *h)
{
	uint32_t nb = h->nb ? h->nb * 2 : 64;
	struct dt_nhent **b = calloc(nb, sizeof(*b));
	if (!b)
		return -1;
	for (uint32_t i = 0; i < h->nb; i++)
		for (struct dt_nhent *e = h->b[i], *next; e; e = next) {
			next = e->next;
			e->next = b[e->hash & (nb - 1)];
			b[e->hash & (nb - 1)] = e;
		}
	free(h->b);
	h->b = b;
	h->nb = nb;
	return 0;
}

int dt_namehash_put(struct dt_namehash *h, const char *name, void *val)
{
	uint32_t hv = dt_namehash_str(name);
	struct dt_nhent *e = find(h, name, hv);
	if (e) {
		e->val = val;
		return 0;
	}
	if (h->n >= h->nb && grow(h) < 0)
		return -1;
	if (!(e = malloc(sizeof(*e))))
		return -1;
	e->name = name;
	e->val = val;
	e->hash = hv;
	e->next = h->b[hv & (h->nb - 1)];
	h->b[hv & (h->nb - 1)] = e;
	h->n++;
	return 0;
}

void dt_namehash_free(struct dt_namehash *h)
{
	for (uint32_t i = 0; i < h->nb; i++)
		for (struct dt_nhent *e = h->b[i], *next; e; e = next) {
			next = e->next;
			free(e);
		}
	free(h->b);
	h->b = NULL;
	h->nb = h->n = 0;
}
