/*
 * vartab.h - dtrace -S's listing of a compiled clause: its variable table
 * (vartab.c).
 */
#ifndef DT_VARTAB_H
#define DT_VARTAB_H

#include <stdio.h>
#include "base/handle.h"

struct dt_stmt;
/* Print clause st's heading and the variables it reads and writes, in
 * the columns of DTrace's -S variable table, to fp. */
void dt_vartab_print(dtrace_hdl_t *dtp, const struct dt_stmt *st, FILE *fp);

#endif
