/*
 * dynevents.c - the events tracefs lists that are not the kernel's own
 * tracepoints: kprobe, uprobe, eprobe, fprobe and synthetic events that
 * a tool (perf probe, another tracer, an administrator) created through
 * tracefs.  Each has a directory under events/ like a tracepoint, in a
 * group of its own or any group, even with a name such as BEGIN; the
 * providers that list the kernel's tracepoints leave them out (a
 * dynamic event takes another program type, and it is no sdt probe).
 * The list is read once per enumeration and kept as a sorted set, so
 * that each of thousands of tracepoints costs one binary search.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/file.h"
#include "dynevents.h"
#include "tracefs.h"

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the GROUP/EVENT of the line at l (its first word, after the type and
 * the colon), its length in *len; NULL if the line has none */
static const char *line_key(const char *l, size_t *len)
{
	const char *end = l + strcspn(l, " \t\n");
	const char *c = memchr(l, ':', (size_t)(end - l));
	const char *w = c ? c + 1 : l;
	const char *slash = memchr(w, '/', (size_t)(end - w));

	if (!slash || slash == w || slash + 1 == end)
		return NULL;
	*len = (size_t)(end - w);
	return w;
}

int dt_dynevents_parse(const char *text, struct dt_dynevents *d)
{
	size_t cap = 0;

	memset(d, 0, sizeof(*d));
	for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		size_t len;
		const char *k = line_key(l, &len);
		if (!k)
			continue;
		if (d->n == cap) {
			char **nv = realloc(d->v, (cap = cap ? cap * 2 : 16) * sizeof(*nv));
			if (!nv)
				goto oom;
			d->v = nv;
		}
		if (!(d->v[d->n] = strndup(k, len)))
			goto oom;
		d->n++;
	}
	if (d->n)
		qsort(d->v, d->n, sizeof(*d->v), cmp);
	return 0;
oom:
	dt_dynevents_free(d);
	return -1;
}

/* the file name beside the events directory, malloc'd text or NULL */
static char *read_beside(const char *root, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/../%s", root, name);
	return dt_read_file(path, 0, 1, NULL);
}

int dt_dynevents_read(struct dt_dynevents *d)
{
	const char *root = dt_tp_root();
	char *text = NULL;

	if (root && !(text = read_beside(root, "dynamic_events"))) {
		char *u = read_beside(root, "uprobe_events");
		char *k = read_beside(root, "kprobe_events");
		size_t lu = u ? strlen(u) : 0, lk = k ? strlen(k) : 0;
		if ((u || k) && (text = malloc(lu + lk + 2)) != NULL)
			snprintf(text, lu + lk + 2, "%s\n%s", u ? u : "", k ? k : "");
		free(u);
		free(k);
	}
	int rc = dt_dynevents_parse(text, d);
	free(text);
	return rc;
}

int dt_dynevents_has(const struct dt_dynevents *d, const char *cat, const char *event)
{
	char key[512];

	if (!d->n || snprintf(key, sizeof(key), "%s/%s", cat, event) >= (int)sizeof(key))
		return 0;
	const char *kp = key;
	return bsearch(&kp, d->v, d->n, sizeof(*d->v), cmp) != NULL;
}

void dt_dynevents_free(struct dt_dynevents *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->v[i]);
	free(d->v);
	memset(d, 0, sizeof(*d));
}
