/*
 * btf.c - offsets of kernel structure members from kernel BTF.
 *
 * Built-ins such as ppid and vtimestamp read task_struct fields; their
 * offsets differ between kernels, so they come from the running kernel's
 * BTF.  Loading BTF costs milliseconds, so it happens only when a script
 * uses such a built-in, and once per run.
 */
#include <bpf/btf.h>
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

int dt_btf_task_offset(dtrace_hdl_t *dtp, enum dt_btf_field f)
{
	static const char *const paths[DT_BTF_NFIELDS] = {
		"real_parent", "tgid", "se.sum_exec_runtime"
	};
	if (!dtp->btf_loaded) {
		dtp->btf_loaded = 1;
		struct btf *btf = btf__load_vmlinux_btf();
		if (libbpf_get_error(btf))
			btf = NULL;
		for (int i = 0; i < DT_BTF_NFIELDS; i++)
			dtp->btf_off[i] = btf ? path_offset(btf, "task_struct", paths[i]) : -1;
		btf__free(btf);
	}
	return dtp->btf_off[f];
}
