/*
 * execwatch.h - notice the processes that exec or are forked while
 * tracing (execwatch.c), for a provider that must find probes in
 * processes started after dtrace (the usdt provider's glob enablings,
 * prov/usdt.c).
 *
 * Raw-tracepoint programs on sched_process_exec and sched_process_fork
 * write the new image's or the new process's ID into a BPF ring buffer
 * (new threads are left out), and a uprobe program on the dynamic
 * linker's _dl_debug_state the ID of a process that has mapped or
 * unmapped libraries; the consumer reads the ring at its
 * wake-ups (the provider's poll hook).  Nothing is loaded until a
 * provider opens a watch: scripts that need none pay nothing.
 */
#ifndef DT_EXECWATCH_H
#define DT_EXECWATCH_H

#include "prov.h"

struct dt_execwatch;

/* Open a watch (its ring and its programs' links are file descriptors:
 * they go however dtrace exits): of every process (npids 0: execs, forks
 * and libraries), or of the libraries of the npids processes pids only
 * (at most 64: more watch every process).  NULL with the error set if
 * the kernel refuses. */
struct dt_execwatch *dt_execwatch_open(dtrace_hdl_t *dtp, const int *pids, int npids);
/* what a process did (DT_WATCH_DL: it has mapped its libraries at
 * start, or dlopen'd or dlclose'd one) */
enum { DT_WATCH_EXEC, DT_WATCH_FORK, DT_WATCH_DL };
/* fn(dtp, pid, what, arg) for each process that exec'd or was forked
 * since the last read, in the order they did; how many */
typedef void dt_execwatch_f(dtrace_hdl_t *dtp, int pid, int what, void *arg);
int dt_execwatch_read(dtrace_hdl_t *dtp, struct dt_execwatch *w, dt_execwatch_f *fn, void *arg);
/* the dynamic linker whose _dl_debug_state is watched (its path), NULL
 * if none is */
const char *dt_execwatch_rtld(const struct dt_execwatch *w);
/* a file descriptor that is readable when the ring holds announcements */
int dt_execwatch_fd(const struct dt_execwatch *w);
/* Close the program's link and the ring, and free w; NULL is fine. */
void dt_execwatch_close(struct dt_execwatch *w);

#endif
