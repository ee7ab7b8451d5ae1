/*
 * layout.h - what the generated BPF programs and the consumer share: the
 * record header and the internal EPIDs, the globals map, the mstate frame
 * in the scratch map, and DTrace's fault codes.
 *
 * Code generation (cg/) writes these layouts and the runtime and the
 * consumer (rt/, consume/) read them; the speculation and buffer-policy
 * layouts are in spec.h and buf.h.
 */
#ifndef DT_LAYOUT_H
#define DT_LAYOUT_H

#include "options.h"

#define DT_EPID_ERROR	1		/* internal ERROR enabling */
#define DT_REC_HDR	8		/* u32 epid, u32 reserved */

/* ---- globals map layout ---- */
#define DT_G_STATE	0		/* activity state */
#define DT_G_WALLOFF	8		/* realtime - monotonic, ns */
#define DT_G_EXITSTAT	16		/* exit() status */
#define DT_G_DVDROPS	24		/* dynamic variable drops */
#define DT_G_DBLERRS	32		/* faults in ERROR clauses */
#define DT_G_VARS	40		/* first user variable */

enum { DT_ST_INACTIVE = 0, DT_ST_ACTIVE = 1, DT_ST_DRAINING = 2, DT_ST_STOPPED = 3 };

/* ---- mstate frame layout (in the per-CPU scratch map) ---- */
#define DT_MS_PRID	0
#define DT_MS_ARGS	8		/* u64 args[10] */
#define DT_MS_FAULT	88		/* u64 fault code */
#define DT_MS_FPC	96		/* u64 pc */
#define DT_MS_FADDR	104		/* u64 fault address */
#define DT_MS_FACT	112		/* u64 action index */
#define DT_MS_TS	120		/* u64 timestamp of this firing */
#define DT_MS_ERRNO	128		/* u64 errno of this firing */
#define DT_MS_AGGDROPS	136		/* u64 aggregation drops on this CPU */
#define DT_MS_BUF	144		/* record buffer */

/* bytes a string takes in the frame, variables and keys: strsize + NUL,
 * rounded to 8 */
#define DT_STRAREA(dtp) ((((uint32_t)(dtp)->opt[DTOPT_STRSIZE]) + 8) & ~7u)

/* BPF fault codes, as DTrace numbers them */
enum {
	DTFLT_UNKNOWN = 0, DTFLT_BADADDR = 1, DTFLT_BADALIGN = 2,
	DTFLT_ILLOP = 3, DTFLT_DIVZERO = 4, DTFLT_NOSCRATCH = 5,
	DTFLT_KPRIV = 6, DTFLT_UPRIV = 7, DTFLT_TUPOFLOW = 8,
	DTFLT_BADSTACK = 9,
	DTFLT_BADINDEX = 12		/* Oracle Linux DTrace's: a scalar array
					   index out of bounds (the index) */
};

/* ustack() with -x ustackmode=dwarf: its second record field is the
 * task's saved user pt_regs (x86-64: 21 words; ip and sp are words 16 and
 * 19), a u64 count of stack bytes copied, then the stack window from sp
 * (cg/ustack.c writes it, consume/uunwind.c unwinds it) */
#define DT_USTACK_REGS	168
#define DT_USTACK_IP	16
#define DT_USTACK_SP	19
enum { DT_USTACK_FP, DT_USTACK_DWARF };	/* ustackmode values */

#define DT_DV_KEYHDR 16			/* dynamic variable key: u32 id, u32 0, u64 thread */

#endif
