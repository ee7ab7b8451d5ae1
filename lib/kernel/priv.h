/*
 * priv.h - does this process have the privileges tracing needs (priv.c)?
 */
#ifndef DT_PRIV_H
#define DT_PRIV_H

/* dtrace(1M)'s reason when it cannot open DTrace for lack of privileges */
#define DT_PRIV_MSG "DTrace requires additional privileges"

/* 1 if the effective capabilities load and attach BPF programs
 * (CAP_SYS_ADMIN, or CAP_BPF and CAP_PERFMON) and tracefs's events are
 * readable (or there is no tracefs at all), else 0; decided once. */
int dt_priv_ok(void);

/* 1 if caps, the effective set's two 32-bit words of capget(2), hold
 * CAP_SYS_ADMIN, or CAP_BPF and CAP_PERFMON (the rule, for unit tests) */
int dt_priv_caps_ok(const unsigned caps[2]);

#endif
