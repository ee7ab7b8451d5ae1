/*
 * print_type.h - the print() action's output (print_type.c).
 */
#ifndef DT_PRINT_TYPE_H
#define DT_PRINT_TYPE_H

#include <stdint.h>
#include <stdio.h>
#include "base/handle.h"

/* "ADDR = *" and the size bytes at data as an object of type t */
void dt_print_type(dtrace_hdl_t *dtp, FILE *out, struct dt_type *t, uint64_t addr,
    const uint8_t *data, size_t size);

#endif
