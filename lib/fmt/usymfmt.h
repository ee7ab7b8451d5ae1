/*
 * usymfmt.h - user addresses as DTrace prints them (usymfmt.c): usym()
 * and ufunc() "module`function", uaddr() and printf's %A
 * "module`function+0xoff" ("module`function" at offset 0), umod()
 * "module"; an address in an object without a symbol there
 * "module`0x...", one no mapping of the process holds "0x...".
 */
#ifndef DT_USYMFMT_H
#define DT_USYMFMT_H

#include <stddef.h>
#include <stdint.h>
#include "base/types.h"

/* addr of process pid as kind (DT_SYMK_USYM, _UMOD, _UADDR) into buf;
 * returns buf */
char *dt_usym_format(int pid, uint64_t addr, int kind, char *buf, size_t len);

/* the address that stands for addr of pid as an aggregation key of kind,
 * as dtrace's dt_aggregate_usym()/umod(): the function's first address
 * for usym()/ufunc(), the start of the module's first mapping in that
 * process for umod(); addr itself for uaddr() or when unknown */
uint64_t dt_usym_canon(int pid, uint64_t addr, int kind);

#endif
