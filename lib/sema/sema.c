/*
 * sema.c - the semantic pass: syntax tree in, typed clauses out.
 *
 * This file writes the order of the work, once (dt_sema() and clause()
 * below); every step is another file's.  A program goes through:
 *
 *   1. its pragmas, all of them first: options shape what follows
 *      (strsize sizes strings and records, zdefs decides whether a
 *      description matching no probe is an error), and an unmet
 *      depends_on stops a library before any of its declarations
 *      (dlib.c then skips it);
 *   2. its other items one by one, strictly in source order, because a
 *      D name must be declared before it is used:
 *      - a declaration (decl.c): typedefs, variables, extern types;
 *      - an inline (decl.c);
 *      - a translator (xlate.c);
 *      - a clause (a library's are ignored), in four steps:
 *        a. its record and the probes it matches (clause.c), first,
 *           because the first probe's arguments type args[];
 *        b. its action list (stmt.c), before the predicate, as dtrace
 *           does, so that a predicate may use a variable the actions
 *           declare;
 *        c. its predicate (stmt.c);
 *        d. its record size, registration and enabling on its probes
 *           (clause.c).
 *
 * Expressions are lowered where those steps meet them: expr.c, with the
 * operators in arith.c, names and variables in var.c, kernel memory in
 * member.c and calls in call.c.  The first error stops the pass with
 * dtrace's message.  struct sema (sema_int.h) is the walk's state; this
 * file also keeps its helpers: errors, new nodes, the current clause and
 * the switch to a library's text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "front/ast.h"
#include "base/handle.h"
#include "node.h"
#include "fmt/printf.h"
#include "setopt.h"
#include "sema.h"
#include "kernel/btf.h"
#include "dlib.h"
#include "sema_int.h"
#include "base/spec.h"
#include "xlate.h"
#include "kernel/ksyms.h"
#include "kernel/kvar.h"
#include "kernel/cpuinfo.h"
#include "kernel/uregs.h"

/* ---- the order ---- */

/* #pragma D option and depends_on (attributes, binding: accepted) */
static void pragma(struct sema *s, struct ast_item *it)
{
	struct ast_pragma *p = &it->pragma;
	if (p->kind == AST_PRAGMA_DEPENDS_ON) {
		char msg[512];
		if (dt_dlib_depends(s->dtp, p, msg, sizeof(msg)) < 0)
			dt_sema_err(s, it->line, "%s", msg);
		return;
	}
	if (p->kind != AST_PRAGMA_OPTION)
		return;		/* attributes, binding: accepted */
	if (dt_opt_set(s->dtp, p->opt, p->val) < 0) {
		char msg[512];
		/* dt_opt_set wrote "failed to set -x NAME: REASON" */
		const char *why = strrchr(s->dtp->errmsg, ':');
		if (p->val)
			snprintf(msg, sizeof(msg), "failed to set option '%s' to '%s': %s", p->opt,
			    p->val, why ? why + 2 : "Invalid option");
		else
			snprintf(msg, sizeof(msg), "failed to set option '%s': %s", p->opt,
			    why ? why + 2 : "Invalid option");
		dt_compile_error(s->dtp, it->line, msg);
		longjmp(s->jb, 1);
	}
}

/* One clause, in steps a to d of the list above. */
static void clause(struct sema *s, struct ast_item *it, int is_file)
{
	struct ast_clause *c = &it->clause;
	struct match_ctx mc;

	/* a. the record and the probes: their arguments type args[] */
	struct dt_stmt *st = dt_sema_clause_new(s, it, is_file);
	dt_sema_match(s, c->pdescs, &mc);
	s->stmt = st;		/* the clause being lowered */
	s->act = 0;
	/* b. the actions before the predicate, so a predicate may use a
	 * variable the actions declare */
	dt_sema_actions(s, st, c->body);
	/* c. the predicate */
	if (c->pred)
		dt_sema_predicate(s, st, c->pred);
	s->region = 0;		/* later errors are in no region */
	/* d. the record's size; the clause registered and enabled */
	dt_sema_clause_add(s, it, st, &mc);
}

int dt_sema(dtrace_hdl_t *dtp, struct ast_prog *prog, int is_file)
{
	struct sema s = { .dtp = dtp, .tt = &dtp->types };
	struct dt_stmt dummy = { 0 };
	s.stmt = &dummy;

	if (setjmp(s.jb)) {
		free(s.matchv);
		return -1;
	}
	/* 1. options first: they shape what follows (strsize, zdefs) */
	for (struct ast_item *it = prog->items; it; it = it->next)
		if (it->kind == AST_ITEM_PRAGMA)
			pragma(&s, it);
	/* 2. the rest in source order: a name is declared before its use */
	for (struct ast_item *it = prog->items; it; it = it->next) {
		switch (it->kind) {
		case AST_ITEM_CLAUSE:
			if (!dtp->cur_libtag)	/* a library's clauses are ignored */
				clause(&s, it, is_file);
			break;
		case AST_ITEM_DECL: dt_sema_decl(&s, it); break;
		case AST_ITEM_INLINE: dt_sema_inline_decl(&s, it); break;
		case AST_ITEM_TRANSLATOR: dt_xlate_declare(&s, it); break;
		case AST_ITEM_PROVIDER:
		case AST_ITEM_PRAGMA:
			break;
		}
	}
	return 0;
}

/* ---- the walk's state, for every file of the pass (sema_int.h) ---- */

dtrace_hdl_t *dt_sema_hdl(struct sema *s)
{
	return s->dtp;
}

struct dt_stmt *dt_sema_stmt(struct sema *s)
{
	return s->stmt;
}

void dt_sema_err(struct sema *s, int line, const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	static const char *const rname[] = { "", "in predicate: ", "in action list: " };
	int n = 0;
	if (!s->dtp->cur_is_file && !s->noregion && s->region > 0)
		n = snprintf(msg, sizeof(msg), "%s", rname[s->region]);
	vsnprintf(msg + n, sizeof(msg) - (size_t)n, fmt, ap);
	va_end(ap);
	dt_compile_error(s->dtp, line, msg);
	longjmp(s->jb, 1);
}

struct dt_node *dt_sema_node(struct sema *s, enum dt_nkind k, int line, struct dt_type *t)
{
	struct dt_node *n = dt_alloc(s->dtp, sizeof(*n));
	n->kind = k;
	n->line = line;
	n->type = t;
	return n;
}

struct dt_node *dt_sema_const(struct sema *s, int line, struct dt_type *t, int64_t v)
{
	struct dt_node *n = dt_sema_node(s, DN_CONST, line, t);
	n->ival = dt_type_normalize(t, v);
	return n;
}

void dt_sema_enter(struct sema *s, const char *libtag, int scratch, struct dt_sema_ctx *save)
{
	save->stmt = s->stmt;
	save->noregion = s->noregion;
	save->libtag = s->dtp->cur_libtag;
	if (scratch)
		s->stmt = dt_alloc(s->dtp, sizeof(*s->stmt));
	if (libtag)
		s->noregion = 1;
	s->dtp->cur_libtag = libtag;
}

void dt_sema_leave(struct sema *s, const struct dt_sema_ctx *save)
{
	s->stmt = save->stmt;
	s->noregion = save->noregion;
	s->dtp->cur_libtag = save->libtag;
}

/*
 * ---- to become call.c ----
 * calls: D's actions and subroutines, by name, with their
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
	/* dlib/procfs.d's pr_psargs: the arguments in [start, end) of the
	 * current process's memory, NULs as spaces (cg_proc.c) */
	{ "__dt_psargs", DT_F_PSARGS, "string", 2, 2, "II", { "uintptr_t", "uintptr_t" } },
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
		dt_sema_err(s, e->line, "%s( ) prototype mismatch: %d arg%s passed, 1 expected",
		    name, e->call.nargs, e->call.nargs == 1 ? "" : "s");
	struct dt_node *a = dt_sema_expr(s, e->call.args);
	if (!dt_is_int(a->type))
		dt_sema_err(s, e->line, "%s( ) argument #1 is incompatible with prototype:\n"
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
			dt_sema_err(s, e->line, "%s( ) is not available on Linux: %s", name, solaris_subrs[i].why);
	if (!strcmp(name, "getmajor") || !strcmp(name, "getminor")) {
		int major = name[3] == 'm' && name[4] == 'a';
		struct dt_node *d = one_int_arg(s, e, name, "dev_t");
		struct dt_node *v = major ? dt_sema_binop(s, e->line, AST_OP_SHR, d,
		    dt_sema_const(s, e->line, s->tt->t_int, 20)) : d;
		v = dt_sema_binop(s, e->line, AST_OP_BAND, v,
		    dt_sema_const(s, e->line, d->type, major ? 0xfff : 0xfffff));
		return dt_sema_cast(s, v, dt_typedef_lookup(s->tt, major ? "major_t" : "minor_t"));
	}
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
			dt_sema_err(s, e->line, "%s( ) may not be used in an expression", name);
		if (dt_sema_is_aggfunc(name))
			dt_sema_err(s, e->line, "aggregating function %s( ) may not be called from a D "
			    "expression (D program context required)", name);
		dt_sema_err(s, e->line, "undefined function name: %s", name);
	}
	int na = e->call.nargs;
	if (na < subrs[k].minargs)
		dt_sema_err(s, e->line, "%s( ) prototype mismatch: %d arg%spassed, %d expected",
		    name, na, na == 1 ? " " : "s ", subrs[k].minargs);
	if (na > subrs[k].maxargs)
		dt_sema_err(s, e->line, "%s( ) prototype mismatch: %d arg%spassed, %s%d expected",
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
			if (dt_is_scalar(v->type))
				c = dt_sema_cast(s, v, s->tt->t_ulong);
			break;
		}
		if (!c)
			dt_sema_err(s, e->line, "%s( ) argument #%d is incompatible with prototype:\n"
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
};

int dt_sema_action_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(actions) / sizeof(actions[0]); i++)
		if (!strcmp(actions[i].name, name))
			return (int)i;
	return -1;
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
		dt_sema_err(s, s->line, "out of memory");
	if (a->nfields)
		memcpy(f, a->fields, (size_t)a->nfields * sizeof(*f));
	a->fields = f;
	f = &f[a->nfields++];
	memset(f, 0, sizeof(*f));
	uint32_t al = k == DT_RV_STR ? 1 : (size >= 8 || k == DT_RV_BYTES) ? 8 : size;
	st->recsize = (st->recsize + al - 1) / al * al;
	f->kind = k;
	f->offset = st->recsize;
	f->size = size;
	if (t) {
		f->val_size = (int)(t->kind == DT_TK_PTR ? 8 : t->size);
		f->is_signed = t->is_signed;
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

void dt_sema_bytes_field(struct sema *s, struct dt_action *a, uint32_t size)
{
	add_field(s, a, DT_RV_BYTES, size, NULL);
	/* keep the next field and the record 8-byte aligned */
	s->stmt->recsize = (s->stmt->recsize + 7) & ~7u;
}

/* t as printf's checker sees it */
void dt_sema_pftype(struct dt_type *t, struct dt_pfarg_type *pt)
{
	memset(pt, 0, sizeof(*pt));
	pt->name = t->name;
	pt->size = (int)t->size;
	pt->is_signed = t->is_signed;
	pt->longlong = t->kind == DT_TK_INT && t->rank == 5;
	if (!strcmp(t->name, "int64_t") || !strcmp(t->name, "uint64_t"))
		pt->longlong = 2;
	switch (t->kind) {
	case DT_TK_INT: case DT_TK_ENUM: pt->kind = DT_PFT_INT; break;
	case DT_TK_STRING: pt->kind = DT_PFT_STRING; pt->size = 0; break;
	case DT_TK_PTR: pt->kind = DT_PFT_POINTER; pt->size = 8; break;
	case DT_TK_FLOAT: pt->kind = DT_PFT_FLOAT; break;
	case DT_TK_ARRAY:
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
			dt_sema_err(s, e->line, "%s( ) prototype mismatch: %d arg%s passed, %d expected",
			    name, nargs, nargs == 1 ? "" : "s", actions[ai].minargs);
		dt_sema_err(s, e->line, "%s( ) prototype mismatch: %d arg%s passed, at least %d expected",
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
	case DT_F_TRACEMEM: case DT_F_PRINT: case DT_F_FTRUNCATE:
		dt_sema_outact(s, n, e, a);
		break;
	case DT_F_SPECULATE: case DT_F_COMMIT: case DT_F_DISCARD:
		dt_sema_spec_action(s, n, e, a);
		break;
	case DT_F_TRACE: {
		struct dt_node *v = n->args[0] = dt_sema_whole(s, n->args[0]);
		a->kind = DT_ACT_TRACE;
		if (v->type->btf_id < 0)
			dt_btf_resolve(s->dtp, v->type);
		if (dt_obj_is_aggregate(v->type) && v->kind != DN_XLATE && v->type->size)
			add_field(s, a, DT_RV_BYTES, v->type->size, NULL);	/* its bytes */
		else if (v->type->kind == DT_TK_STRING)
			add_field(s, a, DT_RV_STR, strsize + 1, NULL);
		else if (dt_is_scalar(v->type))
			add_field(s, a, DT_RV_INT, v->type->size ? v->type->size : 8, v->type);
		else
			dt_sema_err(s, e->line, "trace( ) argument #1 is incompatible with its prototype: %s",
			    v->type->name);
		break;
	}
	case DT_F_EXIT: {
		struct dt_node *v = n->args[0];
		a->kind = DT_ACT_EXIT;
		if (!dt_is_int(v->type))
			dt_sema_err(s, e->line, "exit( ) argument #1 is incompatible with prototype:\n"
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
			dt_sema_err(s, e->line, "%s( ) argument #1 is incompatible with prototype:\n"
			    "\tprototype: string constant\n\t argument: %s", name, f->type->name);
		if (n->func == DT_F_FREOPEN) {
			/* "." is dtrace's own marker for "" (restore stdout) */
			if (!strcmp(f->str, "."))
				dt_sema_err(s, e->line, "freopen( ) argument #1 cannot be \".\"");
			s->dtp->uses_destructive = 1;
			if (!f->str[0] && nargs == 1)
				break;		/* pf NULL: back to the original output */
		}
		if (dt_printf_parse(f->str, &a->pf, err, sizeof(err)) < 0)
			dt_sema_err(s, e->line, "%s", err);
		dt_register_pf(s->dtp, a->pf);
		int na = nargs - 1;
		struct dt_pfarg_type *pt = calloc((size_t)(na ? na : 1), sizeof(*pt));
		struct dt_pfarg_store *ps = calloc((size_t)(na ? na : 1), sizeof(*ps));
		if (!pt || !ps) {
			free(pt);
			free(ps);
			dt_sema_err(s, e->line, "out of memory");
		}
		for (int k = 0; k < na; k++)
			dt_sema_pftype(n->args[k + 1]->type, &pt[k]);
		if (dt_printf_check(a->pf, pt, na, name, err, sizeof(err)) < 0 ||
		    dt_printf_layout(a->pf, pt, na, (int)strsize, ps) < 0) {
			free(pt);
			free(ps);
			dt_sema_err(s, e->line, "%s", err);
		}
		for (int k = 0; k < na; k++) {
			struct dt_type *t = n->args[k + 1]->type;
			if (ps[k].kind == DT_PFSTORE_STRING) {
				struct dt_node *sv = dt_sema_string(s, n->args[k + 1]);
				if (!sv) {
					free(pt);
					free(ps);
					dt_sema_err(s, e->line, "%s( ) of %s as a string is not supported yet", name, t->name);
				}
				n->args[k + 1] = sv;
				add_field(s, a, DT_RV_STR, strsize + 1, NULL);
			} else {
				if (!dt_is_scalar(t)) {
					free(pt);
					free(ps);
					dt_sema_err(s, e->line, "%s( ) argument #%d of type %s is not supported yet",
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

/*
 * ---- to become stmt.c ----
 * a clause's statements and predicate.
 *
 * The action list is lowered statement by statement, in order: if/else
 * (a scalar condition; the actions of a branch are marked conditional),
 * blocks, aggregations, action calls (each appended to the clause's
 * actions, call.c) and expression statements; speculation's ordering
 * rules are checked as each one is added (spec.c).  Errors here carry
 * the -n region prefix: "in action list: " or "in predicate: ".
 */

static struct dt_node *stmt_list(struct sema *s, struct ast_stmt *st);

static struct dt_node *stmt(struct sema *s, struct ast_stmt *st)
{
	switch (st->kind) {
	case AST_S_EMPTY:
		return NULL;
	case AST_S_BLOCK:
		return stmt_list(s, st->body);
	case AST_S_IF: {
		struct dt_node *n = dt_sema_node(s, DN_S_IF, st->line, s->tt->t_void);
		n->x = dt_sema_expr(s, st->expr);
		if (!dt_is_scalar(n->x->type))
			dt_sema_err(s, st->line, "if-condition must be of scalar type");
		s->in_cond++;
		n->l = stmt(s, st->then_s);
		n->r = st->else_s ? stmt(s, st->else_s) : NULL;
		s->in_cond--;
		return n;
	}
	case AST_S_EXPR: {
		struct ast_expr *e = st->expr;
		s->act++;
		s->line = st->line;
		s->stmt->has_body = 1;
		if (e->kind == AST_E_BINARY && e->binary.op >= AST_OP_ASSIGN &&
		    e->binary.op <= AST_OP_OR_ASSIGN && e->binary.left->kind == AST_E_AGG)
		{
			struct dt_node *an = dt_sema_aggregate(s, e, e->binary.op == AST_OP_ASSIGN);
			an->act = s->act;
			s->stmt->has_agg = 1;
			dt_sema_spec_order(s, an, NULL, st->line);
			return an;
		}
		if (e->kind == AST_E_CALL && e->call.fn->kind == AST_E_IDENT) {
			int ai = dt_sema_action_lookup(e->call.fn->ident.name);
			if (ai >= 0) {
				struct dt_node *n = dt_sema_action(s, e, ai);
				struct dt_stmt *cs = s->stmt;
				struct dt_action *na = dt_alloc(s->dtp,
				    (size_t)(cs->nactions + 1) * sizeof(*na));
				if (!na)
					dt_sema_err(s, e->line, "out of memory");
				if (cs->nactions)
					memcpy(na, cs->actions, (size_t)cs->nactions * sizeof(*na));
				cs->actions = na;
				cs->actions[cs->nactions] = *n->action;
				if (s->in_cond) {
					if (cs->nactions >= 32)
						dt_sema_err(s, e->line, "more than 32 actions in a clause with if/else are not supported yet");
					cs->actions[cs->nactions].cond = 1;
				}
				n->action = &cs->actions[cs->nactions];
				cs->nactions++;
				/* the action pointer above is re-fixed after all actions */
				n->ival = cs->nactions - 1;
				dt_sema_spec_order(s, n, e->call.fn->ident.name, st->line);
				return n;
			}
		}
		struct dt_node *n = dt_sema_node(s, DN_S_EXPR, st->line, s->tt->t_void);
		n->l = dt_sema_expr(s, e);
		n->act = s->act;
		dt_sema_spec_order(s, n, e->kind == AST_E_CALL && e->call.fn->kind == AST_E_IDENT ?
		    e->call.fn->ident.name : NULL, st->line);
		return n;
	}
	}
	return NULL;
}

static struct dt_node *stmt_list(struct sema *s, struct ast_stmt *st)
{
	struct dt_node *head = NULL, **tail = &head;
	for (; st; st = st->next) {
		struct dt_node *n = stmt(s, st);
		if (!n)
			continue;
		*tail = n;
		while (n->next)
			n = n->next;
		tail = &n->next;
	}
	if (!head) {
		/* keep an empty list distinguishable from nothing */
		return NULL;
	}
	return head;
}

/* Point each action statement at its action: cs->actions moved as it grew. */
static void fix_actions(struct dt_stmt *cs, struct dt_node *n)
{
	for (; n; n = n->next) {
		if (n->kind == DN_S_ACTION)
			n->action = &cs->actions[n->ival];
		else if (n->kind == DN_S_IF) {
			fix_actions(cs, n->l);
			fix_actions(cs, n->r);
		}
	}
}

/* The action list of clause st. */
void dt_sema_actions(struct sema *s, struct dt_stmt *st, struct ast_stmt *body)
{
	s->region = 2;
	st->body = stmt_list(s, body);
	fix_actions(st, st->body);
	dt_xlate_check(s, st->body);
}

/* The predicate of clause st: a scalar. */
void dt_sema_predicate(struct sema *s, struct dt_stmt *st, struct ast_expr *pred)
{
	s->region = 1;
	st->pred = dt_sema_expr(s, pred);
	dt_xlate_check(s, st->pred);
	if (!dt_is_scalar(st->pred->type))
		dt_sema_err(s, pred->line, "predicate result must be of scalar type");
}

/*
 * ---- to become clause.c ----
 * a clause's frame: its record, the probes its descriptions
 * match, and its registration on them.
 *
 * Probes are matched before the clause is lowered: args[] is typed by
 * the first probe matched.  A description matching nothing is an error
 * unless -Z (zdefs) is set; under -l it is kept instead, to be listed as
 * unmatched.  A probe matched by two descriptions is enabled once.  The
 * clause is registered (dtp->stmts) and added to each probe's clauses
 * only after its statements and predicate are lowered, so a compile
 * error in it leaves nothing of it enabled.
 */

/* Collect a matched probe once (two descriptions may match one probe). */
static int collect_probe(dtrace_hdl_t *dtp, struct dt_probe *p, void *arg)
{
	struct match_ctx *mc = arg;
	(void)dtp;
	for (int i = 0; i < mc->n; i++)
		if (mc->v[i] == p)
			return 0;
	if (mc->n == mc->cap) {
		int ncap = mc->cap ? mc->cap * 2 : 16;
		struct dt_probe **nv = realloc(mc->v, (size_t)ncap * sizeof(*nv));
		if (!nv)
			return -1;
		mc->v = nv;
		mc->cap = ncap;
	}
	mc->v[mc->n++] = p;
	return 0;
}

/* st added to the clauses of each probe of mc, in program order */
static void enable(struct sema *s, struct dt_stmt *st, struct match_ctx *mc)
{
	st->probes = dt_alloc(s->dtp, sizeof(*st->probes) * (size_t)(mc->n ? mc->n : 1));
	if (mc->n)
		memcpy(st->probes, mc->v, sizeof(*st->probes) * (size_t)mc->n);
	st->nprobes = mc->n;
	for (int i = 0; i < mc->n; i++) {
		struct dt_probe *p = mc->v[i];
		struct dt_stmt **nc = realloc(p->clauses, (size_t)(p->nclauses + 1) * sizeof(*nc));
		if (!nc)
			dt_sema_err(s, 0, "out of memory");
		p->clauses = nc;
		p->clauses[p->nclauses++] = st;
	}
	s->dtp->matched += mc->n;
}

/* A new clause for program item it: its record starts with the header. */
struct dt_stmt *dt_sema_clause_new(struct sema *s, struct ast_item *it, int is_file)
{
	dtrace_hdl_t *dtp = s->dtp;
	struct ast_clause *c = &it->clause;
	struct dt_stmt *st = dt_alloc(dtp, sizeof(*st));

	if (c->no_body && is_file)
		dt_sema_err(s, it->line, c->pred ?
		    "expected actions { } following probe description and predicate" :
		    "expected predicate and/or actions following probe description");
	st->index = dtp->nstmts;
	st->recsize = DT_REC_HDR;
	st->pdesc_text = c->pdescs ? c->pdescs->text : "";
	return st;
}

/*
 * The probes that descriptions pds match, into mc, which is the
 * clause's (s->matches, for args[]) until dt_sema_clause_add().
 */
void dt_sema_match(struct sema *s, struct ast_pdesc *pds, struct match_ctx *mc)
{
	dtrace_hdl_t *dtp = s->dtp;
	*mc = (struct match_ctx){ dtp, NULL, 0, 0 };
	s->matches = mc;
	for (struct ast_pdesc *pd = pds; pd; pd = pd->next) {
		int found = 0;
		if (pd->is_id) {
			dt_probe_iter(dtp, "", "", "", "", NULL, NULL);	/* populate */
			if (pd->id >= 1 && pd->id <= dtp->nprobes) {
				collect_probe(dtp, dtp->probes[pd->id - 1], mc);
				found = 1;
			}
		} else {
			found = dt_probe_iter(dtp, pd->provider, pd->module, pd->function,
			    pd->name, collect_probe, mc);
		}
		if (found == 0 && dtp->list_mode) {
			char d[1024];
			snprintf(d, sizeof(d), "%s:%s:%s:%s", pd->provider, pd->module,
			    pd->function, pd->name);
			char **nu = realloc(dtp->unmatched, (size_t)(dtp->nunmatched + 1) * sizeof(*nu));
			if (nu && (nu[dtp->nunmatched] = strdup(d)) != NULL) {
				dtp->unmatched = nu;
				dtp->nunmatched++;
			} else if (nu) {
				dtp->unmatched = nu;
			}
			continue;
		}
		if (found == 0 && !dtp->opt[DTOPT_ZDEFS]) {
			free(mc->v);
			if (pd->is_id)
				dt_sema_err(s, pd->line, "probe description %s does not match any probes",
				    pd->text);
			dt_sema_err(s, pd->line, "probe description %s:%s:%s:%s does not match any probes",
			    pd->provider, pd->module, pd->function, pd->name);
		}
	}
	s->matchv = mc->v;	/* freed on error by dt_sema */
}

/* Lowered clause st: its record size counted, registered, enabled on mc. */
void dt_sema_clause_add(struct sema *s, struct ast_item *it, struct dt_stmt *st,
    struct match_ctx *mc)
{
	dtrace_hdl_t *dtp = s->dtp;
	if (st->recsize > dtp->maxrec)
		dtp->maxrec = st->recsize;

	struct dt_stmt **ns = realloc(dtp->stmts, (size_t)(dtp->nstmts + 1) * sizeof(*ns));
	if (!ns)
		dt_sema_err(s, it->line, "out of memory");
	dtp->stmts = ns;
	dtp->stmts[dtp->nstmts++] = st;
	enable(s, st, mc);
	free(mc->v);
	s->matchv = NULL;
	s->matches = NULL;
}
