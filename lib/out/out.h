/*
 * out.h - the built-in formatters (include/dtrace.h's dtrace_formatter_t):
 * text (dtrace(1M)'s output, text.c), JSON Lines (json.c),
 * OpenMetrics (openmetrics.c) and folded stacks (folded.c), chosen by the oformat option (out.c).
 * They sit above the consumer, whose typed values they format (with
 * fmt/'s printers for dtrace's own layouts).
 */
#ifndef DT_OUT_H
#define DT_OUT_H

#include "dtrace.h"

struct dt_fmt_builtin {
	const dtrace_formatter_t *ops;
	void *(*init)(void);		/* its state (the output's arg) */
	void (*fini)(void *state);
};

/* the formatter of an oformat value (DT_OFORMAT_*) */
const struct dt_fmt_builtin *dt_fmt_builtin(int oformat);

/* text: dtrace(1M)'s own output, to the byte (text.c) */
extern const struct dt_fmt_builtin dt_fmt_text;
/* json: JSON Lines, one object a line as records arrive: every record's
 * values, aggregation snapshots, drops, faults, messages and the exit
 * status (json.c; docs/OUTPUT.md) */
extern const struct dt_fmt_builtin dt_fmt_json;
/* openmetrics: aggregation snapshots only, one exposition (ending in
 * "# EOF") for each record's or the end's snapshots; a regular file
 * holds the latest one (openmetrics.c; docs/OUTPUT.md) */
extern const struct dt_fmt_builtin dt_fmt_openmetrics;
/* folded: stack aggregations as folded stacks, "frame;frame count", the
 * outermost caller first, as flame graph tools read them (folded.c) */
extern const struct dt_fmt_builtin dt_fmt_folded;

/* the text formatter's diagnostics, "dtrace: msg" on the output's err
 * stream once the output so far is flushed (text.c); openmetrics.c
 * reports the same way */
int dt_text_drop(dtrace_output_t *o, const dtrace_drop_t *d);
int dt_text_error(dtrace_output_t *o, const dtrace_errdata_t *e);
int dt_text_message(dtrace_output_t *o, int debug, const char *msg);
/* the flush hook of every built-in formatter: the output and the base */
int dt_text_flush(dtrace_output_t *o);

#endif
