/*
 * frame.c - loads and stores at any offset of the mstate frame.
 *
 * A BPF memory instruction's offset is 16 bits (at most 32767), but the
 * frame grows with strsize (string temporaries, record fields, keys,
 * this-> strings): at strsize=4096 it is well past 32 KiB.  Code that
 * addresses a part of the frame whose offset depends on strsize goes
 * through these helpers, which use R9 + off directly when it fits and
 * otherwise form the address in a register first (the destination itself
 * for a load, R8 for a store: R8 is never live across a frame access).
 */
#include "cg.h"

static int fits(int off)
{
	return off >= INT16_MIN && off <= INT16_MAX;
}

void dt_cg_fld(struct dt_cg *cg, int sz, int dst, int off)
{
	if (fits(off)) {
		emit(cg, LDX_MEM(sz, dst, R9, (int16_t)off));
		return;
	}
	emit(cg, MOV64_REG(dst, R9));
	emit(cg, ALU64_IMM(BPF_ADD, dst, off));
	emit(cg, LDX_MEM(sz, dst, dst, 0));
}

void dt_cg_fst(struct dt_cg *cg, int sz, int off, int src)
{
	if (fits(off)) {
		emit(cg, STX_MEM(sz, R9, src, (int16_t)off));
		return;
	}
	emit(cg, MOV64_REG(R8, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R8, off));
	emit(cg, STX_MEM(sz, R8, src, 0));
}

void dt_cg_fst_imm(struct dt_cg *cg, int sz, int off, int32_t imm)
{
	if (fits(off)) {
		emit(cg, ST_MEM(sz, R9, (int16_t)off, imm));
		return;
	}
	emit(cg, MOV64_REG(R8, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R8, off));
	emit(cg, ST_MEM(sz, R8, 0, imm));
}
