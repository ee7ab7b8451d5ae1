/*
 * parse.h - public interface of the D parser.
 *
 * Owned by the front end.  dt_parse() turns the text of a whole D program
 * (after the optional cpp pass) into the syntax tree of ast.h, performing
 * $macro substitution on the way; it knows no types beyond the names it is
 * told are type names (built-in D typedefs, the program's own typedefs and
 * whatever the caller registers here), which it needs to tell casts and
 * declarations from expressions and probe descriptions.
 */
#ifndef DT_PARSE_H
#define DT_PARSE_H

#include "ast.h"
#include "base/macros.h"

struct dt_perr {
	int line;		/* 1-based source line of the error */
	char msg[512];		/* message without any "dtrace: ..." prefix */
};

/*
 * Parse a whole D program.  Returns NULL and fills *err on the first
 * error.  m may be NULL (no macro arguments; $target etc. are 0).
 * The program must be freed with dt_ast_prog_free().
 */
struct ast_prog *dt_parse(const char *src, const struct dt_macros *m,
    struct dt_perr *err);

/*
 * Type names known to the parser besides the D built-ins (int8_t ...
 * zoneid_t) and the program's own typedefs.  These settings are global
 * (not thread-safe) and persist across dt_parse() calls.
 *
 * dt_parse_add_typename() registers one name (returns 0, -1 on ENOMEM);
 * dt_parse_set_typename_lookup() installs a callback asked about any other
 * identifier whose "type-ness" matters (returns nonzero for a type name),
 * e.g. to consult kernel BTF typedefs; NULL removes it.
 * dt_parse_reset_typenames() forgets registered names and the callback.
 */
int dt_parse_add_typename(const char *name);
void dt_parse_set_typename_lookup(int (*fn)(void *arg, const char *name),
    void *arg);
void dt_parse_reset_typenames(void);

/* 1 if name is currently a type name for the parser (built-in or
 * registered or accepted by the lookup callback). */
int dt_parse_is_typename(const char *name);

#endif /* DT_PARSE_H */
