/*
 * output.h - the one way the library hands anything to the output: the
 * hooks of the formatter in use (include/dtrace.h's dtrace_formatter_t),
 * called through DT_OUT so that a failed write is noted once and ends
 * tracing (output.c).
 */
#ifndef DT_OUTPUT_H
#define DT_OUTPUT_H

#include <errno.h>
#include "handle.h"

/* Call hook of the formatter with the handle's output and the rest of
 * the arguments; 0, or -1 (noted: dt_out_failed) if it failed. */
#define DT_OUT(dtp, hook, ...)						\
	((dtp)->fmt && (dtp)->fmt->hook &&				\
	 (dtp)->fmt->hook(&(dtp)->output, __VA_ARGS__) < 0 ?		\
	 dt_out_failed(dtp) : 0)
#define DT_OUT0(dtp, hook)						\
	((dtp)->fmt && (dtp)->fmt->hook &&				\
	 (dtp)->fmt->hook(&(dtp)->output) < 0 ? dt_out_failed(dtp) : 0)

/* a write to the output failed (errno): remember the first error */
int dt_out_failed(dtrace_hdl_t *dtp);
/* the output failed: 0, or -1 with the message in the handle */
int dt_out_error(dtrace_hdl_t *dtp);
/* a diagnostic, printf-style ("buffer size lowered to 1m"); debug for
 * DTRACE_DEBUG's timings */
void dt_out_message(dtrace_hdl_t *dtp, int debug, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
