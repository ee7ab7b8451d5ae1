/*
 * handle.c - what every layer asks of the handle: its one-line error
 * message (dt_set_err, and dt_compile_error in dtrace's wording for the
 * program being compiled, with its error tag) and its arena (dt_alloc).
 */
#include <stdarg.h>
#include <stdio.h>
#include "arena.h"
#include "handle.h"

int dt_set_err(dtrace_hdl_t *dtp, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(dtp->errmsg, sizeof(dtp->errmsg), fmt, ap);
	va_end(ap);
	return -1;
}

void dt_compile_error(dtrace_hdl_t *dtp, enum dt_errtag tag, int line, const char *msg)
{
	char where[1200] = "";
	int n = 0;
	dtp->errtag = tag;
	if (dtp->opt[DTOPT_ERRTAGS])
		n = snprintf(where, sizeof(where), "[%s] ", dt_errtag_name(tag));
	if (dtp->cur_libtag && line >= 0)
		snprintf(where + n, sizeof(where) - (size_t)n, "\"%s\", line %d: ",
		    dtp->cur_libtag, line);
	else if (dtp->cur_is_file && line >= 0)
		snprintf(where + n, sizeof(where) - (size_t)n, "line %d: ", line);
	if (dtp->cur_is_file)
		dt_set_err(dtp, "failed to compile script %s: %s%s", dtp->cur_name, where, msg);
	else
		dt_set_err(dtp, "invalid probe specifier %s: %s%s", dtp->cur_name, where, msg);
}

void *dt_alloc(dtrace_hdl_t *dtp, size_t size)
{
	return dt_arena_alloc(dtp->arena, size);
}
