/*
 * kstack.h - kernel stack frames as DTrace prints them (kstack.c).
 */
#ifndef DT_KSTACK_H
#define DT_KSTACK_H

#include <stdint.h>
#include <stdio.h>
#include "base/handle.h"

/* pc's frame text into buf: "mod`func+0xoff", "mod`func" or "0x..." */
int dt_kframe(dtrace_hdl_t *dtp, uint64_t pc, char *buf, size_t len);
/* "\n", then each of the n PCs at pcs (to the first 0) indented, one a line */
void dt_print_kstack(FILE *out, dtrace_hdl_t *dtp, const uint8_t *pcs, uint32_t n);

#endif
