/*
 * stapsdt.h - the USDT probes an ELF object carries in its .note.stapsdt
 * notes (the <sys/sdt.h> format of Python, PostgreSQL, libstdc++ and
 * every program built with `dtrace -h`/`-G`), read into plain structs
 * (stapsdt.c).
 *
 * The reader knows ELF and the x86-64 argument specs of the notes
 * ("-4@%eax", "8@-16(%rbp)", "8@(%rax,%rdx,8)", "-4@$5",
 * "8@sym+8(%rip)"); it knows nothing of BPF or of providers: the usdt
 * provider (prov/usdt.c) turns the notes into probes and the decoded
 * argument specs into loads.
 */
#ifndef DT_STAPSDT_H
#define DT_STAPSDT_H

#include <stddef.h>
#include <stdint.h>

#define DT_SDT_MAXARGS	12

/* what an argument spec says to do */
enum dt_sdt_argkind {
	DT_SDT_ARG_REG,		/* the value of register reg */
	DT_SDT_ARG_MEM,		/* the value at disp + reg + index * scale */
	DT_SDT_ARG_CONST,	/* the constant disp */
	DT_SDT_ARG_BAD,		/* a spec this reader cannot decode: the
				   argument faults when read */
};

/* a register: the byte offset of its 64-bit slot in x86-64's
 * struct pt_regs (r15 first, as the kernel lays it out), or one of: */
#define DT_SDT_REG_NONE	(-1)	/* no register */
#define DT_SDT_REG_RIP	(-2)	/* %rip-relative: disp is a link-time
				   address (a symbol's, resolved by the
				   reader), to be moved by the object's load
				   bias at run time */

struct dt_sdt_arg {
	enum dt_sdt_argkind kind;
	int size;		/* 1, 2, 4 or 8 bytes (a spec without
				   "N@": 8, unsigned) */
	int sign;		/* 1: sign-extend the value, 0: zero-extend */
	int reg;		/* REG: the register; MEM: the base (or
				   DT_SDT_REG_NONE / DT_SDT_REG_RIP) */
	int index;		/* MEM: the index register or DT_SDT_REG_NONE */
	int scale;		/* MEM: 1, 2, 4 or 8 */
	int64_t disp;		/* MEM: the displacement; CONST: the value */
	char *spec;		/* the spec as written ("-4@%eax") */
	char *sym;		/* parse only: a symbol operand's name
				   (dt_sdt_read resolves it into disp and
				   frees it; NULL once read) */
};

/* one probe site (a note) */
struct dt_sdt_note {
	char *provider;		/* as written in the note ("python") */
	char *name;		/* as written ("function__entry"); the
				   provider turns "__" into "-" */
	char *func;		/* the function holding the site, from the
				   object's symbols (NULL: none found) */
	uint64_t pc;		/* the site's link-time address, corrected
				   for prelink by .stapsdt.base */
	uint64_t off;		/* the site's file offset (what a uprobe is
				   placed at); 0: in no PT_LOAD segment (an
				   object without program headers) */
	uint64_t sema;		/* the semaphore's link-time address, 0: none */
	uint64_t sema_off;	/* its file offset (a uprobe's reference
				   counter offset), 0: none */
	char *argstr;		/* the argument specs as written */
	int nargs;
	struct dt_sdt_arg args[DT_SDT_MAXARGS];
};

/*
 * The notes of the ELF object at path: *notes gets an array of *n notes
 * (the caller frees it with dt_sdt_free), in the object's order.  An
 * object without notes gives 0 notes and returns 0.  Returns -1 with a
 * one-line reason in err (not an ELF object, unreadable) otherwise.
 */
int dt_sdt_read(const char *path, struct dt_sdt_note **notes, size_t *n,
    char *err, size_t errlen);
void dt_sdt_free(struct dt_sdt_note *notes, size_t n);

/*
 * One argument spec ("-4@%eax") decoded into *a (a->spec is left NULL:
 * the caller owns the text).  Returns 0, or -1 with a->kind
 * DT_SDT_ARG_BAD when the spec cannot be decoded.  A symbol operand
 * ("8@sym+8(%rip)", or "8@sym" absolute) gets a->sym (malloc'd, the
 * caller frees it) and its offset in disp: dt_sdt_read resolves it.
 */
int dt_sdt_parse_arg(const char *spec, struct dt_sdt_arg *a);

#endif
