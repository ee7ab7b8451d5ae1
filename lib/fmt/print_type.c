/*
 * print_type.c - the print() action's output: an object shown with its
 * type, member by member, as Oracle Linux DTrace shows it.
 *
 * print(ptr) prints the address and " = *", then the object indented 44
 * columns (under the data column of dtrace's CPU/ID/FUNCTION:NAME line):
 * "(type) {", one ".member = (type)value," line per member that is not
 * zero, nested structs, unions and arrays one column further in (an
 * anonymous member without the ".member = "), char arrays as characters
 * up to their NUL, enums by name, pointers in hex, floats as "%f" does,
 * then "}".  An object larger than what was recorded ends in "..." where
 * the data stops.
 *
 * Types are walked as BTF, so kernel types print with the kernel's own
 * names (typedefs such as __u16 included): kernel structs and unions are
 * vmlinux BTF ids already, and D types (declared in the script, D's
 * integer typedefs) are converted to BTF here, in a BTF object built per
 * print() and freed after it, split on top of vmlinux BTF only when the
 * type refers to kernel types.
 */
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "base/handle.h"
#include "kernel/btf.h"
#include "bytes.h"
#include "print_type.h"

#define PRINT_INDENT 44		/* %3d %6d %32s and their spaces */

/* D types in the order their BTF ids were given out */
struct conv {
	dtrace_hdl_t *dtp;
	struct dt_type **v;
	uint32_t *id;
	int n, cap;
	uint32_t next;		/* the next BTF id to give out */
	int kernel;		/* refers to vmlinux BTF */
	int failed;
};

/* the vmlinux BTF id of a kernel struct/union type, else 0 */
static int32_t kernel_id(dtrace_hdl_t *dtp, struct dt_type *t)
{
	if (t->kind != DT_TK_STRUCT && t->kind != DT_TK_UNION)
		return 0;
	if (t->btf_id < 0) {	/* named before BTF was loaded (curthread's) */
		const char *n = strchr(t->name, ' ');
		struct dt_type *k = n ? dt_btf_tagged(dtp, t->kind, n + 1) : NULL;
		if (!k || k->btf_id <= 0)
			return 0;
		t->btf_id = k->btf_id;
	}
	return t->btf_id;
}

static uint32_t assign(struct conv *c, struct dt_type *t);

static uint32_t lookup(struct conv *c, struct dt_type *t)
{
	for (int i = 0; i < c->n; i++)
		if (c->v[i] == t)
			return c->id[i];
	return 0;
}

/* Give t (and what it refers to) BTF ids, depth first. */
static uint32_t assign(struct conv *c, struct dt_type *t)
{
	int32_t kid = kernel_id(c->dtp, t);
	if (kid > 0) {
		c->kernel = 1;
		return (uint32_t)kid;
	}
	switch (t->kind) {
	case DT_TK_INT: case DT_TK_ENUM: case DT_TK_FLOAT: case DT_TK_PTR:
	case DT_TK_ARRAY: case DT_TK_STRUCT: case DT_TK_UNION: case DT_TK_STRING:
		break;
	default:
		return 0;	/* void, functions: BTF's void */
	}
	uint32_t id = lookup(c, t);
	if (id)
		return id;
	if (c->n == c->cap) {
		int cap = c->cap ? c->cap * 2 : 32;
		struct dt_type **v = realloc(c->v, (size_t)cap * sizeof(*v));
		uint32_t *ids = v ? realloc(c->id, (size_t)cap * sizeof(*ids)) : NULL;
		if (v)
			c->v = v;
		if (!ids) {
			c->failed = 1;
			return 0;
		}
		c->id = ids;
		c->cap = cap;
	}
	id = c->next++;
	c->v[c->n] = t;
	c->id[c->n++] = id;
	if (t->kind == DT_TK_PTR && t->ref->kind != DT_TK_FUNC)
		assign(c, t->ref);
	else if (t->kind == DT_TK_ARRAY)
		assign(c, t->ref);
	else if (t->kind == DT_TK_STRING)
		assign(c, c->dtp->types.t_char);
	else if (t->kind == DT_TK_STRUCT || t->kind == DT_TK_UNION)
		for (int i = 0; i < t->nmembers; i++)
			assign(c, t->members[i].type);
	return id;
}

/* "struct foo" -> "foo"; anonymous -> "" */
static const char *tag(const struct dt_type *t)
{
	const char *sp = strchr(t->name, ' ');
	const char *n = sp ? sp + 1 : t->name;
	return strcmp(n, "<anon>") ? n : "";
}

static int enum_values(struct conv *c, struct btf *b, struct dt_type *t)
{
	/* the constants are kept newest first: add them in declaration order */
	int n = 0, rc = 0;
	for (struct dt_enumconst *e = c->dtp->types.enums; e; e = e->next)
		if (e->type == t)
			n++;
	struct dt_enumconst **v = calloc((size_t)(n ? n : 1), sizeof(*v));
	if (!v)
		return -ENOMEM;
	int i = n;
	for (struct dt_enumconst *e = c->dtp->types.enums; e; e = e->next)
		if (e->type == t)
			v[--i] = e;
	for (i = 0; i < n && rc >= 0; i++)
		rc = btf__add_enum_value(b, v[i]->name, v[i]->value);
	free(v);
	return rc;
}

/* Emit the BTF types of c in id order; index is the array index type. */
static int emit_types(struct conv *c, struct btf *b, uint32_t index)
{
	uint32_t strsize = (uint32_t)c->dtp->opt[DTOPT_STRSIZE];
	for (int i = 0; i < c->n; i++) {
		struct dt_type *t = c->v[i];
		int rc;
		switch (t->kind) {
		case DT_TK_INT:
			rc = btf__add_int(b, t->name, (size_t)t->size,
			    t->is_signed ? BTF_INT_SIGNED : 0);
			break;
		case DT_TK_ENUM:
			rc = btf__add_enum(b, tag(t), t->size ? t->size : 4);
			if (rc >= 0 && enum_values(c, b, t) < 0)
				rc = -1;
			break;
		case DT_TK_FLOAT:
			rc = btf__add_float(b, t->name, (size_t)t->size);
			break;
		case DT_TK_PTR:
			rc = btf__add_ptr(b, (int)(t->ref->kind == DT_TK_FUNC ? 0 :
			    assign(c, t->ref)));
			break;
		case DT_TK_ARRAY:
			rc = btf__add_array(b, (int)index, (int)assign(c, t->ref), t->nelems);
			break;
		case DT_TK_STRING:
			rc = btf__add_array(b, (int)index, (int)assign(c, c->dtp->types.t_char),
			    strsize + 1);
			break;
		default:	/* struct, union */
			rc = t->kind == DT_TK_UNION ? btf__add_union(b, tag(t), t->size) :
			    btf__add_struct(b, tag(t), t->size);
			for (int k = 0; rc >= 0 && k < t->nmembers; k++) {
				struct dt_member *m = &t->members[k];
				rc = btf__add_field(b, m->name, (int)assign(c, m->type),
				    m->offset * 8 + m->bitoff, m->bits);
			}
			break;
		}
		if (rc < 0 || (rc > 0 && (uint32_t)rc != c->id[i]))
			return -1;
	}
	return 0;
}

/*
 * The BTF of t: its id in *id, in a new BTF object (to free) or NULL if t
 * cannot be described.
 */
static struct btf *to_btf(dtrace_hdl_t *dtp, struct dt_type *t, uint32_t *id)
{
	struct conv c = { .dtp = dtp };
	struct btf *b = NULL;

	/* first pass: find out whether kernel BTF is involved */
	c.next = 2;
	assign(&c, t);
	if (c.failed)
		goto out;
	if (c.kernel) {
		if (!dtp->btf)		/* loaded when the kernel type was named */
			goto out;
		b = btf__new_empty_split(dtp->btf);
	} else {
		b = btf__new_empty();
	}
	if (libbpf_get_error(b)) {
		b = NULL;
		goto out;
	}
	/* second pass: the real ids, after the array index type */
	uint32_t index = btf__type_cnt(b);
	c.n = 0;
	c.next = index + 1;
	*id = assign(&c, t);
	if (c.failed || btf__add_int(b, "int", 4, BTF_INT_SIGNED) != (int)index ||
	    emit_types(&c, b, index) < 0) {
		btf__free(b);
		b = NULL;
	}
out:
	free(c.v);
	free(c.id);
	return b;
}

/* ---- printing, over BTF ---- */

struct pt {
	struct btf *b;
	FILE *out;
	const uint8_t *data;	/* the recorded bytes */
	size_t size;
	int stop;		/* the data ran out: "..." printed */
};

/* t's qualifiers, typedefs and tags skipped */
static const struct btf_type *skip_mods(const struct btf *b, uint32_t *id)
{
	const struct btf_type *t = btf__type_by_id(b, *id);
	while (t && (btf_is_mod(t) || btf_is_typedef(t) || btf_is_type_tag(t))) {
		*id = t->type;
		t = btf__type_by_id(b, *id);
	}
	return t;
}

/* snprintf, for names that may be cut short */
static void __attribute__((format(printf, 3, 4)))
fmt(char *buf, size_t n, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	vsnprintf(buf, n, f, ap);
	va_end(ap);
}

/* the type's name as D writes it: "char [5]", "struct page *", "(struct)" */
static void tname(const struct btf *b, uint32_t id, char *buf, size_t n)
{
	const struct btf_type *t = id ? btf__type_by_id(b, id) : NULL;
	const char *nm = t ? btf__name_by_offset(b, t->name_off) : NULL;
	char sub[512];
	if (!t) {
		fmt(buf, n, "void");
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_PTR: {
		const struct btf_type *r = btf__type_by_id(b, t->type);
		if (r && btf_is_func_proto(r)) {
			tname(b, r->type, sub, sizeof(sub));
			fmt(buf, n, "%s (*)()", sub);
			break;
		}
		tname(b, t->type, sub, sizeof(sub));
		fmt(buf, n, "%s%s*", sub, sub[strlen(sub) - 1] == '*' ? "" : " ");
		break;
	}
	case BTF_KIND_ARRAY: {
		/* the element's name, then every dimension: "int [2][3]" */
		char dims[128] = "";
		size_t dl = 0;
		const struct btf_type *a = t;
		uint32_t el = id;
		while (a && btf_is_array(a)) {
			dl += (size_t)snprintf(dims + dl, dl < sizeof(dims) ? sizeof(dims) - dl : 0,
			    "[%u]", btf_array(a)->nelems);
			el = btf_array(a)->type;
			a = btf__type_by_id(b, el);
		}
		tname(b, el, sub, sizeof(sub));
		fmt(buf, n, "%s %s", sub, dims);
		break;
	}
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64: case BTF_KIND_FWD: {
		const char *k = btf_is_union(t) ? "union" : btf_is_any_enum(t) ? "enum" :
		    btf_is_fwd(t) && btf_kflag(t) ? "union" : "struct";
		fmt(buf, n, "%s%s%s", k, nm && *nm ? " " : "", nm ? nm : "");
		break;
	}
	case BTF_KIND_CONST: case BTF_KIND_VOLATILE: case BTF_KIND_RESTRICT:
		tname(b, t->type, sub, sizeof(sub));
		fmt(buf, n, "%s %s", btf_is_const(t) ? "const" : btf_is_volatile(t) ?
		    "volatile" : "restrict", sub);
		break;
	case BTF_KIND_TYPE_TAG:
		tname(b, t->type, buf, n);
		break;
	case BTF_KIND_FUNC_PROTO:
		tname(b, t->type, sub, sizeof(sub));
		fmt(buf, n, "%s ()", sub);
		break;
	default:	/* int, float, typedef */
		fmt(buf, n, "%s", nm && *nm ? nm : "?");
		break;
	}
}

static int all_zero(const uint8_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i])
			return 0;
	return 1;
}

/* an integer of size bytes (little-endian), sign-extended if signed */
static uint64_t int_value(const uint8_t *v, size_t size, int sgn)
{
	uint64_t x = 0;
	memcpy(&x, v, size > 8 ? 8 : size);
	if (size < 8) {
		int sh = 64 - (int)size * 8;
		x = sgn ? (uint64_t)((int64_t)(x << sh) >> sh) : (x << sh) >> sh;
	}
	return x;
}

static int is_char(const struct btf *b, const struct btf_type *t)
{
	const char *nm = btf__name_by_offset(b, t->name_off);
	return btf_is_int(t) && t->size == 1 && ((btf_int_encoding(t) & BTF_INT_CHAR) ||
	    (nm && !strcmp(nm, "char")));
}

/* the value x of integer or enum type t (resolved) */
static void scalar(struct pt *p, const struct btf_type *t, uint64_t x)
{
	if (btf_is_any_enum(t)) {
		int n = btf_vlen(t);
		for (int i = 0; i < n; i++) {
			uint64_t ev = btf_is_enum(t) ? (uint64_t)(int64_t)btf_enum(t)[i].val :
			    btf_enum64_value(&btf_enum64(t)[i]);
			uint64_t mask = t->size >= 8 ? ~0ULL : (1ULL << (8 * t->size)) - 1;
			if ((ev & mask) == (x & mask)) {
				const char *en = btf__name_by_offset(p->b, btf_is_enum(t) ?
				    btf_enum(t)[i].name_off : btf_enum64(t)[i].name_off);
				fprintf(p->out, "%s", en ? en : "?");
				return;
			}
		}
		fprintf(p->out, "%lld", (long long)x);
		return;
	}
	if (is_char(p->b, t) && isprint((int)(x & 0xff)))
		fprintf(p->out, "'%c'", (int)(x & 0xff));
	else if (btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_SIGNED))
		fprintf(p->out, "%lld", (long long)x);
	else
		fprintf(p->out, "%llu", (unsigned long long)x);
}

static void object(struct pt *p, uint32_t id, const uint8_t *v, int indent,
    const char *name, int top);

/* member m (bit offset off) of the struct whose bytes start at v */
static void member(struct pt *p, uint32_t mtype, const char *name, const uint8_t *v,
    uint32_t off, uint32_t bits, int indent)
{
	if (!bits) {
		object(p, mtype, v + off / 8, indent, name, 0);
		return;
	}
	/* a bit-field: the bits of the bytes that hold it */
	const uint8_t *at = v + off / 8;
	size_t nb = (off % 8 + bits + 7) / 8;
	if ((size_t)(at - p->data) + nb > p->size) {
		fprintf(p->out, "%*s...\n", indent, "");
		p->stop = 1;
		return;
	}
	uint64_t x = 0;
	memcpy(&x, at, nb > 8 ? 8 : nb);
	x >>= off % 8;
	if (bits < 64)
		x &= (1ULL << bits) - 1;
	if (!x)
		return;
	uint32_t rid = mtype;
	const struct btf_type *t = skip_mods(p->b, &rid);
	char tn[512];
	tname(p->b, mtype, tn, sizeof(tn));
	if (t && btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_SIGNED) &&
	    bits < 64 && (x >> (bits - 1)) & 1)
		x |= ~0ULL << bits;	/* sign-extend */
	fprintf(p->out, "%*s.%s = (%s)", indent, "", name, tn);
	if (t)
		scalar(p, t, x);
	fputs(",\n", p->out);
}

/* One object: ".name = (type)value" (without ".name = " if name is NULL
 * or empty), followed by "," unless it is the top-level one. */
static void object(struct pt *p, uint32_t id, const uint8_t *v, int indent,
    const char *name, int top)
{
	uint32_t rid = id;
	const struct btf_type *t = skip_mods(p->b, &rid);
	long long sz = btf__resolve_size(p->b, id);
	char tn[512];

	if (p->stop || !t || sz < 0)
		return;
	size_t have = (size_t)(v - p->data) < p->size ? p->size - (size_t)(v - p->data) : 0;
	int aggr = btf_is_composite(t) || btf_is_array(t);
	if ((size_t)sz > have && (!aggr || have == 0)) {
		/* the recorded bytes end here (a struct or array goes on
		 * member by member up to that point) */
		fprintf(p->out, "%*s...\n", indent, "");
		p->stop = 1;
		return;
	}
	if (!top && all_zero(v, (size_t)sz < have ? (size_t)sz : have))
		return;		/* zero-valued members are left out */
	tname(p->b, id, tn, sizeof(tn));
	fprintf(p->out, "%*s", indent, "");
	if (name && *name)
		fprintf(p->out, ".%s = ", name);
	fprintf(p->out, "(%s)", tn);
	switch (btf_kind(t)) {
	case BTF_KIND_INT: case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
		scalar(p, t, int_value(v, (size_t)sz, btf_is_int(t) ?
		    (btf_int_encoding(t) & BTF_INT_SIGNED) != 0 : 1));
		break;
	case BTF_KIND_PTR:
		fprintf(p->out, "0x%llx", (unsigned long long)int_value(v, 8, 0));
		break;
	case BTF_KIND_FLOAT:	/* as libbpf's dumper (Oracle's layout): %f */
		if (sz == 4) {
			float f;
			memcpy(&f, v, 4);
			fprintf(p->out, "%f", (double)f);
		} else if (sz == 8) {
			double f;
			memcpy(&f, v, 8);
			fprintf(p->out, "%f", f);
		} else if (sz == 16) {
			long double f;
			memcpy(&f, v, sizeof(f) < 16 ? sizeof(f) : 16);
			fprintf(p->out, "%Lf", f);
		}
		break;
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: {
		const struct btf_member *m = btf_members(t);
		fputs(" {\n", p->out);
		for (int i = 0; i < btf_vlen(t) && !p->stop; i++, m++)
			member(p, m->type, btf__name_by_offset(p->b, m->name_off), v,
			    btf_member_bit_offset(t, (uint32_t)i),
			    btf_member_bitfield_size(t, (uint32_t)i), indent + 1);
		fprintf(p->out, "%*s}", indent, "");
		break;
	}
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(t);
		uint32_t eid = a->type;
		const struct btf_type *et = skip_mods(p->b, &eid);
		long long esz = btf__resolve_size(p->b, a->type);
		fputs(" [\n", p->out);
		for (uint32_t i = 0; esz > 0 && i < a->nelems && !p->stop; i++) {
			const uint8_t *ev = v + (size_t)esz * i;
			if (et && is_char(p->b, et) && *ev == 0)
				break;		/* a string ends at its NUL */
			object(p, a->type, ev, indent + 1, NULL, 0);
		}
		fprintf(p->out, "%*s]", indent, "");
		break;
	}
	default:
		break;
	}
	fputs(top ? "\n" : ",\n", p->out);
}

void dt_print_type(dtrace_hdl_t *dtp, FILE *out, struct dt_type *t, uint64_t addr,
    const uint8_t *data, size_t size)
{
	uint32_t id = 0;
	struct btf *b = to_btf(dtp, t, &id);

	fprintf(out, "0x%llx = *\n", (unsigned long long)addr);
	if (!b || !id) {
		/* no type description: the bytes */
		dt_print_rawbytes(out, data, size);
	} else {
		struct pt p = { .b = b, .out = out, .data = data, .size = size };
		object(&p, id, data, PRINT_INDENT, NULL, 1);
	}
	btf__free(b);
}
