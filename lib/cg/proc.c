/*
 * proc.c - the process-model subroutine of the D library.
 *
 * __dt_psargs(start, end) is what dlib/psinfo.d translates pr_psargs
 * with: the bytes [start, end) of the current process's memory (its
 * mm->arg_start .. arg_end: the argument strings, NUL after each) cut at
 * the string's size, every NUL but the last turned into a space, as
 * Solaris' psargs and ps(1) show a command line ("sleep 10").  A read
 * that fails (memory paged out) gives "".  Only the current process's
 * memory can be read from a BPF program, so psinfo.d uses it for the
 * current task only.  The NUL walk is an iterator loop (cg/loop.c).
 */
#include "cg.h"
#include "sema/node.h"

enum { C_LEN };		/* the frame cell holding the length read */

void dt_cg_psargs(struct dt_cg *cg, struct dt_node *n, int off, int size)
{
	int max = size - 1;		/* bytes before the final NUL */
	dt_cg_expr(cg, n->args[1], R0);
	int se = dt_cg_slot_alloc(cg);
	emit(cg, STX_MEM(BPF_DW, R10, R0, se));
	dt_cg_expr(cg, n->args[0], R0);
	/* len = clamp(end - start, 0, max) */
	emit(cg, MOV64_REG(R3, R0));
	emit(cg, LDX_MEM(BPF_DW, R2, R10, se));
	emit(cg, ALU64_REG(BPF_SUB, R2, R3));
	emit(cg, JMP_IMM(BPF_JSGE, R2, 0, 1));
	emit(cg, MOV64_IMM(R2, 0));
	emit(cg, JMP_IMM(BPF_JSLE, R2, max, 1));
	emit(cg, MOV64_IMM(R2, max));
	dt_cg_st_cell(cg, C_LEN, R2);
	emit(cg, MOV64_REG(R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, CALL_HELPER(BPF_FUNC_probe_read_user));
	int ok = dt_asm_new_label(&cg->a);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JEQ, R0, 0, 0), ok);
	dt_cg_st_cell_imm(cg, C_LEN, 0);
	dt_asm_place(&cg->a, ok);
	/* the NUL after the bytes read */
	dt_cg_ld_cell(cg, R1, C_LEN);
	emit(cg, JMP_IMM(BPF_JLE, R1, max, 1));
	emit(cg, MOV64_IMM(R1, max));
	emit(cg, ALU64_REG(BPF_ADD, R1, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R1, off));
	emit(cg, ST_MEM(BPF_B, R1, 0, 0));
	/* NULs between arguments become spaces: bytes [0, len - 1) */
	struct dt_loop lp;
	int next = dt_asm_new_label(&cg->a);
	dt_cg_loop_begin(cg, &lp, max);
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JGE, R0, max, 0), lp.done);
	dt_cg_ld_cell(cg, R1, C_LEN);
	emit(cg, ALU64_IMM(BPF_ADD, R1, -1));
	dt_asm_jump(&cg->a, JMP_REG(BPF_JSGE, R0, R1, 0), lp.done);
	emit(cg, MOV64_REG(R2, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R2, off));
	emit(cg, ALU64_REG(BPF_ADD, R2, R0));
	emit(cg, LDX_MEM(BPF_B, R3, R2, 0));
	dt_asm_jump(&cg->a, JMP_IMM(BPF_JNE, R3, 0, 0), next);
	emit(cg, ST_MEM(BPF_B, R2, 0, ' '));
	dt_asm_place(&cg->a, next);
	dt_cg_loop_end(cg, &lp);
	dt_cg_slot_free(cg);
}
