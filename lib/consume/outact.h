/*
 * outact.h - the consumer's side of tracemem(), print(), freopen() and
 * ftruncate(), and dtrace's raw byte dump (outact.c).
 */
#ifndef DT_OUTACT_H
#define DT_OUTACT_H

#include <stdint.h>
#include <stdio.h>
#include "base/handle.h"

/* n bytes as dtrace dumps them (tracemem, -x rawbytes); nothing if n is 0 */
void dt_print_rawbytes(FILE *out, const uint8_t *c, size_t n);
/* perform action a of the record d of ECB e */
void dt_outact_consume(dtrace_hdl_t *dtp, const struct dt_ecb *e, const uint8_t *d,
    const struct dt_action *a);
/* output goes to out (what freopen("") restores), or to the file an
 * earlier freopen() opened */
void dt_outact_set_out(dtrace_hdl_t *dtp, FILE *out);
/* close a freopen()ed file */
void dt_outact_close(dtrace_hdl_t *dtp);
/* consume.c: the printf() of record d, action a, to out */
void dt_consume_printf(FILE *out, const uint8_t *d, const struct dt_action *a);

#endif
