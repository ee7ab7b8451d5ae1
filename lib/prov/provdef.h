/*
 * provdef.h - provider definitions: what `provider NAME { probe ... };`
 * items of programs and D libraries say about a provider's probes.
 *
 * A USDT probe's note carries no types, so, as DTrace does with a
 * provider's DOF, the argument types come from the provider's definition:
 * each probe's native argument types, its translated (output) types, and
 * which native argument each translated one is (the mapping: output
 * arguments name input ones).  sema fills the store (sema/provdef.c) and
 * types args[] from it; the listing (-lv) prints the translated types.
 * The store lives in prov/ so providers may consult it too.
 */
#ifndef DT_PROVDEF_H
#define DT_PROVDEF_H

#include "base/handle.h"

struct dt_probe;
struct dt_type;

#define DT_PD_MAXARGS	255	/* as DTrace: a uint8_t count */

struct dt_pdprobe {
	char *name;			/* as listed: request-start */
	int line;
	int nargc, xargc;		/* input and output argument counts */
	const char **nargv;		/* native types ("httpd_request_t *") */
	const char **nnames;		/* their names (NULL if anonymous) */
	const char **xargv;		/* translated types; = nargv if the
					   probe has no output prototype */
	int *map;			/* output i is native map[i] */
	struct dt_type **ntypes, **xtypes;	/* the types themselves (sema) */
	int xlated;			/* it had ": ( ... )" */
	struct dt_pdprobe *next;
};

struct dt_provdef {
	char *name;
	const char *libtag;		/* the library file, NULL: a program */
	struct dt_pdprobe *probes;	/* in declaration order */
	struct dt_provdef *next;
};

struct dt_provdefs {
	struct dt_provdef *list;
	/* compile the D libraries that define provider name (set by sema;
	 * 1 if one was compiled now) */
	int (*need)(dtrace_hdl_t *dtp, const char *name);
};

/* set the store's need hook (dtrace_open) */
void dt_provdef_set_need(dtrace_hdl_t *dtp, int (*need)(dtrace_hdl_t *, const char *));
/* the definition of provider name, NULL if none (a D library's is
 * compiled first if need is set) */
struct dt_provdef *dt_provdef_lookup(dtrace_hdl_t *dtp, const char *name);
/* a new, empty definition (the caller checks for an earlier one) */
struct dt_provdef *dt_provdef_add(dtrace_hdl_t *dtp, const char *name);
/* probe name of d ("request-start" or "request__start"), NULL if none */
struct dt_pdprobe *dt_provdef_probe(const struct dt_provdef *d, const char *name);
/* a new probe of d with room for its arguments; name's "__" become "-" */
struct dt_pdprobe *dt_provdef_add_probe(dtrace_hdl_t *dtp, struct dt_provdef *d,
    const char *name, int nargc, int xargc);
/* Map output argument names to input arguments: an output argument named
 * like an input one is that one, an unnamed or unmatched one is the input
 * of its own position.  -1 (and the output index in *bad) if one is past
 * the inputs. */
int dt_provdef_map(struct dt_pdprobe *pp, const char *const *xnames, int *bad);
/* The name a provider definition gives the provider of p: the
 * provider's defname hook, else its name without a process id suffix
 * (myserv1234 -> myserv). */
const char *dt_provdef_name(const struct dt_probe *p, char *buf, size_t len);
/* the definition's probe for p (provider and name), NULL if none */
const struct dt_pdprobe *dt_provdef_for(dtrace_hdl_t *dtp, const struct dt_probe *p);

#endif
