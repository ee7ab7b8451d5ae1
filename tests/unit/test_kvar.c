/*
 * test_kvar.c - what cwd, root and kernel variables take from kernel BTF
 * and the semantic pass, without privileges: member offsets through
 * anonymous unions (the dentry walk's), per-CPU VAR entries with their
 * section offsets, the built-ins' types, and dtrace's messages.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "dtrace.h"
#include "kernel/btf.h"
#include "kernel/kvar.h"
#include "check.h"

static void compiles(const char *src)
{
	int e, n = 0;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	int r = dtrace_compile(dtp, src, src, 0, &n);
	CHECK(r == 0, "%s: unexpected error: %s", src, dtrace_errmsg(dtp));
	dtrace_close(dtp);
}

static void fails(const char *src, const char *msg)
{
	int e, n = 0;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	int r = dtrace_compile(dtp, src, src, 0, &n);
	CHECK(r < 0 && !strcmp(dtrace_errmsg(dtp), msg), "%s:\n  got:      %s\n  expected: %s",
	    src, r < 0 ? dtrace_errmsg(dtp) : "(compiled)", msg);
	dtrace_close(dtp);
}

static void btf_facts(void)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	int pwd = dt_btf_offsetof(dtp, "fs_struct", "pwd");
	if (pwd < 0) {
		printf("no kernel BTF: BTF checks skipped\n");
		dtrace_close(dtp);
		return;
	}
	/* nested members, and members inside anonymous unions and structs */
	CHECK(dt_btf_offsetof(dtp, "fs_struct", "pwd.dentry") == pwd + 8, "pwd.dentry");
	CHECK(dt_btf_offsetof(dtp, "fs_struct", "root.mnt") == pwd - 16, "root.mnt");
	int dn = dt_btf_offsetof(dtp, "dentry", "d_name");
	CHECK(dn > 0, "d_name");
	CHECK(dt_btf_offsetof(dtp, "dentry", "d_name.len") == dn + 4, "d_name.len");
	CHECK(dt_btf_offsetof(dtp, "dentry", "d_name.name") == dn + 8, "d_name.name");
	CHECK(dt_btf_offsetof(dtp, "mount", "mnt.mnt_root") ==
	    dt_btf_offsetof(dtp, "mount", "mnt"), "mount.mnt.mnt_root");
	CHECK(dt_btf_offsetof(dtp, "bpf_array", "pptrs") > 0, "bpf_array.pptrs");
	CHECK(dt_btf_offsetof(dtp, "dentry", "no_such_member") == -1, "missing member");
	CHECK(dt_btf_offsetof(dtp, "dentry", "d_name.no_such") == -1, "missing nested member");
	CHECK(dt_btf_offsetof(dtp, "no_such_struct", "x") == -1, "missing struct");

	/* per-CPU variables: typed, flagged, placed in their section */
	int percpu;
	uint32_t off1, off2;
	struct dt_type *t = dt_btf_var(dtp, "cpu_number", &percpu, &off1);
	CHECK(t && percpu && t->size == 4 && t->is_signed, "cpu_number: int, per-CPU");
	t = dt_btf_var(dtp, "runqueues", &percpu, &off2);
	CHECK(t && percpu && t->kind == DT_TK_STRUCT && off2 != off1, "runqueues: struct rq, per-CPU");
	CHECK(!dt_btf_var(dtp, "no_such_variable", &percpu, &off1) && !percpu, "missing variable");

	/* the types kvar.c gives what BTF does not type */
	t = dt_kvar_type(dtp, "jiffies");
	CHECK(t && t->size == 8 && !t->is_signed, "jiffies: unsigned long");
	CHECK(dt_kvar_type(dtp, "runqueues") == NULL, "runqueues: typed by BTF");
	dtrace_close(dtp);
}

int main(void)
{
	btf_facts();
	compiles("BEGIN { trace(cwd); trace(root); }");
	compiles("BEGIN { trace(strlen(cwd)); trace(basename(root)); @[cwd] = count(); }");
	compiles("BEGIN /cwd == \"/\" && root != \"/\"/ { self->d = cwd; }");
	fails("BEGIN { cwd = \"/\"; }", "invalid probe specifier BEGIN { cwd = \"/\"; }: in action list: "
	    "operator = can only be applied to a writable variable");
	compiles("BEGIN { trace(cwd + 1); trace(cwd[0]); trace(*root); }");	/* strings as arrays */
	fails("BEGIN { trace(cwd + root); }", "invalid probe specifier BEGIN { trace(cwd + root); }: in action list: "
	    "operands have incompatible types: \"string\" + \"string\"");
	fails("BEGIN { trace(`no_such_kernel_variable); }",
	    "invalid probe specifier BEGIN { trace(`no_such_kernel_variable); }: in action list: "
	    "failed to resolve `no_such_kernel_variable: Unknown symbol name");
	fails("BEGIN { `cpu_number = 1; }", "invalid probe specifier BEGIN { `cpu_number = 1; }: in action list: "
	    "operator = can only be applied to a writable variable");
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
