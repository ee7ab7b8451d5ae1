/*
 * destr.h - destructive actions: what the rest of libdtrace calls (destr.c).
 */
#ifndef DT_DESTR_H
#define DT_DESTR_H

#include "base/handle.h"

/* at dtrace_go(): refuse a destructive program unless they are allowed */
int dt_destr_check(dtrace_hdl_t *dtp);
/* the maps the destructive actions need (dt_chill), and their release */
int dt_destr_create(dtrace_hdl_t *dtp);
void dt_destr_close(dtrace_hdl_t *dtp);

/* system(): the command of action a of record d, formatted as printf()
 * formats, run by the shell after the output so far is flushed */
void dt_destr_system(dtrace_hdl_t *dtp, const uint8_t *d,
    const struct dt_action *a);

#endif
