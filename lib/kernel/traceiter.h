/*
 * traceiter.h - address ranges of __traceiter_EVENT (traceiter.c).
 */
#ifndef DT_TRACEITER_H
#define DT_TRACEITER_H

#include <stdint.h>

/* [lo, hi) of the kernel's __traceiter_event, or -1 if unknown (no such
 * tracepoint, or addresses hidden by kptr_restrict). */
int dt_traceiter_range(const char *event, uint64_t *lo, uint64_t *hi);

/* Forget them (dtrace_close). */
void dt_traceiter_free(void);

#endif
