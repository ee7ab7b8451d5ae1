/*
 * out.h - the built-in formatters (include/dtrace.h's dtrace_formatter_t):
 * text (dtrace(1M)'s output, text.c), JSON Lines (json.c) and
 * OpenMetrics (openmetrics.c), chosen by the oformat option (out.c).
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

extern const struct dt_fmt_builtin dt_fmt_text;

#endif
