/*
 * output.c - what the library does when it hands something to the
 * output: messages formatted once for every formatter, and a failed
 * write (disk full, a closed pipe) remembered so that tracing stops and
 * the error is reported once.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "output.h"

int dt_out_failed(dtrace_hdl_t *dtp)
{
	if (!dtp->out_errno)
		dtp->out_errno = errno ? errno : EIO;
	return -1;
}

int dt_out_error(dtrace_hdl_t *dtp)
{
	if (!dtp->out_errno)
		return 0;
	return dt_set_err(dtp, "%s", strerror(dtp->out_errno));
}

void dt_out_message(dtrace_hdl_t *dtp, int debug, const char *fmt, ...)
{
	char *msg = NULL;
	va_list ap;
	va_start(ap, fmt);
	int n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n >= 0)
		DT_OUT(dtp, message, debug, msg);
	free(msg);
}
