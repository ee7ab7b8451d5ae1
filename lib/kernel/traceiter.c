/*
 * traceiter.c - where the kernel's tracepoint iterators are, from
 * /proc/kallsyms.
 *
 * A tracepoint with one callback calls it directly (a static call); with
 * several, it calls __traceiter_EVENT, which calls each in turn, so the
 * kernel stack a probe sees has one frame more.  Stack built-ins skip
 * that frame if its address is in the iterator (cg/subr.c).  The symbols
 * are read once per process, on first use, which costs tens of
 * milliseconds, and kept until a handle is closed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "traceiter.h"

#define PREFIX "__traceiter_"

static struct iter {
	char *event;
	uint64_t lo, hi;
} *iters;
static int niters, loaded;

static void load(void)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[512], name[256];
	unsigned long long addr;
	char kind;
	int cap = 0, open = -1;		/* the entry whose end is the next symbol */

	loaded = 1;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &addr, &kind, name) != 3)
			continue;
		if (open >= 0) {
			iters[open].hi = addr;
			open = -1;
		}
		if (strncmp(name, PREFIX, sizeof(PREFIX) - 1) || addr == 0)
			continue;
		if (niters == cap) {
			int ncap = cap ? 2 * cap : 2048;
			struct iter *n = realloc(iters, (size_t)ncap * sizeof(*n));
			if (!n)
				break;
			iters = n;
			cap = ncap;
		}
		iters[niters].event = strdup(name + sizeof(PREFIX) - 1);
		if (!iters[niters].event)
			break;
		iters[niters].lo = addr;
		iters[niters].hi = addr;
		open = niters++;
	}
	fclose(f);
}

int dt_traceiter_range(const char *event, uint64_t *lo, uint64_t *hi)
{
	if (!loaded)
		load();
	for (int i = 0; i < niters; i++) {
		if (strcmp(iters[i].event, event) || iters[i].hi <= iters[i].lo)
			continue;
		*lo = iters[i].lo;
		*hi = iters[i].hi;
		return 0;
	}
	return -1;
}

void dt_traceiter_free(void)
{
	for (int i = 0; i < niters; i++)
		free(iters[i].event);
	free(iters);
	iters = NULL;
	niters = loaded = 0;
}
