/*
 * stacktree.h - stack aggregations as trees of frames, outermost caller
 * at the root (stacktree.c): what folded stacks (folded.c) and flame
 * graphs (flamegraph.c) are drawn from.
 */
#ifndef DT_STACKTREE_H
#define DT_STACKTREE_H

#include <stdint.h>
#include "dtrace.h"

struct dt_snode {
	char *name;			/* the frame's text (root: NULL) */
	uint64_t total;			/* its rows and its callees' */
	uint64_t self;			/* the rows that end here */
	struct dt_snode **kid;		/* callees, sorted by name */
	uint32_t nkid, cap;
};

struct dt_stree {
	struct dt_snode root;		/* total: every row's value */
	uint32_t depth;			/* the deepest frame's depth (root 0) */
	uint64_t nrows;			/* rows added */
};

/* 1 if the snapshot's keys include a stack (stack(), ustack()) */
int dt_stree_stacked(const dtrace_aggdata_t *ad);
/* every row of aggregation j of ad, by its value (count, sum, min, max,
 * avg, stddev: the value dtrace prints; the quantize family: the number
 * of values), rows whose value is not positive left out; 0, or -1 if
 * memory ran out */
int dt_stree_add(struct dt_stree *t, const dtrace_aggdata_t *ad, int j);
void dt_stree_free(struct dt_stree *t);

/* a frame's text as folded stacks and flame graphs show it: an offset
 * (module`func+0x1a) dropped, ';' and control characters made '_';
 * into buf (size > 0) */
void dt_stree_frame(char *buf, size_t size, const char *frame, int strip);

#endif
