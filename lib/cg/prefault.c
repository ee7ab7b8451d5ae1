/*
 * prefault.c - the sleepable companion of a uprobe's program.
 *
 * A probe program cannot fault a user page in: bpf_probe_read_user_str()
 * fails on a page not present yet, so copyinstr() of a string in a page
 * the process never touched fails.  A uprobe program may be sleepable and
 * call bpf_copy_from_user(), which does fault pages in, but the probe's
 * own program cannot be (it writes to a PERF_EVENT_ARRAY and keeps its
 * state in a per-CPU frame).  So a probe of a DT_PROVF_PREFAULT provider
 * whose clauses copy in user memory at an address computable from the
 * probe's arguments alone gets a small sleepable companion, attached to
 * the same uprobe so that it runs first, which copies those bytes into a
 * throw-away buffer (the dt_prefault map: its content never matters) and
 * so faults in every page they span, up to the first unmapped one.  The
 * probe's program then reads present pages.  docs/ARCHITECTURE.md, "User
 * memory in uprobe programs", says why and what it costs.
 *
 * This file owns which copies get a fault-in (dt_cg_prefault_list: the
 * clauses' node trees walked) and the companion's code (dt_cg_prefault).
 */
#include <string.h>
#include "cg.h"
#include "kernel/btf.h"
#include "sema/node.h"

#define DT_PREFAULT_PTR (-72)	/* a pointer read from user memory */

/* the value of a constant expression (casts folded) */
static int cval(const struct dt_node *n, int64_t *v)
{
	if (n->kind == DN_CONST) {
		*v = n->ival;
		return 1;
	}
	if (n->kind == DN_CAST && n->type && cval(n->l, v)) {
		uint32_t sz = n->type->kind == DT_TK_PTR ? 8 : n->type->size;
		if (sz > 0 && sz < 8) {
			int sh = 64 - 8 * (int)sz;
			*v = n->type->is_signed ? (int64_t)((uint64_t)*v << sh) >> sh
			    : (int64_t)((uint64_t)*v << sh >> sh);
		}
		return 1;
	}
	return 0;
}

/* a 64-bit value: a cast to it or arithmetic in it keeps every bit */
static int wide(const struct dt_node *n)
{
	return n->type && (n->type->kind == DT_TK_PTR || (n->type->kind == DT_TK_INT &&
	    n->type->size == 8));
}

static int uaddr(const struct dt_node *n, struct dt_uaddr *u);

/*
 * *p of 8 bytes where p is copyin(a, len) (cast to a pointer) plus a
 * constant k, 0 <= k <= len - 8: argv[i]'s `*(uintptr_t *)copyin(arg1 +
 * 8 * i, 8)`.  The 8 bytes at a + k in user memory, read by the
 * companion itself.
 */
static int uderef(const struct dt_node *n, struct dt_uaddr *u)
{
	const struct dt_node *p = n->l;
	int64_t k = 0, c, len;

	if (!wide(n))
		return 0;
	while (p->kind == DN_BINARY && (p->op == DT_OP_ADD || p->op == DT_OP_SUB) &&
	    p->type && p->type->kind == DT_TK_PTR && cval(p->r, &c)) {
		k += p->op == DT_OP_ADD ? c : -c;
		p = p->l;
	}
	while (p->kind == DN_CAST && p->type && p->type->kind == DT_TK_PTR)
		p = p->l;
	if (p->kind != DN_CALL || p->func != DT_F_COPYIN || p->nargs != 2 ||
	    !uaddr(p->args[0], u) || u->deref || !cval(p->args[1], &len) ||
	    k < 0 || k > len - 8)
		return 0;
	u->add = (int64_t)((uint64_t)u->add + (uint64_t)k);
	u->deref = 1;
	u->add2 = 0;
	return 1;
}

/*
 * n as argument arg plus add (arg < 0: the constant add), then, if
 * deref, the 8 bytes of user memory there plus add2: argN (or args[N]
 * of a 64-bit type), a constant, casts to 64-bit types, + and - of a
 * constant, one load of a pointer copied in (uderef).  Anything else
 * (variables, kernel loads, other arithmetic) needs the probe's own
 * program: no fault-in.
 */
static int uaddr(const struct dt_node *n, struct dt_uaddr *u)
{
	int64_t c;
	struct dt_uaddr t;

	memset(u, 0, sizeof(*u));
	if (cval(n, &c)) {
		u->arg = -1;
		u->add = c;
		return 1;
	}
	switch (n->kind) {
	case DN_UNARY:
		return n->op == DT_OP_DEREF && uderef(n, u);
	case DN_ARG:
		if (!wide(n) || n->ival < 0 || n->ival >= DT_PREFAULT_NARGS)
			return 0;
		u->arg = (int)n->ival;
		return 1;
	case DN_CAST:
		return wide(n) && wide(n->l) && uaddr(n->l, u);
	case DN_BINARY:
		if (!wide(n) || (n->op != DT_OP_ADD && n->op != DT_OP_SUB))
			return 0;
		if (uaddr(n->l, &t) && cval(n->r, &c)) {
			if (n->op == DT_OP_SUB)
				c = (int64_t)-(uint64_t)c;
		} else if (n->op != DT_OP_ADD || !cval(n->l, &c) || !uaddr(n->r, &t)) {
			return 0;
		}
		*u = t;
		if (u->deref)
			u->add2 = (int64_t)((uint64_t)u->add2 + (uint64_t)c);
		else
			u->add = (int64_t)((uint64_t)u->add + (uint64_t)c);
		return 1;
	default:
		return 0;
	}
}

struct walk {
	dtrace_hdl_t *dtp;
	struct dt_prefault *v;
	int n, max;
};

static void add(struct walk *w, const struct dt_prefault *f)
{
	if (f->addr.arg < 0)
		return;			/* a constant address: nothing to learn */
	for (int i = 0; i < w->n; i++)
		if (memcmp(&w->v[i], f, sizeof(*f)) == 0)
			return;
	if (w->n < w->max)
		w->v[w->n++] = *f;
}

/* a copy-in call: its fault-in, if its address is computable */
static void call(struct walk *w, const struct dt_node *n)
{
	struct dt_prefault f;
	memset(&f, 0, sizeof(f));
	if (n->nargs < 1 || !uaddr(n->args[0], &f.addr))
		return;
	if (n->func == DT_F_COPYINSTR) {
		/* the probe's program reads at most a string area, or n + 1 */
		f.cap = DT_STRAREA(w->dtp);
		f.str = 1;
		if (n->nargs > 1 && uaddr(n->args[1], &f.len)) {
			if (f.len.deref)
				f.len.add2++;
			else
				f.len.add++;
		} else {
			f.len.arg = -1;
			f.len.add = f.cap;
		}
	} else {
		/* copyin(addr, n), copyinto(addr, n, dst): n bytes, and the
		 * scratch space holds at most scratchsize */
		f.cap = (uint32_t)DT_SCRATCH(w->dtp);
		if (n->nargs < 2 || !uaddr(n->args[1], &f.len)) {
			f.len.arg = -1;		/* unknown: up to the cap */
			f.len.add = f.cap;
		}
	}
	if (f.len.arg < 0 && (uint64_t)f.len.add > f.cap)
		f.len.add = f.cap;
	if (f.len.arg < 0 && f.len.add == 0)
		return;
	add(w, &f);
}

static void walk(struct walk *w, const struct dt_node *n, int depth)
{
	/* statements are lists (next), expressions trees; in an
	 * expression only a ternary's (and an if's) x is a node: a
	 * comparison keeps its type there (as sema/vartab.c walks) */
	for (; n && depth < 256; n = n->kind >= DN_S_EXPR ? n->next : NULL) {
		if (n->kind == DN_CALL && (n->func == DT_F_COPYINSTR ||
		    n->func == DT_F_COPYIN || n->func == DT_F_COPYINTO))
			call(w, n);
		walk(w, n->l, depth + 1);
		walk(w, n->r, depth + 1);
		if (n->kind == DN_TERNARY || n->kind == DN_S_IF)
			walk(w, n->x, depth + 1);
		for (int i = 0; i < n->nargs; i++)
			walk(w, n->args[i], depth + 1);
		if (n->path)
			for (int i = 0; i < n->path->n; i++)
				walk(w, n->path->idx[i], depth + 1);
	}
}

int dt_cg_prefault_list(dtrace_hdl_t *dtp, const struct dt_probe *p,
    struct dt_prefault *v, int max)
{
	struct walk w = { dtp, v, 0, max };
	if (!(p->ops->flags & DT_PROVF_PREFAULT) || !p->ops->cg_uarg)
		return 0;
	for (int c = 0; c < p->nclauses; c++) {
		walk(&w, p->clauses[c]->pred, 0);
		walk(&w, p->clauses[c]->body, 0);
	}
	return w.n;
}

uint32_t dt_cg_prefault_bufsize(dtrace_hdl_t *dtp)
{
	uint32_t s = DT_STRAREA(dtp), c = (uint32_t)DT_SCRATCH(dtp);
	return s > c ? s : c;
}

/* R(reg) = u, jumping to skip if a pointer it loads cannot be read; -1
 * (nothing emitted) if the provider cannot load the argument */
static int load(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p,
    const struct dt_uaddr *u, int reg, int skip)
{
	if (u->arg < 0 && u->add >= INT32_MIN && u->add <= INT32_MAX) {
		dt_asm_emit(a, MOV64_IMM(reg, (int32_t)u->add));
		return 0;
	}
	if (u->arg < 0) {
		dt_asm_ld_imm64(a, reg, 0, (uint64_t)u->add);
		return 0;
	}
	int n0 = a->n;
	if (p->ops->cg_uarg(dtp, a, p, u->arg, reg) < 0) {
		a->n = n0;
		return -1;
	}
	if (u->add >= INT32_MIN && u->add <= INT32_MAX) {
		if (u->add)
			dt_asm_emit(a, ALU64_IMM(BPF_ADD, reg, (int32_t)u->add));
	} else {
		dt_asm_ld_imm64(a, R1, 0, (uint64_t)u->add);
		dt_asm_emit(a, ALU64_REG(BPF_ADD, reg, R1));
	}
	if (u->deref) {
		/* the pointer into this program's own stack (the buffer is
		 * every CPU's: its content must not matter), below what
		 * cg_uarg may use */
		dt_asm_emit(a, MOV64_REG(R1, R10));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, DT_PREFAULT_PTR));
		dt_asm_emit(a, MOV64_IMM(R2, 8));
		dt_asm_emit(a, MOV64_REG(R3, reg));
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_copy_from_user));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), skip);
		dt_asm_emit(a, LDX_MEM(BPF_DW, reg, R10, DT_PREFAULT_PTR));
		if (u->add2 >= INT32_MIN && u->add2 <= INT32_MAX) {
			if (u->add2)
				dt_asm_emit(a, ALU64_IMM(BPF_ADD, reg, (int32_t)u->add2));
		} else {
			dt_asm_ld_imm64(a, R1, 0, (uint64_t)u->add2);
			dt_asm_emit(a, ALU64_REG(BPF_ADD, reg, R1));
		}
	}
	return 0;
}

/*
 * The companion: nothing unless tracing is active (the globals' activity
 * state, as every probe program checks), then for each fault-in
 *   R7 = address, R8 = min(length, cap) (unsigned: a negative length is
 *   the cap; a pointer either loads from user memory, into the stack at
 *   DT_PREFAULT_PTR, faulting it in too: unreadable, the fault-in is
 *   skipped), then into the buffer
 *   a string: bpf_copy_from_user_str(buffer, R8, R7, 0), the kfunc
 *     (Linux 6.12), which stops at the NUL: no page past the string's
 *     end is touched (bpf_copy_from_user where the kernel lacks it)
 *   bytes: bpf_copy_from_user(buffer, R8, R7)
 * whose result is ignored: a failure is the probe's program's to report
 * when it reads.
 */
int dt_cg_prefault(dtrace_hdl_t *dtp, struct dt_probe *p, int map_fd, int *kfunc,
    struct dt_asm *out)
{
	struct dt_prefault v[DT_PREFAULT_MAX];
	int n = dt_cg_prefault_list(dtp, p, v, DT_PREFAULT_MAX), emitted = 0;
	struct dt_asm *a = out;

	dt_asm_init(a);
	if (n <= 0)
		return 0;
	for (int i = 0; i < n && *kfunc == DT_PREFAULT_KF_UNKNOWN; i++)
		if (v[i].str)		/* a search of the kernel's BTF: once */
			*kfunc = dt_btf_kfunc(dtp, "bpf_copy_from_user_str");
	int kf = *kfunc;
	int done = dt_asm_new_label(a);
	dt_asm_emit(a, MOV64_REG(R6, R1));
	dt_asm_ld_map_value(a, R1, dtp->fd_globals, 0);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R1, DT_G_STATE));
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R1, DT_ST_ACTIVE, 0), done);
	for (int i = 0; i < n; i++) {
		int skip = dt_asm_new_label(a);
		if (load(dtp, a, p, &v[i].addr, R7, skip) < 0) {
			dt_asm_place(a, skip);
			continue;
		}
		if (v[i].len.arg < 0 && !v[i].len.deref) {	/* a constant, at most the cap */
			dt_asm_emit(a, MOV64_IMM(R8, (int32_t)v[i].len.add));
		} else if (load(dtp, a, p, &v[i].len, R8, skip) < 0) {
			dt_asm_emit(a, MOV64_IMM(R8, (int32_t)v[i].cap));	/* up to the cap */
		} else {
			dt_asm_emit(a, JMP_IMM(BPF_JLE, R8, (int32_t)v[i].cap, 1));
			dt_asm_emit(a, MOV64_IMM(R8, (int32_t)v[i].cap));
		}
		dt_asm_ld_map_value(a, R1, map_fd, 0);
		dt_asm_emit(a, MOV64_REG(R2, R8));
		dt_asm_emit(a, MOV64_REG(R3, R7));
		if (v[i].str && kf > 0) {
			dt_asm_emit(a, MOV64_IMM(R4, 0));
			dt_asm_emit(a, INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, kf));
		} else {
			dt_asm_emit(a, CALL_HELPER(BPF_FUNC_copy_from_user));
		}
		dt_asm_place(a, skip);
		emitted++;
	}
	dt_asm_place(a, done);
	dt_asm_emit(a, MOV64_IMM(R0, 0));
	dt_asm_emit(a, EXIT_INSN());
	if (a->oom || dt_asm_finish(a) < 0) {
		dt_asm_free(a);
		dt_asm_init(a);
		return -1;
	}
	if (!emitted) {
		dt_asm_free(a);
		dt_asm_init(a);
	}
	return emitted > 0;
}
