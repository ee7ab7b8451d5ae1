/*
 * dvar.c - code generation for dynamic variables.
 *
 * Thread-local (self->x) and associative (a[k, ...]) variables live in
 * one BPF hash map, dt_dvars, bounded by dynvarsize.  Its key is
 * { u32 variable id, u32 0, u64 thread (pid_tgid, or 0), key tuple } with
 * integers as 8 bytes and strings as strsize bytes, built zeroed in the
 * frame's key area so unused bytes never split equal keys.  A missing key
 * reads as 0; storing 0 deletes the key; a store that finds the map full
 * is counted in the globals map and reported by the consumer as
 * "N dynamic variable drops".  Clause-local this->x variables are frame
 * slots, zeroed by the trampoline at each probe firing.
 */
#include <errno.h>
#include "cg.h"
#include "sema/node.h"

/* Does computing n leave the key area alone (no dynamic variable, no
 * subroutine, no side effect anywhere in it)?  The walk gives up (no)
 * after *budget nodes: trees share subtrees. */
static int keeps_key_area(const struct dt_node *n, int *budget)
{
	if (!n)
		return 1;
	if (--*budget < 0)
		return 0;
	switch (n->kind) {
	case DN_CONST: case DN_STR: case DN_BUILTIN: case DN_ARG: case DN_VAR:
	case DN_UNARY: case DN_BINARY: case DN_LAND: case DN_LOR: case DN_LXOR:
	case DN_TERNARY: case DN_CAST: case DN_KSTR:
		break;
	default:
		return 0;
	}
	/* (none of these has args) */
	return keeps_key_area(n->l, budget) && keeps_key_area(n->r, budget) &&
	    keeps_key_area(n->x, budget);
}

/* May string key k be written straight into the key area?  Constants,
 * built-ins, arguments, and a kernel string (or a choice of them, as a
 * translator's dev_statname is) whose computation leaves the key area
 * alone: one copy, not two through a temporary. */
static int simple_str(struct dt_node *k)
{
	if (k->kind == DN_STR || k->kind == DN_BUILTIN || k->kind == DN_ARG)
		return 1;
	int budget = 256;
	return (k->kind == DN_KSTR || k->kind == DN_TERNARY) && keeps_key_area(k, &budget);
}

/*
 * Build a key at R9 + key: size bytes zeroed, then for a dynamic variable
 * v its header { id, 0, thread }, then the tuple of args typed by types
 * (after the header, or at key for an aggregation).  Clobbers R0-R5.
 */
void dt_cg_tuple(struct dt_cg *cg, struct dt_node **args, int nargs,
    struct dt_type *const *types, const uint32_t *ssize, int key, uint32_t size,
    struct dt_dvar *v)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int slots[DT_DV_MAXKEYS], tmps[DT_DV_MAXKEYS];
	int sz = (int)DT_STRAREA(dtp);

	/* keys are evaluated first, integers parked on the stack and
	 * computed strings in temporaries: evaluating them may use the key
	 * area (a[b[1]]) */
	for (int i = 0; i < nargs; i++) {
		if (dt_sema_is_stack(args[i]))
			continue;	/* fetched into its place below */
		if (dt_sema_is_ustack(args[i]))
			continue;	/* written straight into the key */
		if (types[i]->kind == DT_TK_STRING) {
			if (simple_str(args[i]))
				continue;
			tmps[i] = dt_cg_stmp_alloc(cg);
			dt_cg_store_str(cg, args[i], tmps[i], sz);
			continue;
		}
		/* usym() and friends: their address (the pid comes below) */
		dt_cg_expr(cg, dt_sema_is_usym(args[i]) ? args[i]->args[0] : args[i], R0);
		slots[i] = dt_cg_slot_alloc(cg);
		emit(cg, STX_MEM(BPF_DW, R10, R0, slots[i]));
	}
	for (uint32_t o = 0; o < size; o += 8)
		dt_cg_fst_imm(cg, BPF_DW, key + (int)o, 0);
	int off = key;
	if (v) {
		dt_cg_fst_imm(cg, BPF_W, key, (int32_t)v->id);
		if (v->kind == DT_DV_SELF) {
			emit(cg, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
			dt_cg_fst(cg, BPF_DW, key + 8, R0);
		}
		off += DT_DV_KEYHDR;
	}
	for (int i = 0; i < nargs; i++) {
		if (dt_sema_is_stack(args[i])) {
			int ks = ssize ? (int)ssize[i] : (int)args[i]->type->size;
			dt_cg_kstack_rec(cg, off, ks / 8);
			off += ks;
			continue;
		}
		if (dt_sema_is_ustack(args[i])) {
			dt_cg_ustack_at(cg, off, 8 * (int)args[i]->ival);
			off += 8 + 8 * (int)args[i]->ival;
			continue;
		}
		if (dt_sema_is_usym(args[i])) {
			dt_cg_usym_slot(cg, slots[i], off);
			off += 16;
			continue;
		}
		if (types[i]->kind == DT_TK_STRING) {
			int ks = ssize ? (int)ssize[i] : sz;	/* its bytes in the key */
			if (simple_str(args[i])) {
				dt_cg_store_str(cg, args[i], off, ks);
			} else {
				emit(cg, MOV64_REG(R1, R9));
				emit(cg, ALU64_IMM(BPF_ADD, R1, off));
				emit(cg, MOV64_IMM(R2, ks));
				emit(cg, MOV64_REG(R3, R9));
				emit(cg, ALU64_IMM(BPF_ADD, R3, tmps[i]));
				emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
			}
			off += ks;
		} else {
			emit(cg, LDX_MEM(BPF_DW, R1, R10, slots[i]));
			dt_cg_fst(cg, BPF_DW, off, R1);
			off += 8;
		}
	}
	for (int i = nargs - 1; i >= 0; i--) {
		if (dt_sema_is_stack(args[i]) || dt_sema_is_ustack(args[i]))
			continue;	/* no slot: fetched into the key */
		if (types[i]->kind != DT_TK_STRING)
			dt_cg_slot_free(cg);
		else if (!simple_str(args[i]))
			dt_cg_stmp_free(cg);
	}
}

/* Build the key of n in the frame's key area; clobbers R0-R5. */
void dt_cg_dvar_key(struct dt_cg *cg, struct dt_node *n)
{
	dtrace_hdl_t *dtp = cg->dtp;
	dt_cg_tuple(cg, n->args, n->nargs, n->dvar->keys, NULL, dt_cg_key(dtp),
	    dt_cg_key_size(dtp), n->dvar);
}

/* Store the value at R3 under the frame's key (flags: BPF_ANY or
 * BPF_NOEXIST); a full dynamic variable space counts a drop (reported by
 * the consumer), a variable another CPU just created does not. */
static void update(struct dt_cg *cg, int flags)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int done = dt_asm_new_label(&cg->a);
	dt_asm_ld_map_fd(&cg->a, R1, dtp->fd_dvars);
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, dt_cg_key(dtp)));
	emit(cg, MOV64_IMM(R4, flags));
	emit(cg, CALL_HELPER(BPF_FUNC_map_update_elem));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, -EEXIST, 0), done);
	dt_asm_ld_map_value(&cg->a, R1, dtp->fd_globals, 0);
	emit(cg, MOV64_IMM(R2, 1));
	emit(cg, ATOMIC_ADD64(R1, R2, DT_G_DVDROPS));
	dt_asm_place(&cg->a, done);
}

/* Store the frame's value area under the frame's key. */
void dt_cg_dvar_update(struct dt_cg *cg)
{
	emit(cg, MOV64_REG(R3, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R3, dt_cg_val(cg->dtp)));
	update(cg, BPF_ANY);
}

void dt_cg_dvar_zero(struct dt_cg *cg, int reg)
{
	dt_asm_ld_map_value(&cg->a, reg, cg->dtp->fd_dvzero, 0);
}

/* Create the variable under the frame's key, zero-filled, unless it is
 * there already. */
void dt_cg_dvar_create(struct dt_cg *cg)
{
	dt_cg_dvar_zero(cg, R3);
	update(cg, BPF_NOEXIST);
}

/* R0 = the address of n's value in the map, or 0 if it has none. */
void dt_cg_dvar_ref(struct dt_cg *cg, struct dt_node *n)
{
	dt_cg_dvar_key(cg, n);
	dt_asm_ld_map_fd(&cg->a, R1, cg->dtp->fd_dvars);
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, dt_cg_key(cg->dtp)));
	emit(cg, CALL_HELPER(BPF_FUNC_map_lookup_elem));
}

/* Delete the variable under the frame's key. */
static void delete(struct dt_cg *cg)
{
	dt_asm_ld_map_fd(&cg->a, R1, cg->dtp->fd_dvars);
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, dt_cg_key(cg->dtp)));
	emit(cg, CALL_HELPER(BPF_FUNC_map_delete_elem));
}

void dt_cg_dvar_delete(struct dt_cg *cg, struct dt_node *n)
{
	dt_cg_dvar_key(cg, n);
	delete(cg);
}

/* A string variable n = the string at R9 + src: copied into the value
 * area, then stored (an empty string is stored; only NULL deletes,
 * dt_cg_dvar_delete). */
void dt_cg_dvar_store_str(struct dt_cg *cg, struct dt_node *n, int src)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int val = dt_cg_val(dtp);
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, val));
	emit(cg, MOV64_IMM(R2, (int32_t)DT_STRAREA(dtp)));
	emit(cg, MOV64_REG(R3, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R3, src));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
	dt_cg_dvar_key(cg, n);
	dt_cg_dvar_update(cg);
}

void dt_cg_dvar_load(struct dt_cg *cg, struct dt_node *n)
{
	if (n->dvar->kind == DT_DV_THIS) {
		dt_cg_fld(cg, BPF_DW, R0, dt_cg_this(cg->dtp, n->dvar->this_off));
		return;
	}
	dt_cg_dvar_ref(cg, n);
	emit(cg, JMP_IMM(BPF_JEQ, R0, 0, 1));
	emit(cg, LDX_MEM(BPF_DW, R0, R0, 0));
}

void dt_cg_dvar_store(struct dt_cg *cg, struct dt_node *n)
{
	dtrace_hdl_t *dtp = cg->dtp;
	if (n->dvar->kind == DT_DV_THIS) {
		dt_cg_fst(cg, BPF_DW, dt_cg_this(dtp, n->dvar->this_off), R0);
		return;
	}
	int val = dt_cg_val(dtp);
	dt_cg_fst(cg, BPF_DW, val, R0);
	dt_cg_dvar_key(cg, n);
	int del = dt_asm_new_label(&cg->a), done = dt_asm_new_label(&cg->a);
	dt_cg_fld(cg, BPF_DW, R3, val);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R3, 0, 0), del);
	dt_cg_dvar_update(cg);
	dt_asm_jump(&cg->a, JA(0), done);
	dt_asm_place(&cg->a, del);
	delete(cg);		/* assigning 0 deletes the variable */
	dt_asm_place(&cg->a, done);
	dt_cg_fld(cg, BPF_DW, R0, val);
}
