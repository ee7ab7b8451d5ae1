/*
 * dynevents.h - the dynamic events tracefs lists (dynevents.c).
 */
#ifndef DT_DYNEVENTS_H
#define DT_DYNEVENTS_H

#include <stddef.h>

/* GROUP/EVENT of every dynamic event, sorted */
struct dt_dynevents {
	char **v;
	size_t n;
};

/* Parse text with dynamic_events' lines ("p:GROUP/EVENT ...", "r10:...",
 * "e:...", "s:synthetic/EVENT ...") into *d (empty on NULL); 0, or -1
 * out of memory (*d empty). */
int dt_dynevents_parse(const char *text, struct dt_dynevents *d);

/* Read them from tracefs beside dt_tp_root()'s events directory:
 * dynamic_events, else (a kernel without it) uprobe_events and
 * kprobe_events.  None readable is an empty set.  0, or -1 out of
 * memory. */
int dt_dynevents_read(struct dt_dynevents *d);

/* Is cat/event one of them (a dynamic event, not a kernel tracepoint)? */
int dt_dynevents_has(const struct dt_dynevents *d, const char *cat, const char *event);

void dt_dynevents_free(struct dt_dynevents *d);

#endif
