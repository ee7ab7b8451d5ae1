/*
 * act.c - the semantic rules of the output actions tracemem(),
 * print(), ftruncate() and stack() (freopen() is printf()'s, in call.c).
 *
 * tracemem(addr, size[, nbytes]) and print(ptr) copy memory into the
 * record, so their size is fixed at compile time: tracemem's constant
 * size, print's pointee type.  The messages are dtrace's; the size limit
 * is this implementation's (a record lives in the per-CPU working area).
 */
#include <string.h>
#include "sema_int.h"
#include "base/output.h"
#include "front/ast.h"
#include "kernel/btf.h"

static void tracemem(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a)
{
	struct dt_node **v = n->args;
	a->kind = DT_ACT_TRACEMEM;
	/* a char array in kernel memory (curthread->comm) is a string in D
	 * but also an array, which tracemem takes as a pointer, as dtrace */
	if (v[0]->kind == DN_KSTR && v[0]->l && dt_is_scalar(v[0]->l->type))
		v[0] = v[0]->l;
	if (!dt_is_scalar(v[0]->type))
		dt_sema_err(s, D_TRACEMEM_ADDR, e->line, "tracemem( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: pointer or integer\n\t argument: %s", v[0]->type->name);
	if (!dt_is_int(v[1]->type))
		dt_sema_err(s, D_PROTO_ARG, e->line, "tracemem( ) argument #2 is incompatible with prototype:\n"
		    "\tprototype: size_t\n\t argument: %s", v[1]->type->name);
	if (v[1]->kind != DN_CONST || v[1]->ival <= 0)
		dt_sema_err(s, D_TRACEMEM_SIZE, e->line, "tracemem( ) argument #2 must be a non-zero positive "
		    "integral constant expression");
	if (n->nargs > 3)
		dt_sema_err(s, D_TRACEMEM_ARGS, e->line, "tracemem ( ) prototype mismatch: expected at most 3 args");
	if (n->nargs == 3 && !dt_is_scalar(v[2]->type))
		dt_sema_err(s, D_TRACEMEM_DYNSIZE, e->line, "tracemem ( ) dynamic size (argument #3) must be of scalar type");
	if (v[1]->ival > DT_MAX_MEMREC)
		dt_sema_err(s, D_TRACEMEM_SIZE, e->line, "tracemem( ) argument #2 is too large: at most %d bytes "
		    "can be traced at once", DT_MAX_MEMREC);
	dt_sema_bytes_field(s, a, (uint32_t)v[1]->ival);
	if (n->nargs == 3)
		dt_sema_field(s, a, v[2]->type);
}

static void print(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a)
{
	struct dt_type *t = n->args[0]->type;
	a->kind = DT_ACT_PRINT;
	if (t->kind != DT_TK_PTR)
		dt_sema_err(s, D_PROTO_ARG, e->line, "print( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: void *\n\t argument: %s", t->name);
	struct dt_type *r = t->ref;
	if (r->btf_id < 0) {
		/* curthread's struct task_struct, named before BTF was read */
		const char *tag = strchr(r->name, ' ');
		struct dt_type *k = tag ? dt_btf_tagged(dt_sema_hdl(s), r->kind, tag + 1) : NULL;
		if (k && k->btf_id > 0) {
			r->btf_id = k->btf_id;
			r->size = k->size;
		}
	}
	if (r->size == 0 || r->kind == DT_TK_FUNC)
		dt_sema_err(s, D_PRINT_VOID, e->line, "print( ) argument #1 reference has type '%s' with "
		    "size 0; cannot print( ) it.", r->name);
	dt_sema_field(s, a, t);		/* the address */
	/* a larger object is printed as far as its first printsize bytes
	 * (at most DT_MAX_MEMREC) */
	uint32_t max = (uint32_t)dt_sema_hdl(s)->opt[DTOPT_PRINTSIZE];
	dt_sema_bytes_field(s, a, r->size > max ? max : r->size);
}

/*
 * stack([nframes]): nframes PCs of the kernel stack (default: the
 * stackframes option), at most maxframes, as dtrace clamps it (with a
 * warning, which dtrace does not give).
 */
static uint32_t stack_frames(struct sema *s, struct dt_node *n, struct ast_expr *e)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	int64_t nf = (int64_t)dtp->opt[DTOPT_STACKFRAMES];
	if (n->nargs > 1)
		dt_sema_err(s, D_PROTO_LEN, e->line, "stack( ) prototype mismatch: %d args passed, at most 1 expected",
		    n->nargs);
	if (n->nargs == 1) {
		struct dt_node *v = n->args[0];
		if (!dt_is_int(v->type))
			dt_sema_err(s, D_PROTO_ARG, e->line, "stack( ) argument #1 is incompatible with prototype:\n"
			    "\tprototype: uint32_t\n\t argument: %s", v->type->name);
		if (v->kind != DN_CONST || v->ival <= 0)
			dt_sema_err(s, D_STACK_SIZE, e->line, "stack( ) argument #1 must be a non-zero positive "
			    "integral constant expression");
		nf = v->ival;
	}
	if (nf > (int64_t)dtp->opt[DTOPT_MAXFRAMES]) {
		/* dtrace lowers it silently; said here as for ustack() */
		dt_out_message(dtp, 0, "stack( ) depth %lld lowered to %lld (the maxframes option)",
		    (long long)nf, (long long)dtp->opt[DTOPT_MAXFRAMES]);
		nf = (int64_t)dtp->opt[DTOPT_MAXFRAMES];
	}
	if (nf < 1)
		nf = 1;
	dtp->uses_stack = 1;
	dtp->uses_kstack = 1;
	return (uint32_t)nf;
}

static void stack(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a)
{
	a->kind = DT_ACT_STACK;
	dt_sema_stack_field(s, a, stack_frames(s, n, e) * 8);
}

/*
 * stack() as an aggregation key: a DN_CALL node of DT_F_STACK typed as
 * an array of nframes uint64_t named "stack" (the PCs, zero-filled).
 */
struct dt_node *dt_sema_stack_key(struct sema *s, struct ast_expr *e)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	struct dt_type *t = dt_alloc(dtp, sizeof(*t));
	char *name = dt_alloc(dtp, sizeof("stack"));
	memset(t, 0, sizeof(*t));
	strcpy(name, "stack");
	t->kind = DT_TK_ARRAY;
	t->name = name;
	t->ref = dt_typedef_lookup(&dtp->types, "uint64_t");
	t->align = 8;
	struct dt_node *n = dt_sema_node(s, DN_CALL, e->line, t);
	n->func = DT_F_STACK;
	n->nargs = e->call.nargs;
	n->args = dt_alloc(dtp, sizeof(*n->args) * (size_t)(n->nargs ? n->nargs : 1));
	int i = 0;
	for (struct ast_expr *x = e->call.args; x; x = x->next)
		n->args[i++] = dt_sema_expr(s, x);
	t->nelems = stack_frames(s, n, e);
	t->size = 8 * t->nelems;
	return n;
}

void dt_sema_outact(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a)
{
	switch (n->func) {
	case DT_F_TRACEMEM:
		tracemem(s, n, e, a);
		break;
	case DT_F_PRINT:
		print(s, n, e, a);
		break;
	case DT_F_FTRUNCATE:
		a->kind = DT_ACT_FTRUNCATE;
		break;
	case DT_F_STACK:
		stack(s, n, e, a);
		break;
	}
}
