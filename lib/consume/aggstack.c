/*
 * aggstack.c - the frames of an aggregation's stack keys for the outputs
 * that rearrange them (folded stacks, flame graphs: out/stacktree.c):
 * a kernel stack key's frames as stack.c makes them, a user stack key's
 * (ustack()) as its render hook prints them (usym.c: one frame a line
 * after the stackindent spaces), so that every output shows the same
 * frame texts as dtrace's own.  Innermost frame first, as printed.
 */
#include <stdlib.h>
#include <string.h>
#include "consume.h"
#include "aggdata.h"

int dt_aggdata_stackkind(const dtrace_aggdata_t *ad, int k)
{
	const struct dt_agg *g = ad->aggs[0];
	if (k < 0 || k >= g->nkeys)
		return DT_STACKK_NONE;
	if (g->kf[k].is_stack)
		return DT_STACKK_KERNEL;
	return g->kf[k].ustack ? DT_STACKK_USER : DT_STACKK_NONE;
}

static const uint8_t *key_of(const dtrace_aggdata_t *ad, size_t r, int k)
{
	const uint8_t *key = ad->ents ? ad->ents[r].key : ad->rows[r].key;
	return key + ad->aggs[0]->koff[k];
}

/* the render hook's text, one frame a line: its non-empty lines, their
 * indentation taken off */
static int user_frames(const struct dt_aggkeyfield *kf, const uint8_t *key, dtrace_stack_t *s)
{
	char *text = NULL, **fr = NULL;
	size_t len = 0;
	uint32_t n = 0, cap = 0;
	FILE *fp = open_memstream(&text, &len);
	if (!fp)
		return -1;
	int rc = kf->render ? kf->render(fp, key, kf->size, kf->arg) : 0;
	if (fclose(fp) != 0 || rc < 0) {
		free(text);
		return -1;
	}
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line += strspn(line, " \t");
		if (!*line)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			char **nf = realloc(fr, cap * sizeof(*fr));
			if (!nf)
				break;
			fr = nf;
		}
		if (!(fr[n] = strdup(line)))
			break;
		n++;
	}
	free(text);
	s->nframes = n;
	s->frames = (const char *const *)fr;
	return 0;
}

int dt_aggdata_frames(const dtrace_aggdata_t *ad, size_t r, int k, dtrace_stack_t *s)
{
	const struct dt_agg *g = ad->aggs[0];
	memset(s, 0, sizeof(*s));
	if (r >= ad->n)
		return -1;
	switch (dt_aggdata_stackkind(ad, k)) {
	case DT_STACKK_KERNEL:
		dt_stack_make(ad->dtp, (const uint64_t *)(const void *)key_of(ad, r, k),
		    g->kf[k].size / 8, s);
		return 0;
	case DT_STACKK_USER:
		return user_frames(&g->kf[k], key_of(ad, r, k), s);
	default:
		return -1;
	}
}
