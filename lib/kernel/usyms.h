/*
 * usyms.h - user addresses to symbols (process mappings + ELF symbol
 * tables, cached per object).
 */
#ifndef DT_USYMS_H
#define DT_USYMS_H

#include <stdint.h>

/*
 * Where pc of process pid is: *mod the base name of the object mapped
 * there (NULL: no mapping holds pc), *name the function holding it and
 * *off pc's offset in it (name NULL: none; off is then pc).  A PC no
 * file mapping holds may be JIT code named by /tmp/perf-PID.map
 * (kernel/perfmap.c): *mod NULL, *name that name.  Strings live until
 * dt_usym_free.  Returns 0 when a function was found, else -1.
 */
int dt_usym_addr(int pid, uint64_t pc, const char **mod, const char **name, uint64_t *off);
/* where the object holding pc is mapped first in process pid (its
 * lowest mapping's start: what stands for it as a umod() key), 0 if no
 * mapping holds pc */
uint64_t dt_usym_modbase(int pid, uint64_t pc);
/* pid's mappings read now, if they were not (it may soon exit) */
void dt_usym_seen(int pid);
/* a process about to exit: its mappings and objects read now */
void dt_usym_grab(int pid);
/* fn for each of pid's file mappings as last read (start, end, file
 * offset, device, inode, path); returns how many, -1 if none are known */
typedef void dt_usym_map_f(void *arg, uint64_t start, uint64_t end, uint64_t off,
    uint64_t dev, uint64_t ino, const char *path);
int dt_usym_maps(int pid, dt_usym_map_f *fn, void *arg);

/*
 * The pid provider's view of a process.  dt_usym_objects reads pid's
 * mappings now and calls fn once per mapped object (file), in address
 * order: obj names it for the functions below (valid until
 * dt_usym_free), path is where it is mapped from, aout is 1 for the
 * process's executable.  fn returns non-zero to stop.  Returns how many
 * objects were seen, -1 if the process's mappings cannot be read.
 */
typedef int dt_usym_obj_f(void *arg, int obj, const char *path, int aout);
int dt_usym_objects(int pid, dt_usym_obj_f *fn, void *arg);
/* fn for each function of obj with a size (from .symtab, else .dynsym,
 * with its debug file's): with aliases 0 once per address, under the
 * name dt_usym_addr prints; with aliases 1 once per name.  vaddr is as
 * in the symbol table.  fn returns non-zero to stop. */
typedef int dt_usym_func_f(void *arg, const char *name, uint64_t vaddr, uint64_t size);
int dt_usym_functions(int obj, int aliases, dt_usym_func_f *fn, void *arg);
/* the file offset of obj's address vaddr (through its PT_LOAD
 * segments); -1 if no segment holds it */
int dt_usym_fileoff(int obj, uint64_t vaddr, uint64_t *off);
/* the path obj was first read from */
const char *dt_usym_objpath(int obj);
void dt_usym_free(void);

#endif
