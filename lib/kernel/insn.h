/*
 * insn.h - x86-64 instruction boundaries and return sites of one
 * function's machine code, for the pid provider: an offset probe must
 * sit on an instruction start, and a return probe sits on every
 * instruction that leaves the function (kernel/insn.c has the rules).
 */
#ifndef DT_INSN_H
#define DT_INSN_H

#include <stddef.h>
#include <stdint.h>

struct dt_insn_fn {
	uint32_t *starts;	/* offsets of every instruction, ascending */
	size_t nstarts;
	uint32_t *rets;		/* offsets of the instructions that return (ret,
				   tail-call jmp out of the function), ascending */
	size_t nrets;
	int complete;		/* 1: decoded to the end; 0: stopped at bytes
				   that do not decode (starts/rets cover what did) */
};

/*
 * Decode code[0..len), the function loaded at vaddr (for jump targets).
 * 0 on success (even if incomplete); -1 with errno on allocation failure
 * (or EFBIG: len over 4 GB; f is then empty).  Free f with dt_insn_free.
 */
int dt_insn_scan(const uint8_t *code, size_t len, uint64_t vaddr, struct dt_insn_fn *f);

/* Is off the start of an instruction of f? */
int dt_insn_is_start(const struct dt_insn_fn *f, uint32_t off);

void dt_insn_free(struct dt_insn_fn *f);

/*
 * Read the size bytes of the function at vaddr (as in the symbol table)
 * from the ELF object at path, from the section (or, without section
 * headers, the PT_LOAD segment) that holds it, into *code (malloc'd,
 * the caller frees it).  Returns the number of bytes read (less than
 * size if the section ends first), or -1 with errno set (ENOENT: no
 * such file; ENOEXEC: not ELF or vaddr is in no file-backed section).
 */
int dt_insn_read_func(const char *path, uint64_t vaddr, uint64_t size, uint8_t **code);

#endif
