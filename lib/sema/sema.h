/*
 * sema.h - entry point of the semantic pass (see sema.c).
 */
#ifndef DT_SEMA_H
#define DT_SEMA_H

#include "base/handle.h"

struct ast_prog;
/* Lower and check a parsed program, enabling its clauses on the probes
 * they match.  Returns -1 with the message in dtp->errmsg. */
int dt_sema(dtrace_hdl_t *dtp, struct ast_prog *prog, int is_file);

#endif
