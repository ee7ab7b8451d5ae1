/*
 * setopt.c - the setopt() action's arguments: setopt("name") and
 * setopt("name", "value") set a DTrace option while tracing.
 *
 * Compile time: the arguments are D strings (the prototype is void(const
 * char *, [const char *])); each becomes a string field of the record.
 * Run time is consume/setopt.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sema_int.h"

void dt_sema_setopt(struct sema *s, struct dt_node *n, struct dt_action *a)
{
	a->kind = DT_ACT_SETOPT;
	for (int i = 0; i < n->nargs; i++) {
		struct dt_type *t = n->args[i]->type;
		if (t->kind != DT_TK_STRING)
			dt_sema_err(s, D_PROTO_ARG, n->line, "setopt( ) argument #%d is incompatible with prototype:\n"
			    "\tprototype: const char *\n\t argument: %s", i + 1, t->name ? t->name : "?");
		dt_sema_strfield(s, a);
	}
}
