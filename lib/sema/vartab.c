/*
 * vartab.c - dtrace -S's variable table of a clause.
 *
 * DTrace's -S prints, for every piece of DIF it compiles, the
 * instructions and then the variables the code refers to: name, DIF
 * variable id, kind (scl: scalar, arr: associative array), scope (glb:
 * global, tls: thread-local self->, loc: clause-local this->), flags (r:
 * read, w: written) and type, the type as "D type (KIND) (size N)" or,
 * for what is passed by reference (strings, structs, unions, arrays),
 * "... by ref (size N)".  Here a clause compiles to BPF inside its
 * probes' programs (rt/load.c prints those), so this file prints, for
 * each clause, its heading and that table, with DTrace's columns and
 * DTrace's numbering: each scope's user variables from 0x500
 * (DIF_VAR_OTHER_UBASE) in order of first listing, globals and
 * associative arrays sharing one count.  Built-in variables and
 * aggregations, which DTrace leaves out, are left out.
 */
#include <string.h>
#include "vartab.h"
#include "node.h"
#include "program.h"

#define DIF_VAR_OTHER_UBASE 0x500

enum { SC_GLB, SC_TLS, SC_LOC };
#define F_READ 1
#define F_WRITE 2

/* the variables one clause uses, in order of first use */
struct vref {
	const void *v;			/* struct dt_gvar or struct dt_dvar */
	const char *name;
	const struct dt_type *type;
	int scope, array, flags;
	uint32_t *id;
};
struct vtab {
	struct vref r[256];
	int n;
};

static void note(struct vtab *t, const void *v, const char *name, const struct dt_type *type,
    int scope, int array, uint32_t *id, int flags)
{
	for (int i = 0; i < t->n; i++)
		if (t->r[i].v == v) {
			t->r[i].flags |= flags;
			return;
		}
	if (t->n < (int)(sizeof(t->r) / sizeof(t->r[0])))
		t->r[t->n++] = (struct vref){ v, name, type, scope, array, flags, id };
}

static void note_gvar(struct vtab *t, struct dt_gvar *g, int flags)
{
	note(t, g, g->name, g->type, SC_GLB, 0, &g->difid, flags);
}

static void note_dvar(struct vtab *t, struct dt_dvar *d, int flags)
{
	int sc = d->kind == DT_DV_SELF ? SC_TLS : d->kind == DT_DV_THIS ? SC_LOC : SC_GLB;
	note(t, d, d->name, d->type, sc, d->nkeys > 0, &d->difid, flags);
}

static void walk(struct vtab *t, const struct dt_node *n);

/* the variable an lvalue names, with flags; its keys and indexes are read */
static void target(struct vtab *t, const struct dt_node *l, int flags)
{
	if (!l)
		return;
	switch (l->kind) {
	case DN_VAR:
		note_gvar(t, l->var, flags);
		return;
	case DN_DVAR:
		note_dvar(t, l->dvar, flags);
		for (int i = 0; i < l->nargs; i++)
			walk(t, l->args[i]);
		return;
	case DN_OBJ:
		if (l->var)
			note_gvar(t, l->var, flags);
		if (l->dvar)
			note_dvar(t, l->dvar, flags);
		for (int i = 0; i < l->nargs; i++)
			walk(t, l->args[i]);
		for (int i = 0; l->path && i < l->path->n; i++)
			walk(t, l->path->idx[i]);
		walk(t, l->l);
		return;
	default:
		walk(t, l);	/* *p = ...: the pointer is read */
	}
}

static void walk(struct vtab *t, const struct dt_node *n)
{
	/* statements are lists (next); in an expression only a ternary's
	 * (and an if's) x is a node: a comparison keeps its type there */
	for (; n; n = n->kind >= DN_S_EXPR ? n->next : NULL) {
		switch (n->kind) {
		case DN_ASSIGN:
			target(t, n->l, F_WRITE);
			walk(t, n->r);
			continue;
		case DN_INCDEC:
			target(t, n->l, F_READ | F_WRITE);
			continue;
		case DN_VAR:
		case DN_DVAR:
		case DN_OBJ:
			target(t, n, F_READ);
			continue;
		default:
			break;
		}
		walk(t, n->l);
		walk(t, n->r);
		if (n->kind == DN_TERNARY || n->kind == DN_S_IF)
			walk(t, n->x);
		for (int i = 0; i < n->nargs; i++)
			walk(t, n->args[i]);
		for (int i = 0; n->path && i < n->path->n; i++)
			walk(t, n->path->idx[i]);
	}
}

/* DTrace's dt_dis_typestr(): DIF type kind, CTF kind, by ref, size */
static void typestr(dtrace_hdl_t *dtp, const struct dt_type *ty, char *buf, size_t len)
{
	const char *ck = "integer";
	int byref = 0;
	uint64_t size = ty->size;
	switch (ty->kind) {
	case DT_TK_STRING:
		snprintf(buf, len, "string (unknown) by ref (size %llu)",
		    (unsigned long long)dtp->opt[DTOPT_STRSIZE]);
		return;
	case DT_TK_PTR: ck = "pointer"; size = 8; break;
	case DT_TK_ARRAY: ck = "array"; byref = 1; break;
	case DT_TK_STRUCT: ck = "struct"; byref = 1; break;
	case DT_TK_UNION: ck = "union"; byref = 1; break;
	case DT_TK_ENUM: ck = "enum"; break;
	case DT_TK_FLOAT: ck = "float"; break;
	case DT_TK_FUNC: ck = "function"; break;
	case DT_TK_VOID: ck = "unknown"; break;
	case DT_TK_INT: break;
	}
	snprintf(buf, len, "D type (%s) %s(size %llu)", ck, byref ? "by ref " : "",
	    (unsigned long long)size);
}

void dt_vartab_print(dtrace_hdl_t *dtp, const struct dt_stmt *st, FILE *fp)
{
	static const char *const scope[] = { "glb", "tls", "loc" };
	struct vtab t;
	t.n = 0;
	walk(&t, st->pred);
	walk(&t, st->body);

	fprintf(fp, "\nClause %d: %s\n", st->index, st->pdesc_text);
	if (t.n == 0)
		return;
	fprintf(fp, "\n%-16s %-4s %-3s %-3s %-4s %s\n", "NAME", "ID", "KND", "SCP", "FLAG", "TYPE");
	/* each scope in turn, by id: ids are given on first listing */
	for (int sc = SC_GLB; sc <= SC_LOC; sc++) {
		for (int i = 0; i < t.n; i++)
			if (t.r[i].scope == sc && *t.r[i].id == 0)
				*t.r[i].id = DIF_VAR_OTHER_UBASE + dtp->dis_nextid[sc]++;
		for (uint32_t id = DIF_VAR_OTHER_UBASE; id < DIF_VAR_OTHER_UBASE + dtp->dis_nextid[sc]; id++)
			for (int i = 0; i < t.n; i++) {
				const struct vref *r = &t.r[i];
				char flags[8] = "", type[128];
				if (r->scope != sc || *r->id != id)
					continue;
				if (r->flags & F_READ)
					strcat(flags, "/r");
				if (r->flags & F_WRITE)
					strcat(flags, "/w");
				typestr(dtp, r->type, type, sizeof(type));
				fprintf(fp, "%-16s %-4x %-3s %-3s %-4s %s\n", r->name, id,
				    r->array ? "arr" : "scl", scope[sc], flags[0] ? flags + 1 : "", type);
			}
	}
}
