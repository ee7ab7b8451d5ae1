/*
 * ustack.c - code generation for ustack(), as an action (its record
 * fields, sema/ustack.c) and as an aggregation key (its part of the key,
 * from dt_cg_tuple): the current process id, then bpf_get_stack() with
 * BPF_F_USER_STACK writes the user PCs after it (the kernel walks the
 * frame pointers from the task's saved user registers).  The kernel
 * zero-fills what it does not write, and on failure (no user context: a
 * kernel thread) the whole buffer, so such a stack is empty, not an
 * error.  The consumer symbolizes (consume/usym.c).
 *
 * With -x ustackmode=dwarf an action's record has a second field for the
 * consumer's unwinder (consume/uunwind.c): the task's saved user
 * pt_regs (DT_USTACK_REGS bytes), the number of stack bytes copied, and
 * a window of the user stack from the saved sp, written before the PCs.
 * A read that would cross the end of the stack mapping fails as a whole
 * (and costs a fault), so the window is bounded by the top of the stack
 * when that is within it (the thread pointer for threads, mm->start_stack
 * for the main thread); a read that still fails is tried again up to
 * each page boundary below.  A window that holds the stack up to its
 * top holds every frame the kernel's walk would find: the walk is then
 * left out (the first PC stays 0) and the consumer walks the frame
 * pointers in the window itself (consume/uunwind.c).  That halves what a
 * firing costs (bench/README.md, "Stack aggregations").  The walk is kept
 * when the top is not in the window, when the read failed, and while the
 * task is in a uprobe handler or has uretprobes pending (the kernel's walk
 * replaces their trampoline's address; the window has it).  No user
 * context (a kernel thread, an io worker: the kernel's walk finds none)
 * copies nothing.
 */
#include "cg.h"
#include "sema/node.h"
#include "sema/program.h"
#include "kernel/btf.h"

/* task_struct.flags of threads without a user stack, as the kernel's
 * get_perf_callchain() tests them (include/linux/sched.h) */
#define DT_PF_KTHREAD		0x00200000
#define DT_PF_USER_WORKER	0x00004000

/*
 * The pid at R9 + off, then the walk's PCs (bytes of them).  When off is
 * the key part the window at cg->ustack_len belongs to, the walk runs
 * only if the window's length word has its top bit set (window_at), which
 * is cleared; else the first PC is 0 (the consumer walks the window).
 */
void dt_cg_ustack_at(struct dt_cg *cg, int off, int bytes)
{
	int skip = -1, done = -1;
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
	emit(cg, ALU64_IMM(BPF_RSH, R0, 32));
	emit(cg, STX_MEM(BPF_DW, R9, R0, (int16_t)off));
	if (cg->ustack_len && off == cg->ustack_key) {
		int lenoff = cg->ustack_len;
		cg->ustack_len = 0;
		skip = dt_asm_new_label(&cg->a);
		done = dt_asm_new_label(&cg->a);
		emit(cg, LDX_MEM(BPF_DW, R1, R9, (int16_t)lenoff));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R1, 0, 0), skip);
		emit(cg, ALU64_IMM(BPF_LSH, R1, 1));
		emit(cg, ALU64_IMM(BPF_RSH, R1, 1));
		emit(cg, STX_MEM(BPF_DW, R9, R1, (int16_t)lenoff));
	}
	emit(cg, MOV64_REG(R1, R6));
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, off + 8));
	emit(cg, MOV64_IMM(R3, bytes));
	emit(cg, MOV64_IMM(R4, BPF_F_USER_STACK));
	emit(cg, CALL_HELPER(BPF_FUNC_get_stack));
	if (skip >= 0) {
		dt_asm_jump(&cg->a, JA(0), done);
		dt_asm_place(&cg->a, skip);
		emit(cg, ST_MEM(BPF_DW, R9, (int16_t)(off + 8), 0));
		dt_asm_place(&cg->a, done);
	}
}

/* a BTF offset usable as a load's 16-bit offset, or -1 */
static int field(struct dt_cg *cg, const char *sname, const char *path)
{
	int o = dt_btf_offsetof(cg->dtp, sname, path);
	return o > INT16_MAX ? -1 : o;
}

/*
 * How much of the stack a window from sp (R2) can hold without crossing
 * the end of its mapping, from the task (BTF pointer in R8): up to the
 * thread pointer (task->thread.fsbase) when that is within the window (a
 * glibc or musl thread: its descriptor and static TLS sit at the top of
 * its stack mapping, above every frame), else up to the process's
 * mm->start_stack when that is (the main thread: its stack is mapped from
 * sp up to there and beyond; its thread pointer is elsewhere, below sp),
 * else the whole window.  The thread pointer first: a thread's sample
 * then reads one cache line of the task, not the mm's as well.  Falls
 * through with the length in R1 (64 to window), else jumps to whole.
 * Direct loads from the BTF pointer (the verifier makes them fault-safe):
 * no helper calls.
 */
static void bound(struct dt_cg *cg, int window, int whole)
{
	int mm = field(cg, "task_struct", "mm");
	int ss = field(cg, "mm_struct", "start_stack");
	int fs = field(cg, "task_struct", "thread.fsbase");
	int have = dt_asm_new_label(&cg->a);
	if (fs >= 0) {
		int next = dt_asm_new_label(&cg->a);
		emit(cg, LDX_MEM(BPF_DW, R1, R8, (int16_t)fs));
		emit(cg, ALU64_REG(BPF_SUB, R1, R2));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R1, window, 0), next);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R1, 64, 0), have);
		dt_asm_place(&cg->a, next);
	}
	if (mm >= 0 && ss >= 0) {
		emit(cg, LDX_MEM(BPF_DW, R1, R8, (int16_t)mm));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R1, 0, 0), whole);
		emit(cg, LDX_MEM(BPF_DW, R1, R1, (int16_t)ss));
		emit(cg, ALU64_REG(BPF_SUB, R1, R2));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R1, window, 0), whole);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R1, 64, 0), have);
	}
	dt_asm_jump(&cg->a, JA(0), whole);
	dt_asm_place(&cg->a, have);
}

/* R8 = 1 if the task (BTF pointer in R8) is in a uprobe handler or has
 * uretprobes pending (or that cannot be told), else 0; clobbers R3 */
static void uprobed(struct dt_cg *cg)
{
	int ut = field(cg, "task_struct", "utask");
	int ri = field(cg, "uprobe_task", "return_instances");
	int au = field(cg, "uprobe_task", "auprobe");
	int no = dt_asm_new_label(&cg->a), yes = dt_asm_new_label(&cg->a);
	int end = dt_asm_new_label(&cg->a);
	if (ut < 0) {	/* no uprobes in this kernel */
		emit(cg, MOV64_IMM(R8, 0));
		return;
	}
	emit(cg, LDX_MEM(BPF_DW, R3, R8, (int16_t)ut));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R3, 0, 0), no);
	if (ri < 0 || au < 0) {
		dt_asm_jump(&cg->a, JA(0), yes);
	} else {
		emit(cg, LDX_MEM(BPF_DW, R8, R3, (int16_t)ri));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R8, 0, 0), yes);
		emit(cg, LDX_MEM(BPF_DW, R8, R3, (int16_t)au));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R8, 0, 0), no);
	}
	dt_asm_place(&cg->a, yes);
	emit(cg, MOV64_IMM(R8, 1));
	dt_asm_jump(&cg->a, JA(0), end);
	dt_asm_place(&cg->a, no);
	emit(cg, MOV64_IMM(R8, 0));
	dt_asm_place(&cg->a, end);
}

/* probe_read_user of R2 bytes (in [1, window]) from sp into the window
 * at off, the length first stored in its slot; success jumps to done */
static void read_window(struct dt_cg *cg, int off, int done)
{
	int lenoff = off + DT_USTACK_REGS;
	emit(cg, STX_MEM(BPF_DW, R9, R2, (int16_t)lenoff));
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, lenoff + 8));
	emit(cg, LDX_MEM(BPF_DW, R3, R9, (int16_t)(off + 8 * DT_USTACK_SP)));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_user));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
}

/*
 * The registers and the stack window at off (window bytes), and whether
 * the kernel's walk is wanted too: the top bit of the length word, which
 * dt_cg_ustack_at clears.  The bounded read (bound()) normally succeeds.
 * A read that fails (it crossed the end of the mapping: a thread stack of
 * another runtime, a window larger than what is mapped) is tried again
 * up to each page boundary below it in turn, nearest first, since only a
 * page can be missing: each failed try costs a fault.
 */
static void window_at(struct dt_cg *cg, int off, int window)
{
	int none = dt_asm_new_label(&cg->a), done = dt_asm_new_label(&cg->a);
	int out = dt_asm_new_label(&cg->a), whole = dt_asm_new_label(&cg->a);
	int rd = dt_asm_new_label(&cg->a), noregs = dt_asm_new_label(&cg->a);
	int lenoff = off + DT_USTACK_REGS, spoff = off + 8 * DT_USTACK_SP;
	int flags = field(cg, "task_struct", "flags");
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_task_btf));
	emit(cg, MOV64_REG(R8, R0));
	if (flags >= 0) {
		emit(cg, LDX_MEM(BPF_W, R1, R8, (int16_t)flags));
		emit(cg, ALU64_IMM(BPF_AND, R1, DT_PF_KTHREAD | DT_PF_USER_WORKER));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R1, 0, 0), none);
	}
	emit(cg, MOV64_REG(R1, R8));
	emit(cg, CALL_HELPER(BPF_FUNC_task_pt_regs));
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, MOV64_IMM(R2, DT_USTACK_REGS));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), noregs);
	emit(cg, LDX_MEM(BPF_DW, R2, R9, (int16_t)spoff));
	bound(cg, window, whole);
	uprobed(cg);				/* R8: the walk is wanted */
	dt_asm_jump(&cg->a, JA(0), rd);
	dt_asm_place(&cg->a, whole);
	emit(cg, MOV64_IMM(R1, window));
	emit(cg, MOV64_IMM(R8, 1));
	dt_asm_place(&cg->a, rd);
	emit(cg, MOV64_REG(R2, R1));
	read_window(cg, off, done);
	/* up to each page boundary below the failed read, the nearest first */
	emit(cg, MOV64_IMM(R8, 1));
	for (int j = (window - 1) / 4096; j >= 0; j--) {
		int next = dt_asm_new_label(&cg->a);
		emit(cg, LDX_MEM(BPF_DW, R2, R9, (int16_t)spoff));
		emit(cg, ALU64_IMM(BPF_AND, R2, 4095));
		emit(cg, NEG64(R2));
		emit(cg, ALU64_IMM(BPF_ADD, R2, 4096 * (j + 1)));
		emit(cg, LDX_MEM(BPF_DW, R3, R9, (int16_t)lenoff));
		dt_asm_jump(&cg->a, JMP_REG(BPF_JGE, R2, R3, 0), next);	/* failed already */
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R2, window, 0), next);
		read_window(cg, off, done);
		dt_asm_place(&cg->a, next);
	}
	emit(cg, ST_MEM(BPF_DW, R9, (int16_t)lenoff, 0));
	dt_asm_jump(&cg->a, JA(0), done);
	dt_asm_place(&cg->a, noregs);
	emit(cg, MOV64_IMM(R8, 1));
	emit(cg, ST_MEM(BPF_DW, R9, (int16_t)lenoff, 0));
	dt_asm_place(&cg->a, done);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R8, 0, 0), out);
	emit(cg, LDX_MEM(BPF_DW, R1, R9, (int16_t)lenoff));
	emit(cg, MOV64_IMM(R2, 1));
	emit(cg, ALU64_IMM(BPF_LSH, R2, 63));
	emit(cg, ALU64_REG(BPF_OR, R1, R2));
	emit(cg, STX_MEM(BPF_DW, R9, R1, (int16_t)lenoff));
	dt_asm_jump(&cg->a, JA(0), out);
	dt_asm_place(&cg->a, none);
	emit(cg, ST_MEM(BPF_DW, R9, (int16_t)lenoff, 0));
	dt_asm_place(&cg->a, out);
}

void dt_cg_ustack(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_recfield *f = &n->action->fields[0];
	int off = DT_MS_BUF + (int)f->offset;
	if (n->action->nfields > 1) {
		const struct dt_recfield *w = &n->action->fields[1];
		window_at(cg, DT_MS_BUF + (int)w->offset, (int)w->size - DT_USTACK_REGS - 8);
		cg->ustack_key = off;
		cg->ustack_len = DT_MS_BUF + (int)w->offset + DT_USTACK_REGS;
	}
	dt_cg_ustack_at(cg, off, (int)f->size - 8);
}

/*
 * An aggregation the consumer does (sema/ustack.c, consume/uagg.c): the
 * registers and the stack window first, then (dt_cg_agg) the map key is
 * built straight into the record, where its first ustack() part's walk
 * follows the window's verdict; then the value and the increment (in the
 * stack slots sv and si).  The map is not touched here.
 */
int dt_cg_ustack_agg_begin(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_action *a = n->action;
	const struct dt_agg *g = n->agg;
	const struct dt_recfield *f = a->fields;
	int key = DT_MS_BUF + (int)f[0].offset, moff = 0;
	for (int k = 0; k < g->nkeys && !g->kf[k].ustack; k++)
		moff += (int)g->msize[k];
	window_at(cg, DT_MS_BUF + (int)f[3].offset, (int)f[3].size - DT_USTACK_REGS - 8);
	cg->ustack_key = key + moff;
	cg->ustack_len = DT_MS_BUF + (int)f[3].offset + DT_USTACK_REGS;
	return key;
}

void dt_cg_ustack_agg(struct dt_cg *cg, struct dt_node *n, int sv, int si)
{
	const struct dt_action *a = n->action;
	const struct dt_recfield *f = a->fields;
	cg->ustack_len = 0;
	if (a->cond) {
		int bit = (int)(a - cg->stmt->actions);
		emit(cg, LDX_MEM(BPF_W, R1, R9, DT_MS_BUF + 4));
		emit(cg, ALU32_IMM(BPF_OR, R1, (int32_t)(1u << bit)));
		emit(cg, STX_MEM(BPF_W, R9, R1, DT_MS_BUF + 4));
	}
	emit(cg, LDX_MEM(BPF_DW, R1, R10, (int16_t)sv));
	emit(cg, STX_MEM(BPF_DW, R9, R1, (int16_t)(DT_MS_BUF + f[1].offset)));
	emit(cg, LDX_MEM(BPF_DW, R1, R10, (int16_t)si));
	emit(cg, STX_MEM(BPF_DW, R9, R1, (int16_t)(DT_MS_BUF + f[2].offset)));
}

/*
 * The offset in st's record of the length word of the stack window that
 * ends it (a ustack() action's or a consumer-aggregated key's), or -1:
 * such a record is written only up to the end of the bytes copied
 * (dt_cg_ustack_size), and the consumer pads it back (consume/uunwind.c).
 * Not for speculative clauses (their buffers hold records whole).
 */
int dt_cg_ustack_tail(const struct dt_stmt *st)
{
	if (!st || st->spec_act || st->nactions == 0)
		return -1;
	const struct dt_action *a = &st->actions[st->nactions - 1];
	const struct dt_recfield *w;
	if (a->kind == DT_ACT_UAGG && a->nfields == 4)
		w = &a->fields[3];
	else if (a->kind == DT_ACT_USTACK && a->nfields == 2)
		w = &a->fields[1];
	else
		return -1;
	if (w->offset + w->size != st->recsize || w->size < DT_USTACK_REGS + 8)
		return -1;
	return (int)w->offset + DT_USTACK_REGS;
}

/*
 * R5 = the bytes of st's record (size) to output: all of them, or for a
 * record ending in a stack window (st may be NULL: not a clause's record)
 * only up to the end of what the window holds, rounded up to 8; most of
 * an 8 KB window is usually unused, and every byte written costs (cold
 * cache lines at profile rates).  R9's record; clobbers only R5.
 */
void dt_cg_ustack_size(struct dt_cg *cg, const struct dt_stmt *st, uint32_t size)
{
	int lenoff = dt_cg_ustack_tail(st);
	if (lenoff < 0) {
		emit(cg, MOV64_IMM(R5, (int32_t)size));
		return;
	}
	int head = lenoff + 8;		/* the record up to the window's bytes */
	emit(cg, LDX_MEM(BPF_DW, R5, R9, (int16_t)(DT_MS_BUF + lenoff)));
	/* a length from an action not taken this time is stale: bounded */
	emit(cg, JMP_IMM(BPF_JLE, R5, (int32_t)size - head, 1));
	emit(cg, MOV64_IMM(R5, (int32_t)size - head));
	emit(cg, ALU64_IMM(BPF_ADD, R5, head + 7));
	emit(cg, ALU64_IMM(BPF_AND, R5, -8));
	emit(cg, JMP_IMM(BPF_JLE, R5, (int32_t)size, 1));
	emit(cg, MOV64_IMM(R5, (int32_t)size));
}
