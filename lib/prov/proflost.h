/*
 * proflost.h - profile-N fires the kernel did not make (proflost.c).
 *
 * A profile-N probe is a sampling cpu-clock perf event per CPU.  When a
 * CPU takes more samples than kernel.perf_event_max_sample_rate allows
 * (the kernel lowers it by itself when sampling interrupts run long), the
 * kernel throttles the event until its next tick: the fires due in
 * between never happen, and nothing but a throttle record in the event's
 * own ring says so.  These rings are mapped here and read at the
 * consumer's wake-ups; the fires lost, the throttled time over the
 * period, are added to the probe's lost, which the consumer reports as
 * tick-N's are ("dtrace: 8123 profile-4999 fires lost").
 */
#ifndef DT_PROFLOST_H
#define DT_PROFLOST_H

#include <stdint.h>
#include "prov.h"

struct dt_proflost;

/* The perf event attributes that make throttle times comparable
 * (CLOCK_MONOTONIC); to call on attr before perf_event_open. */
struct perf_event_attr;
void dt_proflost_attr(struct perf_event_attr *attr);
/* Watch event fd (of probe p, period ns) for throttling: its ring mapped
 * into *lp (made on first use).  -1 with the error set if it cannot be
 * mapped. */
int dt_proflost_watch(dtrace_hdl_t *dtp, struct dt_proflost **lp, struct dt_probe *p, int fd,
    uint64_t period);
/* Tracing has started: fires lost from now on are counted. */
void dt_proflost_start(struct dt_proflost *l);
/* Read every ring: lost fires added to their probes' lost.  With final
 * set, an event still throttled counts as throttled until now. */
void dt_proflost_read(struct dt_proflost *l, int final);
/* Unmap the rings and free l (NULL is fine); the fds are the caller's. */
void dt_proflost_free(struct dt_proflost *l);

#endif
