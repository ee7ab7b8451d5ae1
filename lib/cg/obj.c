/*
 * obj.c - code generation for objects in D variables (DN_OBJ, see
 * sema/obj.c): elements and members of global, this->, self-> and
 * associative arrays' arrays, structs and unions, read and written in
 * place (a bit-field by a read-modify-write of the unit holding it,
 * wrapping at its width), whole structs copied (assignments, trace()),
 * dynamic ones deleted by assigning 0.
 *
 * The address is the variable's storage (the globals map value, the
 * this-> area of the mstate frame, or a dynamic variable's value in the
 * dynamic variable map under its key: the self-> variable's, or the
 * associative array element's at its key tuple; created zero-filled by
 * the first store) plus a constant offset plus each run-time index
 * times its stride.  Every run-time index is checked
 * against its dimension first, unsigned so a negative one fails too; a
 * bad one faults with "index out of bounds" (Oracle Linux DTrace's
 * DTRACEFLT_BADINDEX, the index as the fault value) and aborts the
 * clause.  The verifier sees the same bounds, so loads and stores go
 * straight to map or frame memory, without helpers.
 */
#include "cg.h"
#include "sema/node.h"

static uint32_t scalar_size(const struct dt_type *t)
{
	return t->kind == DT_TK_PTR ? 8 : t->size;
}

/* Truncate and extend R0 to what type t holds (as cg/expr.c does). */
static void normalize(struct dt_cg *cg, const struct dt_type *t)
{
	uint32_t size = scalar_size(t);
	if (size >= 8 || size == 0)
		return;
	int sh = 64 - (int)size * 8;
	emit(cg, ALU64_IMM(BPF_LSH, R0, sh));
	emit(cg, ALU64_IMM(t->is_signed ? BPF_ARSH : BPF_RSH, R0, sh));
}

/*
 * reg = the bit-field n's value from what holds it at bit off of reg (its
 * unit as loaded, or at 0 a value to truncate to the field's width):
 * shifted down, sign-extended for a signed type.
 */
static void bf_bits(struct dt_cg *cg, int reg, const struct dt_node *n, uint32_t off)
{
	emit(cg, ALU64_IMM(BPF_LSH, reg, 64 - (int)(off + n->bitfield)));
	emit(cg, ALU64_IMM(n->type->is_signed ? BPF_ARSH : BPF_RSH, reg, 64 - (int)n->bitfield));
}

/*
 * The bit-field n at the address in R1 = the value in R3: its unit read,
 * the field's bits replaced by the value's low bits, the unit written
 * back (R2, R3 and R4 are clobbered).
 */
static void bf_store(struct dt_cg *cg, const struct dt_node *n)
{
	int sz = dt_cg_size_code(n->type->size);
	uint64_t mask = n->bitfield >= 64 ? ~0ULL : (1ULL << n->bitfield) - 1;
	emit(cg, LDX_MEM(sz, R2, R1, 0));
	dt_asm_ld_imm64(&cg->a, R4, 0, ~(mask << n->bitoff));
	emit(cg, ALU64_REG(BPF_AND, R2, R4));
	emit(cg, ALU64_IMM(BPF_LSH, R3, 64 - (int)n->bitfield));
	emit(cg, ALU64_IMM(BPF_RSH, R3, 64 - (int)(n->bitfield + n->bitoff)));
	emit(cg, ALU64_REG(BPF_OR, R2, R3));
	emit(cg, STX_MEM(sz, R1, R2, 0));
}

/*
 * R0 = the dynamic variable's value (n's self-> variable, or the element
 * of n's associative array at n's keys) in the dynamic variable map.
 * Without create, a variable never assigned jumps to missing; with it,
 * it is first stored zero-filled (a full space counts a drop and jumps
 * to missing).
 */
static void dyn_base(struct dt_cg *cg, struct dt_node *n, int create, int missing)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int found = dt_asm_new_label(&cg->a);
	dt_cg_dvar_key(cg, n);
	for (int pass = 0; pass < 2; pass++) {
		dt_asm_ld_map_fd(&cg->a, R1, dtp->fd_dvars);
		emit(cg, MOV64_REG(R2, R9));
		emit(cg, ALU64_IMM(BPF_ADD, R2, dt_cg_key(dtp)));
		emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), found);
		if (!create || pass)
			break;
		dt_cg_dvar_create(cg);
	}
	dt_asm_jump(&cg->a, JA(0), missing);
	dt_asm_place(&cg->a, found);
}

/* R0 = the address of the object n; a dynamic object not there (see
 * dyn_base) jumps to missing */
static void addr(struct dt_cg *cg, struct dt_node *n, int create, int missing)
{
	struct dt_objpath *p = n->path;
	int acc = 0;
	if (p && p->n) {
		acc = dt_cg_slot_alloc(cg);
		for (int k = 0; k < p->n; k++) {
			int ok = dt_asm_new_label(&cg->a);
			dt_cg_expr(cg, p->idx[k], R0);
			dt_asm_jump(&cg->a, JMP_IMM(BPF_JLT, R0, (int32_t)p->nelems[k], 0), ok);
			dt_cg_fault(cg, DTFLT_BADINDEX, R0);
			dt_asm_place(&cg->a, ok);
			if (p->stride[k] != 1)
				emit(cg, ALU64_IMM(BPF_MUL, R0, (int32_t)p->stride[k]));
			if (k) {
				emit(cg, LDX_MEM(BPF_DW, R1, R10, acc));
				emit(cg, ALU64_REG(BPF_ADD, R0, R1));
			}
			emit(cg, STX_MEM(BPF_DW, R10, R0, acc));
		}
	}
	if (n->var) {
		dt_asm_ld_map_value(&cg->a, R0, cg->dtp->fd_globals,
		    (uint32_t)(DT_G_VARS + n->var->offset + n->ival));
	} else if (n->dvar->kind != DT_DV_THIS) {
		dyn_base(cg, n, create, missing);
		if (n->ival)
			emit(cg, ALU64_IMM(BPF_ADD, R0, (int32_t)n->ival));
	} else {
		emit(cg, MOV64_REG(R0, R9));
		emit(cg, ALU64_IMM(BPF_ADD, R0,
		    dt_cg_this(cg->dtp, n->dvar->this_off) + (int)n->ival));
	}
	if (acc) {
		emit(cg, LDX_MEM(BPF_DW, R1, R10, acc));
		emit(cg, ALU64_REG(BPF_ADD, R0, R1));
		dt_cg_slot_free(cg);
	}
}

static int is_dynamic(const struct dt_node *n)
{
	return n->dvar && n->dvar->kind != DT_DV_THIS;
}

void dt_cg_obj_load(struct dt_cg *cg, struct dt_node *n)
{
	int missing = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	addr(cg, n, 0, missing);
	emit(cg, LDX_MEM(dt_cg_size_code(scalar_size(n->type)), R0, R0, 0));
	if (n->bitfield)
		bf_bits(cg, R0, n, n->bitoff);
	else
		normalize(cg, n->type);
	if (!is_dynamic(n))
		return;
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, missing);
	emit(cg, MOV64_IMM(R0, 0));		/* never assigned: 0 */
	dt_asm_place(&cg->a, end);
}

/* the string n->r into the char array n->l: at most its size - 1 bytes
 * and a NUL */
static void assign_chars(struct dt_cg *cg, struct dt_node *n)
{
	int skip = dt_asm_new_label(&cg->a);
	int t = dt_cg_stmp_alloc(cg);
	dt_cg_store_str(cg, n->r, t, (int)cg->dtp->opt[DTOPT_STRSIZE] + 1);
	addr(cg, n->l, 1, skip);
	emit(cg, MOV64_REG(R1, R0));
	emit(cg, MOV64_IMM(R2, (int32_t)n->l->type->size));
	emit(cg, MOV64_REG(R3, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R3, t));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
	dt_asm_place(&cg->a, skip);
	dt_cg_stmp_free(cg);
}

/* R9 + off = zeros, size bytes */
static void zero(struct dt_cg *cg, int off, uint32_t size)
{
	uint32_t i = 0;
	for (; i + 8 <= size; i += 8)
		dt_cg_fst_imm(cg, BPF_DW, off + (int)i, 0);
	for (; i < size; i++)
		dt_cg_fst_imm(cg, BPF_B, off + (int)i, 0);
}

/* R9 + off = the members of the DN_SOU v (the area already zeroed) */
static void build(struct dt_cg *cg, struct dt_node *v, int off)
{
	for (int i = 0; i < v->nargs; i++) {
		struct dt_node *m = v->args[i];
		int moff = off + (int)v->offs[2 * i];
		uint32_t msize = v->offs[2 * i + 1];
		if (m->kind == DN_SOU) {
			build(cg, m, moff);
		} else if (m->type->kind == DT_TK_STRING) {
			dt_cg_store_str(cg, m, moff, (int)msize);
		} else if (m->type->kind == DT_TK_STRUCT || m->type->kind == DT_TK_UNION) {
			dt_cg_sou_to_frame(cg, m, moff);
		} else {
			dt_cg_expr(cg, m, R0);
			dt_cg_fst(cg, dt_cg_size_code(msize), moff, R0);
		}
	}
}

/* R1 = R9 + off; R2 = size; R3 = the address in R0 */
static void read_args(struct dt_cg *cg, int off, uint32_t size)
{
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, MOV64_IMM(R2, (int32_t)size));
}

/*
 * R0 = the address of the object v (a D variable's, never faulting) to
 * read; a dynamic object never assigned reads as zeros (dt_dvzero's
 * value, as large as any dynamic value).
 */
static void src_addr(struct dt_cg *cg, struct dt_node *v)
{
	int missing = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	addr(cg, v, 0, missing);
	if (!is_dynamic(v))
		return;
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, missing);
	dt_cg_dvar_zero(cg, R0);
	dt_asm_place(&cg->a, end);
}

void dt_cg_obj_addr(struct dt_cg *cg, struct dt_node *n)
{
	src_addr(cg, n);
}

void dt_cg_sou_to_frame(struct dt_cg *cg, struct dt_node *v, int off)
{
	uint32_t size = v->type->size;
	if (v->kind == DN_SOU) {
		zero(cg, off, size);
		build(cg, v, off);
		return;
	}
	if (v->kind == DN_OBJ) {
		src_addr(cg, v);
		read_args(cg, off, size);
		emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel));
		return;
	}
	/* *p: kernel memory, a safe read faulting with the address */
	dt_cg_expr(cg, v->l, R0);
	dt_cg_checked_addr(cg, (int32_t)size);
	int a = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, a));
	read_args(cg, off, size);
	dt_cg_call_checked(cg, BPF_FUNC_probe_read_kernel, BPF_JEQ, a);
	dt_cg_slot_free(cg);
}

/* a struct or union n->r copied into the variable n->l */
static void assign_sou(struct dt_cg *cg, struct dt_node *n)
{
	struct dt_node *r = n->r;
	int32_t size = (int32_t)n->l->type->size;
	int skip = dt_asm_new_label(&cg->a);
	int src = dt_cg_slot_alloc(cg);
	if (r->kind == DN_SOU) {
		int area = dt_cg_sou(cg->dtp);
		dt_cg_sou_to_frame(cg, r, area);
		emit(cg, MOV64_REG(R0, R9));
		emit(cg, ALU64_IMM(BPF_ADD, R0, area));
	} else if (r->kind == DN_OBJ) {
		src_addr(cg, r);
	} else {
		dt_cg_expr(cg, r->l, R0);	/* *p */
		dt_cg_checked_addr(cg, size);
	}
	emit(cg, STX_MEM(BPF_DW, R10, R0, src));
	addr(cg, n->l, 1, skip);
	emit(cg, MOV64_REG(R1, R0));
	emit(cg, MOV64_IMM(R2, size));
	emit(cg, LDX_MEM(BPF_DW, R3, R10, src));
	if (r->kind == DN_SOU || r->kind == DN_OBJ)
		emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	else
		dt_cg_call_checked(cg, BPF_FUNC_probe_read_kernel, BPF_JEQ, src);
	dt_asm_place(&cg->a, skip);
	dt_cg_slot_free(cg);
}

/* n: DN_ASSIGN to the DN_OBJ n->l; the value stays in R0 */
void dt_cg_obj_assign(struct dt_cg *cg, struct dt_node *n)
{
	if (n->ival) {		/* 0 to a dynamic struct or union: deleted */
		dt_cg_dvar_delete(cg, n->l);
		emit(cg, MOV64_IMM(R0, 0));
		return;
	}
	if (n->l->type->kind == DT_TK_STRUCT || n->l->type->kind == DT_TK_UNION) {
		assign_sou(cg, n);
		return;
	}
	if (n->l->type->kind == DT_TK_ARRAY) {
		assign_chars(cg, n);
		return;
	}
	int skip = dt_asm_new_label(&cg->a);
	dt_cg_expr(cg, n->r, R0);
	int v = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, v));
	addr(cg, n->l, 1, skip);
	if (n->l->bitfield) {
		emit(cg, MOV64_REG(R1, R0));
		emit(cg, LDX_MEM(BPF_DW, R3, R10, v));
		bf_store(cg, n->l);
	} else {
		emit(cg, LDX_MEM(BPF_DW, R1, R10, v));
		emit(cg, STX_MEM(dt_cg_size_code(scalar_size(n->l->type)), R0, R1, 0));
	}
	dt_asm_place(&cg->a, skip);
	emit(cg, LDX_MEM(BPF_DW, R0, R10, v));
	if (n->l->bitfield)		/* the value the field holds */
		bf_bits(cg, R0, n->l, 0);
	dt_cg_slot_free(cg);
}

/* n: DN_INCDEC of the DN_OBJ n->l (ival: postfix; step per pointer) */
void dt_cg_obj_incdec(struct dt_cg *cg, struct dt_node *n)
{
	int64_t step = 1;
	if (n->type->kind == DT_TK_PTR && n->type->ref->size)
		step = n->type->ref->size;
	int sz = dt_cg_size_code(scalar_size(n->type));
	int bf = n->l->bitfield != 0;
	int skip = dt_asm_new_label(&cg->a), end = dt_asm_new_label(&cg->a);
	addr(cg, n->l, 1, skip);
	int a = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, a));
	emit(cg, LDX_MEM(sz, R0, R0, 0));
	if (bf)
		bf_bits(cg, R0, n->l, n->l->bitoff);
	else
		normalize(cg, n->type);
	int old = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, old));
	emit(cg, ALU64_IMM(n->op == '+' ? BPF_ADD : BPF_SUB, R0, (int32_t)step));
	emit(cg, LDX_MEM(BPF_DW, R1, R10, a));
	if (bf) {		/* wraps at the field's width */
		bf_bits(cg, R0, n->l, 0);
		emit(cg, MOV64_REG(R3, R0));
		bf_store(cg, n->l);
	} else {
		normalize(cg, n->type);
		emit(cg, STX_MEM(sz, R1, R0, 0));
	}
	if (n->ival)
		emit(cg, LDX_MEM(BPF_DW, R0, R10, old));
	dt_cg_slot_free(cg);
	dt_cg_slot_free(cg);
	if (!is_dynamic(n->l))
		return;
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, skip);		/* no dynamic variable space */
	emit(cg, MOV64_IMM(R0, 0));
	dt_asm_place(&cg->a, end);
}
