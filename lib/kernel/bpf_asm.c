/*
 * bpf_asm.c - the instruction buffer behind the code generator.
 *
 * Appends instructions, tracks labels and patches jump offsets once every
 * label is placed.  Out-of-memory is sticky (a->oom) so callers check once.
 */
#include <stdlib.h>
#include <string.h>
#include "bpf_asm.h"

void dt_asm_init(struct dt_asm *a)
{
	memset(a, 0, sizeof(*a));
}

void dt_asm_free(struct dt_asm *a)
{
	free(a->insns);
	free(a->label_pos);
	free(a->fix);
	memset(a, 0, sizeof(*a));
}

static int grow(void **p, int *cap, int need, size_t elt)
{
	if (need <= *cap)
		return 0;
	int ncap = *cap ? *cap * 2 : 64;
	while (ncap < need)
		ncap *= 2;
	void *np = realloc(*p, (size_t)ncap * elt);
	if (!np)
		return -1;
	*p = np;
	*cap = ncap;
	return 0;
}

int dt_asm_emit(struct dt_asm *a, struct bpf_insn insn)
{
	if (grow((void **)&a->insns, &a->cap, a->n + 1, sizeof(insn))) {
		a->oom = 1;
		return a->n;
	}
	a->insns[a->n] = insn;
	return a->n++;
}

int dt_asm_ld_imm64(struct dt_asm *a, int dst, int src, uint64_t v)
{
	int at = dt_asm_emit(a, LD_IMM64_LO(dst, src, v));
	dt_asm_emit(a, LD_IMM64_HI(v));
	return at;
}

int dt_asm_ld_map_value(struct dt_asm *a, int dst, int map_fd, uint32_t off)
{
	int at = dt_asm_emit(a, INSN(BPF_LD | BPF_DW | BPF_IMM, dst, BPF_PSEUDO_MAP_VALUE, 0, map_fd));
	dt_asm_emit(a, INSN(0, 0, 0, 0, (int32_t)off));
	return at;
}

int dt_asm_ld_map_fd(struct dt_asm *a, int dst, int map_fd)
{
	int at = dt_asm_emit(a, INSN(BPF_LD | BPF_DW | BPF_IMM, dst, BPF_PSEUDO_MAP_FD, 0, map_fd));
	dt_asm_emit(a, INSN(0, 0, 0, 0, 0));
	return at;
}

int dt_asm_new_label(struct dt_asm *a)
{
	if (grow((void **)&a->label_pos, &a->label_cap, a->nlabels + 1, sizeof(int))) {
		a->oom = 1;
		return 0;
	}
	a->label_pos[a->nlabels] = -1;
	return a->nlabels++;
}

void dt_asm_place(struct dt_asm *a, int label)
{
	if (label >= 0 && label < a->nlabels)
		a->label_pos[label] = a->n;
}

int dt_asm_jump(struct dt_asm *a, struct bpf_insn insn, int label)
{
	int at = dt_asm_emit(a, insn);
	if (grow((void **)&a->fix, &a->fix_cap, a->nfix + 1, sizeof(*a->fix))) {
		a->oom = 1;
		return at;
	}
	a->fix[a->nfix].insn = at;
	a->fix[a->nfix].label = label;
	a->nfix++;
	return at;
}

int dt_asm_finish(struct dt_asm *a)
{
	if (a->oom)
		return -1;
	for (int i = 0; i < a->nfix; i++) {
		int l = a->fix[i].label;
		if (l < 0 || l >= a->nlabels || a->label_pos[l] < 0)
			return -1;
		int off = a->label_pos[l] - (a->fix[i].insn + 1);
		if (off < -DT_ASM_REACH - 1 || off > DT_ASM_REACH)
			return DT_ASM_TOOFAR;
		a->insns[a->fix[i].insn].off = (int16_t)off;
	}
	a->nfix = 0;
	return 0;
}
