/*
 * buf.h - the principal buffers and their policies: what the programs,
 * the runtime and the consumer share.
 *
 * One perf ring per CPU carries the records (the dt_buffers
 * PERF_EVENT_ARRAY); a small mmapped array map, dt_bufstate, carries what
 * the policies need to share between the probes and the consumer: per CPU
 * the bytes used, the drops and the "filled" flag, and the CPUs BEGIN and
 * END ran on.  rt/buf.c plans and allocates the buffers, cg/buf.c emits
 * the policies' checks, consume/buf.c reads them.
 */
#ifndef DT_BUF_H
#define DT_BUF_H

#include <stdint.h>

/* bufpolicy values, numbered as DTrace numbers them */
enum { DT_BUFPOLICY_RING = 0, DT_BUFPOLICY_FILL = 1, DT_BUFPOLICY_SWITCH = 2 };
/* bufresize values */
enum { DT_BUFRESIZE_AUTO = 0, DT_BUFRESIZE_MANUAL = 1 };

/*
 * dt_bufstate's one value: a header line, then one 64-byte line per CPU
 * (so CPUs never share a cache line).
 */
#define DT_BS_LINE	64
#define DT_BS_BEGANON	0	/* CPU + 1 that BEGIN ran on, 0 if not yet */
#define DT_BS_ENDEDON	8	/* CPU + 1 that END ran on, 0 if not yet */
#define DT_BS_CPU(c)	(DT_BS_LINE * (1 + (c)))
#define DT_BS_USED	0	/* fill: bytes recorded on the CPU */
#define DT_BS_DROPS	8	/* records refused on the CPU (too large) */
#define DT_BS_FULL	16	/* fill: the CPU's buffer is full */

/* bytes of the internal ERROR record (cg/prog.c's error stub) */
#define DT_BUF_ERRREC	48

/* the bufpolicy in force */
#define dt_buf_policy(dtp)	((int)(dtp)->opt[DTOPT_BUFPOLICY])

/* What planning the buffers decided (rt/buf.c), which code generation
 * builds into the programs: dtp->bufplan. */
struct dt_bufplan {
	int fd_state;			/* the dt_bufstate map; -1 before */
	uint64_t size;			/* the effective bufsize */
	uint64_t reserve;		/* fill: bytes kept for END's records */
};

#endif
