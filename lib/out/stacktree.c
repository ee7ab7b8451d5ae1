/*
 * stacktree.c - a stack aggregation as a tree of frames, root first:
 * what folded stacks (folded.c) and flame graphs (flamegraph.c) are made
 * of, so that both merge and order frames the same way.
 *
 * A row's path from the root: its other key parts first, in key order
 * (execname, pid: a flame graph per process), then its user stacks, then
 * its kernel stacks (user code calls into the kernel, so the user stack's
 * innermost frame is the kernel stack's caller), each reversed from
 * dtrace's innermost-first order so that the outermost caller comes
 * first.  A row whose stacks are all empty (a kernel thread's ustack())
 * ends in the frame "[no stack]".  Frames lose their offsets
 * (module`func+0x1a is module`func): samples anywhere in a function are
 * one frame, as Brendan Gregg's stackcollapse.pl makes them from dtrace's
 * output, and so rows that differed only in offsets (or in the process
 * that ran the code) merge.  Callees are kept sorted by name (folded
 * lines come out sorted, as stackcollapse's do).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "stacktree.h"
#include "consume/consume.h"

int dt_stree_stacked(const dtrace_aggdata_t *ad)
{
	for (int k = 0; k < dtrace_aggdata_nkeys(ad); k++)
		if (dt_aggdata_stackkind(ad, k) != DT_STACKK_NONE)
			return 1;
	return 0;
}

/* "module`func+0x1a": the length without "+0x1a" */
static size_t strip_offset(const char *s)
{
	size_t n = strlen(s);
	const char *plus = strrchr(s, '+');
	if (!plus || !memchr(s, '`', (size_t)(plus - s)) || strncmp(plus, "+0x", 3) || !plus[3])
		return n;
	for (const char *p = plus + 3; *p; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
			return n;
	return (size_t)(plus - s);
}

void dt_stree_frame(char *buf, size_t size, const char *frame, int strip)
{
	size_t n = strip ? strip_offset(frame) : strlen(frame);
	if (n >= size)
		n = size - 1;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)frame[i];
		buf[i] = c == ';' || c < 0x20 || c == 0x7f ? '_' : (char)c;
	}
	buf[n] = '\0';
}

/* the callee of n named name, made if new (kept sorted); NULL: no memory */
static struct dt_snode *callee(struct dt_snode *n, const char *name)
{
	uint32_t lo = 0, hi = n->nkid;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		int c = strcmp(n->kid[mid]->name, name);
		if (c == 0)
			return n->kid[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (n->nkid == n->cap) {
		uint32_t cap = n->cap ? 2 * n->cap : 4;
		struct dt_snode **nk = realloc(n->kid, cap * sizeof(*nk));
		if (!nk)
			return NULL;
		n->kid = nk;
		n->cap = cap;
	}
	struct dt_snode *k = calloc(1, sizeof(*k));
	if (!k || !(k->name = strdup(name))) {
		free(k);
		return NULL;
	}
	memmove(&n->kid[lo + 1], &n->kid[lo], (n->nkid - lo) * sizeof(*n->kid));
	n->kid[lo] = k;
	n->nkid++;
	return k;
}

/* one step down the path (depth: the step's); -1: no memory */
static int step(struct dt_stree *t, struct dt_snode **n, uint32_t *depth, const char *frame,
    int strip, uint64_t v)
{
	char buf[1024];
	dt_stree_frame(buf, sizeof(buf), frame, strip);
	if (!(*n = callee(*n, buf)))
		return -1;
	(*n)->total += v;
	if (++*depth > t->depth)
		t->depth = *depth;
	return 0;
}

/* a key part that is not a stack, as a frame */
static void key_text(const dtrace_aggdata_t *ad, size_t r, int k, char *buf, size_t size)
{
	dtrace_value_t v;
	dtrace_aggdata_key(ad, r, k, &v);
	switch (v.kind) {
	case DTRACE_VAL_STRING:
		snprintf(buf, size, "%.*s", (int)strnlen(v.str, v.size), v.str);
		break;
	case DTRACE_VAL_SYMBOL:
		snprintf(buf, size, "%s", v.str);
		break;
	case DTRACE_VAL_INT:
		snprintf(buf, size, "%" PRId64, v.i);
		break;
	case DTRACE_VAL_BYTES:
		buf[0] = '\0';
		for (uint32_t i = 0, o = 0; i < v.size && o + 3 < size; i++, o += 2)
			snprintf(buf + o, size - o, "%02x", v.bytes[i]);
		break;
	default:
		snprintf(buf, size, "%" PRIu64, v.u);
		break;
	}
}

/* the row's value as a number of samples; 0: left out */
static uint64_t row_value(const dtrace_aggdata_t *ad, size_t r, int j)
{
	dtrace_aggval_t v;
	dtrace_aggdata_value(ad, r, j, &v);
	switch (dtrace_aggdata_agg(ad, j)->kind) {
	case DTRACE_AGG_QUANTIZE:
	case DTRACE_AGG_LQUANTIZE:
	case DTRACE_AGG_LLQUANTIZE:
		return v.count;
	case DTRACE_AGG_STDDEV:
		return (uint64_t)v.value;
	default:
		return v.value > 0 ? (uint64_t)v.value : 0;
	}
}

static int add_row(struct dt_stree *t, const dtrace_aggdata_t *ad, size_t r, uint64_t v)
{
	int nkeys = dtrace_aggdata_nkeys(ad), rc = 0;
	dtrace_stack_t st[DT_STACKK_USER + 1][8];
	int nst[DT_STACKK_USER + 1] = { 0 };
	struct dt_snode *n = &t->root;
	uint32_t depth = 0, nframes = 0;

	t->root.total += v;
	t->nrows++;
	for (int k = 0; k < nkeys; k++) {
		int kind = dt_aggdata_stackkind(ad, k);
		if (kind == DT_STACKK_NONE) {
			char buf[1024];
			key_text(ad, r, k, buf, sizeof(buf));
			if (rc == 0)
				rc = step(t, &n, &depth, buf, 0, v);
		} else if (nst[kind] < 8 && dt_aggdata_frames(ad, r, k, &st[kind][nst[kind]]) == 0)
			nframes += st[kind][nst[kind]++].nframes;
	}
	static const int order[] = { DT_STACKK_USER, DT_STACKK_KERNEL };
	for (int o = 0; o < 2; o++)
		for (int i = 0; i < nst[order[o]]; i++) {
			dtrace_stack_t *s = &st[order[o]][i];
			for (uint32_t f = s->nframes; f-- > 0 && rc == 0;)
				rc = step(t, &n, &depth, s->frames[f], 1, v);
			dt_stack_free(s);
		}
	if (nframes == 0 && rc == 0)
		rc = step(t, &n, &depth, "[no stack]", 0, v);
	if (rc == 0)
		n->self += v;
	return rc;
}

int dt_stree_add(struct dt_stree *t, const dtrace_aggdata_t *ad, int j)
{
	size_t nrows = dtrace_aggdata_nrows(ad);
	for (size_t r = 0; r < nrows; r++) {
		uint64_t v = row_value(ad, r, j);
		if (v && add_row(t, ad, r, v) < 0)
			return -1;
	}
	return 0;
}

static void node_free(struct dt_snode *n)
{
	for (uint32_t i = 0; i < n->nkid; i++) {
		node_free(n->kid[i]);
		free(n->kid[i]);
	}
	free(n->kid);
	free(n->name);
}

void dt_stree_free(struct dt_stree *t)
{
	node_free(&t->root);
	memset(t, 0, sizeof(*t));
}
