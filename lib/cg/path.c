/*
 * path.c - code generation for the cwd and root built-ins: the path of
 * the current process's working directory (curthread->fs->pwd) or root
 * directory (curthread->fs->root).
 *
 * bpf_d_path() is refused to our program types, so the path is built as
 * the kernel's d_path() builds it: from the directory's dentry up its
 * d_parent chain, and at the root of a mount (dentry == mnt_root) on to
 * the dentry it is mounted on (mnt_mountpoint) in the parent mount
 * (struct mount, around the vfsmount), until a mount that is its own
 * parent: the root of the process's mount namespace.  Like DTrace's
 * (whose cwd and root are the vnodes' cached paths, as seen from the
 * system's root), the walk ignores a chroot: cwd of a process chrooted
 * to /srv/jail in /srv/jail/tmp is "/srv/jail/tmp" and its root
 * "/srv/jail"; root is "/" otherwise.  A directory that has been removed
 * gets d_path()'s " (deleted)" suffix.
 *
 * The walk runs twice on an iterator loop (cg/loop.c, its rules apply:
 * state in frame cells, bounds checked, no faults inside): the first pass
 * measures the path, the second writes each "/name" at its final offset
 * from the start, so a path longer than strsize keeps its beginning, as
 * DTrace's truncation of a string does.  Names are written into a string
 * temporary, whose slack beyond strsize lets a bounded offset plus a
 * bounded length provably stay inside it.  A task without an fs_struct
 * (late in exit), a failed read or a walk of more than DT_PATH_STEPS
 * steps gives "<unknown>", DTrace's value for a vnode without a path.
 * Offsets of the kernel structures come from BTF.
 */
#include <string.h>
#include "cg.h"
#include "sema/node.h"
#include "kernel/btf.h"

/* Most dentries and mount crossings a walk takes: a path of PATH_MAX
 * bytes has at most 2048 components; deeper directories (reachable by
 * relative chdir only) are "<unknown>" past this. */
#define DT_PATH_STEPS	4096

/* frame cells (never live across an argument evaluation: cwd has none):
 * start dentry and mount, current dentry and mount, the next dentry,
 * path length, write position, name length, walk status, read buffer,
 * name pointer (the 11 cells before dt_cg_launder's) */
enum { C_D0, C_M0, C_D, C_M, C_N, C_T, C_P, C_L, C_F, C_R, C_S };
_Static_assert(C_S < DT_NCELLS - 1, "cwd/root need 11 loop cells before dt_cg_launder's");

/* walk status */
enum { W_WALKING, W_DONE, W_FAILED };

struct path_offs {
	int task_fs, fs_mnt, fs_dentry;
	int mnt_mnt, mnt_parent, mnt_mountpoint, vfs_root;
	int d_parent, d_len, d_name, d_pprev;
};

static int offsets(dtrace_hdl_t *dtp, int root, struct path_offs *o)
{
	o->task_fs = dt_btf_offsetof(dtp, "task_struct", "fs");
	o->fs_mnt = dt_btf_offsetof(dtp, "fs_struct", root ? "root.mnt" : "pwd.mnt");
	o->fs_dentry = dt_btf_offsetof(dtp, "fs_struct", root ? "root.dentry" : "pwd.dentry");
	o->mnt_mnt = dt_btf_offsetof(dtp, "mount", "mnt");
	o->mnt_parent = dt_btf_offsetof(dtp, "mount", "mnt_parent");
	o->mnt_mountpoint = dt_btf_offsetof(dtp, "mount", "mnt_mountpoint");
	o->vfs_root = dt_btf_offsetof(dtp, "vfsmount", "mnt_root");
	o->d_parent = dt_btf_offsetof(dtp, "dentry", "d_parent");
	o->d_len = dt_btf_offsetof(dtp, "dentry", "d_name.len");
	o->d_name = dt_btf_offsetof(dtp, "dentry", "d_name.name");
	o->d_pprev = dt_btf_offsetof(dtp, "dentry", "d_hash.pprev");
	const int v[] = { o->task_fs, o->fs_mnt, o->fs_dentry, o->mnt_mnt, o->mnt_parent,
	    o->mnt_mountpoint, o->vfs_root, o->d_parent, o->d_len, o->d_name, o->d_pprev };
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (v[i] < 0)
			return -1;
	return 0;
}

/* R0 = *(size *)(R(src) + off) through the read cell; a failed read
 * jumps to fail.  Clobbers R1-R5. */
static void rd(struct dt_cg *cg, int src, int off, int size, int fail)
{
	emit(cg, MOV64_REG(R3, src));
	emit(cg, ALU64_IMM(BPF_ADD, R3, off));
	dt_cg_st_cell_imm(cg, C_R, 0);		/* a 4-byte read leaves 0 above */
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, dt_cg_cell(cg->dtp, C_R)));
	emit(cg, MOV64_IMM(R2, size));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), fail);
	dt_cg_ld_cell(cg, R0, C_R);
}

/* R0 = cell c's field at off (a kernel pointer), jumping to fail if
 * the read fails */
static void rd_cell(struct dt_cg *cg, int c, int off, int size, int fail)
{
	dt_cg_ld_cell(cg, R4, c);
	rd(cg, R4, off, size, fail);
}

/* the first n bytes of s at R(reg) */
static void put_bytes(struct dt_cg *cg, int reg, const char *s, int n)
{
	for (int i = 0; i < n; i++)
		emit(cg, ST_MEM(BPF_B, reg, (int16_t)i, s[i]));
}

/* R(reg) = R9 + off (frame offsets may not fit an instruction's 16 bits) */
static void frame_addr(struct dt_cg *cg, int reg, int off)
{
	emit(cg, MOV64_REG(reg, R9));
	emit(cg, ALU64_IMM(BPF_ADD, reg, off));
}

/* R(reg) = R9 + buf + R(idx) for 0 <= idx < max, else jump to out */
static void at(struct dt_cg *cg, int reg, int buf, int idx, int max, int out)
{
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSLT, idx, 0, 0), out);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, idx, max, 0), out);
	frame_addr(cg, reg, buf);
	emit(cg, ALU64_REG(BPF_ADD, reg, idx));
}

/*
 * One walk from (C_D0, C_M0) up to the root of the mount namespace,
 * leaving its status in C_F.  Pass 0 sums the lengths of every "/name"
 * into C_T; pass 1 writes them backwards from offset C_T of the
 * temporary at R9 + buf, only the bytes before max.
 */
static void walk(struct dt_cg *cg, const struct path_offs *o, int pass, int buf, int max)
{
	struct dt_loop lp;
	int fail = dt_asm_new_label(&cg->a), done = dt_asm_new_label(&cg->a);
	int notroot = dt_asm_new_label(&cg->a), next = dt_asm_new_label(&cg->a);
	int skip = dt_asm_new_label(&cg->a);

	dt_cg_ld_cell(cg, R1, C_D0);
	dt_cg_st_cell(cg, C_D, R1);
	dt_cg_ld_cell(cg, R1, C_M0);
	dt_cg_st_cell(cg, C_M, R1);
	if (pass == 0) {
		dt_cg_st_cell_imm(cg, C_T, 0);
	} else {
		dt_cg_ld_cell(cg, R1, C_T);
		dt_cg_st_cell(cg, C_P, R1);
	}
	dt_cg_st_cell_imm(cg, C_F, W_WALKING);

	dt_cg_loop_begin(cg, &lp, DT_PATH_STEPS);
	/* at the root of its mount: on to the mount point in the parent */
	rd_cell(cg, C_M, o->mnt_mnt + o->vfs_root, 8, fail);
	dt_cg_ld_cell(cg, R1, C_D);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JNE, R1, R0, 0), notroot);
	rd_cell(cg, C_M, o->mnt_parent, 8, fail);
	dt_cg_ld_cell(cg, R1, C_M);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JEQ, R0, R1, 0), done);	/* the namespace's root */
	dt_cg_st_cell(cg, C_N, R0);
	rd_cell(cg, C_M, o->mnt_mountpoint, 8, fail);
	dt_cg_st_cell(cg, C_D, R0);
	dt_cg_ld_cell(cg, R1, C_N);
	dt_cg_st_cell(cg, C_M, R1);
	dt_asm_jump(&cg->a, JA(0), next);

	/* a directory: "/name" goes before the rest of the path */
	dt_asm_place(&cg->a, notroot);
	rd_cell(cg, C_D, o->d_parent, 8, fail);
	dt_cg_ld_cell(cg, R1, C_D);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JEQ, R0, R1, 0), done);	/* a detached root */
	dt_cg_st_cell(cg, C_N, R0);
	rd_cell(cg, C_D, o->d_len, 4, fail);
	if (pass == 0) {
		dt_cg_ld_cell(cg, R1, C_T);
		emit(cg, ALU64_REG(BPF_ADD, R1, R0));
		emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
		dt_cg_st_cell(cg, C_T, R1);
	} else {
		dt_cg_st_cell(cg, C_L, R0);
		rd_cell(cg, C_D, o->d_name, 8, fail);
		dt_cg_st_cell(cg, C_S, R0);
		dt_cg_ld_cell(cg, R1, C_P);
		dt_cg_ld_cell(cg, R2, C_L);
		emit(cg, ALU64_REG(BPF_SUB, R1, R2));
		emit(cg, ALU64_IMM(BPF_SUB, R1, 1));
		dt_cg_st_cell(cg, C_P, R1);
		/* the slash, if it lies before max */
		at(cg, R2, buf, R1, max, skip);
		emit(cg, ST_MEM(BPF_B, R2, 0, '/'));
		/* the name's bytes before max: min(len, max - (pos + 1)) */
		emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JSGE, R1, max, 0), skip);
		emit(cg, MOV64_IMM(R2, max));
		emit(cg, ALU64_REG(BPF_SUB, R2, R1));
		dt_cg_ld_cell(cg, R3, C_L);
		emit(cg, JMP_REG(BPF_JGE, R3, R2, 1));
		emit(cg, MOV64_REG(R2, R3));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R2, 0, 0), skip);
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JGT, R2, max, 0), skip);
		emit(cg, MOV64_REG(R4, R1));
		at(cg, R1, buf, R4, max, skip);
		dt_cg_ld_cell(cg, R3, C_S);
		emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel));
		dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), fail);
		dt_asm_place(&cg->a, skip);
	}
	dt_cg_ld_cell(cg, R1, C_N);
	dt_cg_st_cell(cg, C_D, R1);
	dt_asm_jump(&cg->a, JA(0), next);
	dt_asm_place(&cg->a, fail);
	dt_cg_st_cell_imm(cg, C_F, W_FAILED);
	dt_asm_jump(&cg->a, JA(0), lp.done);
	dt_asm_place(&cg->a, done);
	dt_cg_st_cell_imm(cg, C_F, W_DONE);
	dt_asm_jump(&cg->a, JA(0), lp.done);
	dt_asm_place(&cg->a, next);
	dt_cg_loop_end(cg, &lp);
}

/*
 * The path from (C_D0, C_M0) into R9 + off: both walks, "/" for the
 * root, " (deleted)" for a removed directory, "<unknown>" from label
 * unknown on (which the caller's setup jumps to as well).
 */
static void path_from_start(struct dt_cg *cg, const struct path_offs *o, int buf,
    int off, int size, int unknown)
{
	int max = size - 1;
	int end = dt_asm_new_label(&cg->a);
	int notdel = dt_asm_new_label(&cg->a), nul = dt_asm_new_label(&cg->a);
	walk(cg, o, 0, buf, max);
	dt_cg_ld_cell(cg, R1, C_F);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R1, W_DONE, 0), unknown);
	walk(cg, o, 1, buf, max);
	dt_cg_ld_cell(cg, R1, C_F);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R1, W_DONE, 0), unknown);

	/* the root itself is "/" */
	dt_cg_ld_cell(cg, R1, C_T);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R1, 0, 0), notdel);
	if (max > 0) {
		frame_addr(cg, R2, buf);
		emit(cg, ST_MEM(BPF_B, R2, 0, '/'));
	}
	dt_cg_st_cell_imm(cg, C_T, 1);
	dt_asm_jump(&cg->a, JA(0), nul);

	/* a removed directory (unhashed, not a root): " (deleted)" follows */
	dt_asm_place(&cg->a, notdel);
	rd_cell(cg, C_D0, o->d_pprev, 8, unknown);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R0, 0, 0), nul);
	rd_cell(cg, C_D0, o->d_parent, 8, unknown);
	dt_cg_ld_cell(cg, R1, C_D0);
	dt_asm_jump(&cg->a, JMP_REG(BPF_JEQ, R0, R1, 0), nul);
	dt_cg_ld_cell(cg, R1, C_T);
	emit(cg, MOV64_REG(R3, R1));
	emit(cg, ALU64_IMM(BPF_ADD, R3, 10));
	dt_cg_st_cell(cg, C_T, R3);
	/* (the temporary's slack holds what lies past max) */
	at(cg, R2, buf, R1, max, nul);
	put_bytes(cg, R2, " (deleted)", 10);

	/* NUL at min(length, max), then the copy */
	dt_asm_place(&cg->a, nul);
	dt_cg_ld_cell(cg, R1, C_T);
	emit(cg, JMP_IMM(BPF_JLE, R1, max, 1));
	emit(cg, MOV64_IMM(R1, max));
	emit(cg, JMP_IMM(BPF_JSGE, R1, 0, 1));
	emit(cg, MOV64_IMM(R1, 0));
	frame_addr(cg, R2, buf);
	emit(cg, ALU64_REG(BPF_ADD, R2, R1));
	emit(cg, ST_MEM(BPF_B, R2, 0, 0));
	frame_addr(cg, R1, off);
	emit(cg, MOV64_IMM(R2, size));
	frame_addr(cg, R3, buf);
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
	dt_asm_jump(&cg->a, JA(0), end);

	dt_asm_place(&cg->a, unknown);
	int ul = (int)strlen("<unknown>") < max ? (int)strlen("<unknown>") : max;
	frame_addr(cg, R2, off);
	put_bytes(cg, R2, "<unknown>", ul);
	emit(cg, ST_MEM(BPF_B, R2, (int16_t)ul, 0));
	dt_asm_place(&cg->a, end);
}

void dt_cg_path(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	dtrace_hdl_t *dtp = cg->dtp;
	int root = n->builtin == DT_BI_ROOT;
	struct path_offs o;
	if (offsets(dtp, root, &o) < 0) {
		dt_cg_fail(cg, D_IDENT_UNDEF,
		    "%s is not available: no kernel BTF for the VFS structures", root ? "root" : "cwd");
		return;
	}
	int buf = dt_cg_stmp_alloc(cg);
	int unknown = dt_asm_new_label(&cg->a);

	/* the starting dentry and mount of curthread->fs->pwd (or root) */
	emit(cg, CALL_HELPER(BPF_FUNC_get_current_task));
	dt_cg_st_cell(cg, C_S, R0);
	rd_cell(cg, C_S, o.task_fs, 8, unknown);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), unknown);	/* exiting: no fs */
	dt_cg_st_cell(cg, C_S, R0);
	rd_cell(cg, C_S, o.fs_mnt, 8, unknown);
	emit(cg, ALU64_IMM(BPF_SUB, R0, o.mnt_mnt));		/* its struct mount */
	dt_cg_st_cell(cg, C_M0, R0);
	rd_cell(cg, C_S, o.fs_dentry, 8, unknown);
	dt_cg_st_cell(cg, C_D0, R0);
	path_from_start(cg, &o, buf, off, size, unknown);
	dt_cg_stmp_free(cg);
}

/*
 * __dt_d_path(dentry, vfsmount): the path of a dentry in a mount (a
 * struct path's two halves), as cwd's; dlib/io.d's fileinfo_t takes
 * fi_pathname and fi_mount from it.  A NULL dentry or mount gives
 * "<unknown>".
 */
void dt_cg_d_path(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	struct path_offs o;
	if (offsets(cg->dtp, 0, &o) < 0) {
		dt_cg_fail(cg, D_IDENT_UNDEF,
		    "fi_pathname is not available: no kernel BTF for the VFS structures");
		return;
	}
	dt_cg_expr(cg, n->args[1], R0);
	int sm = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, sm));
	dt_cg_expr(cg, n->args[0], R0);
	int buf = dt_cg_stmp_alloc(cg);
	int unknown = dt_asm_new_label(&cg->a);
	dt_cg_st_cell(cg, C_D0, R0);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), unknown);
	emit(cg, LDX_MEM(BPF_DW, R0, R10, sm));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), unknown);
	emit(cg, ALU64_IMM(BPF_SUB, R0, o.mnt_mnt));		/* its struct mount */
	dt_cg_st_cell(cg, C_M0, R0);
	path_from_start(cg, &o, buf, off, size, unknown);
	dt_cg_stmp_free(cg);
	dt_cg_slot_free(cg);
}
