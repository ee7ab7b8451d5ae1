/*
 * consume.h - the consumer: records read from the buffers, decoded by
 * EPID and handed to the output, aggregation snapshots, speculations,
 * the actions the consumer carries out, drops and faults.
 */
#ifndef DT_CONSUME_H
#define DT_CONSUME_H

#include <stdint.h>
#include <stdio.h>
#include "base/handle.h"

struct dt_action;
struct dt_ecb;
struct dt_agg;

/* consume.c */
/* tracing is about to start (the rings exist: rt/buf.c) */
int dt_consume_open(dtrace_hdl_t *dtp);
void dt_consume_close(dtrace_hdl_t *dtp);
/* switch: read what the buffers hold; fill and ring wait for the end */
int dt_consume(dtrace_hdl_t *dtp);
/* after END: the last records, whatever the policy */
int dt_consume_final(dtrace_hdl_t *dtp);
/* one record, from CPU cpu */
void dt_consume_rec(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size);
/* one record already whole (a held speculative one: its strings are
 * back in place) */
void dt_consume_whole(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size);
struct dt_stmt;
/* strtail.c: whole (st->recsize bytes) = record d (size bytes) of
 * clause st with its strings back at their offsets; -1 if st packs none
 * or d is too short */
int dt_strtail_expand(const struct dt_stmt *st, const uint8_t *d, uint32_t size,
    uint8_t *whole);
/* the printf() of record d, action a, to out */
void dt_consume_printf(FILE *out, const uint8_t *d, const struct dt_action *a);
/* an error on enabled probe e that is not a fault (freopen() failed):
 * "error on enabled probe ID ...: why", to the output */
void dt_consume_error(dtrace_hdl_t *dtp, const struct dt_ecb *e, const char *why);
/* drops of a kind (on cpu, -1 if not per CPU) counted up to now, *seen
 * reported so far: the new ones, as dtrace says it ("N whats on CPU M",
 * "[DTRACEDROP_...] N whats on CPU M" with -x droptags), to the output */
void dt_consume_drops(dtrace_hdl_t *dtp, dtrace_dropkind_t kind, int cpu, uint64_t *seen,
    uint64_t now, const char *what, const char *why);
/* the globals' state, reporting new dynamic variable drops and faults in
 * ERROR clauses (and, at their rates, speculation and aggregation
 * drops); 0, or -1 if it cannot be read */
int dt_consume_state(dtrace_hdl_t *dtp, uint64_t *state, uint64_t *status);

/* stack.c */
/* the n PCs at pcs (up to the first 0) as frame texts into *s; freed by
 * dt_stack_free */
void dt_stack_make(dtrace_hdl_t *dtp, const uint64_t *pcs, uint32_t n, dtrace_stack_t *s);
void dt_stack_free(dtrace_stack_t *s);

/* aggstack.c: an aggregation snapshot's stack keys, for the outputs that
 * rearrange frames (out/stacktree.c) */
enum { DT_STACKK_NONE, DT_STACKK_KERNEL, DT_STACKK_USER };
/* what key k is: DT_STACKK_KERNEL (stack()), _USER (ustack()) or _NONE */
int dt_aggdata_stackkind(const dtrace_aggdata_t *ad, int k);
/* the frames of stack key k in row r as dtrace prints them, innermost
 * first, into *s (freed by dt_stack_free); 0, or -1 if k is not a stack
 * key or memory ran out */
int dt_aggdata_frames(const dtrace_aggdata_t *ad, size_t r, int k, dtrace_stack_t *s);

/* buf.c */
/* switch: wait up to ms for a buffer to pass its watermark */
int dt_buf_poll(dtrace_hdl_t *dtp, int ms);
/* switch: read every CPU's buffer, in CPU order */
void dt_buf_consume(dtrace_hdl_t *dtp);
/* fill and ring, once tracing has stopped and END has run: every CPU's
 * records, BEGIN's CPU first and END's last, as DTrace orders them */
void dt_buf_drain(dtrace_hdl_t *dtp);
/* fill: has a CPU's buffer filled?  Checked at statusrate. */
int dt_buf_filled(dtrace_hdl_t *dtp, uint64_t now);

/* spec.c */
/* a record read from the buffers: 1 if it was speculative or a control
 * record (kept, printed or freed here), 0 to print it as usual */
int dt_spec_take(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, uint32_t size);
/* after every pass over all buffers */
void dt_spec_pass(dtrace_hdl_t *dtp);
/* report new drops and failed speculations (at statusrate unless force) */
void dt_spec_status(dtrace_hdl_t *dtp, int force);
/* at the end: committed records still waiting are printed */
void dt_spec_finish(dtrace_hdl_t *dtp);
void dt_spec_free(dtrace_hdl_t *dtp);

/* agg.c */
/* an aggregation action's record (n: trunc/normalize's operand) */
void dt_agg_action(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd,
    const struct dt_action *act, int have_n, int64_t n);
/* report new aggregation drops, per CPU (at most once per aggrate unless
 * force) */
void dt_agg_drops(dtrace_hdl_t *dtp, int force);
/* report the fires of tick-N probes lost since the last report, one line
 * a probe (at most once per statusrate unless force; lost.c) */
void dt_consume_lost(dtrace_hdl_t *dtp, int force);
/* fn(snapshot, arg) for every aggregation, printed or not, in order of
 * introduction (the end's flame graph: out/flamegraph.c); the first
 * nonzero fn result, or -1 if a snapshot failed */
int dt_agg_each(dtrace_hdl_t *dtp, int (*fn)(const dtrace_aggdata_t *ad, void *arg),
    void *arg);

/* outact.c: tracemem(), print(), freopen(), ftruncate() */
void dt_outact_consume(dtrace_hdl_t *dtp, const struct dt_ecb *e,
    const dtrace_probedata_t *pd, const uint8_t *d, const struct dt_action *a);
/* output goes to out (what freopen("") restores), or to the file an
 * earlier freopen() opened */
void dt_outact_set_out(dtrace_hdl_t *dtp, FILE *out);
/* close a freopen()ed file */
void dt_outact_close(dtrace_hdl_t *dtp);

/* flow.c: -F: the record with this EPID is an entry, a return or
 * neither (DTRACE_FLOW_*), at this depth (in columns) */
void dt_flow(dtrace_hdl_t *dtp, uint32_t epid, int *flow, int *indent);

/* setopt.c: a setopt() record of enabling e arrived: set the option, or
 * report why not as dtrace does */
void dt_setopt_record(dtrace_hdl_t *dtp, const struct dt_ecb *e, const uint8_t *rec,
    const struct dt_action *a);

/* destr.c: system(): the command of action a of record d, formatted as
 * printf() formats, run by the shell after the output so far is flushed */
void dt_destr_system(dtrace_hdl_t *dtp, const uint8_t *d,
    const struct dt_action *a);

/* usym.c: a ustack() record (action a of record d), symbolized from its
 * process's mappings (read when its pid is first seen) and printed */
void dt_usym_record(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, const uint8_t *d,
    const struct dt_action *a);
/* uunwind.c: the user stack of a ustackmode=dwarf record's second field
 * (w, size bytes: registers, window) of process pid unwound from DWARF
 * CFI into pcs[0..max); returns the frames found (0: none) */
int dt_uunwind(int pid, const uint8_t *w, uint32_t size, uint64_t *pcs, int max);
void dt_uunwind_free(void);
/* a record written only up to the end of its stack window's bytes
 * (cg/ustack.c) made whole: a malloc'd copy of st->recsize bytes, the
 * rest zero; NULL if it is not such a record */
uint8_t *dt_uunwind_pad(const struct dt_stmt *st, const uint8_t *d, uint32_t size);
/* uagg.c: a DT_ACT_UAGG record (action a of record d, from cpu): its
 * user stack unwound and its value folded into the aggregation's map */
void dt_uagg_fold(dtrace_hdl_t *dtp, int cpu, const uint8_t *d, const struct dt_action *a);
/* a user PC at or above this (the top of x86-64's 47-bit user address
 * space) ends a stack: the frame-pointer walk read a non-pointer as a
 * frame (code without frame pointers) */
#define DT_USER_TOP 0x0000800000000000ULL
/* uframes.c: the text of user PC pc of process pid as a frame prints
 * (module`func+0xoff, module`0xpc, 0xpc) */
void dt_uframe(int pid, uint64_t pc, char *buf, size_t len);
/* stack.c: pid's n PCs (innermost first, ending at a zero one) as a user
 * stack's frames, until dt_stack_free */
void dt_ustack_make(dtrace_hdl_t *dtp, int pid, const void *pcs, uint32_t n, dtrace_stack_t *s);
/* ... given to the formatter's stack hook (a ustack() record) */
int dt_ustack_out(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, int pid, const void *pcs,
    uint32_t n);
/* upid.c: the processes the programs announce (cg/upid.c) read as
 * they come: the ring's reader joins the buffers' epoll set with
 * DT_UPID_EVENT; dt_upid_read reads what it holds */
#define DT_UPID_EVENT 0xfffffff0u
void dt_upid_open(dtrace_hdl_t *dtp);
/* buf.c: the providers' poll descriptors (prov.h pollfd) join the
 * buffers' epoll set with DT_PROV_EVENT, once tracing has started: a
 * provider with work for its poll hook wakes the consumer at once */
#define DT_PROV_EVENT 0xfffffff1u
void dt_buf_provwake(dtrace_hdl_t *dtp);
void dt_upid_read(dtrace_hdl_t *dtp);
void dt_upid_free(dtrace_hdl_t *dtp);
/* aggregation a's ustack() keys printed symbolized (their render) */
struct dt_agg;
void dt_usym_keys(dtrace_hdl_t *dtp, struct dt_agg *a);

#endif
