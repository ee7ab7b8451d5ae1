/*
 * usdtgen.h - what dtrace -h (provheader.c) and dtrace -G (provobj.c)
 * share: the names a provider definition's probes take in C (usdtname.c)
 * and the walk over the providers a handle's programs define.
 */
#ifndef DT_USDTGEN_H
#define DT_USDTGEN_H

#include <stddef.h>
#include "base/handle.h"
#include "front/ast.h"

/* sys/sdt.h's STAP_PROBEn goes up to 12 arguments */
#define DT_USDT_MAXARGS 12

/* The macro of a probe: PROVIDER_PROBE, upper case, "__" in the probe's
 * name as "_" (dtrace's header); 0, or -1 when it does not fit. */
int dt_usdt_macro(char *buf, size_t len, const char *prov, const char *probe);

/* The semaphore of a probe, as sys/sdt.h names it: provider_probe_semaphore
 * (the probe's name as written, "__" kept); 0, or -1 when it does not fit. */
int dt_usdt_semaphore(char *buf, size_t len, const char *prov, const char *probe);

/* Each provider definition of the handle's programs (prog >= 0: of the
 * prog-th program the consumer compiled, D libraries not counted), in
 * source order: fn's non-zero return stops the walk and is returned. */
int dt_usdt_each_provider(dtrace_hdl_t *dtp, int prog,
    int (*fn)(dtrace_hdl_t *dtp, const struct ast_provider *pv, void *arg), void *arg);

/* -1 with the handle's error set when a probe has more arguments than
 * sys/sdt.h takes; 0 otherwise. */
int dt_usdt_check(dtrace_hdl_t *dtp, int prog);

#endif
