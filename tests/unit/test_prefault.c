/*
 * test_prefault.c - which user-memory copies get a fault-in by the
 * sleepable companion (cg/prefault.c), without privileges: clauses
 * compiled on BEGIN, then handed to a stand-in probe of a provider with
 * DT_PROVF_PREFAULT whose cg_uarg loads argN from pt_regs.
 */
#include <stdio.h>
#include <string.h>
#include "dtrace.h"
#include "base/handle.h"
#include "cg/cg.h"
#include "kernel/btf.h"
#include "check.h"

static int uarg_fails = -1;	/* cg_uarg refuses this argument */

/* arg0..arg5 from pt_regs (di, si, dx, cx, r8, r9) */
static int uarg(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int i, int reg)
{
	static const int off[6] = { 112, 104, 96, 88, 72, 64 };
	(void)dtp; (void)p;
	if (i == uarg_fails || i >= 6)
		return -1;
	dt_asm_emit(a, LDX_MEM(BPF_DW, reg, R6, off[i]));
	return 0;
}

static struct dt_provider_ops ops = {
	.name = "ufake", .flags = DT_PROVF_PREFAULT, .cg_uarg = uarg,
};

/* arg + add (then, if deref, the pointer there + add2), length larg +
 * len (larg -1: the constant len), cap */
struct want { int arg; int64_t add; int larg; int64_t len; uint32_t cap; int deref; int64_t add2; };

static dtrace_hdl_t *dtp;
static struct dt_probe probe;
static uint32_t STR, SCR;	/* the caps: a string area, scratchsize */

static int compile(const char *src)
{
	int e, n = 0;
	if (dtp)
		dtrace_close(dtp);
	dtp = dtrace_open(&e);
	if (!dtp || dtrace_compile(dtp, src, src, 0, &n) < 0) {
		printf("FAIL %s: does not compile: %s\n", src, dtp ? dtrace_errmsg(dtp) : "open");
		failed++;
		return -1;
	}
	memset(&probe, 0, sizeof(probe));
	probe.ops = &ops;
	probe.clauses = dtp->stmts;
	probe.nclauses = dtp->nstmts;
	STR = DT_STRAREA(dtp);
	SCR = (uint32_t)DT_SCRATCH(dtp);
	return 0;
}

/* src's fault-ins are exactly want[0..n-1], in order */
static void expect(const char *src, int n, const struct want *w)
{
	struct dt_prefault v[DT_PREFAULT_MAX];
	if (compile(src) < 0)
		return;
	int got = dt_cg_prefault_list(dtp, &probe, v, DT_PREFAULT_MAX);
	CHECK(got == n, "%s: %d fault-ins, expected %d", src, got, n);
	for (int i = 0; i < n && i < got; i++)
		CHECK(v[i].addr.arg == w[i].arg && v[i].addr.add == w[i].add &&
		    v[i].addr.deref == w[i].deref && v[i].addr.add2 == w[i].add2 &&
		    v[i].len.arg == w[i].larg && v[i].len.add == w[i].len && v[i].cap == w[i].cap,
		    "%s: fault-in %d is %sarg%d%+lld%s%+lld, len arg%d%+lld, cap %u; expected "
		    "%sarg%d%+lld%s%+lld, len arg%d%+lld, cap %u", src, i,
		    v[i].addr.deref ? "*" : "", v[i].addr.arg, (long long)v[i].addr.add,
		    v[i].addr.deref ? " then" : "", (long long)v[i].addr.add2,
		    v[i].len.arg, (long long)v[i].len.add, v[i].cap,
		    w[i].deref ? "*" : "", w[i].arg, (long long)w[i].add, w[i].deref ? " then" : "",
		    (long long)w[i].add2, w[i].larg, (long long)w[i].len, w[i].cap);
}

static int nkfunc;	/* bpf_copy_from_user_str calls in the last copies() */

/* the companion's copy_from_user and copy_from_user_str calls */
static int copies(const char *src, int *ninsns)
{
	struct dt_asm a;
	int n = 0;
	*ninsns = 0;
	nkfunc = 0;
	if (compile(src) < 0)
		return -1;
	int kfunc = DT_PREFAULT_KF_UNKNOWN;
	int r = dt_cg_prefault(dtp, &probe, 3, &kfunc, &a);
	for (int i = 0; i < a.n; i++)
		if (a.insns[i].code == (BPF_JMP | BPF_CALL) &&
		    a.insns[i].src_reg == BPF_PSEUDO_KFUNC_CALL)
			nkfunc++, n++;
		else
			n += a.insns[i].code == (BPF_JMP | BPF_CALL) &&
			    a.insns[i].imm == BPF_FUNC_copy_from_user;
	*ninsns = a.n;
	dt_asm_free(&a);
	return r < 0 ? -1 : n;
}

int main(void)
{
	int ni;
	if (compile("BEGIN { }") < 0)
		return 1;

	expect("BEGIN { trace(copyinstr(arg0)); }", 1,
	    (struct want[]){ { 0, 0, -1, STR, STR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(arg1 + 8)); }", 1,
	    (struct want[]){ { 1, 8, -1, STR, STR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(8 + arg1)); }", 1,
	    (struct want[]){ { 1, 8, -1, STR, STR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(arg3 - 4)); }", 1,
	    (struct want[]){ { 3, -4, -1, STR, STR, 0, 0 } });
	expect("BEGIN { trace(copyinstr((uintptr_t)arg2 + 1 + 2)); }", 1,
	    (struct want[]){ { 2, 3, -1, STR, STR, 0, 0 } });
	/* a pointer's arithmetic scales: char * by 1, int * by 4 */
	expect("BEGIN { trace(copyinstr((uintptr_t)((char *)arg0 + 5))); }", 1,
	    (struct want[]){ { 0, 5, -1, STR, STR, 0, 0 } });
	expect("BEGIN { trace(copyinstr((uintptr_t)((int *)arg0 + 5))); }", 1,
	    (struct want[]){ { 0, 20, -1, STR, STR, 0, 0 } });
	/* copyinstr(addr, n) reads n + 1 at most */
	expect("BEGIN { trace(copyinstr(arg2, 10)); }", 1,
	    (struct want[]){ { 2, 0, -1, 11, STR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(arg0, arg1)); }", 1,
	    (struct want[]){ { 0, 0, 1, 1, STR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(arg0, 100000)); }", 1,
	    (struct want[]){ { 0, 0, -1, STR, STR, 0, 0 } });
	/* copyin and copyinto: n bytes, up to scratchsize */
	expect("BEGIN { trace(*(int *)copyin(arg0, 4)); }", 1,
	    (struct want[]){ { 0, 0, -1, 4, SCR, 0, 0 } });
	expect("BEGIN { tracemem(copyin(arg1, arg2), 16); }", 1,
	    (struct want[]){ { 1, 0, 2, 0, SCR, 0, 0 } });
	expect("BEGIN { tracemem(copyin(arg1, 100000), 16); }", 1,
	    (struct want[]){ { 1, 0, -1, SCR, SCR, 0, 0 } });
	expect("BEGIN { this->p = alloca(8); copyinto(arg4, 8, this->p); trace(*(long *)this->p); }", 1,
	    (struct want[]){ { 4, 0, -1, 8, SCR, 0, 0 } });
	expect("BEGIN { self->n = 4; tracemem(copyin(arg0, self->n), 4); }", 1,
	    (struct want[]){ { 0, 0, -1, SCR, SCR, 0, 0 } });
	/* predicates, conditions, several clauses, duplicates once */
	expect("BEGIN /copyinstr(arg0) == \"x\"/ { trace(1); }", 1,
	    (struct want[]){ { 0, 0, -1, STR, STR, 0, 0 } });
	expect("BEGIN { if (arg0) { trace(copyinstr(arg1)); } else { trace(copyinstr(arg3)); } }", 2,
	    (struct want[]){ { 1, 0, -1, STR, STR, 0, 0 }, { 3, 0, -1, STR, STR, 0, 0 } });
	expect("BEGIN { trace(arg0 ? copyinstr(arg1) : \"none\"); }", 1,
	    (struct want[]){ { 1, 0, -1, STR, STR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(arg0)); } BEGIN { x = copyinstr(arg0); trace(strlen(copyinstr(arg5))); }", 2,
	    (struct want[]){ { 0, 0, -1, STR, STR, 0, 0 }, { 5, 0, -1, STR, STR, 0, 0 } });
	expect("BEGIN { @[copyinstr(arg1)] = count(); }", 1,
	    (struct want[]){ { 1, 0, -1, STR, STR, 0, 0 } });
	/* a pointer in user memory (argv[i]): the companion reads it, and
	 * the copyin of it is faulted in too */
	expect("BEGIN { trace(copyinstr(*(uintptr_t *)copyin(arg1, 8))); }", 2,
	    (struct want[]){ { 1, 0, -1, STR, STR, 1, 0 }, { 1, 0, -1, 8, SCR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(*(uintptr_t *)copyin(arg1 + 16, 8) + 3)); }", 2,
	    (struct want[]){ { 1, 16, -1, STR, STR, 1, 3 }, { 1, 16, -1, 8, SCR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(((uintptr_t *)copyin(arg1, 24))[2])); }", 2,
	    (struct want[]){ { 1, 16, -1, STR, STR, 1, 0 }, { 1, 0, -1, 24, SCR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(*((uintptr_t *)copyin(arg1, 24) + 1), 7)); }", 2,
	    (struct want[]){ { 1, 8, -1, 8, STR, 1, 0 }, { 1, 0, -1, 24, SCR, 0, 0 } });
	/* past the bytes copied in, a narrower load, a pointer's pointer:
	 * only the copyins */
	expect("BEGIN { trace(copyinstr(((uintptr_t *)copyin(arg1, 8))[1])); }", 1,
	    (struct want[]){ { 1, 0, -1, 8, SCR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(*(uint32_t *)copyin(arg1, 8))); }", 1,
	    (struct want[]){ { 1, 0, -1, 8, SCR, 0, 0 } });
	expect("BEGIN { trace(copyinstr(*(uintptr_t *)copyin(*(uintptr_t *)copyin(arg0, 8), 8))); }", 2,
	    (struct want[]){ { 0, 0, -1, 8, SCR, 1, 0 }, { 0, 0, -1, 8, SCR, 0, 0 } });
	/* what the companion cannot compute */
	expect("BEGIN { self->p = arg0; trace(copyinstr(self->p)); }", 0, NULL);
	expect("BEGIN { trace(copyinstr(arg0 * 2)); }", 0, NULL);
	expect("BEGIN { trace(copyinstr((uint32_t)arg0)); }", 0, NULL);
	expect("BEGIN { trace(copyinstr(0x1000)); }", 0, NULL);
	expect("BEGIN { trace(copyinstr(arg0 + arg1)); }", 0, NULL);
	expect("BEGIN { trace(arg0); printf(\"%s\", execname); }", 0, NULL);

	/* a provider without the flag or the hook: no companion */
	ops.flags = 0;
	expect("BEGIN { trace(copyinstr(arg0)); }", 0, NULL);
	ops.flags = DT_PROVF_PREFAULT;
	ops.cg_uarg = NULL;
	expect("BEGIN { trace(copyinstr(arg0)); }", 0, NULL);
	ops.cg_uarg = uarg;

	/* the companion: one copy_from_user per fault-in, none when the
	 * provider cannot load an argument, no program for no fault-in */
	CHECK(copies("BEGIN { trace(copyinstr(arg0)); trace(copyinstr(arg1, 4)); }", &ni) == 2 &&
	    ni > 0, "two copies expected");
	uarg_fails = 1;
	CHECK(copies("BEGIN { trace(copyinstr(arg0)); trace(copyinstr(arg1, 4)); }", &ni) == 1,
	    "one copy expected when cg_uarg refuses arg1");
	CHECK(copies("BEGIN { trace(copyinstr(arg1)); }", &ni) == 0 && ni == 0,
	    "no program expected when cg_uarg refuses the only argument");
	CHECK(copies("BEGIN { trace(copyinstr(arg0, arg1)); }", &ni) == 1,
	    "a length cg_uarg refuses: copied up to the cap");
	uarg_fails = -1;
	CHECK(copies("BEGIN { trace(copyinstr(arg7)); }", &ni) == 0 && ni == 0,
	    "no program expected for a stack argument cg_uarg refuses");
	CHECK(copies("BEGIN { trace(arg0); }", &ni) == 0 && ni == 0, "no program expected");
	/* a pointer read: one more copy_from_user, into the stack */
	CHECK(copies("BEGIN { trace(copyinstr(*(uintptr_t *)copyin(arg1, 8))); }", &ni) == 3,
	    "a pointer's read, the string and the copyin expected");
	/* a string stops at its NUL (the kfunc, where the kernel has it),
	 * copyin's bytes do not */
	int kf = dt_btf_kfunc(dtp, "bpf_copy_from_user_str") > 0;
	CHECK(copies("BEGIN { trace(copyinstr(arg0)); tracemem(copyin(arg1, 8), 8); }", &ni) == 2 &&
	    nkfunc == kf, "the string by the kfunc (%d), the bytes by the helper: %d", kf, nkfunc);

	dtrace_close(dtp);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
