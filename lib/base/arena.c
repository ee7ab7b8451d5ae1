/*
 * arena.c - arenas: zeroed allocations released all at once.
 *
 * The syntax tree of a program lives in one (front/), and so does what
 * sema builds for the handle (IR nodes, compiled clauses, their record
 * layouts), so a compile error that unwinds part-way through leaks
 * nothing and dtrace_close frees it all in one call.  An allocation that
 * fails longjmp()s to the buffer set with dt_arena_set_oom() (value 1),
 * or aborts if none is set.
 */
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"

#define ARENA_BLOCK	(32 * 1024)
#define ARENA_ALIGN	(alignof(max_align_t))

struct arena_block {
	struct arena_block *next;
	size_t size;
	size_t used;
	max_align_t data[];
};

struct dt_arena {
	struct arena_block *head;
	jmp_buf *oom;
};

struct dt_arena *
dt_arena_new(void)
{
	return calloc(1, sizeof(struct dt_arena));
}

void
dt_arena_free(struct dt_arena *a)
{
	struct arena_block *b, *n;

	if (a == NULL)
		return;
	for (b = a->head; b != NULL; b = n) {
		n = b->next;
		free(b);
	}
	free(a);
}

void
dt_arena_set_oom(struct dt_arena *a, jmp_buf *jb)
{
	a->oom = jb;
}

static void
arena_oom(struct dt_arena *a)
{
	if (a->oom != NULL)
		longjmp(*a->oom, 1);
	abort();
}

void *
dt_arena_alloc(struct dt_arena *a, size_t size)
{
	struct arena_block *b = a->head;
	size_t need;
	void *p;

	if (size > SIZE_MAX / 2)
		arena_oom(a);
	need = (size + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
	if (need == 0)
		need = ARENA_ALIGN;

	if (b == NULL || b->size - b->used < need) {
		size_t bsize = need > ARENA_BLOCK / 4 ? need : ARENA_BLOCK;

		b = malloc(sizeof(*b) + bsize);
		if (b == NULL)
			arena_oom(a);
		b->size = bsize;
		b->used = 0;
		if (bsize != ARENA_BLOCK && a->head != NULL) {
			/* big one-off block: keep the current one in front */
			b->next = a->head->next;
			a->head->next = b;
		} else {
			b->next = a->head;
			a->head = b;
		}
	}
	p = (char *)b->data + b->used;
	b->used += need;
	memset(p, 0, size);
	return p;
}

char *
dt_arena_strndup(struct dt_arena *a, const char *s, size_t n)
{
	char *p = dt_arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

