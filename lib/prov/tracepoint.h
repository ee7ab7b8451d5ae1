/*
 * tracepoint.h - what the tracepoint-based providers (sdt, syscall)
 * share: lazily loaded event formats, attachment, string fields
 * (tracepoint.c).
 */
#ifndef DT_PROV_TP_H
#define DT_PROV_TP_H

#include "prov.h"
#include "kernel/bpf_asm.h"
#include "kernel/tracefs.h"

struct dt_tpmeta {
	struct dt_tpevent ev;
	int loaded;			/* 1 ok, -1 failed, 0 not yet */
};

/* The probe's event format (p->priv), read on first use. */
struct dt_tpmeta *dt_tpmeta_get(dtrace_hdl_t *dtp, struct dt_probe *p,
    const char *cat, const char *event);
void dt_tpmeta_free(struct dt_probe *p);
const char *dt_tp_native(const char *ctype);
/* Attach prog_fd to tracepoint tpid (a perf event of ours). */
int dt_tp_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int tpid, int prog_fd);
/* Attach prog_fd (a raw tracepoint program) to the kernel tracepoint
 * named tp through a BPF link: removing it costs well under a
 * millisecond, where a perf event waits an RCU grace period. */
int dt_rawtp_attach(dtrace_hdl_t *dtp, struct dt_probe *p, const char *tp, int prog_fd);
/* does the kernel take raw tracepoint attach cookies (Linux 6.10+)? */
int dt_rawtp_cookies(void);
/* the same with an attach cookie (Linux 6.10+), for a program shared by
 * several probes (prov.h's attach_shared) */
int dt_rawtp_attach_cookie(dtrace_hdl_t *dtp, struct dt_probe *p, const char *tp,
    int prog_fd, uint64_t cookie);
/* Emit: copy the string field f of the record (R6) to R9 + off. */
int dt_tp_cg_str(struct dt_asm *a, const struct dt_tpfield *f, int off, int size);

/* Every static kernel tracepoint as a probe GROUP::EVENT of ops (sdt,
 * rawtp): tracefs's groups and events, less the syscall tracer's,
 * ftrace's and dynamic events (which take other program types). */
int dt_tp_populate(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops);

#endif
