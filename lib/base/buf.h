/*
 * buf.h - the principal buffers and their policies (buf.c, cg_buf.c).
 *
 * One perf ring per CPU carries the records (the dt_buffers
 * PERF_EVENT_ARRAY); a small mmapped array map, dt_bufstate, carries what
 * the policies need to share between the probes and the consumer: per CPU
 * the bytes used, the drops and the "filled" flag, and the CPUs BEGIN and
 * END ran on.
 */
#ifndef DT_BUF_H
#define DT_BUF_H

#include <stdint.h>
#include "handle.h"

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

/* buf.c */
/* Plan, allocate (under bufresize) and publish the per-CPU buffers; done
 * at load time, before programs are generated (they use the state map). */
int dt_buf_create(dtrace_hdl_t *dtp);
void dt_buf_free(dtrace_hdl_t *dtp);
int dt_buf_policy(dtrace_hdl_t *dtp);
int dt_buf_state_fd(dtrace_hdl_t *dtp);
uint64_t dt_buf_size(dtrace_hdl_t *dtp);	/* effective bufsize */
uint64_t dt_buf_endreserve(dtrace_hdl_t *dtp);	/* fill: bytes kept for END */
/* switch: wait up to ms for a buffer to pass its watermark */
int dt_buf_poll(dtrace_hdl_t *dtp, int ms);
/* switch: read every CPU's buffer, in CPU order */
void dt_buf_consume(dtrace_hdl_t *dtp);
/* fill and ring, once tracing has stopped and END has run: every CPU's
 * records, BEGIN's CPU first and END's last, as DTrace orders them */
void dt_buf_drain(dtrace_hdl_t *dtp);
/* fill: has a CPU's buffer filled?  Checked at statusrate. */
int dt_buf_filled(dtrace_hdl_t *dtp, uint64_t now);
/* bytes of the internal ERROR record (cg_prog.c's error stub) */
#define DT_BUF_ERRREC	48
/* bytes a record with this EPID takes in the principal buffer */
uint32_t dt_buf_recsize(dtrace_hdl_t *dtp, uint32_t epid, uint32_t raw);

/* cg_buf.c */
struct dt_cg;
/* Does the clause write a record? */
int dt_cg_stmt_records(dtrace_hdl_t *dtp, const struct dt_stmt *st);
/* Emitted before a recording clause's predicate: the policy's checks;
 * jumps to skip (the clause's end) when the clause must not run.  Returns
 * 1 when the record can never fit: the jump is then unconditional and the
 * caller must not generate the clause (the verifier refuses dead code). */
int dt_cg_buf_clause(struct dt_cg *cg, uint32_t size, int skip);
/* Emitted before a record of size bytes is output: the policy's checks;
 * jumps to skip when the record must not be written.  Returns 1, like
 * dt_cg_buf_clause, when it never can be. */
int dt_cg_buf_reserve(struct dt_cg *cg, uint32_t size, int skip);
/* Emitted right after the output helper (R0 its result). */
void dt_cg_buf_written(struct dt_cg *cg, uint32_t size, int skip);
/* Emitted at the start of BEGIN's and END's programs: record the CPU. */
void dt_cg_buf_fired(struct dt_cg *cg);

/* consume.c: one record, as the consumer prints it */
void dt_consume_rec(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size);

#endif
