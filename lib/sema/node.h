/*
 * node.h - the typed intermediate form produced by sema, read by codegen.
 *
 * Sema lowers the syntax tree into these nodes: every expression carries
 * its D type, names are resolved (global variable, built-in, argument),
 * constants are folded, and implicit conversions are explicit casts.
 * Codegen never looks at the syntax tree.
 */
#ifndef DT_NODE_H
#define DT_NODE_H

#include <stdint.h>
#include <stddef.h>
#include "base/types.h"

struct dt_xlator;

enum dt_nkind {
	DN_CONST,		/* ival */
	DN_STR,			/* str/slen: string constant */
	DN_VAR,			/* global variable: var */
	DN_BUILTIN,		/* builtin: DT_BI_* */
	DN_ARG,			/* argN / args[N]: ival = N */
	DN_UNARY,		/* op: - ~ ! ; l */
	DN_BINARY,		/* op; l, r (arith, bitwise, shifts, compare) */
	DN_LAND, DN_LOR, DN_LXOR,	/* l, r */
	DN_TERNARY,		/* x ? l : r */
	DN_ASSIGN,		/* l (or var) = r; a string: ival 1 if r is
				   NULL (a dynamic variable is deleted); a
				   dynamic struct or union l: ival 1 if r is
				   0 (deleted too) */
	DN_INCDEC,		/* l (or var); op '+'/'-', ival 1 = postfix */
	DN_CAST,		/* l converted to type */
	DN_COMMA,		/* l, r */
	DN_CALL,		/* subr: func id, args */
	DN_DVAR,		/* dynamic variable: dvar, keys in args */
	DN_KSTR,		/* string in kernel memory at address l (char[ival]) */
	DN_XLATE,		/* xlate <type> (l) by translator xlator: only
				   its members are used (sema rewrites them),
				   never reaches codegen */
	DN_OBJ,			/* an object in a D variable's storage: the
				   global var, or the this->, self-> or
				   associative dvar (the element keyed by
				   args), at byte ival plus the run-time
				   indexes of path (sema/obj.c, cg/obj.c) */
	DN_OBJADDR,		/* the address of the DN_OBJ l */
	DN_SOU,			/* a struct or union value built member by
				   member (a whole translation): args[i]
				   at byte offs[i], the rest zero */
	/* statements */
	DN_S_EXPR,		/* l; action index in act */
	DN_S_ACTION,		/* trace/printf/exit: func, args, act */
	DN_S_IF,		/* x cond, l then-list, r else-list */
	DN_S_AGG,		/* @agg[args] = func(l[, r increment]) */
};

enum dt_builtin {
	DT_BI_CPU, DT_BI_EPID, DT_BI_ID, DT_BI_PID, DT_BI_PPID, DT_BI_TID,
	DT_BI_UID, DT_BI_GID, DT_BI_EXECNAME, DT_BI_PROBEPROV,
	DT_BI_PROBEMOD, DT_BI_PROBEFUNC, DT_BI_PROBENAME, DT_BI_TIMESTAMP,
	DT_BI_VTIMESTAMP, DT_BI_WALLTIMESTAMP, DT_BI_ERRNO, DT_BI_CURTHREAD,
	/* stacks, registers, CPU (cg/subr.c); uregs: l is the index */
	DT_BI_STACKDEPTH, DT_BI_USTACKDEPTH, DT_BI_CALLER, DT_BI_UCALLER,
	DT_BI_UREGS, DT_BI_CURCPU, DT_BI_CHIP, DT_BI_LGRP,
	/* not available on Linux: a compile error says why (var.c) */
	DT_BI_IPL, DT_BI_PSET, DT_BI_ZONENAME,
	DT_BI_CWD, DT_BI_ROOT,		/* cwd, root: strings (cg/path.c) */
	/* internal, never named: the current CPU's copy of the per-CPU
	 * kernel variable whose link address is ival (cg/kvar.c) */
	DT_BI_KPERCPU,
};

enum dt_func {
	DT_F_TRACE, DT_F_PRINTF, DT_F_EXIT, DT_F_COPYINSTR,
	/* string subroutines (cg/str.c) */
	DT_F_STRLEN, DT_F_STRJOIN, DT_F_SUBSTR, DT_F_INDEX, DT_F_RINDEX,
	DT_F_STRSTR, DT_F_STRCHR, DT_F_STRRCHR, DT_F_STRTOK, DT_F_LLTOSTR,
	DT_F_TOUPPER, DT_F_TOLOWER, DT_F_BASENAME, DT_F_DIRNAME,
	DT_F_CLEANPATH, DT_F_INET_NTOA, DT_F_INET_NTOA6, DT_F_INET_NTOP,
	/* integer and memory subroutines (cg/mem.c) */
	DT_F_HTONS, DT_F_HTONL, DT_F_HTONLL, DT_F_NTOHS, DT_F_NTOHL,
	DT_F_NTOHLL, DT_F_RAND, DT_F_COPYIN, DT_F_COPYINTO, DT_F_ALLOCA,
	DT_F_BCOPY,
	/* aggregation actions (sema/agg.c) */
	DT_F_PRINTA, DT_F_CLEAR, DT_F_TRUNC, DT_F_NORMALIZE, DT_F_DENORMALIZE,
	DT_F_SETOPT,			/* setopt.c */
	/* process and device subroutines (call.c builtin_subr, cg/subr.c) */
	DT_F_PROGENYOF,
	/* output actions (sema/act.c, cg/outact.c) */
	DT_F_TRACEMEM, DT_F_PRINT, DT_F_FREOPEN, DT_F_FTRUNCATE,
	DT_F_STACK,			/* an action; as an aggregation key a
					   DN_CALL (sema/act.c dt_sema_stack_key) */
	/* destructive actions (sema/destr.c, cg/destr.c, destr.c) */
	DT_F_STOP, DT_F_RAISE, DT_F_SYSTEM, DT_F_COPYOUT, DT_F_COPYOUTSTR,
	DT_F_CHILL, DT_F_PANIC, DT_F_BREAKPOINT,
	/* speculations (sema/spec.c, cg/spec.c) */
	DT_F_SPECULATION, DT_F_SPECULATE, DT_F_COMMIT, DT_F_DISCARD,
	/* the D library's process model (cg/proc.c) */
	DT_F_PSARGS,
	DT_F_D_PATH,		/* __dt_d_path(dentry, vfsmount): cg/path.c */
	/* strings as char arrays (sema/strarr.c, cg/str.c), never named:
	 * the char of args[0] at index args[1]; the string args[0] from
	 * offset args[1] on (s + i) */
	DT_F_STRCHAR, DT_F_STROFF,
	DT_F_USTACK,		/* sema/ustack.c, cg/ustack.c, consume/usym.c */
	DT_F_USYM,		/* usym/ufunc/umod/uaddr: sema/usymfn.c,
				   cg/usymfn.c; ival the DT_SYMK_* kind */
};

/* binary operator codes (op field) */
enum dt_bop {
	DT_OP_ADD = 1, DT_OP_SUB, DT_OP_MUL, DT_OP_DIV, DT_OP_MOD,
	DT_OP_AND, DT_OP_OR, DT_OP_XOR, DT_OP_SHL, DT_OP_SHR,
	DT_OP_LT, DT_OP_LE, DT_OP_GT, DT_OP_GE, DT_OP_EQ, DT_OP_NE,
	DT_OP_NEG, DT_OP_BNOT, DT_OP_LNOT, DT_OP_DEREF
};

/* the run-time indexes into a DN_OBJ: offset += idx[k] * stride[k], each
 * index checked against nelems[k] when the program runs */
#define DT_OBJ_MAXIDX 8
struct dt_objpath {
	int n;
	struct dt_node *idx[DT_OBJ_MAXIDX];	/* of type long */
	uint32_t nelems[DT_OBJ_MAXIDX], stride[DT_OBJ_MAXIDX];
};

struct dt_node {
	enum dt_nkind kind;
	int line;
	struct dt_type *type;
	int op;
	int64_t ival;
	char *str;
	size_t slen;
	struct dt_node *l, *r, *x;
	struct dt_node *next;		/* statement lists */
	struct dt_node **args;
	int nargs;
	struct dt_gvar *var;
	struct dt_dvar *dvar;
	struct dt_agg *agg;
	int builtin;
	int func;
	int act;			/* 1-based action index */
	struct dt_action *action;	/* record layout of an action */
	struct dt_xlator *xlator;	/* DN_XLATE */
	struct dt_objpath *path;	/* DN_OBJ, or NULL: constant offset only */
	uint32_t *offs;			/* DN_SOU: offs[2i], offs[2i + 1] are the
					   byte offset and size of member args[i] */
	uint32_t bitfield;		/* width of the bit-field this value was
					   read from (sizeof, & and offsetof refuse
					   it), else 0 */
	uint32_t bitoff;		/* a DN_OBJ bit-field: its first bit in
					   the unit of its type at ival */
};

/* stack() as an aggregation key (sema/act.c dt_sema_stack_key) */
static inline int dt_sema_is_stack(const struct dt_node *n)
{
	return n->kind == DN_CALL && n->func == DT_F_STACK;
}
/* a ustack() aggregation key (sema/ustack.c): ival its frames */
int dt_sema_is_ustack(const struct dt_node *n);
/* usym(), ufunc(), umod() or uaddr() (sema/usymfn.c): 16 bytes, the pid
 * and args[0]; ival its DT_SYMK_* kind */
int dt_sema_is_usym(const struct dt_node *n);

#endif
