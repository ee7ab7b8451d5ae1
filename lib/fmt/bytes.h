/*
 * bytes.h - raw bytes as dtrace prints them (bytes.c).
 */
#ifndef DT_BYTES_H
#define DT_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* n bytes as dtrace dumps them (tracemem, -x rawbytes); nothing if n is 0 */
void dt_print_rawbytes(FILE *out, const uint8_t *c, size_t n);
/* the bytes of a traced struct, union or array: a string when they are
 * printable and end in NULs (quiet: without trace()'s column), else the
 * dump */
void dt_print_bytes(FILE *out, const uint8_t *c, uint32_t n, int quiet);

#endif
