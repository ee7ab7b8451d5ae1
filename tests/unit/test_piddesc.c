/*
 * test_piddesc.c - the descriptions naming one process that sema keeps
 * with their clauses (dtp->piddescs, sema/clause.c), and the clauses a
 * probe made while tracing gets from them (prov/probe.c
 * dt_probe_piddesc_clauses), as the pid and usdt providers use them for
 * the libraries a process maps later.  Runs without privileges: the
 * descriptions name a process that does not exist, with -Z.
 */
#include <stdlib.h>
#include <string.h>
#include "dtrace.h"
#include "check.h"
#include "base/handle.h"
#include "prov/prov.h"

extern const struct dt_provider_ops dt_prov_usdt;

static int compile(dtrace_hdl_t *dtp, const char *src)
{
	int n = 0;
	return dtrace_compile(dtp, src, "t.d", DTRACE_C_FILE, &n);
}

static int has(const dtrace_hdl_t *dtp, int i, const char *prov, const char *mod,
    const char *func, const char *name, int stmt)
{
	const struct dt_piddesc *d = &dtp->piddescs[i];
	return !strcmp(d->prov, prov) && !strcmp(d->mod, mod) && !strcmp(d->func, func) &&
	    !strcmp(d->name, name) && d->stmt == dtp->stmts[stmt];
}

int main(void)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	CHECK(dtp != NULL, "dtrace_open: %d", e);
	if (!dtp)
		return 1;
	CHECK(dtrace_setopt(dtp, "zdefs", NULL) == 0, "-Z: %s", dtrace_errmsg(dtp));
	/* 4194399: above the largest pid_max (4194304), so no process */
	int rc = compile(dtp,
	    "usdtlib4194399:::tick { trace(arg0); }\n"
	    "BEGIN, usdtlib4194399:libusdtlib.so:lib_tick:, usdtlib*:::tick { trace(1); }\n"
	    "usdtlib4194399::lib_tick*:tick, usdtlib4194399:::t* /arg0/ { trace(2); }\n"
	    "other4194399:::tick { trace(3); }\n");
	CHECK(rc == 0, "compile: %s", dtrace_errmsg(dtp));
	if (rc != 0)
		return 1;
	/* globs over every process (usdtlib*) and BEGIN are not kept */
	CHECK(dtp->npiddescs == 5, "%d descriptions kept, not 5", dtp->npiddescs);
	if (dtp->npiddescs == 5) {
		CHECK(has(dtp, 0, "usdtlib4194399", "", "", "tick", 0), "first description");
		CHECK(has(dtp, 1, "usdtlib4194399", "libusdtlib.so", "lib_tick", "", 1),
		    "second clause's description naming the process");
		CHECK(has(dtp, 2, "usdtlib4194399", "", "lib_tick*", "tick", 2), "third");
		CHECK(has(dtp, 3, "usdtlib4194399", "", "", "t*", 2), "third, second");
		CHECK(has(dtp, 4, "other4194399", "", "", "tick", 3), "fourth");
	}
	/* a probe made later: the clauses whose descriptions match it, in
	 * program order, each once (the third clause matches it twice) */
	struct dt_probe *p = dt_probe_create_prov(dtp, &dt_prov_usdt, "usdtlib4194399",
	    "libusdtlib.so", "lib_tick", "tick", 0);
	CHECK(p != NULL, "probe made");
	if (p) {
		int n = dt_probe_piddesc_clauses(dtp, p);
		CHECK(n == 3 && p->nclauses == 3, "%d clauses, not 3", n);
		if (p->nclauses == 3)
			CHECK(p->clauses[0] == dtp->stmts[0] && p->clauses[1] == dtp->stmts[1] &&
			    p->clauses[2] == dtp->stmts[2], "clauses 0, 1, 2 in order");
	}
	/* another name: only the descriptions that match it */
	struct dt_probe *q = dt_probe_create_prov(dtp, &dt_prov_usdt, "usdtlib4194399",
	    "libother.so", "f", "tock", 0);
	if (q) {
		int n = dt_probe_piddesc_clauses(dtp, q);
		CHECK(n == 1 && q->clauses[0] == dtp->stmts[2], "tock: %d clauses, not the third alone", n);
	}
	struct dt_probe *r = dt_probe_create_prov(dtp, &dt_prov_usdt, "usdtlib4194398",
	    "libusdtlib.so", "lib_tick", "tick", 0);
	if (r)
		CHECK(dt_probe_piddesc_clauses(dtp, r) == 0 && r->nclauses == 0,
		    "a probe of another process gets no clause");
	dtrace_close(dtp);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
