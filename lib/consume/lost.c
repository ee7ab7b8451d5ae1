/*
 * lost.c - reports the timer probe fires that were lost.
 *
 * The tick thread (prov/profile.c) counts in each tick-N probe the fires
 * it could not make on time (dtrace was stopped, or starved of CPU), and
 * prov/proflost.c in each profile-N probe the fires the kernel throttled
 * away.  They are reported like drops, at statusrate and when tracing
 * ends, one line a probe with the probe's name as the script wrote it:
 *
 *     dtrace: 99 tick-10ms fires lost
 *
 * (kind DTRACE_DROP_FIRES, not per CPU).
 */
#include <stdio.h>
#include <time.h>
#include "consume.h"
#include "prov/prov.h"

void dt_consume_lost(dtrace_hdl_t *dtp, int force)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	uint64_t now = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	if (!force && now - dtp->lost_at < dtp->opt[DTOPT_STATUSRATE])
		return;
	dtp->lost_at = now;
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		if (!p)
			continue;
		uint64_t lost = __atomic_load_n(&p->lost, __ATOMIC_RELAXED);
		if (lost <= p->lost_seen)
			continue;
		char what[128];
		snprintf(what, sizeof(what), "%s fire", p->name);
		dt_consume_drops(dtp, DTRACE_DROP_FIRES, -1, &p->lost_seen, lost, what,
		    " lost");
	}
}
