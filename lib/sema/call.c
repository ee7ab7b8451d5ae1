/*
 * call.c - calls: D's actions and subroutines, by name, with their
 * prototypes, and the record fields an action writes.
 *
 * A call statement whose name is an action (trace, printf, exit, ...)
 * is an action of the clause: its arguments are checked against the
 * action's prototype (printf's against its format) and each value it
 * records becomes a field of the clause's record, laid out in order and
 * aligned.  The aggregation, output, destructive, speculation and
 * setopt() actions have their own files (agg.c, act.c, destr.c, spec.c,
 * setopt.c) and come through here.  Any other call is a subroutine, an
 * expression typed by its table entry; actions and aggregating
 * functions are refused there with dtrace's messages.
 */
#include <stdlib.h>
#include <string.h>
#include "sema_int.h"
#include "front/ast.h"
#include "base/spec.h"
#include "fmt/printf.h"
#include "kernel/btf.h"

/* ---- subroutines ---- */

/*
 * Subroutine prototypes.  Argument kinds: S a string (char * and char[]
 * promote), I an integer, P a pointer or integer address, Z a string or
 * NULL (strtok's first argument).
 */
static const struct {
	const char *name;
	int func;
	const char *ret;
	int minargs, maxargs;
	const char *kinds;
	const char *proto[3];
} subrs[] = {
	{ "copyinstr", DT_F_COPYINSTR, "string", 1, 2, "PI", { "uintptr_t", "size_t" } },
	{ "strlen", DT_F_STRLEN, "size_t", 1, 1, "S", { "const char *" } },
	{ "strjoin", DT_F_STRJOIN, "string", 2, 2, "SS", { "const char *", "const char *" } },
	{ "substr", DT_F_SUBSTR, "string", 2, 3, "SII", { "const char *", "int", "int" } },
	{ "index", DT_F_INDEX, "int", 2, 3, "SSI", { "const char *", "const char *", "int" } },
	{ "rindex", DT_F_RINDEX, "int", 2, 3, "SSI", { "const char *", "const char *", "int" } },
	{ "strstr", DT_F_STRSTR, "string", 2, 2, "SS", { "const char *", "const char *" } },
	{ "strchr", DT_F_STRCHR, "string", 2, 2, "SI", { "const char *", "char" } },
	{ "strrchr", DT_F_STRRCHR, "string", 2, 2, "SI", { "const char *", "char" } },
	{ "strtok", DT_F_STRTOK, "string", 2, 2, "ZS", { "const char *", "const char *" } },
	{ "lltostr", DT_F_LLTOSTR, "string", 1, 2, "II", { "int64_t", "int" } },
	{ "toupper", DT_F_TOUPPER, "string", 1, 1, "S", { "const char *" } },
	{ "tolower", DT_F_TOLOWER, "string", 1, 1, "S", { "const char *" } },
	{ "basename", DT_F_BASENAME, "string", 1, 1, "S", { "const char *" } },
	{ "dirname", DT_F_DIRNAME, "string", 1, 1, "S", { "const char *" } },
	{ "cleanpath", DT_F_CLEANPATH, "string", 1, 1, "S", { "const char *" } },
	{ "inet_ntoa", DT_F_INET_NTOA, "string", 1, 1, "P", { "ipaddr_t *" } },
	{ "inet_ntoa6", DT_F_INET_NTOA6, "string", 1, 1, "P", { "struct in6_addr *" } },
	{ "inet_ntop", DT_F_INET_NTOP, "string", 2, 2, "IP", { "int", "void *" } },
	{ "htons", DT_F_HTONS, "uint16_t", 1, 1, "I", { "uint16_t" } },
	{ "htonl", DT_F_HTONL, "uint32_t", 1, 1, "I", { "uint32_t" } },
	{ "htonll", DT_F_HTONLL, "uint64_t", 1, 1, "I", { "uint64_t" } },
	{ "ntohs", DT_F_NTOHS, "uint16_t", 1, 1, "I", { "uint16_t" } },
	{ "ntohl", DT_F_NTOHL, "uint32_t", 1, 1, "I", { "uint32_t" } },
	{ "ntohll", DT_F_NTOHLL, "uint64_t", 1, 1, "I", { "uint64_t" } },
	{ "rand", DT_F_RAND, "int", 0, 0, "", { NULL } },
	{ "copyin", DT_F_COPYIN, "void *", 2, 2, "PI", { "uintptr_t", "size_t" } },
	{ "copyinto", DT_F_COPYINTO, "void", 3, 3, "PIP", { "uintptr_t", "size_t", "void *" } },
	{ "alloca", DT_F_ALLOCA, "void *", 1, 1, "I", { "size_t" } },
	{ "bcopy", DT_F_BCOPY, "void", 3, 3, "PPI", { "void *", "void *", "size_t" } },
	{ "speculation", DT_F_SPECULATION, "int", 0, 0, "", { NULL } },
	/* dlib/psinfo.d's pr_psargs: the arguments in [start, end) of the
	 * current process's memory, NULs as spaces (cg/proc.c) */
	{ "__dt_psargs", DT_F_PSARGS, "string", 2, 2, "II", { "uintptr_t", "uintptr_t" } },
	/* dlib/io.d's fi_pathname and fi_mount: the path of a dentry in a
	 * mount, as cwd's (cg/path.c) */
	{ "__dt_d_path", DT_F_D_PATH, "string", 2, 2, "PP", { "void *", "void *" } },
};

static struct dt_type *subr_type(struct sema *s, const char *name)
{
	struct dt_typetab *tt = s->tt;
	if (!strcmp(name, "string"))
		return tt->t_string;
	if (!strcmp(name, "void"))
		return tt->t_void;
	if (!strcmp(name, "void *"))
		return tt->t_voidp;
	struct dt_type *t = dt_type_from_name(tt, name);
	return t ? t : dt_typedef_lookup(tt, "int64_t");
}

/* Solaris subroutines with nothing to act on in Linux, and why. */
static const struct {
	const char *name, *why;
} solaris_subrs[] = {
	{ "mutex_owned", "Solaris kernel mutexes (kmutex_t) do not exist on Linux" },
	{ "mutex_owner", "Solaris kernel mutexes (kmutex_t) do not exist on Linux" },
	{ "mutex_type_adaptive", "Solaris kernel mutexes (kmutex_t) do not exist on Linux" },
	{ "mutex_type_spin", "Solaris kernel mutexes (kmutex_t) do not exist on Linux" },
	{ "rw_read_held", "Solaris reader/writer locks (krwlock_t) do not exist on Linux" },
	{ "rw_write_held", "Solaris reader/writer locks (krwlock_t) do not exist on Linux" },
	{ "rw_iswriter", "Solaris reader/writer locks (krwlock_t) do not exist on Linux" },
	{ "msgsize", "STREAMS messages (mblk_t) do not exist on Linux" },
	{ "msgdsize", "STREAMS messages (mblk_t) do not exist on Linux" },
	{ "ddi_pathname", "the Solaris device tree (dev_info_t) does not exist on Linux" },
};

/* The one argument of subroutine name, checked against its prototype. */
static struct dt_node *one_int_arg(struct sema *s, struct ast_expr *e,
    const char *name, const char *proto)
{
	if (e->call.nargs != 1)
		dt_sema_err(s, D_PROTO_LEN, e->line, "%s( ) prototype mismatch: %d arg%s passed, 1 expected",
		    name, e->call.nargs, e->call.nargs == 1 ? "" : "s");
	struct dt_node *a = dt_sema_expr(s, e->call.args);
	if (!dt_is_int(a->type))
		dt_sema_err(s, D_PROTO_ARG, e->line, "%s( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: %s\n\t argument: %s", name, proto, a->type->name);
	return dt_sema_cast(s, a, dt_typedef_lookup(s->tt, proto));
}

/*
 * Subroutines on processes and devices: progenyof(pid_t), getmajor(dev_t)
 * and getminor(dev_t) (Linux's in-kernel dev_t: major << 20 | minor),
 * and clear errors for Solaris-only ones.  NULL if name is not one of them.
 */
static struct dt_node *builtin_subr(struct sema *s, struct ast_expr *e, const char *name)
{
	for (size_t i = 0; i < sizeof(solaris_subrs) / sizeof(solaris_subrs[0]); i++)
		if (!strcmp(solaris_subrs[i].name, name))
			dt_sema_err(s, D_FUNC_UNDEF, e->line, "%s( ) is not available on Linux: %s", name, solaris_subrs[i].why);
	if (!strcmp(name, "getmajor") || !strcmp(name, "getminor")) {
		int major = name[3] == 'm' && name[4] == 'a';
		struct dt_node *d = one_int_arg(s, e, name, "dev_t");
		struct dt_node *v = major ? dt_sema_binop(s, e->line, AST_OP_SHR, d,
		    dt_sema_const(s, e->line, s->tt->t_int, 20)) : d;
		v = dt_sema_binop(s, e->line, AST_OP_BAND, v,
		    dt_sema_const(s, e->line, d->type, major ? 0xfff : 0xfffff));
		return dt_sema_cast(s, v, dt_typedef_lookup(s->tt, major ? "major_t" : "minor_t"));
	}
	if (!strcmp(name, "sym") || !strcmp(name, "func") || !strcmp(name, "mod")) {
		/* the address itself; the consumer prints the symbol.  As in
		   dtrace they are tracing functions: a statement of their
		   own or an aggregation key, not a value of an expression */
		struct dt_node *a = dt_sema_symarg(s, e, name);
		s->dtp->uses_kstack = 1;	/* kallsyms read while tracing */
		return dt_sema_cast(s, a, name[0] == 'm' ? s->tt->t_modaddr : s->tt->t_symaddr);
	}
	struct dt_node *u = dt_sema_usymfn(s, e, name);
	if (u)
		return u;
	if (!strcmp(name, "progenyof")) {
		struct dt_node *n = dt_sema_node(s, DN_CALL, e->line, s->tt->t_int);
		n->func = DT_F_PROGENYOF;
		n->nargs = 1;
		n->args = dt_alloc(s->dtp, sizeof(*n->args));
		n->args[0] = one_int_arg(s, e, name, "pid_t");
		return n;
	}
	return NULL;
}

/* the address argument of a symbol tracing function (sym() and friends,
 * usym() and friends): a statement of its own or an aggregation key,
 * one integer or pointer argument, with dtrace's messages */
struct dt_node *dt_sema_symarg(struct sema *s, struct ast_expr *e, const char *name)
{
	if (e != s->symcall)
		dt_sema_err(s, D_CG_EXPR, e->line, "tracing function %s( ) may not be called "
		    "from a D expression (D program context required)", name);
	if (e->call.nargs != 1)
		dt_sema_err(s, D_PROTO_LEN, e->line, "%s( ) prototype mismatch: %d arg%s passed, 1 expected",
		    name, e->call.nargs, e->call.nargs == 1 ? "" : "s");
	struct dt_node *a = dt_sema_expr(s, e->call.args);
	if (!dt_is_int(a->type) && a->type->kind != DT_TK_PTR)
		dt_sema_err(s, D_PROTO_ARG, e->line, "%s( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: uintptr_t\n\t argument: %s", name, a->type->name);
	return a;
}

/* Subroutine call e, a value (an action's name is refused here). */
struct dt_node *dt_sema_call(struct sema *s, struct ast_expr *e)
{
	const char *name = e->call.fn->kind == AST_E_IDENT ? e->call.fn->ident.name : "?";
	struct dt_node *bs = builtin_subr(s, e, name);
	if (bs)
		return bs;
	size_t k;
	for (k = 0; k < sizeof(subrs) / sizeof(subrs[0]); k++)
		if (!strcmp(subrs[k].name, name))
			break;
	if (k == sizeof(subrs) / sizeof(subrs[0])) {
		if (dt_sema_action_lookup(name) >= 0)
			dt_sema_err(s, D_CG_EXPR, e->line, "tracing function %s( ) may not be called "
			    "from a D expression (D program context required)", name);
		if (dt_sema_is_aggfunc(name))
			dt_sema_err(s, D_CG_EXPR, e->line, "aggregating function %s( ) may not be called from a D "
			    "expression (D program context required)", name);
		dt_sema_err(s, D_FUNC_UNDEF, e->line, "undefined function name: %s", name);
	}
	int na = e->call.nargs;
	if (na < subrs[k].minargs)
		dt_sema_err(s, D_PROTO_LEN, e->line, "%s( ) prototype mismatch: %d arg%spassed, %d expected",
		    name, na, na == 1 ? " " : "s ", subrs[k].minargs);
	if (na > subrs[k].maxargs)
		dt_sema_err(s, D_PROTO_LEN, e->line, "%s( ) prototype mismatch: %d arg%spassed, %s%d expected",
		    name, na, na == 1 ? " " : "s ",
		    subrs[k].maxargs > subrs[k].minargs ? "at most " : "", subrs[k].maxargs);
	struct dt_node *n = dt_sema_node(s, DN_CALL, e->line, subr_type(s, subrs[k].ret));
	n->func = subrs[k].func;
	n->nargs = na;
	n->args = dt_alloc(s->dtp, sizeof(*n->args) * 3);
	int i = 0;
	for (struct ast_expr *a = e->call.args; a; a = a->next, i++) {
		struct dt_node *v = dt_sema_expr(s, a), *c = NULL;
		switch (subrs[k].kinds[i]) {
		case 'Z':
			if (v->kind == DN_CONST && v->ival == 0) {
				c = v;
				break;
			}
			/* fallthrough */
		case 'S':
			c = dt_sema_string(s, v);
			break;
		case 'I':
			if (dt_is_int(v->type))
				c = dt_sema_cast(s, v, subr_type(s, subrs[k].proto[i]));
			break;
		case 'P':
			/* an array is its first element's address (a char
			 * array too: bcopy(curthread->comm, p, 16)) */
			if (v->type->kind == DT_TK_ARRAY || (v->kind == DN_KSTR && v->op == 1))
				v = dt_sema_decay(s, v);
			if (dt_is_scalar(v->type))
				c = dt_sema_cast(s, v, s->tt->t_ulong);
			break;
		}
		if (!c)
			dt_sema_err(s, D_PROTO_ARG, e->line, "%s( ) argument #%d is incompatible with prototype:\n"
			    "\tprototype: %s\n\t argument: %s", name, i + 1, subrs[k].proto[i],
			    v->type->name);
		n->args[i] = c;
	}
	switch (n->func) {
	case DT_F_STRTOK:
		s->dtp->uses_strtok = 1;
		break;
	case DT_F_COPYIN: case DT_F_COPYINTO: case DT_F_ALLOCA: case DT_F_BCOPY:
		s->dtp->uses_scratch = 1;
		break;
	case DT_F_SPECULATION:
		s->dtp->uses_spec = 1;
		break;
	}
	return n;
}

/* ---- actions and their records ---- */

static const struct {
	const char *name;
	int func;
	int minargs, maxargs;
} actions[] = {
	{ "trace", DT_F_TRACE, 1, 1 },
	{ "printf", DT_F_PRINTF, 1, 1000 },
	{ "exit", DT_F_EXIT, 1, 1 },
	{ "printa", DT_F_PRINTA, 1, 1000 },
	{ "clear", DT_F_CLEAR, 1, 1 },
	{ "trunc", DT_F_TRUNC, 1, 2 },
	{ "normalize", DT_F_NORMALIZE, 2, 2 },
	{ "denormalize", DT_F_DENORMALIZE, 1, 1 },
	{ "setopt", DT_F_SETOPT, 1, 2 },
	{ "tracemem", DT_F_TRACEMEM, 2, 1000 },	/* act.c says at most 3 */
	{ "print", DT_F_PRINT, 1, 1 },
	{ "freopen", DT_F_FREOPEN, 1, 1000 },
	{ "ftruncate", DT_F_FTRUNCATE, 0, 0 },
	{ "stack", DT_F_STACK, 0, 1000 },	/* act.c says at most 1 */
	/* destructive actions: destr.c (system: as printf, below) */
	{ "stop", DT_F_STOP, 0, 0 },
	{ "raise", DT_F_RAISE, 1, 1 },
	{ "system", DT_F_SYSTEM, 1, 1000 },
	{ "copyout", DT_F_COPYOUT, 3, 3 },
	{ "copyoutstr", DT_F_COPYOUTSTR, 3, 3 },
	{ "chill", DT_F_CHILL, 1, 1 },
	{ "panic", DT_F_PANIC, 0, 0 },
	{ "breakpoint", DT_F_BREAKPOINT, 0, 0 },
	{ "speculate", DT_F_SPECULATE, 1, 1 },
	{ "commit", DT_F_COMMIT, 1, 1 },
	{ "discard", DT_F_DISCARD, 1, 1 },
	{ "ustack", DT_F_USTACK, 0, 1000 },	/* ustack.c says at most 2 */
	{ "jstack", DT_F_USTACK, 0, 1000 },	/* ustack() by another default */
};

int dt_sema_action_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(actions) / sizeof(actions[0]); i++)
		if (!strcmp(actions[i].name, name))
			return (int)i;
	return -1;
}

int dt_sema_is_func(const char *name)
{
	for (size_t i = 0; i < sizeof(subrs) / sizeof(subrs[0]); i++)
		if (!strcmp(subrs[i].name, name))
			return 1;
	for (size_t i = 0; i < sizeof(solaris_subrs) / sizeof(solaris_subrs[0]); i++)
		if (!strcmp(solaris_subrs[i].name, name))
			return 1;
	return !strcmp(name, "getmajor") || !strcmp(name, "getminor") ||
	    !strcmp(name, "sym") || !strcmp(name, "func") || !strcmp(name, "mod") ||
	    !strcmp(name, "progenyof") || dt_sema_usymfn_kind(name) ||
	    dt_sema_action_lookup(name) >= 0 ||
	    dt_sema_is_aggfunc(name);
}

/* A field of action a's record, aligned to its size (a string: 1). */
static void add_field(struct sema *s, struct dt_action *a, enum dt_recval k,
    uint32_t size, struct dt_type *t)
{
	struct dt_stmt *st = s->stmt;
	/* in the handle's arena, as the statement is: nothing to free if a
	 * compile error unwinds before the statement is registered */
	struct dt_recfield *f = dt_alloc(s->dtp, (size_t)(a->nfields + 1) * sizeof(*f));
	if (!f)
		dt_sema_err(s, D_UNKNOWN, s->line, "out of memory");
	if (a->nfields)
		memcpy(f, a->fields, (size_t)a->nfields * sizeof(*f));
	a->fields = f;
	f = &f[a->nfields++];
	memset(f, 0, sizeof(*f));
	uint32_t al = k == DT_RV_STR || k == DT_RV_CHARS ? 1 :
	    (size >= 8 || k == DT_RV_BYTES) ? 8 : size;
	st->recsize = (st->recsize + al - 1) / al * al;
	f->kind = k;
	f->offset = st->recsize;
	f->size = size;
	if (t) {
		f->val_size = (int)(t->kind == DT_TK_PTR ? 8 : t->size);
		f->is_signed = t->is_signed;
		f->is_float = t->kind == DT_TK_FLOAT;
		f->symkind = t->symkind;
	}
	st->recsize += size;
}

void dt_sema_field(struct sema *s, struct dt_action *a, struct dt_type *t)
{
	add_field(s, a, DT_RV_INT, 8, t);
}

void dt_sema_strfield(struct sema *s, struct dt_action *a)
{
	add_field(s, a, DT_RV_STR, (uint32_t)s->dtp->opt[DTOPT_STRSIZE] + 1, NULL);
}

void dt_sema_stack_field(struct sema *s, struct dt_action *a, uint32_t size)
{
	add_field(s, a, DT_RV_STACK, size, NULL);
}

void dt_sema_bytes_field(struct sema *s, struct dt_action *a, uint32_t size)
{
	add_field(s, a, DT_RV_BYTES, size, NULL);
	/* keep the next field and the record 8-byte aligned */
	s->stmt->recsize = (s->stmt->recsize + 7) & ~7u;
}

void dt_sema_pf_err(struct sema *s, int line, const char *tag, const char *msg)
{
	int t = tag ? dt_errtag_lookup(tag) : D_SYNTAX;
	dt_sema_err(s, t < 0 ? D_PRINTF_ARG_TYPE : (enum dt_errtag)t, line, "%s", msg);
}

/* t as printf's checker sees it */
void dt_sema_pftype(struct dt_type *t, struct dt_pfarg_type *pt)
{
	memset(pt, 0, sizeof(*pt));
	pt->name = t->name;
	pt->size = (int)t->size;
	pt->is_signed = t->is_signed;
	pt->usymaddr = DT_SYMK_USER(t->symkind);
	pt->longlong = t->kind == DT_TK_INT && t->rank == 5;
	if (!strcmp(t->name, "int64_t") || !strcmp(t->name, "uint64_t"))
		pt->longlong = 2;
	switch (t->kind) {
	case DT_TK_INT: case DT_TK_ENUM: pt->kind = DT_PFT_INT; break;
	case DT_TK_STRING: pt->kind = DT_PFT_STRING; pt->size = 0; break;
	case DT_TK_PTR: pt->kind = DT_PFT_POINTER; pt->size = 8; break;
	case DT_TK_FLOAT: pt->kind = DT_PFT_FLOAT; break;
	case DT_TK_ARRAY:
		if (t->name && !strcmp(t->name, "stack")) {	/* sema/act.c */
			pt->kind = DT_PFT_STACK;
			break;
		}
		if (t->ref->kind == DT_TK_INT && t->ref->size == 1) {
			pt->kind = DT_PFT_STRING;
			pt->size = (int)t->size;
			break;
		}
		/* fallthrough */
	default: pt->kind = DT_PFT_OTHER; break;
	}
}

/* Call e of action ai: its operands checked, its record fields laid out. */
struct dt_node *dt_sema_action(struct sema *s, struct ast_expr *e, int ai)
{
	const char *name = actions[ai].name;
	int nargs = e->call.nargs;
	struct dt_node *n = dt_sema_node(s, DN_S_ACTION, e->line, s->tt->t_void);
	struct dt_action *a = dt_alloc(s->dtp, sizeof(*a));
	uint32_t strsize = (uint32_t)s->dtp->opt[DTOPT_STRSIZE];

	if (nargs < actions[ai].minargs || nargs > actions[ai].maxargs) {
		if (actions[ai].minargs == actions[ai].maxargs)
			dt_sema_err(s, D_PROTO_LEN, e->line, "%s( ) prototype mismatch: %d arg%s passed, %d expected",
			    name, nargs, nargs == 1 ? "" : "s", actions[ai].minargs);
		dt_sema_err(s, D_PROTO_LEN, e->line, "%s( ) prototype mismatch: %d arg%s passed, at least %d expected",
		    name, nargs, nargs == 1 ? "" : "s", actions[ai].minargs);
	}
	n->func = actions[ai].func;
	n->act = s->act;
	n->action = a;
	a->node = n;
	n->args = dt_alloc(s->dtp, sizeof(*n->args) * (size_t)(nargs ? nargs : 1));
	n->nargs = nargs;
	int i = 0;
	int aggact = n->func >= DT_F_PRINTA && n->func <= DT_F_DENORMALIZE;
	for (struct ast_expr *x = e->call.args; x; x = x->next)
		n->args[i++] = aggact ? NULL : dt_sema_expr(s, x);

	switch (n->func) {
	case DT_F_PRINTA: case DT_F_CLEAR: case DT_F_TRUNC:
	case DT_F_NORMALIZE: case DT_F_DENORMALIZE:
		dt_sema_aggact(s, n, e, a);
		break;
	case DT_F_SETOPT:
		dt_sema_setopt(s, n, a);
		break;
	case DT_F_TRACEMEM: case DT_F_PRINT: case DT_F_FTRUNCATE: case DT_F_STACK:
		dt_sema_outact(s, n, e, a);
		break;
	case DT_F_USTACK:
		dt_sema_ustack(s, n, e, a);
		break;
	case DT_F_SPECULATE: case DT_F_COMMIT: case DT_F_DISCARD:
		dt_sema_spec_action(s, n, e, a);
		break;
	case DT_F_TRACE: {
		struct dt_node *v = n->args[0] = dt_sema_whole(s, n->args[0]);
		a->kind = DT_ACT_TRACE;
		if (v->type->btf_id < 0)
			dt_btf_resolve(s->dtp, v->type);
		if (dt_sema_is_usym(v)) {	/* the pid and the address */
			add_field(s, a, DT_RV_INT, 16, NULL);
			a->fields[a->nfields - 1].symkind = (int)v->ival;
		} else if (dt_obj_is_aggregate(v->type) && v->kind != DN_XLATE && v->type->size)
			add_field(s, a, DT_RV_BYTES, v->type->size, NULL);	/* its bytes */
		else if (v->kind == DN_KSTR && v->op == 1)	/* a char array */
			add_field(s, a, DT_RV_CHARS, (uint32_t)v->ival, NULL);
		else if (v->type->kind == DT_TK_STRING)
			add_field(s, a, DT_RV_STR, strsize + 1, NULL);
		else if (dt_is_value(v->type))
			add_field(s, a, DT_RV_INT, v->type->size ? v->type->size : 8, v->type);
		else if (v->type->kind == DT_TK_VOID)
			dt_sema_err(s, D_TRACE_VOID, e->line, "trace( ) may not be applied to a void expression");
		else
			dt_sema_err(s, D_PROTO_ARG, e->line, "trace( ) argument #1 is incompatible with its prototype: %s",
			    v->type->name);
		break;
	}
	case DT_F_EXIT: {
		struct dt_node *v = n->args[0];
		a->kind = DT_ACT_EXIT;
		if (!dt_is_int(v->type))
			dt_sema_err(s, D_PROTO_ARG, e->line, "exit( ) argument #1 is incompatible with prototype:\n"
			    "\tprototype: int\n\t argument: %s", v->type->name);
		n->args[0] = dt_sema_cast(s, v, s->tt->t_int);
		add_field(s, a, DT_RV_INT, 4, s->tt->t_int);
		break;
	}
	case DT_F_STOP: case DT_F_RAISE: case DT_F_COPYOUT: case DT_F_COPYOUTSTR:
	case DT_F_CHILL: case DT_F_PANIC: case DT_F_BREAKPOINT:
		dt_sema_destr(s, n, e, a);
		break;
	case DT_F_SYSTEM:	/* system(): a printf whose output the shell runs */
	case DT_F_PRINTF:
	case DT_F_FREOPEN: {	/* freopen(): printf() to a file name */
		struct dt_node *f = n->args[0];
		char err[1024];
		a->kind = n->func == DT_F_FREOPEN ? DT_ACT_FREOPEN :
		    n->func == DT_F_SYSTEM ? DT_ACT_SYSTEM : DT_ACT_PRINTF;
		if (n->func == DT_F_SYSTEM)
			dt_sema_destr(s, n, e, a);
		if (f->kind != DN_STR)
			dt_sema_err(s, D_PRINTF_ARG_FMT, e->line, "%s( ) argument #1 is incompatible with prototype:\n"
			    "\tprototype: string constant\n\t argument: %s", name, f->type->name);
		if (n->func == DT_F_FREOPEN) {
			/* "." is dtrace's own marker for "" (restore stdout) */
			if (!strcmp(f->str, "."))
				dt_sema_err(s, D_FREOPEN_INVALID, e->line, "freopen( ) argument #1 cannot be \".\"");
			s->dtp->uses_destructive = 1;
			if (!f->str[0] && nargs == 1)
				break;		/* pf NULL: back to the original output */
		}
		if (dt_printf_parse(f->str, &a->pf, err, sizeof(err)) < 0)
			dt_sema_pf_err(s, e->line, NULL, err);
		dt_register_pf(s->dtp, a->pf);
		dt_sema_pf_uaddr(s, a->pf);
		int na = nargs - 1;
		struct dt_pfarg_type *pt = calloc((size_t)(na ? na : 1), sizeof(*pt));
		struct dt_pfarg_store *ps = calloc((size_t)(na ? na : 1), sizeof(*ps));
		if (!pt || !ps) {
			free(pt);
			free(ps);
			dt_sema_err(s, D_UNKNOWN, e->line, "out of memory");
		}
		for (int k = 0; k < na; k++)
			dt_sema_pftype(n->args[k + 1]->type, &pt[k]);
		const char *tag = NULL;
		if (dt_printf_check_opts(a->pf, pt, na, name, NULL, &tag, err, sizeof(err)) < 0 ||
		    dt_printf_layout(a->pf, pt, na, (int)strsize, ps) < 0) {
			free(pt);
			free(ps);
			dt_sema_pf_err(s, e->line, tag, err);
		}
		for (int k = 0; k < na; k++) {
			struct dt_type *t = n->args[k + 1]->type;
			if (ps[k].kind == DT_PFSTORE_STRING) {
				struct dt_node *sv = dt_sema_string(s, n->args[k + 1]);
				if (!sv) {
					free(pt);
					free(ps);
					dt_sema_err(s, D_PRINTF_ARG_TYPE, e->line, "%s( ) of %s as a string is not supported yet", name, t->name);
				}
				n->args[k + 1] = sv;
				add_field(s, a, DT_RV_STR, strsize + 1, NULL);
			} else {
				if (!dt_is_value(t)) {
					free(pt);
					free(ps);
					dt_sema_err(s, D_PRINTF_ARG_TYPE, e->line, "%s( ) argument #%d of type %s is not supported yet",
					    name, k + 2, t->name);
				}
				add_field(s, a, DT_RV_INT, 8, t);
			}
		}
		free(pt);
		free(ps);
		break;
	}
	}
	return n;
}
