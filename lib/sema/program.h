/*
 * program.h - a compiled D program as sema/ leaves it for code
 * generation, the runtime and the consumer: its clauses (struct dt_stmt)
 * with their actions and record layouts, the enablings an EPID names
 * (struct dt_ecb), its variables, aggregations, externs and inlines.
 */
#ifndef DT_PROGRAM_H
#define DT_PROGRAM_H

#include <stdint.h>
#include "base/handle.h"
#include "base/agg.h"
#include "base/layout.h"

struct dt_node;
struct dt_pfargv;
struct dt_probe;
struct ast_item;

enum dt_actkind {
	DT_ACT_EXPR,			/* a statement with no record */
	DT_ACT_TRACE,
	DT_ACT_PRINTF,
	DT_ACT_EXIT,
	DT_ACT_PRINTA,			/* aggs[]: print now; pf: its format */
	DT_ACT_CLEAR,
	DT_ACT_TRUNC,			/* fields[0]: how many to keep, if any */
	DT_ACT_NORMALIZE,		/* fields[0]: the factor */
	DT_ACT_DENORMALIZE,
	DT_ACT_SETOPT,			/* fields: name[, value] (setopt.c) */
	DT_ACT_TRACEMEM,		/* fields: the bytes[, the dynamic size] */
	DT_ACT_PRINT,			/* fields: the address, the bytes */
	DT_ACT_FREOPEN,			/* pf: the file name format (NULL:
					   restore the original output) */
	DT_ACT_FTRUNCATE,
	DT_ACT_STACK,			/* fields: the PCs (DT_RV_STACK) */
	DT_ACT_SYSTEM,			/* system(): printf's fields; destr.c */
	DT_ACT_DESTR,			/* stop, raise, copyout(str), chill: no data */
	DT_ACT_SPECULATE,		/* fields: id/generation, sequence (spec.h) */
	DT_ACT_COMMIT,			/* no fields: a control record (spec.h) */
	DT_ACT_DISCARD,
	DT_ACT_USTACK,			/* fields[0]: pid, then the user PCs
					   (sema/ustack.c) */
	DT_ACT_UAGG			/* an aggregation with a ustack() key,
					   -x ustackmode=dwarf: aggs[0]; fields:
					   the map key, the value, the
					   increment, the registers and stack
					   window (consume/uagg.c) */
};

/* One value in a record.  kind says how the consumer decodes it. */
enum dt_recval { DT_RV_INT, DT_RV_STR, DT_RV_BYTES /* a struct, union or
					   array: its bytes */,
	DT_RV_CHARS,			/* trace() of a char array: its bytes
					   as they are, as dtrace records it */
	DT_RV_STACK			/* stack(): size / 8 kernel PCs, the
					   unused ones 0 */ };
struct dt_recfield {
	enum dt_recval kind;
	uint32_t offset;		/* from the record start */
	uint32_t size;			/* bytes in the record */
	int val_size;			/* D type size of an integer */
	int is_signed;
	int is_float;			/* DT_RV_INT: a float or double's bits */
	int symkind;			/* DT_RV_INT: DT_SYMK_* (sym(), mod(); a
					   user kind: 16 bytes, pid and address) */
};

struct dt_action {
	enum dt_actkind kind;
	int nfields;
	struct dt_recfield *fields;
	struct dt_pfargv *pf;		/* printf */
	struct dt_node *node;		/* the statement's IR */
	struct dt_agg **aggs;		/* aggregation actions: their operands */
	int naggs;
	int cond;			/* inside if/else: bit in the header mask */
};

/* A compiled clause: the statement list of one probe clause. */
struct dt_stmt {
	int index;			/* position in the program */
	int line;			/* of its probe description */
	struct dt_node *pred;
	struct dt_node *body;		/* IR statement list */
	int nactions;
	struct dt_action *actions;
	uint32_t recsize;		/* bytes incl. the header */
	uint32_t strtail;		/* the first of the string fields laid out
					   last, written packed (sema/strtail.c);
					   0: none */
	int has_agg;			/* aggregates */
	int has_body;			/* any statement: no default trace record */
	int uses_args;			/* highest argN used + 1 */
	struct dt_agg **aggs;		/* the aggregations its program updates
					   (each once; not ustack() ones, which
					   the consumer updates): rt/aggshare.c */
	int naggs;
	struct dt_probe **probes;	/* the probes it enables, in match order */
	int nprobes;
	char *pdesc_text;		/* for messages */
	int spec_act;			/* 1 + index of its speculate() action */
	int spec_seen;			/* sema/spec.c: what the clause did so far */
};

/* An enabled probe clause: what an EPID names. */
struct dt_ecb {
	uint32_t epid;
	struct dt_probe *probe;
	struct dt_stmt *stmt;		/* NULL for the internal ERROR ECB */
};

/* dynamic variables: thread-local (self->), clause-local (this->) and
 * associative arrays; see cg/dvar.c */
enum { DT_DV_SELF, DT_DV_THIS, DT_DV_ASSOC };
#define DT_DV_MAXKEYS 8
struct dt_dvar {
	char *name;
	int kind;
	uint32_t id;			/* in the dynamic variable key */
	struct dt_type *type;
	int nkeys;			/* DT_DV_ASSOC */
	struct dt_type *keys[DT_DV_MAXKEYS];
	uint32_t tuple;			/* bytes of the key tuple */
	uint32_t this_off;		/* DT_DV_THIS: byte offset in the this-> area */
	uint32_t difid;			/* -S: its DIF variable id, 0 until listed */
	struct dt_dvar *next;
};

/* an aggregation (sema/agg.c, cg/agg.c, consume/agg.c) */
struct dt_agg {
	char *name;			/* without '@'; "" for @ */
	int id;
	int line;
	struct dt_aggdesc desc;
	int nkeys;
	struct dt_type *keys[DT_DV_MAXKEYS];
	const char *keynames[DT_DV_MAXKEYS];	/* what each key reads, if a
						   name (JSON, OpenMetrics) */
	struct dt_aggkeyfield kf[DT_DV_MAXKEYS];
	uint32_t koff[DT_DV_MAXKEYS];	/* the consumer's layout (wksize
					   bytes): strings strsize + 1
					   bytes, as dtrace records them */
	uint32_t wksize;
	uint32_t msize[DT_DV_MAXKEYS];	/* bytes of key k in the map: 8,
					   or a string's bound over every
					   use, rounded up to 8 (sema/agg.c) */
	uint32_t ksize;			/* map key bytes (>= 8): the msize */
	int fd;				/* its PERCPU_HASH map, or with array
					   its PERCPU_ARRAY */
	int array;			/* keyless: one entry (key 0) of a
					   PERCPU_ARRAY, the function's words
					   then a word the probe sets to 1 (the
					   "key" exists); rt/load.c decides */
	int shared;			/* its map is shared with aggregations of
					   its kind (rt/aggshare.c): with array,
					   its entry is index slot; else its map
					   key is the tuple then its id (8 bytes) */
	uint32_t slot;
	int owns_fd;			/* closes fd (a shared map's first) */
	int printed;			/* a printa() printed entries of it:
				   not printed at exit (set as dtrace
				   does, when printa() runs) */
};

struct dt_gvar {			/* a global D variable */
	char *name;
	struct dt_type *type;
	uint32_t offset;		/* in the globals map value */
	int line;
	uint32_t difid;			/* -S: its DIF variable id, 0 until listed */
};

struct dt_extern {		/* extern TYPE NAME; gives a kernel symbol a type */
	char *name;
	struct dt_type *type;
	struct dt_extern *next;
};

/* An inline.  Library inlines are lowered on first use (value NULL until
 * then), so a library naming kernel types costs nothing unless used. */
struct dt_inline {
	char *name;
	struct dt_node *value;
	struct dt_inline *next;
	struct ast_item *item;		/* lazy: the declaration */
	const char *libtag;		/* lazy: its library file */
	int lowering;			/* lazy: being lowered (cycle guard) */
	int nparams;			/* inline t name[type p, ...]: lowered at each use */
};

#endif
