/*
 * decl.c - D's declarations: the types they name, and what a declaration
 * or inline item of the program declares.
 *
 * A type is a declaration specifier (int, struct foo { ... }, enum,
 * a typedef name, a scoped name such as vmlinux`u32 or struct
 * vmlinux`file) read through its declarator (pointers, arrays,
 * functions).  Structs and unions declared in D are laid out as C lays
 * them out on x86-64; a tag without a body that D does not know is a
 * kernel type, from BTF.  Declaration items add typedefs, globals,
 * associative arrays, self-> and this-> variables and the types of
 * kernel symbols (extern); inline items bind a name to a value, a
 * library's lowered only when a program first uses it.  Casts, sizeof
 * and translators use the same type resolution (dt_sema_type).
 */
#include <stdlib.h>
#include <string.h>
#include "sema_int.h"
#include "front/ast.h"
#include "kernel/btf.h"
#include "kernel/ksyms.h"
#include "dlib.h"
#include "xlate.h"

/* ---- types from declarations ---- */

struct dt_type *dt_sema_declarator(struct sema *s, struct dt_type *t,
    struct ast_declarator *d)
{
	if (!d)
		return t;
	/* parts read outward from the name; build from the base inward */
	struct ast_dpart *parts[64];
	int n = 0;
	for (struct ast_dpart *p = d->parts; p && n < 64; p = p->next)
		parts[n++] = p;
	for (int i = n - 1; i >= 0; i--) {
		struct ast_dpart *p = parts[i];
		switch (p->kind) {
		case AST_D_PTR:
			t = dt_type_ptr(s->tt, t);
			break;
		case AST_D_ARRAY:
			if (p->assoc && i)
				dt_sema_err(s, D_DECL_DYNOBJ, p->line, "cannot declare array of associative arrays");
			if (p->assoc)	/* the values' type; the keys are the declaration's */
				return t;
			if (t->kind == DT_TK_VOID)
				dt_sema_err(s, D_DECL_VOIDOBJ, p->line, "cannot declare array of void");
			if (!p->dim)
				dt_sema_err(s, D_DECL_ARRNULL, p->line, "array declaration requires "
				    "array dimension or tuple signature: %s", d->name ? d->name : "(anon)");
			struct dt_node *dn = dt_sema_expr(s, p->dim);
			if (dn->kind != DN_CONST || !dt_is_int(dn->type) || dn->ival <= 0)
				dt_sema_err(s, D_DECL_ARRSUB, p->line, "positive integral constant expression or tuple signature expected as array declaration subscript");
			if ((uint64_t)dn->ival > UINT32_MAX ||
			    (uint64_t)dn->ival * (t->size ? t->size : 1) > UINT32_MAX)
				dt_sema_err(s, D_DECL_ARRBIG, p->line, "array dimension too big");
			t = dt_type_array(s->tt, t, (uint32_t)dn->ival);
			break;
		case AST_D_FUNC: {
			struct dt_type *f = dt_type_new(s->tt, DT_TK_FUNC, "function", 0);
			f->ref = t;
			t = f;
			break;
		}
		}
		if (!t)
			dt_sema_err(s, D_UNKNOWN, p->line, "out of memory");
	}
	return t;
}
static struct dt_type *scoped_tag(struct sema *s, struct ast_declspec *ds, enum dt_tkind k);

/*
 * The type of a string member: DTrace's string is a char[strsize]
 * typedef, so a struct holds strsize bytes of it, read as a string and
 * assigned a string (cut to strsize - 1 characters) as char arrays are.
 */
static struct dt_type *string_member(struct sema *s, int line)
{
	uint32_t n = (uint32_t)s->dtp->opt[DTOPT_STRSIZE];
	struct dt_type *t = dt_type_new(s->tt, DT_TK_ARRAY, "string", n);
	if (!t)
		dt_sema_err(s, D_UNKNOWN, line, "out of memory");
	t->ref = s->tt->t_char;
	t->nelems = n;
	t->align = 1;
	return t;
}

static struct dt_type *resolve_su(struct sema *s, struct ast_declspec *ds)
{
	int is_union = ds->base == AST_T_UNION;
	enum dt_tkind k = is_union ? DT_TK_UNION : DT_TK_STRUCT;
	if (ds->name && strchr(ds->name, '`'))
		return scoped_tag(s, ds, k);
	struct dt_type *t = ds->name ? dt_tag_lookup(s->tt, k, ds->name) : NULL;
	if (!t && ds->name && dt_sema_need(s, ds->name))	/* a D library's tag */
		t = dt_tag_lookup(s->tt, k, ds->name);
	if (!t && ds->name && !ds->has_body) {
		/* a kernel type: struct file, union bpf_attr ... */
		t = dt_btf_tagged(s->dtp, k, ds->name);
		if (t)
			return t;
	}
	if (!t) {
		char nm[300];
		snprintf(nm, sizeof(nm), "%s %s", is_union ? "union" : "struct",
		    ds->name ? ds->name : "<anon>");
		t = dt_type_new(s->tt, k, nm, 0);
		if (!t)
			dt_sema_err(s, D_UNKNOWN, ds->line, "out of memory");
		t->rank = -1;		/* marks a tagged type */
		t->complete = 0;
	}
	if (!ds->has_body)
		return t;
	if (t->complete)
		dt_sema_err(s, D_DECL_TYPERED, ds->line, "type redeclared: %s", t->name);
	/* the members belong to t as they are added, so that an error part
	 * way through frees them with the types; what an earlier failed
	 * declaration of the tag left is dropped */
	for (int i = 0; i < t->nmembers; i++)
		free(t->members[i].name);
	free(t->members);
	t->members = NULL;
	t->nmembers = 0;
	int cap = 0;
	/* C's layout (System V x86-64): a bit-field is placed in the next
	 * bits unless it would straddle a unit of its type's size; a
	 * zero-width one pads to the next unit; named members align the
	 * struct */
	uint64_t bitpos = 0;
	uint32_t align = 1, size = 0;
	for (struct ast_member *am = ds->members; am; am = am->next) {
		struct dt_type *base = dt_sema_declspec(s, am->spec);
		if (base->kind == DT_TK_STRING)
			base = string_member(s, am->line);
		for (struct ast_declarator *d = am->decls; d; d = d->next) {
			struct dt_type *mt = dt_sema_declarator(s, base, d);
			const char *idname = d->name ? d->name : "(anon)";
			if (d->name && strchr(d->name, '`'))
				dt_sema_err(s, D_DECL_SCOPE, d->line, "D scoping operator may not be used in a member name (%s)",
				    d->name);
			if (mt->kind == DT_TK_VOID)
				dt_sema_err(s, D_DECL_VOIDOBJ, d->line, "cannot have void member: %s", idname);
			if ((mt->kind == DT_TK_STRUCT || mt->kind == DT_TK_UNION) && !mt->complete)
				dt_sema_err(s, D_DECL_INCOMPLETE, d->line, "incomplete struct/union/enum %s: %s", mt->name, idname);
			uint32_t a = mt->align ? mt->align : 1;
			uint32_t w = 0;
			if (d->bitfield) {
				struct dt_node *bw = dt_sema_expr(s, d->bitfield);
				if (bw->kind != DN_CONST || !dt_is_int(bw->type) || bw->ival < 0 ||
				    (bw->ival == 0 && d->name))
					dt_sema_err(s, D_DECL_BFCONST, d->line, "positive integral constant expression expected as bit-field size");
				if (!dt_is_int(mt))
					dt_sema_err(s, D_DECL_BFTYPE, d->line, "invalid type for bit-field: %s", idname);
				if ((uint64_t)bw->ival > mt->size * 8)
					dt_sema_err(s, D_DECL_BFSIZE, d->line, "bit-field too big for type: %s", idname);
				w = (uint32_t)bw->ival;
				uint32_t unit = mt->size * 8;
				if (is_union)
					bitpos = 0;
				if (w == 0 || bitpos % unit + w > unit)
					bitpos = (bitpos + unit - 1) / unit * unit;
				if (!d->name) {		/* unnamed: padding only */
					bitpos += w;
					continue;
				}
			} else if (!d->name) {
				continue;
			}
			/* dtrace's type library refuses a second member of a
			 * name, and dtrace has no more specific tag for it */
			for (int i = 0; i < t->nmembers; i++)
				if (!strcmp(t->members[i].name, d->name))
					dt_sema_err(s, D_UNKNOWN, d->line, "failed to define member '%s': "
					    "Duplicate member or variable name", d->name);
			if (t->nmembers == cap) {
				int ncap = cap ? cap * 2 : 8;
				struct dt_member *nm = realloc(t->members, (size_t)ncap * sizeof(*nm));
				if (!nm)
					dt_sema_err(s, D_UNKNOWN, am->line, "out of memory");
				t->members = nm;
				cap = ncap;
			}
			struct dt_member *m = &t->members[t->nmembers];
			memset(m, 0, sizeof(*m));
			if (!(m->name = strdup(d->name)))
				dt_sema_err(s, D_UNKNOWN, am->line, "out of memory");
			t->nmembers++;
			m->type = mt;
			if (w) {
				uint32_t unit = mt->size * 8;
				m->offset = (uint32_t)(bitpos / unit * mt->size);
				m->bits = w;
				m->bitoff = (uint32_t)(bitpos - (uint64_t)m->offset * 8);
				bitpos += w;
				if (mt->size > size)
					size = mt->size;
			} else {
				uint64_t off = is_union ? 0 : ((bitpos + 7) / 8 + a - 1) / a * a;
				m->offset = (uint32_t)off;
				bitpos = (off + mt->size) * 8;
				if (mt->size > size)
					size = mt->size;
			}
			if (a > align)
				align = a;
		}
	}
	t->align = align;
	uint32_t bytes = is_union ? size : (uint32_t)((bitpos + 7) / 8);
	t->size = (bytes + align - 1) / align * align;
	t->complete = 1;
	return t;
}

static struct dt_type *resolve_enum(struct sema *s, struct ast_declspec *ds)
{
	if (ds->name && strchr(ds->name, '`'))
		return scoped_tag(s, ds, DT_TK_ENUM);
	struct dt_type *t = ds->name ? dt_tag_lookup(s->tt, DT_TK_ENUM, ds->name) : NULL;
	if (!t && ds->name && dt_sema_need(s, ds->name))	/* a D library's tag */
		t = dt_tag_lookup(s->tt, DT_TK_ENUM, ds->name);
	if (!t) {
		char nm[300];
		snprintf(nm, sizeof(nm), "enum %s", ds->name ? ds->name : "<anon>");
		t = dt_type_new(s->tt, DT_TK_ENUM, nm, 4);
		if (!t)
			dt_sema_err(s, D_UNKNOWN, ds->line, "out of memory");
		t->rank = -1;
		t->is_signed = 1;
	}
	if (!ds->has_body)
		return t;
	for (struct dt_enumconst *c = s->tt->enums; c; c = c->next)
		if (c->type == t)
			dt_sema_err(s, D_DECL_TYPERED, ds->line, "type redeclared: %s", t->name);
	/* dtrace's enumerators are ints: the next one follows the last */
	int64_t v = 0;
	for (struct ast_enumerator *e = ds->enumerators; e; e = e->next) {
		if (strchr(e->name, '`'))
			dt_sema_err(s, D_DECL_SCOPE, e->line, "D scoping operator may not be used in "
			    "an enumerator name (%s)", e->name);
		if (e->value) {
			struct dt_node *n = dt_sema_expr(s, e->value);
			if (n->kind != DN_CONST || !dt_is_int(n->type))
				dt_sema_err(s, D_DECL_ENCONST, e->line, "enumerator '%s' must be "
				    "assigned to an integral constant expression", e->name);
			v = n->ival;
		}
		if (v < INT32_MIN || v > INT32_MAX)
			dt_sema_err(s, D_DECL_ENOFLOW, e->line, "enumerator '%s' value overflows "
			    "INT_MAX (%d)", e->name, INT32_MAX);
		/* a second enumerator of a name: in the same enum dtrace's
		 * type library refuses it (no more specific tag), elsewhere
		 * it is a redeclared global identifier */
		for (struct dt_enumconst *c = s->tt->enums; c; c = c->next)
			if (c->type == t && !strcmp(c->name, e->name))
				dt_sema_err(s, D_UNKNOWN, e->line, "failed to define enumerator '%s': "
				    "Duplicate member or variable name", e->name);
		if (dt_sema_global_name(s, e->name))
			dt_sema_err(s, D_DECL_IDRED, e->line, "identifier redeclared: %s", e->name);
		struct dt_enumconst *c = calloc(1, sizeof(*c));
		if (!c || !(c->name = strdup(e->name))) {
			free(c);
			dt_sema_err(s, D_UNKNOWN, e->line, "out of memory");
		}
		c->value = v++;
		c->type = t;
		c->next = s->tt->enums;
		s->tt->enums = c;
	}
	return t;
}

/* ---- type namespaces: D`int, vmlinux`u32, struct vmlinux`file ---- */

/* Split "mod`name" at its last backquote into mod (NULL for none). */
const char *dt_sema_scope_split(const char *full, char *mod, size_t msz, const char **modp)
{
	const char *bq = strrchr(full, '`');
	size_t ml = (size_t)(bq - full);
	if (ml > 0 && full[ml - 1] == '`')
		ml--;		/* ``sym: a user symbol; no user modules here */
	snprintf(mod, msz, "%.*s", (int)ml, full);
	*modp = ml ? mod : NULL;
	return bq + 1;
}

int dt_sema_kernel_scope(const char *mod)
{
	return !strcmp(mod, "vmlinux") || !strcmp(mod, "genunix");
}

static int is_d_scope(const char *mod)
{
	return !strcmp(mod, "D") || !strcmp(mod, "C");
}

/* The error for a name not found in module mod's type namespace. */
static void __attribute__((noreturn)) scope_fail(struct sema *s, int line, const char *shown,
    const char *mod)
{
	struct dt_ksym k;
	int known = dt_sema_kernel_scope(mod) || is_d_scope(mod) ||
	    dt_ksym_lookup(s->dtp, mod, "", &k) != DT_KSYM_NOMOD;
	dt_sema_err(s, D_UNKNOWN, line, "failed to resolve type %s: %s", shown,
	    known ? "Unknown type name" : "Unknown module name");
}

static struct dt_type *scoped_type(struct sema *s, struct ast_declspec *ds)
{
	char mod[128];
	const char *modp, *name = dt_sema_scope_split(ds->name, mod, sizeof(mod), &modp);
	struct dt_type *t = NULL;
	if (!modp)
		dt_sema_err(s, D_UNKNOWN, ds->line, "failed to resolve type %s: %s",
		    ds->name, "Improper use of scoping operator in type name");
	if (is_d_scope(mod) && !(t = dt_type_from_name(s->tt, name)) && dt_sema_need(s, name))
		t = dt_type_from_name(s->tt, name);
	else if (dt_sema_kernel_scope(mod))
		t = dt_btf_named(s->dtp, name);
	if (!t)
		scope_fail(s, ds->line, ds->name, mod);
	return t;
}

static struct dt_type *scoped_tag(struct sema *s, struct ast_declspec *ds, enum dt_tkind k)
{
	char mod[128], shown[300];
	const char *modp, *name = dt_sema_scope_split(ds->name, mod, sizeof(mod), &modp);
	const char *kw = k == DT_TK_UNION ? "union" : k == DT_TK_ENUM ? "enum" : "struct";
	snprintf(shown, sizeof(shown), "%s %s", kw, ds->name);
	if (ds->has_body)
		dt_sema_err(s, D_DECL_SCOPE, ds->line, "D scoping operator may not be used in a type name");
	if (!modp)
		dt_sema_err(s, D_UNKNOWN, ds->line, "failed to resolve type %s: %s",
		    shown, "Improper use of scoping operator in type name");
	struct dt_type *t = NULL;
	if (is_d_scope(mod)) {
		struct ast_declspec plain = *ds;
		plain.name = (char *)name;
		return k == DT_TK_ENUM ? resolve_enum(s, &plain) : resolve_su(s, &plain);
	}
	if (dt_sema_kernel_scope(mod))
		t = dt_btf_tagged(s->dtp, k, name);
	if (!t)
		scope_fail(s, ds->line, shown, mod);
	return t;
}

struct dt_type *dt_sema_declspec(struct sema *s, struct ast_declspec *ds)
{
	struct dt_typetab *tt = s->tt;
	switch (ds->base) {
	case AST_T_VOID: return tt->t_void;
	case AST_T_STRING: return tt->t_string;
	case AST_T_FLOAT: return tt->t_float;
	case AST_T_DOUBLE: return ds->nlong ? tt->t_ldouble : tt->t_double;
	case AST_T_STRUCT:
	case AST_T_UNION: return resolve_su(s, ds);
	case AST_T_ENUM: return resolve_enum(s, ds);
	case AST_T_TYPEDEF: {
		if (strchr(ds->name, '`'))
			return scoped_type(s, ds);
		struct dt_type *t = dt_typedef_lookup(tt, ds->name);
		if (!t && dt_sema_need(s, ds->name))	/* a D library's typedef */
			t = dt_typedef_lookup(tt, ds->name);
		if (!t)
			dt_sema_err(s, D_UNKNOWN, ds->line, "undefined type name: %s", ds->name);
		return t;
	}
	case AST_T_CHAR:
		return ds->is_unsigned ? tt->t_uchar : (ds->is_signed ? tt->t_schar : tt->t_char);
	case AST_T_INT:
	case AST_T_IMPLICIT:
		if (ds->nshort)
			return ds->is_unsigned ? tt->t_ushort : tt->t_short;
		if (ds->nlong == 2)
			return ds->is_unsigned ? tt->t_ullong : tt->t_llong;
		if (ds->nlong == 1)
			return ds->is_unsigned ? tt->t_ulong : tt->t_long;
		return ds->is_unsigned ? tt->t_uint : tt->t_int;
	}
	return tt->t_int;
}

struct dt_type *dt_sema_type(struct sema *s, struct ast_type *at)
{
	return dt_sema_declarator(s, dt_sema_declspec(s, at->spec), at->decl);
}

/* ---- declaration and inline items ---- */

/* Does dd declare an associative array, name[key types]? */
static int is_assoc(const struct ast_declarator *dd)
{
	return dd->parts && dd->parts->kind == AST_D_ARRAY && dd->parts->assoc;
}

/* the associative array dd of kind (a global one, or self->'s) whose
 * values are of type t (`int *p[string]`, `int a[string][4]`) */
static void assoc_decl(struct sema *s, struct ast_declarator *dd, struct dt_type *t, int kind)
{
	struct dt_type *kt[DT_DV_MAXKEYS];
	int nk = 0;
	for (struct ast_param *pa = dd->parts->params.first; pa && nk < DT_DV_MAXKEYS; pa = pa->next)
		kt[nk++] = dt_sema_declarator(s, dt_sema_declspec(s, pa->spec), pa->decl);
	dt_sema_dvar_add(s, kind, dd->name, t, nk, kt, dd->line);
}

static int same_type(const struct dt_type *a, const struct dt_type *b)
{
	return a == b || (a->kind == b->kind && a->name && b->name && !strcmp(a->name, b->name));
}

static void same_decl(struct sema *s, struct ast_declarator *dd,
    struct dt_type *t, const struct dt_identinfo *ii);

/*
 * Global declaration dd (of type t) of a name D already knows: 1 if it
 * declares it again as it is (which dtrace accepts), else dtrace's error
 * for what differs.  0 for a new name.
 */
static int redeclared(struct sema *s, struct ast_declarator *dd,
    struct dt_type *t)
{
	struct dt_identinfo ii;
	const char *name = dd->name;
	if (!dt_sema_global_ident(s, name, &ii)) {
		if (dt_typedef_lookup(s->tt, name))
			dt_sema_err(s, D_DECL_IDRED, dd->line, "typedef identifier redeclared: %s", name);
		return 0;
	}
	if (ii.builtin)
		dt_sema_err(s, D_DECL_IDRED, dd->line, "built-in identifier redeclared: %s", name);
	same_decl(s, dd, t, &ii);
	return 1;
}

/* dd declares again what ii says name is: dtrace's error unless it is the
 * same kind of variable of the same type (and keys) */
static void same_decl(struct sema *s, struct ast_declarator *dd,
    struct dt_type *t, const struct dt_identinfo *ii)
{
	const char *name = dd->name;
	int assoc = is_assoc(dd);
	const char *kind = assoc ? "associative array" : "scalar";
	if (strcmp(kind, ii->kind) || !same_type(t, ii->type))
		dt_sema_err(s, D_DECL_IDRED, dd->line, "identifier redeclared: %s\n"
		    "\t current: %s %s\n\tprevious: %s %s", name, kind, t->name, ii->kind,
		    ii->type->name);
	if (!assoc)
		return;
	int nk = 0;
	for (struct ast_param *pa = dd->parts->params.first; pa; pa = pa->next, nk++) {
		if (nk >= ii->dvar->nkeys)
			continue;		/* the lengths are compared below */
		struct dt_type *kt = dt_sema_declarator(s, dt_sema_declspec(s, pa->spec), pa->decl);
		if (!same_type(kt, ii->dvar->keys[nk]))
			dt_sema_err(s, D_DECL_IDRED, dd->line, "identifier redeclared: %s\n"
			    "\t current: %s, key #%d of type %s\n\tprevious: %s, key #%d of type %s",
			    name, kind, nk + 1, kt->name, ii->kind, nk + 1, ii->dvar->keys[nk]->name);
	}
	if (nk != ii->dvar->nkeys)
		dt_sema_err(s, D_DECL_IDRED, dd->line, "identifier redeclared: %s\n"
		    "\t current: %s of %s, tuple length %d\n\tprevious: %s of %s, tuple length %d",
		    name, kind, t->name, nk, ii->kind, ii->type->name, ii->dvar->nkeys);
}

/* a self-> or this-> variable v declared again by dd */
static void dvar_redeclared(struct sema *s, struct ast_declarator *dd,
    struct dt_type *t, struct dt_dvar *v)
{
	struct dt_identinfo ii = { v->nkeys ? "associative array" : "scalar", v->type,
	    v->nkeys ? v : NULL, 0, 0 };
	same_decl(s, dd, t, &ii);
}

/* typedefs, globals, associative arrays, self->/this-> variables, externs */
void dt_sema_decl(struct sema *s, struct ast_item *it)
{
	struct ast_decl *d = &it->decl;
	struct dt_type *base = dt_sema_declspec(s, d->spec);
	for (struct ast_declarator *dd = d->decls; dd; dd = dd->next) {
		struct dt_type *t = dt_sema_declarator(s, base, dd);
		if (!dd->name)
			continue;
		switch (d->spec->storage) {
		case AST_SC_TYPEDEF:
			if (dt_sema_global_name(s, dd->name))
				dt_sema_err(s, D_DECL_IDRED, dd->line, "global variable identifier "
				    "redeclared: %s", dd->name);
			if (dt_typedef_declared(s->tt, dd->name))
				dt_sema_err(s, D_DECL_IDRED, dd->line, "typedef redeclared: %s", dd->name);
			if (dt_typedef_add(s->tt, dd->name, t) < 0)
				dt_sema_err(s, D_UNKNOWN, dd->line, "out of memory");
			break;
		case AST_SC_SELF:
		case AST_SC_THIS: {
			int kind = d->spec->storage == AST_SC_SELF ? DT_DV_SELF : DT_DV_THIS;
			if (is_assoc(dd) && kind == DT_DV_THIS)
				dt_sema_err(s, D_DECL_LOCASSC, dd->line, "associative arrays may not "
				    "be declared as local variables: %s", dd->name);
			struct dt_dvar *v = dt_sema_dvar_lookup(s->dtp, kind, dd->name);
			if (v)
				dvar_redeclared(s, dd, t, v);
			else if (is_assoc(dd))
				assoc_decl(s, dd, t, DT_DV_SELF);
			else
				dt_sema_dvar_add(s, kind, dd->name, t, 0, NULL, dd->line);
			break;
		}
		case AST_SC_EXTERN: {	/* the type of a kernel symbol */
			const char *bq = strrchr(dd->name, '`');
			struct dt_extern *x = dt_alloc(s->dtp, sizeof(*x));
			x->name = dt_arena_strndup(s->dtp->arena, bq ? bq + 1 : dd->name,
			    strlen(bq ? bq + 1 : dd->name));
			x->type = t;
			x->next = s->dtp->externs;
			s->dtp->externs = x;
			break;
		}
		default:
			if (t->kind == DT_TK_FUNC)
				break;
			if (redeclared(s, dd, t))
				break;
			if (is_assoc(dd)) {
				assoc_decl(s, dd, t, DT_DV_ASSOC);
				break;
			}
			dt_sema_gvar_add(s, dd->name, t, dd->line);
			break;
		}
	}
}

/* The value of an inline declaration, checked against its type. */
static struct dt_node *inline_value(struct sema *s, struct ast_item *it)
{
	struct ast_inline *in = &it->inl;
	struct ast_declarator d = *in->decl;
	if (is_assoc(&d))	/* a parameterized inline: the value's type */
		d.parts = d.parts->next;
	struct dt_type *t = dt_sema_declarator(s, dt_sema_declspec(s, in->spec), &d);
	struct dt_stmt dummy = { 0 };
	struct dt_stmt *save = s->stmt;
	s->stmt = &dummy;
	struct dt_node *v = dt_sema_expr(s, in->value);
	s->stmt = save;
	if (v->kind == DN_XLATE && v->type->kind == t->kind && v->type->name &&
	    !strcmp(v->type->name, t->name))
		return v;	/* a translation: its members are used */
	if (dt_is_scalar(t) && dt_is_scalar(v->type) && v->kind != DN_XLATE)
		v = dt_sema_cast(s, v, t);
	else if (!(t->kind == DT_TK_STRING && v->type->kind == DT_TK_STRING))
		dt_sema_err(s, D_OP_INCOMPAT, it->line, "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
		    in->decl->name, t->name, v->type->name);
	return v;
}

/* A library inline is lowered when a program first uses it. */
struct dt_node *dt_sema_inline(struct sema *s, struct dt_inline *in, int line)
{
	struct dt_sema_ctx save;
	if (in->lowering)
		dt_sema_err(s, D_IDENT_UNDEF, line, "inline %s is defined in terms of itself", in->name);
	in->lowering = 1;
	dt_sema_enter(s, in->libtag, 1, &save);
	in->value = inline_value(s, in->item);
	dt_sema_leave(s, &save);
	in->lowering = 0;
	return in->value;
}

/*
 * name[keys] of a parameterized inline (io.d's `inline fileinfo_t
 * fds[int fd] = ...`): each key, lowered in the caller's context and
 * converted to its parameter's type, is bound to the parameter's name
 * while the value is lowered, as a translator's input is (a key used
 * twice is evaluated twice, as DTrace's inline arguments are).
 */
struct dt_node *dt_sema_inline_call(struct sema *s, struct dt_inline *in,
    struct ast_expr *keys, int nkeys, int line)
{
	if (nkeys != in->nparams)
		dt_sema_err(s, D_PROTO_LEN, line, "%s[ ] prototype mismatch: %d arg%s passed, %d expected",
		    in->name, nkeys, nkeys == 1 ? "" : "s", in->nparams);
	struct dt_node *kv[DT_DV_MAXKEYS];
	struct ast_param *pa = in->item->inl.decl->parts->params.first;
	struct dt_sema_ctx save;
	int i = 0;
	for (struct ast_expr *k = keys; k && i < DT_DV_MAXKEYS; k = k->next, pa = pa->next, i++) {
		kv[i] = dt_sema_expr(s, k);
		dt_sema_enter(s, in->libtag, 0, &save);
		struct dt_type *pt = dt_sema_declarator(s, dt_sema_declspec(s, pa->spec), pa->decl);
		dt_sema_leave(s, &save);
		if (dt_is_scalar(pt) && dt_is_scalar(kv[i]->type))
			kv[i] = dt_sema_cast(s, kv[i], pt);
		else if (!(pt->kind == DT_TK_STRING && kv[i]->type->kind == DT_TK_STRING))
			dt_sema_err(s, D_PROTO_ARG, line, "%s[ ] argument #%d is incompatible with prototype:\n"
			    "\tprototype: %s\n\t argument: %s", in->name, i + 1, pt->name, kv[i]->type->name);
	}
	if (in->lowering)
		dt_sema_err(s, D_IDENT_UNDEF, line, "inline %s is defined in terms of itself", in->name);
	pa = in->item->inl.decl->parts->params.first;
	for (int j = 0; j < i; j++, pa = pa->next)
		dt_xlate_bind(s, pa->decl->name ? pa->decl->name : "", kv[j], line);
	in->lowering = 1;
	dt_sema_enter(s, in->libtag, 1, &save);
	struct dt_node *v = inline_value(s, in->item);
	dt_sema_leave(s, &save);
	in->lowering = 0;
	for (int j = 0; j < i; j++)
		dt_xlate_unbind(s);
	return v;
}

/* inline type name = value: a program's lowered now, a library's on use */
void dt_sema_inline_decl(struct sema *s, struct ast_item *it)
{
	struct dt_identinfo ii;
	if (dt_sema_global_ident(s, it->inl.decl->name, &ii))
		dt_sema_err(s, D_DECL_IDRED, it->line, "identifier redefined: %s\n"
		    "\t current: inline definition\n\tprevious: %s %s", it->inl.decl->name,
		    ii.kind, ii.is_inline ? "inline" : "");
	struct dt_inline *di = dt_alloc(s->dtp, sizeof(*di));
	di->name = it->inl.decl->name;
	if (is_assoc(it->inl.decl)) {
		/* inline t name[type p, ...] = value: the value is lowered at
		 * each use with the parameters bound to the keys */
		di->item = it;
		di->libtag = s->dtp->cur_libtag;
		di->nparams = it->inl.decl->parts->params.count;
	} else if (s->dtp->cur_libtag) {
		di->item = it;		/* a library's: lowered on first use */
		di->libtag = s->dtp->cur_libtag;
	} else
		di->value = inline_value(s, it);
	if (dt_namehash_put(&s->dtp->inline_ix, di->name, di) < 0)
		dt_sema_err(s, D_UNKNOWN, it->line, "out of memory");
	di->next = s->dtp->inlines;
	s->dtp->inlines = di;
}
