/*
 * spec.h - speculative tracing: the layout the BPF programs and the
 * consumer share.  Speculations are implemented by one file per stage:
 *   sema/spec.c     speculate/commit/discard, the ordering rules of the
 *                   Dynamic Tracing Guide (dtrace's compile errors)
 *   cg/spec.c       speculation(), speculate(), commit(), discard() in BPF:
 *                   the per-speculation state machine of illumos' dtrace.c
 *   rt/spec.c       the maps
 *   consume/spec.c  holding speculative records in the consumer until
 *                   their commit or discard, and the drop reports
 *
 * Speculative records go to the principal (perf) buffers like any other,
 * tagged with the speculation id, its generation and a sequence number;
 * commit() and discard() write a small control record.  The consumer keeps
 * a speculation's records until the control record arrives, then prints
 * them in the order they were traced, or frees them.
 */
#ifndef DT_SPEC_H
#define DT_SPEC_H

#include <stdint.h>

/* states of a speculation, as illumos' dtrace.c names them */
enum {
	DT_SPEC_INACTIVE, DT_SPEC_ACTIVE, DT_SPEC_ACTIVEONE, DT_SPEC_ACTIVEMANY,
	DT_SPEC_COMMITTING, DT_SPEC_COMMITTINGMANY, DT_SPEC_DISCARDING
};

/*
 * The dt_spec map: one ARRAY value, read and written in place by the
 * programs.  Counters first, then one entry per speculation:
 *   word  generation << 32 | state (changed only by compare-and-swap; a
 *         new generation starts each time speculation() hands the id out)
 *   ts    when it became COMMITTINGMANY or DISCARDING (for cleanrate)
 *   seq   records traced to it, ever (each record's sequence number)
 *   base  seq when the current generation started
 */
#define DT_SPEC_DROPS	0		/* speculative drops */
#define DT_SPEC_BUSY	8		/* failed: buffer(s) still busy */
#define DT_SPEC_UNAVAIL	16		/* failed: none available */
#define DT_SPEC_ENT	32		/* the first entry */
#define DT_SPEC_ENTSZ	32
#define DT_SPEC_WORD	0
#define DT_SPEC_TS	8
#define DT_SPEC_SEQ	16
#define DT_SPEC_BASE	24
#define DT_SPEC_MAX	4096		/* nspec limit (per-CPU map value size) */

/*
 * The dt_spec_cpu map (PERCPU_ARRAY, one value): per speculation,
 * generation << 32 | bytes traced to it on this CPU, which enforces
 * specsize and tells whether the speculation is active on this CPU.
 */

/* the record fields of speculate() (two 8-byte fields of its action):
 * u32 id (DT_SPEC_NONE: speculate() was in a branch not taken; 0: the
 * record is dropped), u32 generation; u64 sequence number */
#define DT_SPEC_NONE	0xffffffffu

/* commit()/discard() control record: u32 DT_EPID_SPECCTL, u32 op,
 * u32 id, u32 generation, u64 records traced to it (commit) */
#define DT_EPID_SPECCTL	0xffffffffu
enum { DT_SPECCTL_COMMIT = 1, DT_SPECCTL_DISCARD = 2 };
/* or'ed into the op word when BEGIN wrote it: the fill and ring policies
 * print BEGIN's records first and must know its control records too */
#define DT_SPECCTL_BEGIN	0x100
#define DT_SPECCTL_SIZE	24

/* the two maps rt/spec.c creates, which the programs use and the
 * consumer reads: dtp->specmaps */
struct dt_specmaps {
	int fd_state, fd_cpu;		/* dt_spec, dt_spec_cpu; -1 if none */
	uint32_t nspec;			/* speculations (entries: at least 1) */
	uint32_t stsize;		/* bytes of dt_spec's value */
};

#endif
