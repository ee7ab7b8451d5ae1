/*
 * cg.h - the code generator's shared state and helpers.
 *
 * Register conventions inside every generated program:
 *   R6  the probe context (pt_regs, perf event data, tracepoint record)
 *   R7  the per-CPU scratch area (mstate frame 0)
 *   R9  the current mstate frame (R7, or the ERROR frame while ERROR
 *       clauses run from a fault)
 *   R0-R5, R8 are scratch; expression temporaries live in stack slots.
 * Every program is: trampoline (activity check, scratch lookup, args into
 * the frame) + each enabled clause inline, in program order + exit.
 */
#ifndef DT_CG_H
#define DT_CG_H

#include <stdio.h>
#include "base/handle.h"
#include "base/layout.h"
#include "kernel/bpf_asm.h"
#include "prov/prov.h"
#include "sema/program.h"

struct dt_node;


#define DT_STACK_SLOTS 48	/* 8-byte expression temporaries */
/* bpf_get_stack() frames fetched for stackdepth and ustackdepth: -x
 * maxframes (default 127, the kernel's perf_event_max_stack) */
#define DT_MAXFRAMES(dtp) ((int32_t)(dtp)->opt[DTOPT_MAXFRAMES])

/*
 * Probes sharing one program (rt/load.c groups them, prov.h's
 * prog_class): probes[0], the leader, is the probe the program is built
 * from (its clauses, its provider's cg_args); the attach cookie of
 * probes[i] is (i << 32) | its id, stored whole in the frame's DT_MS_PRID
 * by the trampoline (so `id` is its low 32 bits); its EPID of clause k
 * is probes[0]->epids[k] + i.  probeprov, probemod, probefunc and
 * probename that differ between the probes are read from a read-only
 * array indexed by i (cg/str.c), made when a clause first uses one.
 */
struct dt_cg_group {
	struct dt_probe **probes;
	uint32_t n;
	int strfd;			/* that array, or -1 */
	uint32_t strrec;		/* bytes of one probe's entry */
	uint32_t stroff[4], strw[4];	/* each field's offset and bytes in
					   it; strw 0: the same in every probe */
	int iter;			/* entries start with the probe's
					   tracepoint iterator's bounds */
	int laid;			/* the above are computed */
	/* a program too large for one BPF program (cg/prog.c, GEN_FAR):
	 * the parts after the first, tail-called in turn through chainfd
	 * (a PROG_ARRAY: parts[i] at index i + 1), which the loader fills */
	struct dt_asm *parts;
	int nparts;
	int chainfd;			/* that array, or -1 */
	int part_insns, part_branches;	/* the most in one part */
};

struct dt_cg {
	dtrace_hdl_t *dtp;
	struct dt_asm a;
	struct dt_probe *probe;
	struct dt_cg_group *group;	/* a shared program's probes, or NULL */
	struct dt_stmt *stmt;		/* clause being generated */
	uint32_t epid;
	int action;			/* 1-based action index */
	int lbl_err;			/* current clause's fault stub */
	int lbl_next;			/* end of current clause */
	int lbl_out;			/* end of all clauses (epilogue) */
	int far;			/* exit()'s check exits itself (GEN_FAR) */
	struct dt_asm first;		/* GEN_FAR: the first part, once done */
	int nfinished;			/* parts done (the group's parts: the
					   ones after the first) */
	int nslots;			/* stack temporaries in use */
	int nstmp;			/* string temporaries in use */
	int maxslots;
	int in_error;			/* generating ERROR clauses */
	int faults;			/* current clause can fault */
	int has_exit;			/* current clause calls exit() */
	char errmsg[256];
	enum dt_errtag errtag;		/* ... and its kind (base/errtags.h) */
	int failed;
	/* cg/ustack.c: the ustack() key part at R9 + ustack_key takes the
	 * kernel's walk only if the window's length word at R9 + ustack_len
	 * asks for it (0: no such window) */
	int ustack_key, ustack_len;
	/* the code read the attach cookie the trampoline stored at R9 +
	 * DT_MS_PRID (dt_cg_epid, cg/share.c, `id` in a shared program):
	 * without it, and unless the provider's cg_args reads it
	 * (DT_PROVF_COOKIE), a shared program is built again without the
	 * bpf_get_attach_cookie call (cg/prog.c) */
	int uses_cookie;
};

static inline void emit(struct dt_cg *cg, struct bpf_insn i)
{
	dt_asm_emit(&cg->a, i);
}

/* cg/prog.c */
int dt_cg_probe(dtrace_hdl_t *dtp, struct dt_probe *p, struct dt_asm *out);
/* the one program of a group's probes (a group of one: dt_cg_probe's) */
int dt_cg_group(dtrace_hdl_t *dtp, struct dt_cg_group *g, struct dt_asm *out);
/* the most parts a program splits into: a tail-call chain runs at most
 * 33 programs (MAX_TAIL_CALL_CNT + 1), and a syscall probe's program
 * may itself be tail-called by the dispatcher (prov/syscall.c) */
#define DT_CG_MAXPARTS	32
/* frees g's parts (not its chainfd) */
void dt_cg_parts_free(struct dt_cg_group *g);
/* R(reg) = the EPID of the clause being generated (clobbers nothing else) */
void dt_cg_epid(struct dt_cg *cg, int reg);
/* does the program read its probe's index in the group (a shared one,
 * outside ERROR clauses)? */
static inline int dt_cg_shared(const struct dt_cg *cg)
{
	return cg->group && cg->group->n > 1 && !cg->in_error;
}
/* cg/share.c: R9 + off = field which (0 probeprov .. 3 probename) of the
 * probe that fired a shared program, if it differs between the group's
 * probes (1); 0 if it is a constant (the caller stores it) */
int dt_cg_group_str(struct dt_cg *cg, int which, int off, int size);
/* the same for the bounds of the firing probe's tracepoint iterator
 * (kernel stacks' top frame), into stack slots slot_lo and slot_hi (0, 0
 * if it has none): 1 if they are read at run time, 0 if they are each
 * program's constants (clobbers R0-R5) */
int dt_cg_group_iter(struct dt_cg *cg, int slot_lo, int slot_hi);
/* offset of the probe's index in the group, in frame 0 (the cookie's
 * high half) */
#define DT_MS_GIDX	(DT_MS_PRID + 4)
/* code generation refuses the program: the error (of kind tag, as dtrace
 * tags the same refusal) reported when the probe's program is built */
void dt_cg_fail(struct dt_cg *cg, enum dt_errtag tag, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* frame offsets: string temporary k (2 * DT_STRAREA bytes each), the
 * dynamic variable key and value, this-> variable at byte off, loop cell
 * k (8 bytes), the strtok() state, the alloca() scratch space */
int dt_cg_tmp(dtrace_hdl_t *dtp, int k);
int dt_cg_key(dtrace_hdl_t *dtp);
int dt_cg_val(dtrace_hdl_t *dtp);
int dt_cg_this(dtrace_hdl_t *dtp, uint32_t off);
int dt_cg_cell(dtrace_hdl_t *dtp, int k);
int dt_cg_strtok(dtrace_hdl_t *dtp);
int dt_cg_scratch(dtrace_hdl_t *dtp);
int dt_cg_sou(dtrace_hdl_t *dtp);
/* the current frame's offset in the dt_scratch map value (frame 1 while
 * ERROR clauses run) */
int dt_cg_frame_off(const struct dt_cg *cg);
/* bytes of a dynamic variable key (the dt_dvars map's key size) */
uint32_t dt_cg_key_size(dtrace_hdl_t *dtp);
/* bytes of the dt_scratch map's value: both frames and the slack */
uint32_t dt_cg_scratch_size(dtrace_hdl_t *dtp);
/* cg/frame.c: R(dst) = the sz (BPF_B .. BPF_DW) bytes at R9 + off, and
 * stores there, for any frame offset (past 32767 the address is formed
 * in dst, or in R8 for a store) */
void dt_cg_fld(struct dt_cg *cg, int sz, int dst, int off);
void dt_cg_fst(struct dt_cg *cg, int sz, int off, int src);
void dt_cg_fst_imm(struct dt_cg *cg, int sz, int off, int32_t imm);
#define DT_NCELLS 12		/* loop cells per frame (the last: dt_cg_launder) */
/* loop cells: R(reg) = cell k, cell k = R(reg) or an immediate */
static inline void dt_cg_ld_cell(struct dt_cg *cg, int reg, int k)
{
	dt_cg_fld(cg, BPF_DW, reg, dt_cg_cell(cg->dtp, k));
}
static inline void dt_cg_st_cell(struct dt_cg *cg, int k, int reg)
{
	dt_cg_fst(cg, BPF_DW, dt_cg_cell(cg->dtp, k), reg);
}
static inline void dt_cg_st_cell_imm(struct dt_cg *cg, int k, int32_t v)
{
	dt_cg_fst_imm(cg, BPF_DW, dt_cg_cell(cg->dtp, k), v);
}
/* Turn the verifier-tracked pointer in R(reg) into a plain number (what
 * D sees of scratch, pt_regs and cpuinfo pointers): stored to and
 * reloaded from the frame's last cell, it is an unknown scalar. */
static inline void dt_cg_launder(struct dt_cg *cg, int reg)
{
	dt_cg_st_cell(cg, DT_NCELLS - 1, reg);
	dt_cg_ld_cell(cg, reg, DT_NCELLS - 1);
}
#define DT_NSTRTMP 6		/* string temporaries per frame */
/* alloca()/copyin() bytes per clause: -x scratchsize, a multiple of 8 */
#define DT_SCRATCH(dtp) ((int32_t)(((dtp)->opt[DTOPT_SCRATCHSIZE] + 7) & ~7ULL))
/* cg/loop.c: for (R0 = 0; R0 < count; R0++) { body } with the body
 * between begin and end; jumping to lp->done breaks out */
struct dt_loop { int slot, head, done; };
void dt_cg_loop_begin(struct dt_cg *cg, struct dt_loop *lp, int count);
void dt_cg_loop_end(struct dt_cg *cg, struct dt_loop *lp);
/* frame offset of the stack buffer: DT_MAXFRAMES u64s, at least the 3
 * that caller reads (uses_stack) */
int dt_cg_stack(dtrace_hdl_t *dtp);
/* cg/dvar.c */
void dt_cg_dvar_load(struct dt_cg *cg, struct dt_node *n);
/* value in R0; keeps R0 */
void dt_cg_dvar_store(struct dt_cg *cg, struct dt_node *n);
/* a key at R9 + key: size bytes zeroed, the dynamic variable header if
 * v, then the tuple of args (string k in ssize[k] bytes, or DT_STRAREA's
 * if ssize is NULL) */
void dt_cg_tuple(struct dt_cg *cg, struct dt_node **args, int nargs,
    struct dt_type *const *types, const uint32_t *ssize, int key, uint32_t size,
    struct dt_dvar *v);
/* cg/agg.c: an aggregation statement */
void dt_cg_agg(struct dt_cg *cg, struct dt_node *n);
/* R0 = address of n's value in the map, or 0 */
void dt_cg_dvar_ref(struct dt_cg *cg, struct dt_node *n);
/* the key of dynamic variable n->dvar (keys n->args) in the key area */
void dt_cg_dvar_key(struct dt_cg *cg, struct dt_node *n);
/* the frame's value area stored under its key (a full space: a drop) */
void dt_cg_dvar_update(struct dt_cg *cg);
/* the variable under the frame's key created zero-filled if it is not
 * there (a full space: a drop) */
void dt_cg_dvar_create(struct dt_cg *cg);
/* R(reg) = the address of a zero value as large as any dynamic
 * variable's (read only) */
void dt_cg_dvar_zero(struct dt_cg *cg, int reg);
/* n = the string at R9 + src */
void dt_cg_dvar_store_str(struct dt_cg *cg, struct dt_node *n, int src);
/* n deleted (assigned 0 or NULL) */
void dt_cg_dvar_delete(struct dt_cg *cg, struct dt_node *n);
/* cg/expr.c */
void dt_cg_expr(struct dt_cg *cg, struct dt_node *n, int reg);
void dt_cg_fault(struct dt_cg *cg, int code, int addr_reg);
/* Call a helper; unless R0 passes `R0 ok_jop 0`, fault with the
 * "invalid address" saved in stack slot addr_slot. */
void dt_cg_call_checked(struct dt_cg *cg, int helper, int ok_jop, int addr_slot);
int dt_cg_slot_alloc(struct dt_cg *cg);
void dt_cg_slot_free(struct dt_cg *cg);
/* R0 = *(size *)(R0 + off) from kernel memory, faulting on failure */
void dt_cg_kread(struct dt_cg *cg, int off, int size);
/* cg/subr.c: built-in variables on stacks, registers and CPUs */
void dt_cg_bvar(struct dt_cg *cg, struct dt_node *n);
/* cg/outact.c: tracemem() and print() */
void dt_cg_outact(struct dt_cg *cg, struct dt_node *n);
/* ustack.c: the ustack() action's record field; the pid and bytes / 8
 * user PCs at R9 + off (an aggregation key's part) */
void dt_cg_ustack(struct dt_cg *cg, struct dt_node *n);
void dt_cg_ustack_at(struct dt_cg *cg, int off, int bytes);
/* usymfn.c: usym() and friends' pid and address at R9 + off, the
 * address n->args[0] or the one in stack slot slot (clobber R0-R5) */
void dt_cg_usym_at(struct dt_cg *cg, struct dt_node *n, int off);
void dt_cg_usym_slot(struct dt_cg *cg, int slot, int off);
/* an aggregation with a ustack() key the consumer aggregates
 * (ustackmode=dwarf): its record's window, then (returns where) the key
 * to build in it; then the value and increment in stack slots sv and si */
int dt_cg_ustack_agg_begin(struct dt_cg *cg, struct dt_node *n);
void dt_cg_ustack_agg(struct dt_cg *cg, struct dt_node *n, int sv, int si);
/* the offset of the length word of the stack window ending st's record,
 * or -1; R5 = the bytes of that record to output (size when it has none) */
int dt_cg_ustack_tail(const struct dt_stmt *st);
void dt_cg_ustack_size(struct dt_cg *cg, const struct dt_stmt *st, uint32_t size);
/* strtail.c: R5 = the bytes of st's record (size) to output, its string
 * fields packed first (clobbers R0-R5); else dt_cg_ustack_size's */
void dt_cg_rec_size(struct dt_cg *cg, const struct dt_stmt *st, uint32_t size);
/* upid.c: does clause st take a user stack?  Then its process is
 * announced to the consumer the first time (dt_cg_upid) */
int dt_cg_stmt_ustack(const struct dt_stmt *st);
void dt_cg_upid(struct dt_cg *cg);
/* cg/act.c */
void dt_cg_stmt_list(struct dt_cg *cg, struct dt_node *n);
/* cg/str.c: n's bytes (NUL-terminated, at most size) at R9 + dst_off */
void dt_cg_store_str(struct dt_cg *cg, struct dt_node *n, int dst_off, int size);
/* the size bytes of the char array n (a DN_KSTR) as they are, faulting */
void dt_cg_store_chars(struct dt_cg *cg, struct dt_node *n, int dst_off, int size);
int dt_cg_stmp_alloc(struct dt_cg *cg);
void dt_cg_stmp_free(struct dt_cg *cg);
/* R0 = length of the string at R9 + off (at most size - 1) */
void dt_cg_strlen_at(struct dt_cg *cg, int off, int size);
/* integer-valued string subroutines (strlen, index, rindex) into R0 */
void dt_cg_str_int(struct dt_cg *cg, struct dt_node *n);
/* the assignment of a string to a variable */
void dt_cg_str_assign(struct dt_cg *cg, struct dt_node *n);
/* R9 + off = the bytes of the string at R9 + src + R(idx), at most
 * R(cnt) - 1 of them (cnt clamped to [1, size], idx to [0, srcmax - 1]);
 * clobbers R1-R3 */
void dt_cg_copy_sub(struct dt_cg *cg, int off, int src, int idx, int cnt,
    int srcmax, int size);
/* R(dst) = the byte at R9 + base + R(idx), idx known to be in range */
void dt_cg_ld_byte(struct dt_cg *cg, int dst, int base, int idx);
/* cg/path.c: the cwd or root built-in (n) into R9 + off */
void dt_cg_path(struct dt_cg *cg, struct dt_node *n, int off, int size);
/* cg/path.c: __dt_d_path(dentry, vfsmount) into R9 + off */
void dt_cg_d_path(struct dt_cg *cg, struct dt_node *n, int off, int size);
/* cg/kvar.c: R0 = the current CPU's copy of the per-CPU kernel
 * variable at link address addr */
void dt_cg_kpercpu(struct dt_cg *cg, uint64_t addr);
/* cg/net.c: cleanpath, inet_ntoa, inet_ntoa6, inet_ntop into R9 + off */
void dt_cg_net(struct dt_cg *cg, struct dt_node *n, int off, int size);
/* cg/mem.c: integer and memory subroutines into R0 */
void dt_cg_subr(struct dt_cg *cg, struct dt_node *n);
/* cg/proc.c: __dt_psargs(start, end) into R9 + off */
void dt_cg_psargs(struct dt_cg *cg, struct dt_node *n, int off, int size);
/* cg/subr.c: progenyof(pid) into R0 */
void dt_cg_progenyof(struct dt_cg *cg, struct dt_node *n);
/* cg/obj.c: objects in D variables (DN_OBJ): R0 = the address (checking
 * run-time indexes; a dynamic object never assigned: a zero-filled
 * stand-in), R0 = the scalar value, an assignment (value left in R0; a
 * dynamic struct deleted), ++/-- */
void dt_cg_obj_addr(struct dt_cg *cg, struct dt_node *n);
void dt_cg_obj_load(struct dt_cg *cg, struct dt_node *n);
void dt_cg_obj_assign(struct dt_cg *cg, struct dt_node *n);
void dt_cg_obj_incdec(struct dt_cg *cg, struct dt_node *n);
/* R9 + off = the bytes of the struct, union or array value v (a D
 * variable's, kernel memory's, or a DN_SOU built member by member) */
void dt_cg_sou_to_frame(struct dt_cg *cg, struct dt_node *v, int off);
/* *addr = R0 for the dereference lv, which must hit scratch memory;
 * keeps R0 */
void dt_cg_deref_store(struct dt_cg *cg, struct dt_node *lv);
/* R(reg) = the scratch space's base address, as D sees it */
void dt_cg_scratch_base(struct dt_cg *cg, int reg);
/* R1 = scratch offset of R(sz) new bytes (faults when full); clobbers R2 */
void dt_cg_scratch_alloc(struct dt_cg *cg, int sz);
/* R(sz) bytes from the address in R(src) to scratch offset R1 with a
 * probe_read helper, faulting with the address on failure */
void dt_cg_scratch_read(struct dt_cg *cg, int helper, int src, int sz);
/* A read of size bytes at the address in R3 (kept): fault with "invalid
 * address" if it lies in DTrace's own working memory but neither in the
 * scratch space the current clause was handed nor in its this->
 * variables (a pointer past an alloca(), or into an earlier clause's
 * scratch).  Nothing unless the program uses scratch space.  Clobbers
 * R0-R2. */
void dt_cg_scratch_check(struct dt_cg *cg, int32_t size);
/* the same for the address in R0 (kept); clobbers R1-R3 */
void dt_cg_checked_addr(struct dt_cg *cg, int32_t size);
/* cg/destr.c: stop, raise, copyout, copyoutstr, chill */
void dt_cg_destr(struct dt_cg *cg, struct dt_node *n);

/* spec.c: speculations */
void dt_cg_speculation(struct dt_cg *cg);
void dt_cg_spec_speculate(struct dt_cg *cg, struct dt_node *n);
void dt_cg_spec_commit(struct dt_cg *cg, struct dt_node *n);
/* a clause whose only actions are commit()/discard() records nothing */
int dt_cg_spec_silent(const struct dt_stmt *st);
/* at the start of a speculative clause's record */
void dt_cg_spec_init(struct dt_cg *cg, const struct dt_stmt *st);
/* before the record is written: charge it to its speculation, or jump to
 * the returned label (placed after the write) to drop it; -1 if the
 * clause is not speculative */
int dt_cg_spec_record(struct dt_cg *cg, const struct dt_stmt *st);

/* buf.c: the buffer policies' checks */
/* Does the clause write a record? */
int dt_cg_stmt_records(dtrace_hdl_t *dtp, const struct dt_stmt *st);
/* Emitted before a recording clause's predicate: the policy's checks;
 * jumps to skip (the clause's end) when the clause must not run.  Returns
 * 1 when the record can never fit: the jump is then unconditional and the
 * caller must not generate the clause (the verifier refuses dead code). */
int dt_cg_buf_clause(struct dt_cg *cg, uint32_t size, int skip);
/* Emitted before a record of size bytes is output: the policy's checks;
 * jumps to skip when the record must not be written.  Returns 1, like
 * dt_cg_buf_clause, when it never can be. */
int dt_cg_buf_reserve(struct dt_cg *cg, uint32_t size, int skip);
/* Emitted right after the output helper (R0 its result). */
void dt_cg_buf_written(struct dt_cg *cg, uint32_t size, int skip);
/* Emitted at the start of BEGIN's and END's programs: record the CPU. */
void dt_cg_buf_fired(struct dt_cg *cg);

/* the BPF size code of a 1-, 2-, 4- or 8-byte load or store */
static inline int dt_cg_size_code(uint32_t size)
{
	switch (size) {
	case 1: return BPF_B;
	case 2: return BPF_H;
	case 4: return BPF_W;
	default: return BPF_DW;
	}
}

/* prefault.c: the sleepable companion of a probe of a DT_PROVF_PREFAULT
 * provider (docs/ARCHITECTURE.md, "User memory in uprobe programs").  A
 * value the companion computes: argument arg (the provider's cg_uarg)
 * plus add, or the constant add when arg < 0; then, if deref, the 8
 * bytes of user memory there plus add2. */
struct dt_uaddr { int arg; int64_t add; int deref; int64_t add2; };
/* one fault-in: the bytes at addr, min(len, cap) of them (cap: what the
 * probe's program reads at most), up to the first NUL if str */
struct dt_prefault { struct dt_uaddr addr, len; uint32_t cap; int str; };
#define DT_PREFAULT_MAX 16	/* fault-ins per companion, at most */
#define DT_PREFAULT_NARGS 10	/* argN it computes: arg0 .. arg9 */
/* the fault-ins p's clauses need (copyinstr, copyin, copyinto of an
 * address computable from the arguments), at most max of them, distinct */
int dt_cg_prefault_list(dtrace_hdl_t *dtp, const struct dt_probe *p,
    struct dt_prefault *v, int max);
/* bytes of the throw-away buffer (the dt_prefault map's value) */
uint32_t dt_cg_prefault_bufsize(dtrace_hdl_t *dtp);
/* p's companion into out, copying into map_fd's value: 1, or 0 if p
 * needs none (out empty), -1 out of memory.  *kfunc: the BTF id of
 * bpf_copy_from_user_str (-1: none), looked up the first time a string
 * needs it while it is DT_PREFAULT_KF_UNKNOWN */
#define DT_PREFAULT_KF_UNKNOWN (-2)
int dt_cg_prefault(dtrace_hdl_t *dtp, struct dt_probe *p, int map_fd, int *kfunc,
    struct dt_asm *out);

/* stack(): nf kernel PCs into the frame at off (subr.c) */
void dt_cg_kstack_rec(struct dt_cg *cg, int off, int nf);

#endif
