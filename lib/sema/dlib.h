/*
 * dlib.h - D library files: the library path, loading, depends_on.
 */
#ifndef DT_DLIB_H
#define DT_DLIB_H

#include <stddef.h>
#include "base/handle.h"

struct ast_pragma;

/* Load every library once, at the first compile: declarations only
 * (types, inlines, translators).  -1 with the error in dtp->errmsg. */
int dt_dlib_load(dtrace_hdl_t *dtp);
/* #pragma D depends_on CLASS NAME: 0 if satisfied, else -1 with dtrace's
 * message in msg (the caller reports it as a D_PRAGMA_DEPEND error, which
 * skips a library rather than failing the load). */
int dt_dlib_depends(dtrace_hdl_t *dtp, const struct ast_pragma *p, char *msg,
    size_t len);

#endif
