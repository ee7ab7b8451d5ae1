/*
 * setopt.h - the setopt() action (setopt.c).
 */
#ifndef DT_SETOPT_H
#define DT_SETOPT_H

#include "base/handle.h"

struct sema;
struct dt_node;

/* setopt()'s arguments checked (D strings), one string field each */
void dt_sema_setopt(struct sema *s, struct dt_node *n, struct dt_action *a);
/* a setopt() record of enabling e arrived: set the option, or report why
 * not as dtrace does */
void dt_setopt_record(dtrace_hdl_t *dtp, const struct dt_ecb *e, const uint8_t *rec,
    const struct dt_action *a);

#endif
