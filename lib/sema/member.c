/*
 * member.c - objects in kernel memory: kernel symbols, members, array
 * elements, dereferences and addresses.
 *
 * An object at an address is not loaded until its use is known: a
 * scalar is one safe load, a char array a kernel string, a struct, union
 * or other array an unevaluated reference (a DN_UNARY deref whose l is
 * the address) that '.', '[ ]' and '&' take apart.  Kernel symbols
 * (`sym, mod`sym) are such objects at their kallsyms or BTF address,
 * typed by an extern declaration, BTF or kvar.c; members are found in
 * BTF or in a D declaration, bit-fields extracted with shifts.
 */
#include <stdio.h>
#include <string.h>
#include "sema_int.h"
#include "front/ast.h"
#include "kernel/btf.h"
#include "kernel/ksyms.h"
#include "kernel/kvar.h"
#include "xlate.h"

/* ---- kernel symbols: `sym and mod`sym ---- */

static struct dt_type *extern_type(dtrace_hdl_t *dtp, const char *name)
{
	for (struct dt_extern *x = dtp->externs; x; x = x->next)
		if (!strcmp(x->name, name))
			return x->type;
	return NULL;
}

/*
 * A kernel symbol: the object at its /proc/kallsyms address (or, for a
 * kernel variable kallsyms does not list, the address kvar.c finds),
 * typed by an extern declaration, by kernel BTF (a VAR entry) or by
 * kvar.c's table.  A per-CPU variable is the current CPU's copy: its
 * address is computed at run time (DT_BI_KPERCPU).  A function symbol is
 * its address.  An untyped data symbol is an error unless only its
 * address is wanted (&`sym, a void *).  Symbols are never writable.
 */
struct dt_node *dt_sema_ksym(struct sema *s, int line, const char *full, int want_addr)
{
	char mod[128];
	const char *modp, *sym = dt_sema_scope_split(full, mod, sizeof(mod), &modp);
	struct dt_ksym k;
	int r = dt_ksym_lookup(s->dtp, modp, sym, &k);
	if (r == DT_KSYM_NOMOD)
		dt_sema_err(s, D_IDENT_UNDEF, line, "failed to resolve %s: Unknown module name", full);
	if (r == DT_KSYM_NOADDR)
		dt_sema_err(s, D_IDENT_UNDEF, line, "failed to resolve %s: kernel symbol addresses are hidden (kptr_restrict)",
		    full);
	struct dt_type *t = extern_type(s->dtp, sym);
	if (r == DT_KSYM_OK && !t && dt_ksym_is_text(k.type))
		return dt_sema_const(s, line, s->tt->t_voidp, (int64_t)k.addr);
	/* a vmlinux data symbol: BTF says whether it is per-CPU and types it */
	int kern = r == DT_KSYM_OK ? !strcmp(k.mod, "vmlinux") : !modp || dt_sema_kernel_scope(mod);
	int percpu = 0;
	uint32_t secoff = 0;
	struct dt_type *bt = NULL;
	if (kern && (r != DT_KSYM_OK || !dt_ksym_is_text(k.type)))
		bt = dt_btf_var(s->dtp, sym, &percpu, &secoff);
	if (!t)
		t = bt;
	uint64_t addr = k.addr;
	if (r != DT_KSYM_OK &&
	    (!kern || dt_kvar_addr(s->dtp, sym, percpu, secoff, &addr) < 0))
		dt_sema_err(s, D_IDENT_UNDEF, line, "failed to resolve %s: Unknown symbol name", full);
	if (!t && kern)
		t = dt_kvar_type(s->dtp, sym);
	if (!t) {
		if (want_addr)
			return dt_sema_const(s, line, s->tt->t_voidp, (int64_t)addr);
		dt_sema_err(s, D_SYM_NOTYPES, line, "no symbolic type information is available for %s`%s: %s",
		    r == DT_KSYM_OK ? k.mod : "vmlinux", sym,
		    "kernel BTF has no type for it (declare it extern, or use *(type *)&`sym)");
	}
	struct dt_type *pt = dt_type_ptr(s->tt, t);
	struct dt_node *a;
	if (percpu) {
		a = dt_sema_node(s, DN_BUILTIN, line, pt);
		a->builtin = DT_BI_KPERCPU;
		a->ival = (int64_t)addr;
	} else {
		a = dt_sema_const(s, line, pt, (int64_t)addr);
	}
	return dt_sema_object_at(s, line, a, t, "kernel symbol");
}

/* ---- objects at addresses: loads, members, elements, & ---- */

/*
 * The object of type t at address addr: a safe load of a scalar, a
 * kernel string for a char array, and an unevaluated reference (whose
 * address is its l) for a struct, union or other array, which '.', '[ ]'
 * and '&' take apart.
 */
struct dt_node *dt_sema_object_at(struct sema *s, int line, struct dt_node *addr,
    struct dt_type *t, const char *what)
{
	if (t->kind == DT_TK_ARRAY && t->ref->kind == DT_TK_INT && t->ref->size == 1) {
		struct dt_node *n = dt_sema_node(s, DN_KSTR, line, s->tt->t_string);
		n->l = addr;
		n->ival = t->nelems;
		n->op = 1;		/* an array (dt_sema_index_ref checks constants) */
		return n;
	}
	if (t->kind == DT_TK_VOID)
		dt_sema_err(s, D_DEREF_VOID, line, "cannot dereference pointer to void");
	if (t->kind == DT_TK_FUNC)
		dt_sema_err(s, D_DEREF_FUNC, line, "cannot dereference pointer to function");
	if (!(dt_is_value(t) && (t->size == 1 || t->size == 2 || t->size == 4 || t->size == 8)) &&
	    t->kind != DT_TK_STRUCT && t->kind != DT_TK_UNION && t->kind != DT_TK_ARRAY)
		dt_sema_err(s, D_OP_INCOMPAT, line, "%s of type %s is not supported yet", what, t->name);
	struct dt_node *n = dt_sema_node(s, DN_UNARY, line, t);
	n->op = DT_OP_DEREF;
	n->l = addr;
	return n;
}

int dt_sema_bitfield_unit(uint64_t pos, uint32_t bits, const struct dt_type *mt,
    uint32_t *at, uint32_t *unit, uint32_t *rel)
{
	int natural = 1;
	*unit = mt->size;
	if (*unit && *unit <= 8 && pos % (*unit * 8) + bits <= *unit * 8) {
		*at = (uint32_t)(pos / (*unit * 8) * *unit);
	} else {		/* packed: the smallest load covering it */
		*at = (uint32_t)(pos / 8);
		uint32_t span = (uint32_t)((pos % 8 + bits + 7) / 8);
		*unit = span <= 1 ? 1 : span <= 2 ? 2 : span <= 4 ? 4 : 8;
		natural = span > 8 ? -1 : 0;
	}
	*rel = (uint32_t)(pos - (uint64_t)*at * 8);
	return natural;
}

/*
 * A bit-field of width bits starting bitoff bits past byte off of the
 * object at addr, of integer type mt: one safe load of the unit holding
 * it (dt_sema_bitfield_unit), then shifts to extract and extend it.
 */
static struct dt_node *bitfield_at(struct sema *s, int line, struct dt_node *addr,
    uint32_t off, uint32_t bitoff, uint32_t bits, struct dt_type *mt)
{
	uint32_t unit, at, rel;
	if (dt_sema_bitfield_unit((uint64_t)off * 8 + bitoff, bits, mt, &at, &unit, &rel) < 0)
		dt_sema_err(s, D_OP_INCOMPAT, line, "bit-field of %u bits at bit %u is not supported", bits, bitoff);
	struct dt_node *a = dt_sema_node(s, DN_BINARY, line, s->tt->t_ulong);
	a->op = DT_OP_ADD;
	a->l = dt_sema_cast(s, addr, s->tt->t_ulong);
	a->r = dt_sema_const(s, line, s->tt->t_ulong, at);
	struct dt_node *v = dt_sema_node(s, DN_UNARY, line, dt_int_type(s->tt, (int)unit, 0));
	v->op = DT_OP_DEREF;
	v->l = a;
	struct dt_node *x;
	if (mt->is_signed) {
		x = dt_sema_cast(s, v, s->tt->t_long);
		x = dt_sema_binop(s, line, AST_OP_SHL, x, dt_sema_const(s, line, s->tt->t_int, 64 - rel - bits));
		x = dt_sema_binop(s, line, AST_OP_SHR, x, dt_sema_const(s, line, s->tt->t_int, 64 - bits));
	} else {
		x = dt_sema_cast(s, v, s->tt->t_ulong);
		if (rel)
			x = dt_sema_binop(s, line, AST_OP_SHR, x, dt_sema_const(s, line, s->tt->t_int, (int64_t)rel));
		if (bits < 64)
			x = dt_sema_binop(s, line, AST_OP_BAND, x,
			    dt_sema_const(s, line, s->tt->t_ulong, (int64_t)((1ULL << bits) - 1)));
	}
	struct dt_node *n = dt_sema_node(s, DN_CAST, line, mt);
	n->l = x;
	n->bitfield = bits;
	return n;
}

/*
 * Member m of the struct/union st at address addr: a scalar is a safe
 * load; a char array a kernel string; a nested struct an unevaluated
 * reference for '.'; a bit-field a load and an extraction.
 */
struct dt_type *dt_sema_member_find(struct sema *s, struct dt_type *st, const char *name,
    uint32_t *off, uint32_t *bits, uint32_t *bitoff)
{
	struct dt_type *mt = NULL;
	*off = *bits = *bitoff = 0;
	if (st->btf_id)
		return dt_btf_member(s->dtp, st, name, off, &mt, bits, bitoff) < 0 ? NULL : mt;
	for (int i = 0; i < st->nmembers; i++)
		if (!strcmp(st->members[i].name, name)) {
			*off = st->members[i].offset;
			*bits = st->members[i].bits;
			*bitoff = st->members[i].bitoff;
			return st->members[i].type;
		}
	return NULL;
}

static struct dt_node *member_ref(struct sema *s, struct ast_expr *e,
    struct dt_node *addr, struct dt_type *st)
{
	const char *name = e->member.name;
	uint32_t off, bits, bitoff;
	if (!st->btf_id && !st->complete)
		dt_sema_err(s, D_OP_INCOMPLETE, e->line, "operator %s cannot be applied to a forward declaration: no %s definition is available",
		    e->member.arrow ? "->" : ".", st->name);
	struct dt_type *mt = dt_sema_member_find(s, st, name, &off, &bits, &bitoff);
	if (!mt)
		dt_sema_err(s, D_TYPE_MEMBER, e->line, "%s is not a member of %s", name, st->name);
	if (bits)
		return bitfield_at(s, e->line, addr, off, bitoff, bits, mt);
	struct dt_node *a = dt_sema_node(s, DN_BINARY, e->line, dt_type_ptr(s->tt, mt));
	a->op = DT_OP_ADD;
	a->l = dt_sema_cast(s, addr, s->tt->t_ulong);
	a->r = dt_sema_const(s, e->line, s->tt->t_ulong, off);
	char what[300];
	snprintf(what, sizeof(what), "member %s", name);
	return dt_sema_object_at(s, e->line, a, mt, what);
}

/* e1[e2] on a pointer or array: *(e1 + e2), a safe load. */
struct dt_node *dt_sema_index_ref(struct sema *s, struct ast_expr *e, struct dt_node *b)
{
	struct dt_node *obj = dt_obj_of(b);
	/* dtrace names a variable by its kind: "scalar a" */
	const char *var = b->kind == DN_VAR ? b->var->name :
	    obj && obj->var && !obj->ival && !obj->path ? obj->var->name : NULL;
	if (e->index.nkeys != 1)
		dt_sema_err(s, D_ARR_BADREF, e->line, "cannot access %s%s as an associative array",
		    var ? "scalar " : "", var ? var : "this expression");
	if (obj && obj->type->kind == DT_TK_ARRAY)
		return dt_obj_index(s, e->line, obj, dt_sema_expr(s, e->index.keys));
	struct dt_node *i = dt_sema_expr(s, e->index.keys);
	if (dt_sema_is_strval(b))	/* a string's char */
		return dt_sema_str_at(s, e->line, b, i);
	/* a constant index into an array of known size (a kernel struct's
	 * member) is checked as Oracle's dtrace does */
	uint32_t nel = (b->kind == DN_UNARY && b->op == DT_OP_DEREF &&
	    b->type->kind == DT_TK_ARRAY) ? b->type->nelems :
	    (b->kind == DN_KSTR && b->op == 1) ? (uint32_t)b->ival : 0;
	if (nel && i->kind == DN_CONST && (i->ival < 0 || (uint64_t)i->ival >= nel))
		dt_sema_err(s, D_ARR_BADREF, e->line, "index outside array bounds: %lld, max is %u",
		    (long long)i->ival, nel);
	b = dt_sema_decay(s, b);
	if (b->type->kind != DT_TK_PTR)
		dt_sema_err(s, D_DEREF_NONPTR, e->line, "cannot dereference non-pointer type");
	if (!dt_is_int(i->type))
		dt_sema_err(s, D_OP_INCOMPAT, e->line, "operands have incompatible types: \"%s\" + \"%s\"",
		    b->type->name, i->type->name);
	struct dt_node *a = dt_sema_ptr_arith(s, e->line, AST_OP_ADD, b, i);
	return dt_sema_object_at(s, e->line, a, b->type->ref, "operator [ ] on a pointer to");
}

/* &e: the address of an object (a load's address), never of a D variable. */
struct dt_node *dt_sema_addr_of(struct sema *s, struct ast_expr *e)
{
	struct ast_expr *o = e->unary.operand;
	struct dt_node *v;
	if (o->kind == AST_E_IDENT && strchr(o->ident.name, '`'))
		v = dt_sema_ksym(s, e->line, o->ident.name, 1);
	else
		v = dt_sema_expr(s, o);
	if (v->bitfield)
		dt_sema_err(s, D_ADDROF_BITFIELD, e->line, "cannot take address of bit-field");
	if (v->kind == DN_VAR || v->kind == DN_DVAR)
		dt_sema_err(s, D_ADDROF_VAR, e->line, "cannot take address of dynamic variable");
	struct dt_node *obj = dt_obj_of(v);
	if (obj)
		return dt_obj_addr(s, e->line, obj, dt_type_ptr(s->tt, obj->type));
	struct dt_type *t;
	if (v->kind == DN_CONST && v->type == s->tt->t_voidp && o->kind == AST_E_IDENT)
		return v;		/* an untyped symbol or a function */
	if (v->kind == DN_UNARY && v->op == DT_OP_DEREF)
		t = dt_type_ptr(s->tt, v->type);
	else if (v->kind == DN_KSTR)
		t = dt_type_ptr(s->tt, dt_type_array(s->tt, s->tt->t_char, (uint32_t)v->ival));
	else
		dt_sema_err(s, D_ADDROF_LVAL, e->line, "unacceptable operand for unary & operator");
	struct dt_node *n = dt_sema_node(s, DN_CAST, e->line, t);
	n->l = v->l;
	return n;
}

struct dt_type *dt_sema_sou_of(struct sema *s, int line, int arrow, struct dt_type *t)
{
	if (arrow) {
		if (t->kind != DT_TK_PTR)
			dt_sema_err(s, D_OP_PTR, line, "operator -> must be applied to a pointer");
		t = t->ref;
	}
	if (t->kind != DT_TK_STRUCT && t->kind != DT_TK_UNION) {
		if (arrow)
			dt_sema_err(s, D_OP_SOU, line, "operator -> cannot be applied to pointer to "
			    "type \"%s\"; must be applied to a struct or union pointer", t->name);
		dt_sema_err(s, D_OP_SOU, line, "operator . cannot be applied to type \"%s\"; "
		    "must be applied to a struct or union", t->name);
	}
	return t;
}

/*
 * e.m and e->m on a struct or union: of a D object variable (obj.c), a
 * translation (xlate.c), or an object in memory (member_ref).
 */
struct dt_node *dt_sema_member(struct sema *s, struct ast_expr *e)
{
	struct dt_node *b = dt_sema_expr(s, e->member.base);
	struct dt_node *addr;
	struct dt_type *st;
	if (b->kind == DN_XLATE)
		return dt_xlate_member(s, b, e->member.name, e->member.arrow, e->line);
	st = dt_sema_sou_of(s, e->line, e->member.arrow, b->type);
	if (e->member.arrow) {
		addr = b;
	} else {
		if (b->kind == DN_OBJ) {
			struct dt_node *m = dt_obj_member(s, e->line, b, e->member.name);
			if (m)
				return m;
			addr = dt_obj_addr(s, e->line, b, dt_type_ptr(s->tt, st));
			return member_ref(s, e, addr, st);
		}
		if (b->kind != DN_UNARY || b->op != DT_OP_DEREF)
			dt_sema_err(s, D_OP_SOU, e->line, "operator . is not supported on this %s yet", st->name);
		addr = b->l;
	}
	return member_ref(s, e, addr, st);
}

/* offsetof(type, member), a constant; never of a bit-field */
struct dt_node *dt_sema_offsetof(struct sema *s, struct ast_expr *e)
{
	struct dt_type *t = dt_sema_type(s, e->offs.type);
	const char *name = e->offs.member;
	if (t->kind != DT_TK_STRUCT && t->kind != DT_TK_UNION)
		dt_sema_err(s, D_OFFSETOF_TYPE, e->line, "offsetof operand must be a struct or union type");
	uint32_t off, bits, bitoff;
	/* dtrace's words: its type library's error, and no specific tag */
	if (!dt_sema_member_find(s, t, name, &off, &bits, &bitoff))
		dt_sema_err(s, D_UNKNOWN, e->line, "failed to determine offset of %s: "
		    "Member name not found", name);
	if (bits)
		dt_sema_err(s, D_OFFSETOF_BITFIELD, e->line, "cannot take offset of a bit-field: %s", name);
	return dt_sema_const(s, e->line, s->tt->t_ulong, off);
}
