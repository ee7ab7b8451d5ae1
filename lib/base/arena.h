/*
 * arena.h - arenas: zeroed allocations released all at once (arena.c).
 */
#ifndef DT_ARENA_H
#define DT_ARENA_H

#include <setjmp.h>
#include <stddef.h>

struct dt_arena;

struct dt_arena *dt_arena_new(void);
void dt_arena_free(struct dt_arena *a);
/* where a failed allocation longjmp()s to (NULL: abort) */
void dt_arena_set_oom(struct dt_arena *a, jmp_buf *jb);
void *dt_arena_alloc(struct dt_arena *a, size_t size);
char *dt_arena_strndup(struct dt_arena *a, const char *s, size_t n);

#endif
