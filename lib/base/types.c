/*
 * types.c - type construction, lookup and C conversions for D.
 *
 * D is LP64 here, as on every 64-bit DTrace: char 1, short 2, int 4,
 * long and long long 8, pointers 8.  Operators convert their operands as
 * C does (dt_type_usual: promotion to int, then the usual arithmetic
 * conversions); dt_type_arith is DTrace's own common type, without the
 * promotion, which ?: keeps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "types.h"

struct dt_type *dt_type_new(struct dt_typetab *tt, enum dt_tkind k,
    const char *name, uint32_t size)
{
	struct dt_type *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->kind = k;
	t->name = strdup(name ? name : "");
	if (!t->name) {
		free(t);
		return NULL;
	}
	t->size = size;
	t->align = size > 8 ? 8 : (size ? size : 1);
	t->complete = 1;
	t->next = tt->all;
	tt->all = t;
	return t;
}

static struct dt_type *mkint(struct dt_typetab *tt, const char *name, int size,
    int sgn, int rank)
{
	struct dt_type *t = dt_type_new(tt, DT_TK_INT, name, (uint32_t)size);
	if (t) {
		t->is_signed = sgn;
		t->rank = rank;
	}
	return t;
}

struct dt_type *dt_type_ptr(struct dt_typetab *tt, struct dt_type *ref)
{
	for (struct dt_type *t = tt->all; t; t = t->next)
		if (t->kind == DT_TK_PTR && t->ref == ref)
			return t;
	size_t n = strlen(ref->name) + 3;
	char *nm = malloc(n);
	if (!nm)
		return NULL;
	snprintf(nm, n, "%s%s*", ref->name,
	    ref->name[strlen(ref->name) - 1] == '*' ? "" : " ");
	struct dt_type *t = dt_type_new(tt, DT_TK_PTR, nm, 8);
	free(nm);
	if (t)
		t->ref = ref;
	return t;
}

struct dt_type *dt_type_array(struct dt_typetab *tt, struct dt_type *ref,
    uint32_t n)
{
	char nm[512];
	const char *dims = ref->kind == DT_TK_ARRAY ? strchr(ref->name, '[') : NULL;
	if (dims)	/* int [3] of 4 is int [4][3] */
		snprintf(nm, sizeof(nm), "%.*s[%u]%s", (int)(dims - ref->name), ref->name, n, dims);
	else
		snprintf(nm, sizeof(nm), "%s [%u]", ref->name, n);
	struct dt_type *t = dt_type_new(tt, DT_TK_ARRAY, nm, ref->size * n);
	if (t) {
		t->ref = ref;
		t->nelems = n;
		t->align = ref->align;
	}
	return t;
}

struct dt_type *dt_typedef_lookup(struct dt_typetab *tt, const char *name)
{
	for (struct dt_typedef *d = tt->typedefs; d; d = d->next)
		if (!strcmp(d->name, name))
			return d->type;
	return NULL;
}

int dt_typedef_declared(struct dt_typetab *tt, const char *name)
{
	for (struct dt_typedef *d = tt->typedefs; d && d != tt->builtin_typedefs; d = d->next)
		if (!strcmp(d->name, name))
			return 1;
	return 0;
}

int dt_typedef_add(struct dt_typetab *tt, const char *name, struct dt_type *t)
{
	struct dt_typedef *d = calloc(1, sizeof(*d));
	if (!d || !(d->name = strdup(name))) {
		free(d);
		return -1;
	}
	d->type = t;
	d->next = tt->typedefs;
	tt->typedefs = d;
	return 0;
}

struct dt_type *dt_tag_lookup(struct dt_typetab *tt, enum dt_tkind k,
    const char *tag)
{
	for (struct dt_type *t = tt->all; t; t = t->next)
		if (t->kind == k && t->rank == -1 && !strcmp(t->name + (k == DT_TK_ENUM ? 5 : (k == DT_TK_STRUCT ? 7 : 6)), tag))
			return t;
	return NULL;
}

struct dt_type *dt_int_type(struct dt_typetab *tt, int size, int is_signed)
{
	switch (size) {
	case 1: return is_signed ? tt->t_char : tt->t_uchar;
	case 2: return is_signed ? tt->t_short : tt->t_ushort;
	case 4: return is_signed ? tt->t_int : tt->t_uint;
	default: return is_signed ? tt->t_long : tt->t_ulong;
	}
}

int dt_types_init(struct dt_typetab *tt)
{
	memset(tt, 0, sizeof(*tt));
	tt->t_void = dt_type_new(tt, DT_TK_VOID, "void", 0);
	tt->t_char = mkint(tt, "char", 1, 1, 1);
	tt->t_schar = mkint(tt, "signed char", 1, 1, 1);
	tt->t_uchar = mkint(tt, "unsigned char", 1, 0, 1);
	tt->t_short = mkint(tt, "short", 2, 1, 2);
	tt->t_ushort = mkint(tt, "unsigned short", 2, 0, 2);
	tt->t_int = mkint(tt, "int", 4, 1, 3);
	tt->t_uint = mkint(tt, "unsigned int", 4, 0, 3);
	tt->t_long = mkint(tt, "long", 8, 1, 4);
	tt->t_ulong = mkint(tt, "unsigned long", 8, 0, 4);
	tt->t_llong = mkint(tt, "long long", 8, 1, 5);
	tt->t_ullong = mkint(tt, "unsigned long long", 8, 0, 5);
	tt->t_string = dt_type_new(tt, DT_TK_STRING, "string", 0);
	tt->t_float = dt_type_new(tt, DT_TK_FLOAT, "float", 4);
	tt->t_double = dt_type_new(tt, DT_TK_FLOAT, "double", 8);
	tt->t_ldouble = dt_type_new(tt, DT_TK_FLOAT, "long double", 16);
	/* what sym()/func() and mod() return: an unsigned long the
	   consumer prints as a symbol (DTrace's _symaddr) */
	tt->t_symaddr = mkint(tt, "_symaddr", 8, 0, 4);
	tt->t_modaddr = mkint(tt, "_symaddr", 8, 0, 4);
	tt->t_usymaddr = mkint(tt, "_usymaddr", 8, 0, 4);
	if (!tt->t_void || !tt->t_ldouble || !tt->t_string || !tt->t_symaddr ||
	    !tt->t_modaddr || !tt->t_usymaddr)
		return -1;
	tt->t_symaddr->symkind = DT_SYMK_SYM;
	tt->t_modaddr->symkind = DT_SYMK_MOD;
	tt->t_usymaddr->symkind = DT_SYMK_USYM;	/* (printf's %A takes it) */
	tt->t_voidp = dt_type_ptr(tt, tt->t_void);
	struct dt_type *charp = dt_type_ptr(tt, tt->t_char);
	if (!tt->t_voidp || !charp)
		return -1;

	/* D's built-in typedefs (LP64 Linux) */
	static const struct { const char *name; int size, sgn, rank; } td[] = {
		{ "int8_t", 1, 1, 1 }, { "int16_t", 2, 1, 2 },
		{ "int32_t", 4, 1, 3 }, { "int64_t", 8, 1, 4 },
		{ "uint8_t", 1, 0, 1 }, { "uint16_t", 2, 0, 2 },
		{ "uint32_t", 4, 0, 3 }, { "uint64_t", 8, 0, 4 },
		{ "intptr_t", 8, 1, 4 }, { "uintptr_t", 8, 0, 4 },
		{ "size_t", 8, 0, 4 }, { "ssize_t", 8, 1, 4 },
		{ "ptrdiff_t", 8, 1, 4 }, { "off_t", 8, 1, 4 },
		{ "off64_t", 8, 1, 4 }, { "loff_t", 8, 1, 4 },
		{ "uchar_t", 1, 0, 1 }, { "ushort_t", 2, 0, 2 },
		{ "uint_t", 4, 0, 3 }, { "ulong_t", 8, 0, 4 },
		{ "u_longlong_t", 8, 0, 5 }, { "longlong_t", 8, 1, 5 },
		{ "daddr_t", 8, 1, 4 }, { "dev_t", 8, 0, 4 },
		{ "pid_t", 4, 1, 3 }, { "id_t", 4, 1, 3 },
		{ "uid_t", 4, 0, 3 }, { "gid_t", 4, 0, 3 },
		{ "time_t", 8, 1, 4 }, { "hrtime_t", 8, 1, 5 },
		{ "mode_t", 4, 0, 3 }, { "processorid_t", 4, 1, 3 },
		{ "zoneid_t", 4, 1, 3 }, { "projid_t", 4, 1, 3 },
		{ "taskid_t", 4, 1, 3 }, { "clock_t", 8, 1, 4 },
		{ "major_t", 4, 0, 3 }, { "minor_t", 4, 0, 3 },
		{ "ino_t", 8, 0, 4 }, { "nlink_t", 4, 0, 3 },
		{ "key_t", 4, 1, 3 }, { "blkcnt_t", 8, 1, 4 },
		{ "blksize_t", 8, 1, 4 }, { "suseconds_t", 8, 1, 4 },
		{ "useconds_t", 4, 0, 3 }, { "wchar_t", 4, 1, 3 },
		{ "u_int", 4, 0, 3 }, { "u_long", 8, 0, 4 },
		{ "u_char", 1, 0, 1 }, { "u_short", 2, 0, 2 },
		{ "ulonglong_t", 8, 0, 5 }, { "boolean_t", 4, 1, 3 },
		{ "psetid_t", 4, 1, 3 }, { "chipid_t", 4, 1, 3 },
		{ "lgrp_id_t", 4, 1, 3 },
		{ "ipaddr_t", 4, 0, 3 },	/* an IPv4 address, network order */
	};
	for (size_t i = 0; i < sizeof(td) / sizeof(td[0]); i++) {
		struct dt_type *t = mkint(tt, td[i].name, td[i].size, td[i].sgn, td[i].rank);
		if (!t || dt_typedef_add(tt, td[i].name, t) < 0)
			return -1;
	}
	if (dt_typedef_add(tt, "caddr_t", charp) < 0)
		return -1;
	/* timestruc_t / timespec_t: a struct of two longs */
	struct dt_type *ts = dt_type_new(tt, DT_TK_STRUCT, "timestruc_t", 16);
	if (!ts || !(ts->members = calloc(2, sizeof(*ts->members))))
		return -1;
	ts->align = 8;
	ts->nmembers = 2;
	ts->members[0].name = strdup("tv_sec");
	ts->members[0].type = tt->t_long;
	ts->members[1].name = strdup("tv_nsec");
	ts->members[1].type = tt->t_long;
	ts->members[1].offset = 8;
	if (!ts->members[0].name || !ts->members[1].name ||
	    dt_typedef_add(tt, "timestruc_t", ts) < 0 ||
	    dt_typedef_add(tt, "timespec_t", ts) < 0)
		return -1;
	tt->builtin_typedefs = tt->typedefs;
	return 0;
}

void dt_types_free(struct dt_typetab *tt)
{
	for (struct dt_type *t = tt->all, *n; t; t = n) {
		n = t->next;
		for (int i = 0; i < t->nmembers; i++)
			free(t->members[i].name);
		free(t->members);
		free(t->name);
		free(t);
	}
	for (struct dt_typedef *d = tt->typedefs, *n; d; d = n) {
		n = d->next;
		free(d->name);
		free(d);
	}
	for (struct dt_enumconst *e = tt->enums, *n; e; e = n) {
		n = e->next;
		free(e->name);
		free(e);
	}
	memset(tt, 0, sizeof(*tt));
}

struct dt_type *dt_type_promote(struct dt_typetab *tt, struct dt_type *t)
{
	if (t->kind == DT_TK_ENUM)
		return tt->t_int;
	if (t->kind == DT_TK_INT && t->size < 4)
		return tt->t_int;
	return t;
}

/*
 * D's usual arithmetic conversions (dt_type_promote in DTrace): no
 * promotion to int; the operand of greater rank wins, where rank orders
 * by size and, at equal size, unsigned above signed.
 */
struct dt_type *dt_type_arith(struct dt_typetab *tt, struct dt_type *a,
    struct dt_type *b)
{
	if (a->kind == DT_TK_ENUM)
		a = tt->t_int;
	if (b->kind == DT_TK_ENUM)
		b = tt->t_int;
	if (a->kind == DT_TK_FLOAT || b->kind == DT_TK_FLOAT)
		return (a->kind == DT_TK_FLOAT && (b->kind != DT_TK_FLOAT || a->size >= b->size)) ? a : b;
	uint32_t ra = a->size * 2 + !a->is_signed, rb = b->size * 2 + !b->is_signed;
	if (ra != rb)
		return ra > rb ? a : b;
	return a->rank >= b->rank ? a : b;
}

/*
 * C's usual arithmetic conversions (C11 6.3.1.8), what the binary
 * operators apply: both operands are promoted (char, short and their
 * unsigned forms, enums: int); of the same signedness the greater rank
 * wins; else the unsigned one if its rank is not lower, the signed one if
 * it is wider (long and unsigned int: long), and otherwise the unsigned
 * type of the signed one's rank (long long and unsigned long: unsigned
 * long long).  Typedefs keep their name when their operand wins.
 */
struct dt_type *dt_type_usual(struct dt_typetab *tt, struct dt_type *a,
    struct dt_type *b)
{
	if (a->kind == DT_TK_FLOAT || b->kind == DT_TK_FLOAT)
		return dt_type_arith(tt, a, b);
	a = dt_type_promote(tt, a);
	b = dt_type_promote(tt, b);
	if (a->is_signed == b->is_signed)
		return b->rank > a->rank ? b : a;
	struct dt_type *u = a->is_signed ? b : a, *sg = a->is_signed ? a : b;
	if (u->rank >= sg->rank)
		return u;
	if (sg->size > u->size)
		return sg;
	return sg->rank >= tt->t_ullong->rank ? tt->t_ullong : tt->t_ulong;
}

int64_t dt_type_normalize(const struct dt_type *t, int64_t v)
{
	uint32_t size = t->kind == DT_TK_PTR ? 8 : t->size;
	if (size >= 8 || size == 0)
		return v;
	int sh = 64 - (int)size * 8;
	if (t->is_signed)
		return (int64_t)((uint64_t)v << sh) >> sh;
	return (int64_t)(((uint64_t)v << sh) >> sh);
}

/*
 * A type from its C spelling as metadata writes it ("unsigned long",
 * "const char *", "pid_t", "string").  Unknown base types give NULL.
 */
struct dt_type *dt_type_from_name(struct dt_typetab *tt, const char *name)
{
	char buf[256];
	int ptr = 0;
	snprintf(buf, sizeof(buf), "%s", name);
	/* strip qualifiers and count trailing stars */
	char *e = buf + strlen(buf);
	while (e > buf && (e[-1] == ' ' || e[-1] == '*')) {
		if (e[-1] == '*')
			ptr++;
		*--e = '\0';
	}
	char *b = buf;
	for (;;) {
		if (!strncmp(b, "const ", 6))
			b += 6;
		else if (!strncmp(b, "volatile ", 9))
			b += 9;
		else
			break;
	}
	static const struct { const char *n; int off; } base[] = {
		{ "void", 0 }, { "char", 1 }, { "signed char", 2 },
		{ "unsigned char", 3 }, { "short", 4 }, { "short int", 4 },
		{ "unsigned short", 5 }, { "unsigned short int", 5 },
		{ "int", 6 }, { "signed", 6 }, { "signed int", 6 },
		{ "unsigned int", 7 }, { "unsigned", 7 }, { "long", 8 },
		{ "long int", 8 }, { "unsigned long", 9 },
		{ "unsigned long int", 9 }, { "long long", 10 },
		{ "long long int", 10 }, { "unsigned long long", 11 },
		{ "unsigned long long int", 11 }, { "string", 12 },
	};
	struct dt_type *t = NULL;
	for (size_t i = 0; i < sizeof(base) / sizeof(base[0]) && !t; i++) {
		if (strcmp(base[i].n, b))
			continue;
		struct dt_type *v[] = { tt->t_void, tt->t_char, tt->t_schar,
			tt->t_uchar, tt->t_short, tt->t_ushort, tt->t_int,
			tt->t_uint, tt->t_long, tt->t_ulong, tt->t_llong,
			tt->t_ullong, tt->t_string };
		t = v[base[i].off];
	}
	if (!t)
		t = dt_typedef_lookup(tt, b);
	if (!t && !strncmp(b, "struct ", 7) && ptr)
		t = tt->t_void;		/* kernel structs: opaque for now */
	if (!t)
		return NULL;
	while (ptr-- > 0 && t)
		t = dt_type_ptr(tt, t);
	return t;
}
