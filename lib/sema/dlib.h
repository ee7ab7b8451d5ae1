/*
 * dlib.h - D library files: the library path, loading (only what a
 * program uses), depends_on.
 */
#ifndef DT_DLIB_H
#define DT_DLIB_H

#include <stddef.h>
#include "base/handle.h"

struct ast_pragma;
struct sema;

/* At the first compile: read and parse every library, in dependency
 * order, and index the names each defines.  -1 with the error in
 * dtp->errmsg (a syntax error, a bad or cyclic library dependency). */
int dt_dlib_load(dtrace_hdl_t *dtp);
/* Compile the libraries that define name (inline, typedef, variable,
 * tag, enumerator, translator output type), after the libraries they
 * depend on, if not done yet: 1 if one was compiled now (look name up
 * again), 0 if none, -1 on an error in one (its message in dtp->errmsg). */
int dt_dlib_need(dtrace_hdl_t *dtp, const char *name);
/* dt_dlib_need for the base name of a type as a provider spells it
 * ("psinfo_t *", "struct conninfo *"). */
int dt_dlib_need_type(dtrace_hdl_t *dtp, const char *tname);
/* dt_dlib_need in the semantic pass: an error in the library stops the
 * pass (its error is the compile's). */
int dt_sema_need(struct sema *s, const char *name);
int dt_sema_need_type(struct sema *s, const char *tname);
/* Compile the D libraries that define provider prov (provider prov {
 * ... }), reading the libraries first if no compile has: as
 * dt_dlib_need.  The provider definitions' need hook (prov/provdef.h). */
int dt_dlib_provdef_need(dtrace_hdl_t *dtp, const char *prov);
/* -1 with its error in dtp->errmsg if a library failed to compile (in
 * this compile or an earlier one), else 0. */
int dt_dlib_failed(dtrace_hdl_t *dtp);
/* #pragma D depends_on CLASS NAME: 0 if satisfied, else -1 with dtrace's
 * message in msg (the caller reports it as a D_PRAGMA_DEPEND error, which
 * skips a library rather than failing the load). */
int dt_dlib_depends(dtrace_hdl_t *dtp, const struct ast_pragma *p, char *msg,
    size_t len);

#endif
