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
/* a record that is not an integer (a traced string, struct, union or
 * array: width 33; an aggregation key: 50): a string when its bytes are
 * printable and end in NULs or fill it (quiet: without the column), else
 * the dump */
void dt_print_bytes(FILE *out, const uint8_t *c, uint32_t n, int width, int quiet);

#endif
