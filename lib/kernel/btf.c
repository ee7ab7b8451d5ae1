/*
 * btf.c - offsets of kernel structure members from kernel BTF.
 *
 * Built-ins such as ppid and vtimestamp read task_struct fields; their
 * offsets differ between kernels, so they come from the running kernel's
 * BTF.  Loading BTF costs milliseconds, so it happens only when a script
 * uses such a built-in, and once per run.
 */
#include <bpf/btf.h>
#include <stdlib.h>
#include <bpf/libbpf.h>
#include <stdio.h>
#include <string.h>
#include "btf.h"

static int member_offset(const struct btf *btf, int type_id, const char *name)
{
	const struct btf_type *t = btf__type_by_id(btf, (__u32)type_id);
	if (!t || (!btf_is_struct(t) && !btf_is_union(t)))
		return -1;
	const struct btf_member *m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		int bits = (int)btf_member_bit_offset(t, (__u32)i);
		const char *mn = btf__name_by_offset(btf, m->name_off);
		if (mn && *mn) {
			if (!strcmp(mn, name))
				return bits / 8;
			continue;
		}
		/* anonymous struct/union: look inside */
		int inner = member_offset(btf, (int)btf__resolve_type(btf, m->type), name);
		if (inner >= 0)
			return bits / 8 + inner;
	}
	return -1;
}

static int path_offset(const struct btf *btf, const char *sname, const char *path)
{
	int id = btf__find_by_name_kind(btf, sname, BTF_KIND_STRUCT);
	if (id < 0)
		return -1;
	char buf[128];
	snprintf(buf, sizeof(buf), "%s", path);
	int total = 0;
	for (char *save = NULL, *tok = strtok_r(buf, ".", &save); tok;
	    tok = strtok_r(NULL, ".", &save)) {
		int off = member_offset(btf, id, tok);
		if (off < 0)
			return -1;
		total += off;
		/* descend into the member's type for the next component */
		const struct btf_type *t = btf__type_by_id(btf, (__u32)id);
		const struct btf_member *m = btf_members(t);
		int next = -1;
		for (int i = 0; i < btf_vlen(t); i++, m++) {
			const char *mn = btf__name_by_offset(btf, m->name_off);
			if (mn && !strcmp(mn, tok)) {
				next = (int)btf__resolve_type(btf, m->type);
				break;
			}
		}
		id = next;
	}
	return total;
}

static struct btf *get_btf(dtrace_hdl_t *dtp)
{
	if (!dtp->btf_loaded) {
		dtp->btf_loaded = 1;
		struct btf *btf = btf__load_vmlinux_btf();
		dtp->btf = libbpf_get_error(btf) ? NULL : btf;
		if (dtp->btf) {
			dtp->nbtf_types = btf__type_cnt(dtp->btf);
			dtp->btf_types = calloc(dtp->nbtf_types, sizeof(struct dt_type *));
			if (!dtp->btf_types) {
				btf__free(dtp->btf);
				dtp->btf = NULL;
			}
		}
	}
	return dtp->btf;
}

void dt_btf_close(dtrace_hdl_t *dtp)
{
	btf__free(dtp->btf);
	free(dtp->btf_types);
	dtp->btf = NULL;
	dtp->btf_types = NULL;
}

int dt_btf_task_offset(dtrace_hdl_t *dtp, enum dt_btf_field f)
{
	static const char *const paths[DT_BTF_NFIELDS] = {
		"real_parent", "tgid", "se.sum_exec_runtime"
	};
	if (!dtp->btf_off_done) {
		dtp->btf_off_done = 1;
		struct btf *btf = get_btf(dtp);
		for (int i = 0; i < DT_BTF_NFIELDS; i++)
			dtp->btf_off[i] = btf ? path_offset(btf, "task_struct", paths[i]) : -1;
	}
	return dtp->btf_off[f];
}

/* A BTF type as a D type; struct/union members come later, on use. */
static struct dt_type *convert(dtrace_hdl_t *dtp, __u32 id)
{
	struct btf *btf = dtp->btf;
	struct dt_typetab *tt = &dtp->types;
	if (id == 0)
		return tt->t_void;
	if (id >= dtp->nbtf_types)
		return tt->t_void;
	if (dtp->btf_types[id])
		return dtp->btf_types[id];
	const struct btf_type *t = btf__type_by_id(btf, id);
	struct dt_type *r = tt->t_void;
	char nm[300];
	switch (btf_kind(t)) {
	case BTF_KIND_INT: {
		int sgn = (btf_int_encoding(t) & BTF_INT_SIGNED) != 0;
		const char *n = btf__name_by_offset(btf, t->name_off);
		if (t->size == 1 && n && !strcmp(n, "char"))
			r = tt->t_char;
		else if (t->size == 1 || t->size == 2 || t->size == 4 || t->size == 8)
			r = dt_int_type(tt, (int)t->size, sgn);
		break;
	}
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		r = dt_int_type(tt, (int)(t->size ? t->size : 4), 1);
		break;
	case BTF_KIND_FLOAT:	/* a value as its bits (D has no float arithmetic) */
		r = t->size == 4 ? tt->t_float : t->size == 8 ? tt->t_double :
		    t->size == 16 ? tt->t_ldouble : tt->t_void;
		break;
	case BTF_KIND_PTR: {
		struct dt_type *to = convert(dtp, t->type);
		r = dt_type_ptr(tt, to);
		if (!r)
			r = tt->t_voidp;
		break;
	}
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(t);
		struct dt_type *el = convert(dtp, a->type);
		r = el->size ? dt_type_array(tt, el, a->nelems) : tt->t_void;
		if (!r)
			r = tt->t_void;
		break;
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		const char *n = btf__name_by_offset(btf, t->name_off);
		int su = btf_kind(t) == BTF_KIND_UNION;
		snprintf(nm, sizeof(nm), "%s %s", su ? "union" : "struct", n && *n ? n : "<anon>");
		r = dt_type_new(tt, su ? DT_TK_UNION : DT_TK_STRUCT, nm, t->size);
		if (!r)
			return tt->t_void;
		r->btf_id = (int32_t)id;
		r->align = 8;
		break;
	}
	case BTF_KIND_FWD: {
		const char *n = btf__name_by_offset(btf, t->name_off);
		snprintf(nm, sizeof(nm), "struct %s", n ? n : "<anon>");
		r = dt_type_new(tt, DT_TK_STRUCT, nm, 0);
		if (r)
			r->complete = 0;
		else
			r = tt->t_void;
		break;
	}
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		r = convert(dtp, t->type);
		break;
	default:
		break;
	}
	dtp->btf_types[id] = r;
	return r;
}

struct dt_type *dt_btf_tagged(dtrace_hdl_t *dtp, enum dt_tkind kind, const char *name)
{
	struct btf *btf = get_btf(dtp);
	if (!btf)
		return NULL;
	int bk = kind == DT_TK_UNION ? BTF_KIND_UNION : kind == DT_TK_ENUM ? BTF_KIND_ENUM :
	    BTF_KIND_STRUCT;
	int id = btf__find_by_name_kind(btf, name, (__u32)bk);
	if (id <= 0)
		return NULL;
	return convert(dtp, (__u32)id);
}

static int find_member(dtrace_hdl_t *dtp, __u32 sid, const char *name, uint32_t base,
    uint32_t *bitpos, __u32 *mtid, uint32_t *bits)
{
	const struct btf_type *t = btf__type_by_id(dtp->btf, sid);
	if (!t || (!btf_is_struct(t) && !btf_is_union(t)))
		return -1;
	const struct btf_member *m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		uint32_t bo = btf_member_bit_offset(t, (__u32)i);
		const char *mn = btf__name_by_offset(dtp->btf, m->name_off);
		if (mn && *mn) {
			if (strcmp(mn, name))
				continue;
			*bitpos = base + bo;
			*mtid = m->type;
			*bits = btf_member_bitfield_size(t, (__u32)i);
			return 0;
		}
		__u32 inner = (__u32)btf__resolve_type(dtp->btf, m->type);
		if (find_member(dtp, inner, name, base + bo, bitpos, mtid, bits) == 0)
			return 0;
	}
	return -1;
}

int dt_btf_resolve(dtrace_hdl_t *dtp, struct dt_type *t)
{
	if (!t->btf_id || !get_btf(dtp))
		return -1;
	if (t->btf_id < 0) {
		/* a placeholder named before BTF was loaded (curthread's type) */
		const char *n = strchr(t->name, ' ');
		int id = n ? btf__find_by_name_kind(dtp->btf, n + 1,
		    t->kind == DT_TK_UNION ? BTF_KIND_UNION : BTF_KIND_STRUCT) : -1;
		if (id <= 0)
			return -1;
		t->btf_id = id;
		t->size = btf__type_by_id(dtp->btf, (__u32)id)->size;
	}
	return 0;
}

int dt_btf_member(dtrace_hdl_t *dtp, struct dt_type *t, const char *name,
    uint32_t *off, struct dt_type **mt, uint32_t *bits, uint32_t *bitoff)
{
	__u32 mtid;
	uint32_t bitpos;
	if (dt_btf_resolve(dtp, t) < 0)
		return -1;
	if (find_member(dtp, (__u32)t->btf_id, name, 0, &bitpos, &mtid, bits) < 0)
		return -1;
	*mt = convert(dtp, mtid);
	if (*bits && (*mt)->kind != DT_TK_INT && (*mt)->size) {
		/* a bit-field of an enum type: read as the enum's integer */
		*mt = dt_int_type(&dtp->types, (int)(*mt)->size, 0);
	}
	*off = bitpos / 8;
	*bitoff = bitpos % 8;
	return 0;
}

int dt_btf_kfunc(dtrace_hdl_t *dtp, const char *name)
{
	struct btf *btf = get_btf(dtp);
	if (!btf)
		return -1;
	int id = btf__find_by_name_kind(btf, name, BTF_KIND_FUNC);
	return id > 0 ? id : -1;
}

struct dt_type *dt_btf_named(dtrace_hdl_t *dtp, const char *name)
{
	struct btf *btf = get_btf(dtp);
	if (!btf)
		return NULL;
	static const __u32 kinds[] = { BTF_KIND_TYPEDEF, BTF_KIND_INT, BTF_KIND_FLOAT };
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		int id = btf__find_by_name_kind(btf, name, kinds[i]);
		if (id > 0)
			return convert(dtp, (__u32)id);
	}
	return NULL;
}

struct dt_type *dt_btf_var(dtrace_hdl_t *dtp, const char *name, int *percpu,
    uint32_t *secoff)
{
	struct btf *btf = get_btf(dtp);
	*percpu = 0;
	*secoff = 0;
	if (!btf)
		return NULL;
	int id = btf__find_by_name_kind(btf, name, BTF_KIND_VAR);
	if (id <= 0)
		return NULL;
	/* is it in the per-CPU data section, and where? */
	int sec = btf__find_by_name_kind(btf, ".data..percpu", BTF_KIND_DATASEC);
	if (sec > 0) {
		const struct btf_type *ds = btf__type_by_id(btf, (__u32)sec);
		const struct btf_var_secinfo *vi = btf_var_secinfos(ds);
		for (int i = 0; i < btf_vlen(ds); i++, vi++)
			if (vi->type == (__u32)id) {
				*percpu = 1;
				*secoff = vi->offset;
			}
	}
	return convert(dtp, btf__type_by_id(btf, (__u32)id)->type);
}

int dt_btf_offsetof(dtrace_hdl_t *dtp, const char *sname, const char *path)
{
	struct btf *btf = get_btf(dtp);
	if (!btf)
		return -1;
	int id = btf__find_by_name_kind(btf, sname, BTF_KIND_STRUCT);
	if (id <= 0)
		return -1;
	char buf[128];
	snprintf(buf, sizeof(buf), "%s", path);
	uint32_t total = 0;
	__u32 sid = (__u32)id;
	for (char *save = NULL, *tok = strtok_r(buf, ".", &save); tok;
	    tok = strtok_r(NULL, ".", &save)) {
		uint32_t bitpos, bits;
		__u32 mtid;
		if (find_member(dtp, sid, tok, 0, &bitpos, &mtid, &bits) < 0 || bits)
			return -1;
		total += bitpos / 8;
		sid = (__u32)btf__resolve_type(btf, mtid);
	}
	return (int)total;
}

/*
 * Tracepoint prototypes.  The kernel declares, for every tracepoint
 * EVENT, "typedef void (*btf_trace_EVENT)(void *, TP_PROTO args...)":
 * its parameters after the first are the values a raw tracepoint
 * program finds in its context (u64 each).  Their types are spelled
 * twice: as the kernel declares them (listings), and as a D type name
 * that the compiler resolves (typedefs looked through, enums as
 * integers, struct pointers kept so that BTF gives them members).
 */

/* an integer's name by size and sign, as D spells it */
static const char *int_name(const struct btf_type *t, const char *n)
{
	int sgn = (btf_int_encoding(t) & BTF_INT_SIGNED) != 0;
	if (n && !strcmp(n, "char"))
		return "char";
	if (btf_int_encoding(t) & BTF_INT_BOOL)
		return "unsigned char";
	switch (t->size) {
	case 1: return sgn ? "signed char" : "unsigned char";
	case 2: return sgn ? "short" : "unsigned short";
	case 4: return sgn ? "int" : "unsigned int";
	case 8: return sgn ? "long" : "unsigned long";
	default: return NULL;
	}
}

/* buf = a b c, cut to len */
static void join(char *buf, size_t len, const char *a, const char *b, const char *c)
{
	const char *v[] = { a, b, c };
	size_t n = 0;
	for (int i = 0; i < 3; i++)
		for (const char *q = v[i]; *q && n + 1 < len; q++)
			buf[n++] = *q;
	if (len)
		buf[n] = '\0';
}

static void spell(const struct btf *btf, __u32 id, int native, char *buf, size_t len, int depth)
{
	const struct btf_type *t = id ? btf__type_by_id(btf, id) : NULL;
	const char *n = t ? btf__name_by_offset(btf, t->name_off) : NULL;
	char in[256];
	if (!t || depth > 16) {
		snprintf(buf, len, "void");
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_INT: {
		const char *d = int_name(t, n);
		snprintf(buf, len, "%s", native && n && !strcmp(n, "_Bool") ? n : d ? d : "long");
		break;
	}
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		if (native && n && *n)
			snprintf(buf, len, "enum %s", n);
		else
			snprintf(buf, len, "%s", t->size == 8 ? "long" : t->size == 2 ? "short" :
			    t->size == 1 ? "char" : "int");
		break;
	case BTF_KIND_FLOAT:
		snprintf(buf, len, "%s", t->size == 4 ? "float" : "double");
		break;
	case BTF_KIND_PTR: {
		const struct btf_type *to = btf__type_by_id(btf, (__u32)btf__resolve_type(btf, t->type));
		if (to && btf_is_func_proto(to)) {	/* a function pointer */
			snprintf(buf, len, "void *");
			break;
		}
		spell(btf, t->type, native, in, sizeof(in), depth + 1);
		size_t l = strlen(in);
		join(buf, len, in, l && in[l - 1] == '*' ? "*" : " *", "");
		break;
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_FWD: {
		int su = btf_kind(t) == BTF_KIND_UNION ||
		    (btf_kind(t) == BTF_KIND_FWD && btf_kflag(t));
		if (n && *n)
			snprintf(buf, len, "%s %s", su ? "union" : "struct", n);
		else
			snprintf(buf, len, "void");	/* anonymous: opaque */
		break;
	}
	case BTF_KIND_TYPEDEF: {
		const struct btf_type *to = btf__type_by_id(btf, (__u32)btf__resolve_type(btf, t->type));
		const char *tn = to ? btf__name_by_offset(btf, to->name_off) : NULL;
		/* D resolves a typedef of an anonymous struct by its name */
		if (native || (to && (btf_is_struct(to) || btf_is_union(to)) && !(tn && *tn)))
			snprintf(buf, len, "%s", n);
		else
			spell(btf, t->type, native, buf, len, depth + 1);
		break;
	}
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE: {
		const struct btf_type *to = btf__type_by_id(btf, t->type);
		spell(btf, t->type, native, in, sizeof(in), depth + 1);
		if (native && to && !btf_is_ptr(to))
			join(buf, len, btf_is_const(t) ? "const " : "volatile ", in, "");
		else
			snprintf(buf, len, "%s", in);
		break;
	}
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		spell(btf, t->type, native, buf, len, depth + 1);
		break;
	default:
		snprintf(buf, len, "void");
		break;
	}
}

int dt_btf_tp_params(dtrace_hdl_t *dtp, const char *event, int max, char (*native)[128],
    char (*dtype)[128])
{
	struct btf *btf = get_btf(dtp);
	char nm[300];
	if (!btf)
		return -1;
	snprintf(nm, sizeof(nm), "btf_trace_%s", event);
	int id = btf__find_by_name_kind(btf, nm, BTF_KIND_TYPEDEF);
	if (id <= 0)
		return -1;
	const struct btf_type *t = btf__type_by_id(btf, (__u32)btf__resolve_type(btf, (__u32)id));
	if (!t || !btf_is_ptr(t))
		return -1;
	t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_func_proto(t) || btf_vlen(t) < 1)
		return -1;
	const struct btf_param *pa = btf_params(t);
	int n = btf_vlen(t) - 1;
	for (int i = 0; i < n && i < max; i++) {
		spell(btf, pa[i + 1].type, 1, native[i], sizeof(native[i]), 0);
		spell(btf, pa[i + 1].type, 0, dtype[i], sizeof(dtype[i]), 0);
	}
	return n;
}
