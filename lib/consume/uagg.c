/*
 * uagg.c - aggregations with a ustack() key under -x ustackmode=dwarf,
 * aggregated by the consumer: a user stack unwound from DWARF CFI is
 * only known here (the probe has the registers and a stack window, which
 * cannot be a map key), so the probe records the map key (its ustack()
 * part holding the frame-pointer PCs, or none when the window holds the
 * whole stack), the value, the increment and the window (cg/ustack.c),
 * and each record is folded here into the
 * aggregation's own map: the key's PCs become the unwound ones (when
 * the unwind finds more frames), and the one value is merged into the
 * copy of the CPU that fired with base/agg.c's dt_agg_merge, the merge
 * a snapshot uses for the CPUs' copies.  Snapshots, printa(), clear(),
 * trunc(), aggpercpu and every output format then see the map as
 * always.  The probe never writes these keys, so nothing races.
 */
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include "consume.h"
#include "base/agg.h"
#include "base/output.h"
#include "sema/program.h"

/* the frames of the ustack() key part k (pid, then nframes PCs) from the
 * window when they are more than the frame-pointer walk's */
static void unwind_key(uint8_t *k, uint32_t nframes, const uint8_t *w, uint32_t wsize)
{
	uint64_t pid, pc;
	uint32_t n = 0;
	memcpy(&pid, k, 8);
	for (; n < nframes; n++) {
		memcpy(&pc, k + 8 + 8 * n, 8);
		if (pc == 0 || pc >= DT_USER_TOP)
			break;
	}
	/* a walk gone astray ends the stack (as printing ends it there), so
	 * such keys merge */
	memset(k + 8 + 8 * n, 0, 8 * (size_t)(nframes - n));
	uint64_t *pcs = calloc(nframes, sizeof(*pcs));
	if (!pcs)
		return;
	int dn = dt_uunwind((int)pid, w, wsize, pcs, (int)nframes);
	if (dn > (int)n)
		memcpy(k + 8, pcs, 8 * (size_t)nframes);	/* zero past the last */
	free(pcs);
}

/* what one firing with value v and increment incr adds (nwords words) */
static void sample(const struct dt_aggdesc *d, int64_t v, int64_t incr, int64_t *s)
{
	memset(s, 0, d->nwords * sizeof(*s));
	switch (d->func) {
	case DT_AGG_COUNT: s[0] = incr; break;
	case DT_AGG_SUM: s[0] = v; break;
	case DT_AGG_MIN: case DT_AGG_MAX: s[0] = v; s[1] = 1; break;
	case DT_AGG_AVG: s[0] = 1; s[1] = v; break;
	case DT_AGG_STDDEV: {
		uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
		unsigned __int128 sq = (unsigned __int128)a * a;
		s[0] = 1;
		s[1] = v;
		s[2] = (int64_t)(uint64_t)sq;
		s[3] = (int64_t)(uint64_t)(sq >> 64);
		break;
	}
	case DT_AGG_QUANTIZE: s[dt_quantize_bucket(v)] = incr; break;
	case DT_AGG_LQUANTIZE: s[dt_lquantize_bucket(d, v)] = incr; break;
	case DT_AGG_LLQUANTIZE: s[dt_llquantize_bucket(d, v)] = incr; break;
	}
}

void dt_uagg_fold(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, const struct dt_action *a)
{
	const struct dt_agg *g = a->aggs[0];
	const struct dt_recfield *f = a->fields;
	const struct dt_aggdesc *desc = &g->desc;
	uint32_t ps = (desc->nwords * 8 + 7) & ~7u;
	int64_t v, incr;
	uint8_t *key = malloc(g->ksize);
	int64_t *s = malloc(desc->nwords * sizeof(*s));
	uint8_t *vals = calloc((size_t)dtp->ncpus, ps);
	if (!key || !s || !vals)
		goto out;
	if (cpu < 0 || cpu >= dtp->ncpus)
		cpu = 0;
	memcpy(key, d + f[0].offset, g->ksize);
	memcpy(&v, d + f[1].offset, 8);
	memcpy(&incr, d + f[2].offset, 8);
	uint32_t off = 0;
	for (int k = 0; k < g->nkeys; off += g->msize[k], k++)
		if (g->kf[k].ustack) {
			unwind_key(key + off, g->kf[k].ustack, d + f[3].offset, f[3].size);
			break;	/* one window: the first ustack() key's */
		}
	sample(desc, v, incr, s);
	int64_t *mine = (int64_t *)(vals + (size_t)cpu * ps);
	if (bpf_map_lookup_elem(g->fd, key, vals) != 0) {
		memset(vals, 0, (size_t)dtp->ncpus * ps);
		dt_agg_init(desc, mine);
	}
	dt_agg_merge(desc, mine, s);
	if (bpf_map_update_elem(g->fd, key, vals, BPF_ANY) != 0) {
		/* the map is full: a drop, reported with the probes' (agg.c) */
		if (!dtp->uagg_drops)
			dtp->uagg_drops = calloc((size_t)dtp->ncpus, sizeof(uint64_t));
		if (dtp->uagg_drops)
			dtp->uagg_drops[cpu]++;
	}
out:
	free(key);
	free(s);
	free(vals);
}
