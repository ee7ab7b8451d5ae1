/*
 * setopt.c - the setopt() action at run time: the consumer applies the
 * option when the record arrives, as dtrace's consumer does:
 * setopt("name") passes the value "1"; options that may change while
 * tracing (quiet, switchrate, aggrate, the aggsort options) change,
 * others are refused.  A refusal is not fatal: dtrace reports it as a
 * library error on the enabled probe and goes on,
 *   dtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): couldn't
 *   set option "bufsize" to "1m": Operation illegal when tracing is active
 * followed by an empty line (dtrace's message ends in a newline twice).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "consume.h"
#include "prov/prov.h"
#include "sema/program.h"

void dt_setopt_record(dtrace_hdl_t *dtp, const struct dt_ecb *e, const uint8_t *rec,
    const struct dt_action *a)
{
	char *name = strndup((const char *)rec + a->fields[0].offset, a->fields[0].size);
	char *val = a->nfields > 1 ?
	    strndup((const char *)rec + a->fields[1].offset, a->fields[1].size) : strdup("1");
	const char *why_opt = "out of memory";

	if (!name || !val || dt_opt_set_active(dtp, name, val, &why_opt) < 0) {
		char why[1024];
		/* dtrace's message ends in a newline twice */
		snprintf(why, sizeof(why), "couldn't set option \"%s\" to \"%s\": %s\n",
		    name ? name : "", val ? val : "", why_opt);
		dt_consume_error(dtp, e, why);
	}
	free(name);
	free(val);
}
