/*
 * types.h - D's type system as the compiler sees it.
 *
 * Owns the representation of types (integers of every C width and
 * signedness, pointers, strings, arrays, structs/unions/enums built from
 * D declarations), the built-in type names and typedefs, and the C rules
 * for promotions and usual arithmetic conversions that sema applies.
 */
#ifndef DT_TYPES_H
#define DT_TYPES_H

#include <stdint.h>

enum dt_tkind {
	DT_TK_VOID, DT_TK_INT, DT_TK_PTR, DT_TK_STRING, DT_TK_ARRAY,
	DT_TK_STRUCT, DT_TK_UNION, DT_TK_ENUM, DT_TK_FLOAT, DT_TK_FUNC
};

struct dt_member {
	char *name;
	struct dt_type *type;
	uint32_t offset;		/* bytes */
	uint32_t bits, bitoff;		/* bit-fields: width, offset in bits */
};

struct dt_type {
	enum dt_tkind kind;
	char *name;			/* the D spelling: "unsigned int", "char *" */
	uint32_t size;
	uint32_t align;
	int is_signed;
	int rank;			/* integer conversion rank */
	struct dt_type *ref;		/* pointee / element */
	uint32_t nelems;
	int complete;			/* struct/union defined */
	struct dt_member *members;
	int nmembers;
	int32_t btf_id;			/* kernel struct/union: its BTF id (members
					   are read from BTF when used), else 0 */
	struct dt_type *next;		/* every type, for freeing */
	int symkind;			/* _symaddr: what the consumer prints
					   for the value (DT_SYMK_*) */
};

/* kernel addresses the consumer prints as symbols: sym()/func() as
 * module`function, mod() as module, printf's %a as module`function+0xoff;
 * user ones (usym()/ufunc(), umod(), uaddr(): two 8-byte words, the
 * process id then the address, symbolized with that process's mappings) */
enum { DT_SYMK_NONE, DT_SYMK_SYM, DT_SYMK_MOD, DT_SYMK_ADDR,
	DT_SYMK_USYM, DT_SYMK_UMOD, DT_SYMK_UADDR };
#define DT_SYMK_USER(k)	((k) >= DT_SYMK_USYM)

struct dt_typedef {
	char *name;
	struct dt_type *type;
	struct dt_typedef *next;
};

struct dt_enumconst {
	char *name;
	int64_t value;
	struct dt_type *type;
	struct dt_enumconst *next;
};

struct dt_typetab {
	struct dt_type *all;
	struct dt_typedef *typedefs;
	struct dt_type *tags;		/* struct/union/enum tags (in all) */
	struct dt_enumconst *enums;
	struct dt_typedef *builtin_typedefs;	/* the first of D's own (types.c):
						   those declared later come before */
	struct dt_type *t_void, *t_char, *t_schar, *t_uchar, *t_short,
	    *t_ushort, *t_int, *t_uint, *t_long, *t_ulong, *t_llong,
	    *t_ullong, *t_string, *t_voidp, *t_float, *t_double, *t_ldouble;
	struct dt_type *t_symaddr, *t_modaddr;	/* sym()/func(), mod() */
	struct dt_type *t_usymaddr;	/* usym() and friends (a name only:
					   their values are sema/usymfn.c's) */
};

int dt_types_init(struct dt_typetab *tt);
void dt_types_free(struct dt_typetab *tt);
struct dt_type *dt_type_new(struct dt_typetab *tt, enum dt_tkind k,
    const char *name, uint32_t size);
struct dt_type *dt_type_ptr(struct dt_typetab *tt, struct dt_type *ref);
struct dt_type *dt_type_array(struct dt_typetab *tt, struct dt_type *ref,
    uint32_t n);
struct dt_type *dt_typedef_lookup(struct dt_typetab *tt, const char *name);
int dt_typedef_add(struct dt_typetab *tt, const char *name, struct dt_type *t);
/* is name a typedef a program or library declared (not one of D's own)? */
int dt_typedef_declared(struct dt_typetab *tt, const char *name);
struct dt_type *dt_tag_lookup(struct dt_typetab *tt, enum dt_tkind k,
    const char *tag);
struct dt_type *dt_int_type(struct dt_typetab *tt, int size, int is_signed);

static inline int dt_is_int(const struct dt_type *t)
{
	return t->kind == DT_TK_INT || t->kind == DT_TK_ENUM;
}
/* arithmetic is done on integers only: D has no floating-point
 * arithmetic (DTrace's dt_node_is_arith) */
static inline int dt_is_arith(const struct dt_type *t)
{
	return dt_is_int(t);
}
static inline int dt_is_scalar(const struct dt_type *t)
{
	return dt_is_int(t) || t->kind == DT_TK_PTR;
}
/* a float or double: a value carried as its bits (loaded, stored, traced,
 * formatted by the consumer), never computed with */
static inline int dt_is_float(const struct dt_type *t)
{
	return t->kind == DT_TK_FLOAT && (t->size == 4 || t->size == 8);
}
/* what a register can hold: a scalar or a float's bits */
static inline int dt_is_value(const struct dt_type *t)
{
	return dt_is_scalar(t) || dt_is_float(t);
}

struct dt_type *dt_type_promote(struct dt_typetab *tt, struct dt_type *t);
/* DTrace's common type of two integers (dt_type_promote in dt_parser.c):
 * no promotion to int, the greater of size and unsignedness wins */
struct dt_type *dt_type_arith(struct dt_typetab *tt, struct dt_type *a,
    struct dt_type *b);
/* C's integer promotions and usual arithmetic conversions (C11 6.3.1.8) */
struct dt_type *dt_type_usual(struct dt_typetab *tt, struct dt_type *a,
    struct dt_type *b);
struct dt_type *dt_type_from_name(struct dt_typetab *tt, const char *name);
/* Truncate/extend v to what a value of type t holds. */
int64_t dt_type_normalize(const struct dt_type *t, int64_t v);

#endif
