/*
 * var.c - D's names and variables: what an identifier means, and the
 * variables a program declares by using them.
 *
 * A name is, in this order: a translator's input, a kernel symbol
 * (`sym), argN, a built-in variable, a global, an inline, an enum
 * constant, NULL (a long 0, dtrace's hard-wired inline) or a uregs[]
 * index name.  Variables are globals (a slot
 * in the globals map), associative arrays and self-> / this-> variables
 * (dynamic variables: keys checked against their declared or first-use
 * signature); assigning to, or incrementing, a name that is not yet one
 * declares it (D's implicit declarations), with the value's type or
 * int64_t.  args[N] takes its type from the first probe the clause
 * matched, so clause.c matches probes before the clause is lowered.
 */
#include <stdlib.h>
#include <string.h>
#include "sema_int.h"
#include "front/ast.h"
#include "kernel/btf.h"
#include "kernel/cpuinfo.h"
#include "kernel/uregs.h"
#include "xlate.h"
#include "dlib.h"
#include "prov/provdef.h"

/* ---- variables ---- */

struct dt_gvar *dt_sema_gvar_lookup(dtrace_hdl_t *dtp, const char *name)
{
	return dt_namehash_get(&dtp->gvar_ix, name);
}

/* Can a variable hold an object of type t (an array, struct or union)? */
static void obj_type_ok(struct sema *s, struct dt_type *t, const char *pfx,
    const char *name, int line)
{
	struct dt_type *e = t;
	while (e->kind == DT_TK_ARRAY)
		e = e->ref;
	if (e == t && e->btf_id < 0)
		dt_btf_resolve(s->dtp, e);	/* *curthread: its size */
	if ((e->kind == DT_TK_STRUCT || e->kind == DT_TK_UNION) && !e->complete && !e->btf_id)
		dt_sema_err(s, D_DECL_INCOMPLETE, line, "incomplete struct/union/enum %s: %s", e->name, name);
	if (e->kind == DT_TK_STRING || e->kind == DT_TK_FUNC || e->kind == DT_TK_FLOAT ||
	    t->size == 0)
		dt_sema_err(s, D_DECL_DYNOBJ, line, "%s%s: variables of type %s are not supported yet", pfx, name, t->name);
}

struct dt_gvar *dt_sema_gvar_add(struct sema *s, const char *name,
    struct dt_type *t, int line)
{
	dtrace_hdl_t *dtp = s->dtp;
	if (dt_obj_is_aggregate(t))
		obj_type_ok(s, t, "", name, line);
	else if (!dt_is_value(t) && t->kind != DT_TK_STRING)
		dt_sema_err(s, D_DECL_DYNOBJ, line, "variables of type %s are not supported yet: %s", t->name, name);
	if (!(dtp->ngvars & (dtp->ngvars - 1))) {	/* 0, 1, 2, 4 ...: full */
		struct dt_gvar **ng = realloc(dtp->gvars,
		    (size_t)(dtp->ngvars ? dtp->ngvars * 2 : 1) * sizeof(*ng));
		if (!ng)
			dt_sema_err(s, D_UNKNOWN, line, "out of memory");
		dtp->gvars = ng;
	}
	struct dt_gvar *g = dt_alloc(dtp, sizeof(*g));
	g->name = dt_arena_strndup(dtp->arena, name, strlen(name));
	/* the first of a name is the one found (a scan of gvars found it) */
	if (!dt_namehash_get(&dtp->gvar_ix, g->name) &&
	    dt_namehash_put(&dtp->gvar_ix, g->name, g) < 0)
		dt_sema_err(s, D_UNKNOWN, line, "out of memory");
	dtp->gvars[dtp->ngvars++] = g;
	g->type = t;
	g->line = line;
	g->offset = dtp->gsize;
	dtp->gsize += t->kind == DT_TK_STRING ? DT_STRAREA(dtp) :
	    dt_obj_is_aggregate(t) ? (t->size + 7) & ~7u : 8;
	return g;
}

/* The inline name (the latest declared: a name is never declared twice). */
static struct dt_inline *inline_lookup(dtrace_hdl_t *dtp, const char *name)
{
	return dt_namehash_get(&dtp->inline_ix, name);
}

/* ---- dynamic variables ---- */

struct dt_dvar *dt_sema_dvar_lookup(dtrace_hdl_t *dtp, int kind, const char *name)
{
	if (kind < 0 || kind > DT_DV_ASSOC)
		return NULL;
	return dt_namehash_get(&dtp->dvar_ix[kind], name);
}

static uint32_t key_size(struct sema *s, struct dt_type *t)
{
	if (t->kind == DT_TK_STRING)
		return ((uint32_t)s->dtp->opt[DTOPT_STRSIZE] + 8) & ~7u;
	return 8;
}

struct dt_dvar *dt_sema_dvar_add(struct sema *s, int kind, const char *name,
    struct dt_type *t, int nkeys, struct dt_type **keys, int line)
{
	dtrace_hdl_t *dtp = s->dtp;
	static const char *const kname[] = { "self->", "this->", "" };
	if (dt_obj_is_aggregate(t))
		obj_type_ok(s, t, kname[kind], name, line);
	else if (!dt_is_value(t) && t->kind != DT_TK_STRING)
		dt_sema_err(s, D_DECL_DYNOBJ, line, "%s%s: variables of type %s are not supported yet",
		    kname[kind], name, t->name);
	if (nkeys > DT_DV_MAXKEYS)
		dt_sema_err(s, D_ID_OFLOW, line, "%s: too many keys (at most %d)", name, DT_DV_MAXKEYS);
	struct dt_dvar *v = dt_alloc(dtp, sizeof(*v));
	v->name = dt_arena_strndup(dtp->arena, name, strlen(name));
	v->kind = kind;
	v->id = ++dtp->ndvars;
	v->type = t;
	v->nkeys = nkeys;
	for (int i = 0; i < nkeys; i++) {
		if (!dt_is_scalar(keys[i]) && keys[i]->kind != DT_TK_STRING)
			dt_sema_err(s, D_KEY_TYPE, line, "%s[ ]: keys of type %s are not supported", name, keys[i]->name);
		v->keys[i] = keys[i];
		v->tuple += key_size(s, keys[i]);
	}
	if (v->tuple > dtp->dv_tuple)
		dtp->dv_tuple = v->tuple;
	uint32_t vsize = t->kind == DT_TK_STRING ? DT_STRAREA(dtp) : 8;
	if (dt_obj_is_aggregate(t))
		vsize = (t->size + 7) & ~7u;
	if (kind == DT_DV_THIS) {
		v->this_off = dtp->this_size;
		dtp->this_size += vsize;
		dtp->nthis++;
	} else if (vsize > dtp->dv_valsize) {
		dtp->dv_valsize = vsize;
	}
	if (dt_namehash_put(&dtp->dvar_ix[kind], v->name, v) < 0)	/* the latest */
		dt_sema_err(s, D_UNKNOWN, line, "out of memory");
	v->next = dtp->dvars;
	dtp->dvars = v;
	return v;
}

/* An access to v with the given key expressions (checked and converted). */
static struct dt_node *dvar_ref(struct sema *s, struct dt_dvar *v, struct ast_expr *keys,
    int nkeys, int line)
{
	if (nkeys != v->nkeys)
		dt_sema_err(s, D_PROTO_LEN, line, "%s[ ] prototype mismatch: %d key%s passed, %d expected",
		    v->name, nkeys, nkeys == 1 ? "" : "s", v->nkeys);
	struct dt_node **args = dt_alloc(s->dtp, sizeof(*args) * (size_t)(nkeys ? nkeys : 1));
	int i = 0;
	for (struct ast_expr *k = keys; k; k = k->next, i++) {
		struct dt_node *kn = dt_sema_expr(s, k);
		struct dt_type *kt = v->keys[i];
		if (kt->kind == DT_TK_STRING) {
			if (kn->type->kind != DT_TK_STRING)
				dt_sema_err(s, D_PROTO_ARG, line, "%s[ ] key #%d is incompatible with prototype:\n"
				    "\tprototype: string\n\t      key: %s", v->name, i + 1, kn->type->name);
		} else {
			if (!dt_is_scalar(kn->type))
				dt_sema_err(s, D_PROTO_ARG, line, "%s[ ] key #%d is incompatible with prototype:\n"
				    "\tprototype: %s\n\t      key: %s", v->name, i + 1, kt->name,
				    kn->type->name);
			/* an integer key is its whole value, whatever the first
			 * key's type (dtrace keys by the 64-bit register) */
			if (!(dt_is_int(kn->type) && dt_is_int(kt)))
				kn = dt_sema_cast(s, kn, kt);
		}
		args[i] = kn;
	}
	if (dt_obj_is_aggregate(v->type))	/* frame or dvar map storage */
		return dt_obj_var(s, line, NULL, v, args, nkeys);
	struct dt_node *n = dt_sema_node(s, DN_DVAR, line, v->type);
	n->dvar = v;
	n->nargs = nkeys;
	n->args = args;
	return n;
}

/* this->name[k] of a this-> variable not declared: this-> variables are
 * never associative arrays (a declared one is an object or a pointer,
 * indexed as such) */
static void local_array(struct sema *s, struct ast_expr *base)
{
	if (base->kind != AST_E_MEMBER || !base->member.arrow ||
	    base->member.base->kind != AST_E_IDENT || strcmp(base->member.base->ident.name, "this"))
		return;
	if (!dt_sema_dvar_lookup(s->dtp, DT_DV_THIS, base->member.name))
		dt_sema_err(s, D_ARR_LOCAL, base->line, "local variables may not be used as "
		    "associative arrays: %s", base->member.name);
}

/* Is e `self->name` used as an array (self->name[k])? */
static int self_array(struct ast_expr *e)
{
	return e->kind == AST_E_MEMBER && e->member.arrow &&
	    e->member.base->kind == AST_E_IDENT && !strcmp(e->member.base->ident.name, "self");
}

/* The type of a key expression as the key of an implicit array. */
static struct dt_type *key_type(struct sema *s, struct dt_node *k)
{
	if (k->type->kind == DT_TK_STRING)
		return s->tt->t_string;
	return k->type;
}

/* ---- names: built-in variables, identifiers, implicit declarations ---- */

static const struct {
	const char *name;
	int id;
} builtins[] = {
	{ "cpu", DT_BI_CPU }, { "epid", DT_BI_EPID }, { "id", DT_BI_ID },
	{ "pid", DT_BI_PID }, { "ppid", DT_BI_PPID }, { "tid", DT_BI_TID },
	{ "uid", DT_BI_UID }, { "gid", DT_BI_GID },
	{ "execname", DT_BI_EXECNAME }, { "probeprov", DT_BI_PROBEPROV },
	{ "probemod", DT_BI_PROBEMOD }, { "probefunc", DT_BI_PROBEFUNC },
	{ "probename", DT_BI_PROBENAME }, { "timestamp", DT_BI_TIMESTAMP },
	{ "vtimestamp", DT_BI_VTIMESTAMP },
	{ "walltimestamp", DT_BI_WALLTIMESTAMP }, { "errno", DT_BI_ERRNO },
	{ "curthread", DT_BI_CURTHREAD },
	{ "stackdepth", DT_BI_STACKDEPTH }, { "ustackdepth", DT_BI_USTACKDEPTH },
	{ "caller", DT_BI_CALLER }, { "ucaller", DT_BI_UCALLER },
	{ "curcpu", DT_BI_CURCPU }, { "chip", DT_BI_CHIP }, { "lgrp", DT_BI_LGRP },
	{ "ipl", DT_BI_IPL }, { "pset", DT_BI_PSET }, { "zonename", DT_BI_ZONENAME },
	{ "cwd", DT_BI_CWD }, { "root", DT_BI_ROOT },
};

/* Why a built-in of DTrace's has no meaning on Linux, or NULL. */
static const char *builtin_unavail(int id)
{
	switch (id) {
	case DT_BI_IPL: return "Linux has no interrupt priority levels";
	case DT_BI_PSET: return "Linux has no processor sets";
	case DT_BI_ZONENAME: return "Linux has no zones";
	}
	return NULL;
}

static struct dt_type *builtin_type(struct sema *s, int id)
{
	struct dt_typetab *tt = s->tt;
	switch (id) {
	case DT_BI_CPU: return dt_typedef_lookup(tt, "processorid_t");
	case DT_BI_EPID: case DT_BI_ID: return dt_typedef_lookup(tt, "uint_t");
	case DT_BI_PID: case DT_BI_PPID: return dt_typedef_lookup(tt, "pid_t");
	case DT_BI_TID: return dt_typedef_lookup(tt, "id_t");
	case DT_BI_UID: return dt_typedef_lookup(tt, "uid_t");
	case DT_BI_GID: return dt_typedef_lookup(tt, "gid_t");
	case DT_BI_EXECNAME: case DT_BI_PROBEPROV: case DT_BI_PROBEMOD:
	case DT_BI_PROBEFUNC: case DT_BI_PROBENAME: return tt->t_string;
	case DT_BI_TIMESTAMP: case DT_BI_VTIMESTAMP: case DT_BI_WALLTIMESTAMP:
		return dt_typedef_lookup(tt, "uint64_t");
	case DT_BI_ERRNO: return tt->t_int;
	case DT_BI_CURTHREAD:
		/* struct task_struct *: its members come from kernel BTF, which
		 * is only read if a member is used */
		if (!s->dtp->task_type) {
			struct dt_type *t = dt_type_new(tt, DT_TK_STRUCT, "struct task_struct", 0);
			if (!t)
				return tt->t_voidp;
			t->btf_id = -1;
			t->align = 8;
			s->dtp->task_type = dt_type_ptr(tt, t);
		}
		return s->dtp->task_type ? s->dtp->task_type : tt->t_voidp;
	case DT_BI_STACKDEPTH: case DT_BI_USTACKDEPTH:
		return dt_typedef_lookup(tt, "uint32_t");
	case DT_BI_CALLER: return dt_typedef_lookup(tt, "uintptr_t");
	case DT_BI_UCALLER: case DT_BI_UREGS: return dt_typedef_lookup(tt, "uint64_t");
	case DT_BI_CURCPU: {
		struct dt_type *t = dt_cpuinfo_type(s->dtp);
		return t ? t : tt->t_voidp;
	}
	case DT_BI_CHIP: return dt_typedef_lookup(tt, "chipid_t");
	case DT_BI_LGRP: return dt_typedef_lookup(tt, "lgrp_id_t");
	case DT_BI_IPL: return dt_typedef_lookup(tt, "uint_t");
	case DT_BI_PSET: return dt_typedef_lookup(tt, "psetid_t");
	case DT_BI_ZONENAME: case DT_BI_CWD: case DT_BI_ROOT: return tt->t_string;
	}
	return tt->t_int;
}

static void not_scalar(struct sema *s, const char *name, int line);

/* name e; as_array: e is indexed (e[k]), so an unknown name is an
 * associative array read before it is written, as dtrace reports it */
static struct dt_node *ident(struct sema *s, struct ast_expr *e, int as_array)
{
	const char *name = e->ident.name;
	dtrace_hdl_t *dtp = s->dtp;
	struct dt_node *bound = dt_xlate_binding(dtp, name);
	if (bound)
		return bound;	/* a translator's input */

	if (strchr(name, '`'))
		return dt_sema_ksym(s, e->line, name, 0);

	/* argN */
	if (!strncmp(name, "arg", 3) && name[3] >= '0' && name[3] <= '9' &&
	    name[4] == '\0') {
		struct dt_node *n = dt_sema_node(s, DN_ARG, e->line, dt_typedef_lookup(s->tt, "int64_t"));
		n->ival = name[3] - '0';
		if (s->stmt->uses_args < n->ival + 1)
			s->stmt->uses_args = (int)n->ival + 1;
		return n;
	}
	for (size_t i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++) {
		if (strcmp(builtins[i].name, name))
			continue;
		struct dt_node *n = dt_sema_node(s, DN_BUILTIN, e->line, builtin_type(s, builtins[i].id));
		n->builtin = builtins[i].id;
		if (n->builtin == DT_BI_TIMESTAMP || n->builtin == DT_BI_WALLTIMESTAMP)
			s->dtp->uses_timestamp = 1;
		if (n->builtin == DT_BI_ERRNO)
			s->dtp->uses_errno = 1;
		if (builtin_unavail(n->builtin))
			dt_sema_err(s, D_IDENT_UNDEF, e->line, "%s is not available on Linux: %s", name,
			    builtin_unavail(n->builtin));
		if (n->builtin >= DT_BI_STACKDEPTH && n->builtin <= DT_BI_UCALLER)
			s->dtp->uses_stack = 1;
		if (n->builtin >= DT_BI_CURCPU && n->builtin <= DT_BI_LGRP)
			s->dtp->uses_cpuinfo = 1;
		return n;
	}
	struct dt_gvar *g = dt_sema_gvar_lookup(dtp, name);
	if (g && dt_obj_is_aggregate(g->type))
		return dt_obj_var(s, e->line, g, NULL, NULL, 0);
	if (g) {
		struct dt_node *n = dt_sema_node(s, DN_VAR, e->line, g->type);
		n->var = g;
		return n;
	}
	struct dt_inline *in = inline_lookup(dtp, name);
	if (in) {
		if (in->nparams)
			dt_sema_err(s, D_IDENT_UNDEF, e->line, "inline %s is used without its %d key%s",
			    name, in->nparams, in->nparams == 1 ? "" : "s");
		return in->value ? in->value : dt_sema_inline(s, in, e->line);
	}
	for (struct dt_enumconst *c = s->tt->enums; c; c = c->next)
		if (!strcmp(c->name, name))
			return dt_sema_const(s, e->line, c->type, c->value);
	if (dt_sema_need(s, name))	/* a D library defines it: compiled now */
		return ident(s, e, as_array);
	if (!strcmp(name, "NULL"))	/* dtrace's hard-wired `inline long NULL = 0` */
		return dt_sema_const(s, e->line, s->tt->t_long, 0);
	if (dt_ureg_lookup(name) >= 0)		/* R_PC, R_RAX ...: uregs[] indices */
		return dt_sema_const(s, e->line, s->tt->t_int, dt_ureg_lookup(name));
	if (!strcmp(name, "self") || !strcmp(name, "this"))
		dt_sema_err(s, D_VAR_UNSUP, e->line, "%s-> variables are not supported yet", name);
	not_scalar(s, name, e->line);
	if (as_array)
		dt_sema_err(s, D_VAR_UNDEF, e->line, "%s has not yet been declared or assigned", name);
	dt_sema_err(s, D_IDENT_UNDEF, e->line, "failed to resolve %s: Unknown variable name", name);
}

struct dt_node *dt_sema_ident(struct sema *s, struct ast_expr *e)
{
	return ident(s, e, 0);
}

int dt_sema_global_ident(struct sema *s, const char *name, struct dt_identinfo *ii)
{
	dtrace_hdl_t *dtp = s->dtp;
	struct dt_identinfo dummy;
	if (!ii)
		ii = &dummy;
	memset(ii, 0, sizeof(*ii));
	ii->kind = "scalar";
	for (size_t i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++)
		if (!strcmp(builtins[i].name, name)) {
			ii->builtin = 1;
			ii->type = builtin_type(s, builtins[i].id);
			return 1;
		}
	if (!strncmp(name, "arg", 3) && name[3] >= '0' && name[3] <= '9' && !name[4]) {
		ii->builtin = 1;
		ii->type = dt_typedef_lookup(s->tt, "int64_t");
		return 1;
	}
	if (!strcmp(name, "args") || !strcmp(name, "uregs")) {
		ii->builtin = 1;
		ii->kind = "associative array";
		return 1;
	}
	if (dt_sema_is_func(name)) {
		ii->builtin = 1;
		ii->kind = dt_sema_action_lookup(name) >= 0 ? "tracing function" :
		    dt_sema_is_aggfunc(name) ? "aggregating function" : "function";
		return 1;
	}
	struct dt_gvar *g = dt_sema_gvar_lookup(dtp, name);
	if (g) {
		ii->type = g->type;
		return 1;
	}
	struct dt_dvar *v = dt_sema_dvar_lookup(dtp, DT_DV_ASSOC, name);
	if (v) {
		ii->kind = "associative array";
		ii->type = v->type;
		ii->dvar = v;
		return 1;
	}
	struct dt_inline *in = inline_lookup(dtp, name);
	if (in) {
		ii->is_inline = 1;
		if (in->nparams) {	/* its value's type needs its keys */
			ii->kind = "array";
			ii->type = s->tt->t_int;
			return 1;
		}
		ii->type = (in->value ? in->value : dt_sema_inline(s, in, 0))->type;
		return 1;
	}
	for (struct dt_enumconst *c = s->tt->enums; c; c = c->next)
		if (!strcmp(c->name, name)) {
			ii->kind = "enumerator";
			ii->is_inline = 1;
			ii->type = c->type;
			return 1;
		}
	if (dt_sema_need(s, name))	/* a D library defines it: compiled now */
		return dt_sema_global_ident(s, name, ii);
	return 0;
}

int dt_sema_global_name(struct sema *s, const char *name)
{
	return dt_sema_global_ident(s, name, NULL);
}

/* name used as a scalar: dtrace's error if it is an associative array or
 * a function */
static void not_scalar(struct sema *s, const char *name, int line)
{
	struct dt_identinfo ii;
	if (dt_sema_global_ident(s, name, &ii) && (ii.dvar || !ii.type))
		dt_sema_err(s, D_IDENT_BADREF, line, "%s '%s' may not be referenced as scalar",
		    ii.kind, name);
}

/* May name be declared implicitly by assigning to it? */
static int implicit_ok(struct sema *s, const char *name)
{
	if (strchr(name, '`'))
		return 0;
	if (dt_sema_gvar_lookup(s->dtp, name) || !strcmp(name, "self") || !strcmp(name, "this"))
		return 0;
	for (size_t i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++)
		if (!strcmp(builtins[i].name, name))
			return 0;
	if (!strncmp(name, "arg", 3) && strlen(name) == 4 && name[3] >= '0' && name[3] <= '9')
		return 0;
	if (inline_lookup(s->dtp, name))
		return 0;
	for (struct dt_enumconst *c = s->tt->enums; c; c = c->next)
		if (!strcmp(c->name, name))
			return 0;
	return 1;
}

/* Is self->name declared as an array, struct or union (not associative)? */
static int dvar_is_object(struct sema *s, const char *name)
{
	struct dt_dvar *v = dt_sema_dvar_lookup(s->dtp, DT_DV_SELF, name);
	return v && !v->nkeys && dt_obj_is_aggregate(v->type);
}

/*
 * The array name[keys] of kind (self-> or associative) that index
 * expression ix uses; if it has none yet, ix declares it, of value type
 * t and keyed by the types of ix's keys.
 */
static struct dt_dvar *implicit_array(struct sema *s, int kind, const char *name,
    struct ast_expr *ix, struct dt_type *t, int line)
{
	struct dt_dvar *v = dt_sema_dvar_lookup(s->dtp, kind, name);
	if (!v) {
		struct dt_type *kt[DT_DV_MAXKEYS];
		int nk = 0;
		for (struct ast_expr *k = ix->index.keys; k && nk < DT_DV_MAXKEYS; k = k->next)
			kt[nk++] = key_type(s, dt_sema_expr(s, k));
		v = dt_sema_dvar_add(s, kind, name, t, ix->index.nkeys, kt, line);
	}
	return v;
}

/*
 * The variable that assignment e (whose value is r) stores to.  A name
 * that is not yet a variable becomes one here: a global or an
 * associative array of r's type (int64_t for a compound assignment), a
 * self-> or this-> variable, a thread-local array self->a[k].
 */
struct dt_node *dt_sema_assign_target(struct sema *s, struct ast_expr *e, struct dt_node *r)
{
	struct ast_expr *le = e->binary.left;
	enum ast_op op = e->binary.op;
	struct dt_node *l;

	if (le->kind == AST_E_IDENT && !dt_sema_gvar_lookup(s->dtp, le->ident.name) &&
	    op == AST_OP_ASSIGN) {
		/* is it a name that is not a variable? */
		l = NULL;
		for (size_t i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++)
			if (!strcmp(builtins[i].name, le->ident.name))
				dt_sema_err(s, D_OP_WRITE, e->line, "operator = can only be applied to a writable variable");
		if (!strncmp(le->ident.name, "arg", 3) && strlen(le->ident.name) == 4 &&
		    le->ident.name[3] >= '0' && le->ident.name[3] <= '9')
			dt_sema_err(s, D_OP_WRITE, e->line, "operator = can only be applied to a writable variable");
		/* an inline or an enumerator is a value, not a variable */
		struct dt_identinfo ii;
		not_scalar(s, le->ident.name, e->line);
		if (dt_sema_global_ident(s, le->ident.name, &ii) && ii.is_inline)
			dt_sema_err(s, D_OP_LVAL, e->line, "operator = requires modifiable lvalue "
			    "as an operand");
		if (r->type->kind == DT_TK_VOID)
			dt_sema_err(s, D_DECL_VOIDOBJ, e->line, "operator = cannot be applied to void");
		/* implicit declaration: the variable takes the value's type */
		struct dt_gvar *g = dt_sema_gvar_add(s, le->ident.name, r->type, e->line);
		if (dt_obj_is_aggregate(g->type)) {
			l = dt_obj_var(s, le->line, g, NULL, NULL, 0);
		} else {
			l = dt_sema_node(s, DN_VAR, le->line, g->type);
			l->var = g;
		}
	} else if (le->kind == AST_E_MEMBER && le->member.base->kind == AST_E_IDENT &&
	    (!strcmp(le->member.base->ident.name, "self") ||
	    !strcmp(le->member.base->ident.name, "this"))) {
		int kind = !strcmp(le->member.base->ident.name, "self") ? DT_DV_SELF : DT_DV_THIS;
		struct dt_dvar *v = dt_sema_dvar_lookup(s->dtp, kind, le->member.name);
		if (!v) {
			if (op != AST_OP_ASSIGN && !dt_is_int(r->type))
				dt_sema_err(s, D_OP_ARITH, e->line, "operator %s requires operands of arithmetic type", dt_sema_opname(op));
			v = dt_sema_dvar_add(s, kind, le->member.name,
			    op == AST_OP_ASSIGN ? r->type : dt_typedef_lookup(s->tt, "int64_t"),
			    0, NULL, e->line);
		}
		l = dvar_ref(s, v, NULL, 0, le->line);
	} else if (le->kind == AST_E_INDEX && self_array(le->index.base) &&
	    !dvar_is_object(s, le->index.base->member.name)) {
		struct dt_dvar *v = implicit_array(s, DT_DV_SELF, le->index.base->member.name,
		    le, op == AST_OP_ASSIGN ? r->type : dt_typedef_lookup(s->tt, "int64_t"), e->line);
		l = dvar_ref(s, v, le->index.keys, le->index.nkeys, le->line);
	} else if (le->kind == AST_E_INDEX && le->index.base->kind == AST_E_IDENT &&
	    strcmp(le->index.base->ident.name, "args") != 0 &&
	    !dt_sema_gvar_lookup(s->dtp, le->index.base->ident.name)) {
		struct dt_dvar *v = implicit_array(s, DT_DV_ASSOC, le->index.base->ident.name,
		    le, op == AST_OP_ASSIGN ? r->type : dt_typedef_lookup(s->tt, "int64_t"), e->line);
		l = dvar_ref(s, v, le->index.keys, le->index.nkeys, le->line);
	} else {
		if (le->kind == AST_E_AGG)
			dt_sema_err(s, D_AGG_FUNC, e->line, "aggregating actions may not be used in an expression");
		if (le->kind == AST_E_IDENT && implicit_ok(s, le->ident.name) &&
		    dt_is_int(r->type))
			dt_sema_gvar_add(s, le->ident.name, dt_type_promote(s->tt, r->type), e->line);
		l = dt_sema_expr(s, le);
	}
	return l;
}

/* x++ on a variable never assigned declares it int64_t */
void dt_sema_implicit_incdec(struct sema *s, struct ast_expr *o, int line)
{
	struct dt_type *i64 = dt_typedef_lookup(s->tt, "int64_t");
	if (o->kind == AST_E_IDENT && implicit_ok(s, o->ident.name)) {
		dt_sema_gvar_add(s, o->ident.name, i64, line);
	} else if (o->kind == AST_E_MEMBER && o->member.base->kind == AST_E_IDENT) {
		const char *b = o->member.base->ident.name;
		int kind = !strcmp(b, "self") ? DT_DV_SELF : !strcmp(b, "this") ? DT_DV_THIS : -1;
		if (kind >= 0 && !dt_sema_dvar_lookup(s->dtp, kind, o->member.name))
			dt_sema_dvar_add(s, kind, o->member.name, i64, 0, NULL, line);
	} else if (o->kind == AST_E_INDEX && o->index.base->kind == AST_E_IDENT &&
	    strcmp(o->index.base->ident.name, "args") != 0 &&
	    !dt_sema_gvar_lookup(s->dtp, o->index.base->ident.name) &&
	    !dt_sema_dvar_lookup(s->dtp, DT_DV_ASSOC, o->index.base->ident.name)) {
		implicit_array(s, DT_DV_ASSOC, o->index.base->ident.name, o, i64, line);
	}
}

/* A type as a provider spells it: D's names and typedefs, then the
 * kernel's (BTF) structs, unions and typedefs; with its stars. */
static struct dt_type *named_type(struct sema *s, const char *name)
{
	char buf[256];
	int ptr = 0;
	snprintf(buf, sizeof(buf), "%s", name);
	char *e = buf + strlen(buf);
	while (e > buf && (e[-1] == ' ' || e[-1] == '*')) {
		ptr += e[-1] == '*';
		*--e = '\0';
	}
	char *b = buf;
	if (!strncmp(b, "const ", 6))
		b += 6;
	struct dt_type *t = NULL;
	int su = !strncmp(b, "struct ", 7) ? 7 : !strncmp(b, "union ", 6) ? 6 : 0;
	dt_sema_need(s, b + su);	/* a D library's type? */
	if (su) {
		enum dt_tkind k = su == 7 ? DT_TK_STRUCT : DT_TK_UNION;
		t = dt_tag_lookup(s->tt, k, b + su);
		if (!t)
			t = dt_btf_tagged(s->dtp, k, b + su);
	} else {
		t = dt_type_from_name(s->tt, b);
		if (!t)
			t = dt_btf_named(s->dtp, b);
	}
	while (t && ptr-- > 0)
		t = dt_type_ptr(s->tt, t);
	return t;
}

/* args[N]: typed by the first probe the clause enables. */
static struct dt_node *args_ref(struct sema *s, struct ast_expr *e)
{
	if (e->index.nkeys != 1)
		dt_sema_err(s, D_PROTO_LEN, e->line, "args[ ] prototype mismatch: %d args passed, 1 expected",
		    e->index.nkeys);
	struct dt_node *k = dt_sema_expr(s, e->index.keys);
	if (k->kind != DN_CONST)
		dt_sema_err(s, D_PROTO_ARG, e->line, "args[ ] argument #1 is incompatible with prototype:\n"
		    "\tprototype: integer constant\n\t argument: %s", k->type->name);
	struct dt_probe *p = s->matches && s->matches->n ? s->matches->v[0] : NULL;
	/* a probe a provider definition describes (USDT): its types */
	const struct dt_pdprobe *pp = p ? dt_provdef_for(s->dtp, p) : NULL;
	if (pp) {
		struct dt_node *a = dt_sema_provdef_arg(s, pp, (int)k->ival, e->line);
		if (!a)
			dt_sema_err(s, D_ARGS_IDX, e->line, "index %lld is out of range for %s args[ ]",
			    (long long)k->ival, s->stmt->pdesc_text);
		return a;
	}
	const char *tn = NULL;
	if (p && p->ops->argtype && k->ival >= 0 && k->ival < 10)
		tn = p->ops->argtype(s->dtp, p, (int)k->ival, 0);
	if (!tn)
		dt_sema_err(s, D_ARGS_IDX, e->line, "index %lld is out of range for %s args[ ]",
		    (long long)k->ival, s->stmt->pdesc_text);
	dt_sema_need_type(s, tn);	/* a D library's type: psinfo_t * */
	/* a kernel struct pointer through BTF ("struct task_struct *") */
	struct dt_type *t = named_type(s, tn);
	if (!t)
		t = dt_type_from_name(s->tt, tn);
	if (!t)
		t = dt_typedef_lookup(s->tt, "int64_t");
	/* a stable provider's argument: the native value, translated */
	const char *nt = p->ops->argxlate ? p->ops->argxlate(s->dtp, p, (int)k->ival) : NULL;
	struct dt_type *native = nt ? named_type(s, nt) : NULL;
	if (nt && !native)
		dt_sema_err(s, D_XLATE_NONE, e->line, "cannot translate from \"%s\" to \"%s\"",
		    nt, tn);
	struct dt_node *n = dt_sema_node(s, DN_ARG, e->line, native ? native : t);
	n->ival = k->ival;
	n->builtin = 1;		/* typed: args[], not argN */
	if (s->stmt->uses_args < n->ival + 1)
		s->stmt->uses_args = (int)n->ival + 1;
	return native ? dt_xlate_to(s, n, t, e->line) : n;
}

/* uregs[i]: the current thread's saved user register i (uregs.c). */
static struct dt_node *uregs_ref(struct sema *s, struct ast_expr *e)
{
	if (e->index.nkeys != 1)
		dt_sema_err(s, D_PROTO_LEN, e->line, "uregs[ ] prototype mismatch: %d args passed, 1 expected",
		    e->index.nkeys);
	struct dt_node *k = dt_sema_expr(s, e->index.keys);
	if (!dt_is_int(k->type))
		dt_sema_err(s, D_PROTO_ARG, e->line, "uregs[ ] argument #1 is incompatible with prototype:\n"
		    "\tprototype: integer\n\t argument: %s", k->type->name);
	if (k->kind == DN_CONST) {
		if (k->ival >= DT_UREG_SAVED && k->ival < DT_UREG_MAX)
			dt_sema_err(s, D_REGS_IDX, e->line, "uregs[%s] is not available on Linux: x86_64 Linux does not save that register for user mode",
			    dt_ureg_name((int)k->ival));
		if (k->ival < 0 || k->ival >= DT_UREG_SAVED)
			dt_sema_err(s, D_REGS_IDX, e->line, "index %lld is out of range for array uregs",
			    (long long)k->ival);
	}
	struct dt_node *n = dt_sema_node(s, DN_BUILTIN, e->line, builtin_type(s, DT_BI_UREGS));
	n->builtin = DT_BI_UREGS;
	n->l = dt_sema_cast(s, k, dt_typedef_lookup(s->tt, "uint64_t"));
	return n;
}

/*
 * e[keys] where e names a variable: args[N], uregs[i], self->a[k] (or
 * an element of self int a[4]), an associative array; else an element
 * of an array or pointer (member.c).
 */
struct dt_node *dt_sema_index(struct sema *s, struct ast_expr *e)
{
	if (e->index.base->kind == AST_E_AGG)
		dt_sema_agg_mdim(s, e->index.base);
	if (e->index.base->kind == AST_E_IDENT &&
	    !strcmp(e->index.base->ident.name, "args"))
		return args_ref(s, e);
	if (self_array(e->index.base)) {
		/* a thread-local associative array: self->a[k] */
		const char *name = e->index.base->member.name;
		struct dt_dvar *v = dt_sema_dvar_lookup(s->dtp, DT_DV_SELF, name);
		if (!v)
			dt_sema_err(s, D_VAR_UNDEF, e->line, "self->%s has not yet been declared or assigned",
			    name);
		if (!v->nkeys)	/* self int a[4], a string or pointer: *(a + k) */
			return dt_sema_index_ref(s, e, dvar_ref(s, v, NULL, 0, e->line));
		return dvar_ref(s, v, e->index.keys, e->index.nkeys, e->line);
	}
	if (e->index.base->kind == AST_E_IDENT &&
	    !strcmp(e->index.base->ident.name, "uregs"))
		return uregs_ref(s, e);
	if (e->index.base->kind == AST_E_IDENT) {
		struct dt_dvar *v = dt_sema_dvar_lookup(s->dtp, DT_DV_ASSOC, e->index.base->ident.name);
		if (v)
			return dvar_ref(s, v, e->index.keys, e->index.nkeys, e->line);
		/* an inline with parameters (fds[]), a D library's compiled
		 * first if it defines the name */
		const char *nm = e->index.base->ident.name;
		for (int pass = 0; pass < 2; pass++) {
			struct dt_inline *in = inline_lookup(s->dtp, nm);
			if (in && in->nparams)
				return dt_sema_inline_call(s, in, e->index.keys, e->index.nkeys, e->line);
			if (pass || dt_sema_gvar_lookup(s->dtp, nm) || !dt_sema_need(s, nm))
				break;
		}
		return dt_sema_index_ref(s, e, ident(s, e->index.base, 1));
	}
	local_array(s, e->index.base);
	return dt_sema_index_ref(s, e, dt_sema_expr(s, e->index.base));
}

/* self->name or this->name (e's base is the identifier self or this) */
struct dt_node *dt_sema_dvar_member(struct sema *s, struct ast_expr *e)
{
	const char *b = e->member.base->ident.name;
	int kind = !strcmp(b, "self") ? DT_DV_SELF : DT_DV_THIS;
	struct dt_dvar *v = dt_sema_dvar_lookup(s->dtp, kind, e->member.name);
	if (!v)
		dt_sema_err(s, D_VAR_UNDEF, e->line, "%s->%s has not yet been declared or assigned",
		    b, e->member.name);
	return dvar_ref(s, v, NULL, 0, e->line);
}
