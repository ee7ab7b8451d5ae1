/*
 * parse.h - public interface of the D parser.
 *
 * Owned by the front end.  dt_parse() turns the text of a whole D program
 * (after the optional cpp pass) into the syntax tree of ast.h, performing
 * $macro substitution on the way; it knows no types beyond the names it is
 * told are type names (built-in D typedefs, the program's own typedefs and
 * whatever the caller registers here), which it needs to tell casts and
 * declarations from expressions and probe descriptions.  Those names are
 * kept in a struct dt_parse_state that the caller creates and passes in
 * (one per libdtrace handle).
 */
#ifndef DT_PARSE_H
#define DT_PARSE_H

#include "ast.h"
#include "base/macros.h"
#include "base/errtags.h"

struct dt_perr {
	int line;		/* 1-based source line of the error */
	char msg[512];		/* message without any "dtrace: ..." prefix */
	enum dt_errtag tag;	/* its kind, as dtrace tags it */
};

/*
 * The parser's per-handle state: the type names known besides the D
 * built-ins (int8_t ... zoneid_t) and the program's own typedefs.  Each
 * libdtrace handle owns one, so handles never share type names; the
 * front end keeps no other mutable state.
 *
 * dt_parse_state_new() creates an empty state (NULL on ENOMEM) whose
 * lookup callback, if not NULL, is asked about any other identifier whose
 * "type-ness" matters (it returns nonzero for a type name), e.g. to
 * consult kernel BTF typedefs; arg is passed to it.
 * dt_parse_state_free() frees a state and every name registered in it
 * (NULL is ignored).
 * dt_parse_add_typename() registers one name (returns 0, -1 on ENOMEM);
 * registered names persist across dt_parse() calls with the state.
 * dt_parse_is_typename() is 1 if name is currently a type name for the
 * parser (built-in, registered or accepted by the lookup callback).
 */
struct dt_parse_state;

struct dt_parse_state *dt_parse_state_new(
    int (*lookup)(void *arg, const char *name), void *arg);
void dt_parse_state_free(struct dt_parse_state *ps);
int dt_parse_add_typename(struct dt_parse_state *ps, const char *name);
int dt_parse_is_typename(const struct dt_parse_state *ps, const char *name);

/*
 * Parse a whole D program with the type names of ps.  Returns NULL and
 * fills *err on the first error.  m may be NULL (no macro arguments;
 * $target etc. are 0).  The program must be freed with dt_ast_prog_free().
 */
struct ast_prog *dt_parse(const struct dt_parse_state *ps, const char *src,
    const struct dt_macros *m, struct dt_perr *err);

#endif /* DT_PARSE_H */
