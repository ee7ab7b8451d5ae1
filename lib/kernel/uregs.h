/*
 * uregs.h - D's uregs[] register indices on x86_64 (uregs.c).
 */
#ifndef DT_UREGS_H
#define DT_UREGS_H

/* uregs[i] for 0 <= i < DT_UREG_SAVED is the i-th u64 of struct pt_regs */
#define DT_UREG_SAVED	21
#define DT_UREG_MAX	26	/* indices with a name: R_DS..R_TRAPNO unsaved */

/* The index of register constant name (R_PC, R_RAX ...), or -1. */
int dt_ureg_lookup(const char *name);
/* The 64-bit name of index i (for messages), or NULL. */
const char *dt_ureg_name(int index);

#endif
