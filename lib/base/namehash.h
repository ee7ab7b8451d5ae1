/*
 * namehash.h - a map from names to pointers (namehash.c): the compiler's
 * indexes of what a name means (globals, dynamic variables, aggregations,
 * inlines) and the probe table's index by function, so that looking a
 * name up costs the same however many names a program declares.
 */
#ifndef DT_NAMEHASH_H
#define DT_NAMEHASH_H

#include <stdint.h>

struct dt_nhent;

/* zeroed: an empty map */
struct dt_namehash {
	struct dt_nhent **b;		/* buckets (a power of two) */
	uint32_t nb, n;
};

/* The value of name, or NULL. */
void *dt_namehash_get(const struct dt_namehash *h, const char *name);
/* name to val (replacing name's value if it has one); name is not
 * copied: it must live as long as the map.  0, or -1 out of memory. */
int dt_namehash_put(struct dt_namehash *h, const char *name, void *val);
void dt_namehash_free(struct dt_namehash *h);
/* The string hash the map uses (FNV-1a). */
uint32_t dt_namehash_str(const char *s);

/* For tests: names compared so far by every map of the process (a
 * lookup compares the names in one bucket, about one). */
extern unsigned long dt_namehash_cmps;

#endif
