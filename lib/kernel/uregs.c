/*
 * uregs.c - the uregs[] register names of D on x86_64 and where each
 * register lives in the user registers Linux saves for a task.
 *
 * Indices are Oracle Linux DTrace's: R_R15 (0) through R_SS (20) follow
 * the kernel's struct pt_regs, so uregs[i] is its i-th 8-byte word
 * (R_ERR is orig_ax); R_DS, R_ES, R_FS, R_GS and R_TRAPNO (21-25) name
 * registers x86_64 Linux does not save there, so using them is a compile
 * error.  The 32-bit names (R_EAX ...) and the common aliases (R_PC,
 * R_SP, R_FP, R_PS, R_R0, R_R1) are the same indices as the 64-bit
 * registers they name.
 */
#include <string.h>
#include "uregs.h"

static const struct {
	const char *name;
	int index;
} regs[] = {
	{ "R_R15", 0 }, { "R_R14", 1 }, { "R_R13", 2 }, { "R_R12", 3 },
	{ "R_RBP", 4 }, { "R_RBX", 5 }, { "R_R11", 6 }, { "R_R10", 7 },
	{ "R_R9", 8 }, { "R_R8", 9 }, { "R_RAX", 10 }, { "R_RCX", 11 },
	{ "R_RDX", 12 }, { "R_RSI", 13 }, { "R_RDI", 14 }, { "R_ERR", 15 },
	{ "R_RIP", 16 }, { "R_CS", 17 }, { "R_RFL", 18 }, { "R_RSP", 19 },
	{ "R_SS", 20 }, { "R_DS", 21 }, { "R_ES", 22 }, { "R_FS", 23 },
	{ "R_GS", 24 }, { "R_TRAPNO", 25 },
	/* 32-bit names */
	{ "R_EBP", 4 }, { "R_EBX", 5 }, { "R_EAX", 10 }, { "R_ECX", 11 },
	{ "R_EDX", 12 }, { "R_ESI", 13 }, { "R_EDI", 14 }, { "R_EIP", 16 },
	{ "R_EFL", 18 }, { "R_ESP", 19 }, { "R_UESP", 19 },
	/* aliases on every platform */
	{ "R_PC", 16 }, { "R_SP", 19 }, { "R_FP", 4 }, { "R_PS", 18 },
	{ "R_R0", 10 }, { "R_R1", 5 },
};

int dt_ureg_lookup(const char *name)
{
	if (strncmp(name, "R_", 2))
		return -1;
	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
		if (!strcmp(regs[i].name, name))
			return regs[i].index;
	return -1;
}

const char *dt_ureg_name(int index)
{
	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
		if (regs[i].index == index)
			return regs[i].name;
	return NULL;
}
