/*
 * destr.c - the semantic rules of the destructive actions.
 *
 * stop(), raise(sig), system(fmt, ...), copyout(buf, addr, nbytes),
 * copyoutstr(str, addr, maxlen) and chill(ns) change the state of the
 * system, so DTrace compiles them freely but refuses to enable a program
 * that uses one unless destructive actions were allowed (-w, -x
 * destructive, #pragma D option destructive); that check is destr.c's,
 * at dtrace_go() time, as dtrace(1M) makes it.  Here: their operands
 * against DTrace's prototypes, the mark that the program is destructive,
 * and a clear compile error for panic() and breakpoint(), which a BPF
 * program cannot do.  system()'s format and arguments are printf's
 * (call.c lowers them; only the mark is set here).
 */
#include "sema_int.h"
#include "front/ast.h"

static void proto(struct sema *s, struct ast_expr *e, const char *fn, int i,
    const char *want, struct dt_node *v)
{
	dt_sema_err(s, D_PROTO_ARG, e->line, "%s( ) argument #%d is incompatible with prototype:\n"
	    "\tprototype: %s\n\t argument: %s", fn, i, want, v->type->name);
}

/* an integer operand, converted to the prototype's type */
static struct dt_node *int_arg(struct sema *s, struct ast_expr *e,
    const char *fn, struct dt_node *n, int i, const char *tname)
{
	struct dt_node *v = n->args[i - 1];
	if (!dt_is_int(v->type))
		proto(s, e, fn, i, tname, v);
	struct dt_type *t = dt_type_from_name(&dt_sema_hdl(s)->types, tname);
	return dt_sema_cast(s, v, t ? t : dt_sema_hdl(s)->types.t_long);
}

/* a user address: any integer or pointer, as a uintptr_t */
static struct dt_node *addr_arg(struct sema *s, struct ast_expr *e,
    const char *fn, struct dt_node *n, int i)
{
	struct dt_node *v = n->args[i - 1];
	if (!dt_is_scalar(v->type))
		proto(s, e, fn, i, "uintptr_t", v);
	return dt_sema_cast(s, v, dt_sema_hdl(s)->types.t_ulong);
}

void dt_sema_destr(struct sema *s, struct dt_node *n, struct ast_expr *e,
    struct dt_action *a)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	const char *fn = e->call.fn->ident.name;

	switch (n->func) {
	case DT_F_PANIC:
		dt_sema_err(s, D_FUNC_UNDEF, e->line, "panic( ) is not available on Linux: "
		    "a BPF program cannot panic the kernel");
	case DT_F_BREAKPOINT:
		dt_sema_err(s, D_FUNC_UNDEF, e->line, "breakpoint( ) is not available on Linux: "
		    "a BPF program cannot stop the kernel in a debugger");
	case DT_F_SYSTEM:
		break;		/* printf's rules, in call.c */
	case DT_F_STOP:
		a->kind = DT_ACT_DESTR;
		break;
	case DT_F_RAISE:
		a->kind = DT_ACT_DESTR;
		n->args[0] = int_arg(s, e, fn, n, 1, "int");
		break;
	case DT_F_CHILL:
		a->kind = DT_ACT_DESTR;
		n->args[0] = int_arg(s, e, fn, n, 1, "int64_t");
		dtp->uses_chill = 1;
		break;
	case DT_F_COPYOUT: {
		struct dt_node *b = n->args[0];
		a->kind = DT_ACT_DESTR;
		if (b->type->kind != DT_TK_PTR)
			proto(s, e, fn, 1, "void *", b);
		n->args[0] = dt_sema_cast(s, b, dtp->types.t_ulong);
		n->args[1] = addr_arg(s, e, fn, n, 2);
		n->args[2] = int_arg(s, e, fn, n, 3, "size_t");
		dtp->uses_scratch = 1;	/* the bytes are staged there */
		dtp->uses_copyout = 1;
		break;
	}
	case DT_F_COPYOUTSTR: {
		struct dt_node *str = dt_sema_string(s, n->args[0]);
		a->kind = DT_ACT_DESTR;
		if (!str)
			proto(s, e, fn, 1, "string", n->args[0]);
		n->args[0] = str;
		n->args[1] = addr_arg(s, e, fn, n, 2);
		n->args[2] = int_arg(s, e, fn, n, 3, "size_t");
		dtp->uses_copyout = 1;
		break;
	}
	}
	dtp->uses_destructive = 1;
}

int dt_sema_is_destructive(const struct dt_node *n)
{
	return n->kind == DN_S_ACTION && n->func >= DT_F_STOP && n->func <= DT_F_BREAKPOINT;
}
