/*
 * perfmap.h - names of JIT code from /tmp/perf-PID.map files (the
 * perf map convention of Node's --perf-basic-prof, the JVM's perf map
 * agents, python3.12's -X perf).
 */
#ifndef DT_PERFMAP_H
#define DT_PERFMAP_H

#include <stdint.h>

/*
 * The perf map entry of process pid holding pc: *name its name (lives
 * until dt_perfmap_free) and *off pc's offset in it.  Returns 0, or -1
 * (no map file, or no entry holds pc) leaving *name and *off alone.
 */
int dt_perfmap_addr(int pid, uint64_t pc, const char **name, uint64_t *off);
void dt_perfmap_free(void);

#endif
