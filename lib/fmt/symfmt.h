/*
 * symfmt.h - kernel addresses as DTrace prints them: sym()/func()
 * "module`function" (an unknown address "0x..."), mod() "module", and
 * printf's %a "module`function+0xoff" ("module`function" at offset 0).
 */
#ifndef DT_SYMFMT_H
#define DT_SYMFMT_H

#include <stddef.h>
#include <stdint.h>
#include "base/types.h"

struct dtrace_hdl;

/* addr as kind (DT_SYMK_SYM, _MOD, _ADDR) into buf; returns buf */
char *dt_ksym_format(struct dtrace_hdl *dtp, uint64_t addr, int kind,
    char *buf, size_t len);

/* the value that stands for addr as an aggregation key of kind: the
 * function's first address for sym(), one address of the module for
 * mod(), as dtrace prints one row a symbol or module; addr if unknown */
uint64_t dt_ksym_canon(struct dtrace_hdl *dtp, uint64_t addr, int kind);

#endif
