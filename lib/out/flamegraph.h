/*
 * flamegraph.h - the interactive SVG flame graph of every stack
 * aggregation, written at the end of tracing when the flamegraph option
 * names a file (flamegraph.c; its script: flamejs.c).
 */
#ifndef DT_FLAMEGRAPH_H
#define DT_FLAMEGRAPH_H

#include "base/handle.h"

/* the flame graph of dtp's stack aggregations as they are now, written
 * to path (replacing it); 0, or -1 with errno set */
int dt_flamegraph_write(dtrace_hdl_t *dtp, const char *path);

/* the script inside the SVG (flamejs.c) */
extern const char dt_flame_js[];

#endif
