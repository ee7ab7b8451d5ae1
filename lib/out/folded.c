/*
 * folded.c - the folded-stacks formatter (-x oformat=folded): stack
 * aggregations as the lines Brendan Gregg's flamegraph.pl, speedscope
 * and other flame graph tools read, "frame;frame;frame count", the
 * outermost caller first and the innermost frame last (stacktree.c says
 * which frames, in which order, and how they are merged).
 *
 * Each snapshot (printa(), and every aggregation at the end) of an
 * aggregation with a stack key prints one line per distinct path, sorted
 * by path; the count is the row's value (count(), sum(); min, max, avg,
 * stddev as dtrace prints them; the quantize family: how many values).
 * A path that is a caller of others (its own rows: a stack() of 2
 * frames beside one of 3) is a line of its own, as flamegraph.pl expects.
 * An aggregation without a stack key has no frames to fold: it is left
 * out, and the diagnostics stream says so once.  Other records (trace,
 * printf, the probe lines) are not output, so that stdout is a folded
 * file; drops, faults and messages go to the diagnostics stream as the
 * text formatter says them.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "out.h"
#include "stacktree.h"

struct folded {
	char **told;			/* the aggregations said to have no
					   stack key */
	int ntold;
};

/* the lines under n (path: its frames, depth of them) */
static void lines(FILE *fp, const struct dt_snode *n, const char **path, uint32_t depth)
{
	if (n->self) {
		for (uint32_t i = 0; i < depth; i++) {
			if (i)
				putc_unlocked(';', fp);
			fputs_unlocked(path[i], fp);
		}
		fprintf(fp, " %" PRIu64 "\n", n->self);
	}
	for (uint32_t i = 0; i < n->nkid; i++) {
		path[depth] = n->kid[i]->name;
		lines(fp, n->kid[i], path, depth + 1);
	}
}

/* say once that aggregation name has no stack key */
static int no_stack(dtrace_output_t *o, struct folded *f, const char *name)
{
	for (int i = 0; i < f->ntold; i++)
		if (!strcmp(f->told[i], name))
			return 0;
	char **nt = realloc(f->told, (size_t)(f->ntold + 1) * sizeof(*nt));
	if (nt) {
		f->told = nt;
		if ((nt[f->ntold] = strdup(name)))
			f->ntold++;
	}
	char msg[300];
	snprintf(msg, sizeof(msg), "@%s has no stack key: not in the folded output", name);
	return dt_text_message(o, 0, msg);
}

static int aggregation(dtrace_output_t *o, const dtrace_probedata_t *pd,
    const dtrace_aggdata_t *ad)
{
	(void)pd;
	int rc = 0;
	for (int j = 0; j < dtrace_aggdata_naggs(ad); j++) {
		if (!dt_stree_stacked(ad)) {
			if (no_stack(o, o->arg, dtrace_aggdata_agg(ad, j)->name) < 0)
				rc = -1;
			continue;
		}
		struct dt_stree t;
		memset(&t, 0, sizeof(t));
		const char **path = NULL;
		if (dt_stree_add(&t, ad, j) == 0 &&
		    (path = calloc(t.depth + 1, sizeof(*path))))
			lines(o->out, &t.root, path, 0);
		else
			rc = -1;
		free(path);
		dt_stree_free(&t);
	}
	return rc < 0 || ferror(o->out) ? -1 : 0;
}

static const dtrace_formatter_t ops = {
	.name = "folded",
	.aggregation = aggregation,
	.drop = dt_text_drop,
	.error = dt_text_error,
	.message = dt_text_message,
	.flush = dt_text_flush,
};

static void *init(void)
{
	return calloc(1, sizeof(struct folded));
}

static void fini(void *arg)
{
	struct folded *f = arg;
	if (!f)
		return;
	for (int i = 0; i < f->ntold; i++)
		free(f->told[i]);
	free(f->told);
	free(f);
}

const struct dt_fmt_builtin dt_fmt_folded = { &ops, init, fini };
