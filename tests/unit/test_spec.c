/*
 * test_spec.c - the semantic rules of speculative tracing, without
 * privileges: what may share a clause with speculate(), commit() and
 * discard() (dtrace's messages, in file and -n form), their prototypes,
 * and the nspec, specsize and cleanrate options.
 */
#include <stdio.h>
#include <string.h>
#include "dtrace.h"
#include "check.h"

static void ok(const char *src)
{
	int e, n = 0;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	int rc = dtrace_compile(dtp, src, "t.d", DTRACE_C_FILE, &n);
	CHECK(rc == 0, "%s\n  unexpected error: %s", src, dtrace_errmsg(dtp));
	dtrace_close(dtp);
}

/* in a file: "failed to compile script t.d: line 1: MSG" */
static void bad(const char *src, const char *msg)
{
	int e, n = 0;
	char want[512];
	dtrace_hdl_t *dtp = dtrace_open(&e);
	snprintf(want, sizeof(want), "failed to compile script t.d: line 1: %s", msg);
	int rc = dtrace_compile(dtp, src, "t.d", DTRACE_C_FILE, &n);
	CHECK(rc < 0 && !strcmp(dtrace_errmsg(dtp), want), "%s\n  got:      %s\n  expected: %s",
	    src, rc < 0 ? dtrace_errmsg(dtp) : "(compiled)", want);
	dtrace_close(dtp);
}

static void opt(const char *name, const char *val, int good)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	int rc = dtrace_setopt(dtp, name, val);
	CHECK((rc == 0) == good, "-x %s=%s: %s", name, val, good ? dtrace_errmsg(dtp) : "accepted");
	dtrace_close(dtp);
}

int main(void)
{
	/* what may share a clause */
	ok("BEGIN { s = speculation(); speculate(s); trace(1); printf(\"%d\", 2); s = 0; }");
	ok("BEGIN { speculate(1); }");
	ok("BEGIN { self->s = speculation(); speculate(self->s); }");
	ok("BEGIN { commit(1); x = 2; }");
	ok("BEGIN { trace(1); discard(1); trace(2); }");
	ok("BEGIN { discard(1); speculate(2); trace(1); }");
	ok("BEGIN { speculate(1); discard(2); trace(1); }");
	ok("BEGIN { speculate(1); trace(1); commit(2); }");	/* as dtrace allows */
	ok("BEGIN { discard(1); commit(2); }");
	ok("BEGIN { @a = count(); discard(1); }");
	ok("BEGIN { if (timestamp) { speculate(1); } trace(1); }");
	ok("BEGIN { @a = count(); } BEGIN { speculate(1); printa(@a); }");
	ok("BEGIN { speculate(1); } BEGIN { commit(1); } BEGIN { exit(0); }");

	bad("BEGIN { speculate(1); speculate(2); }", "speculate( ) may not follow speculate( )");
	bad("BEGIN { commit(1); speculate(2); }", "speculate( ) may not follow commit( )");
	bad("BEGIN { trace(1); speculate(2); }", "speculate( ) may not follow data-recording action(s)");
	bad("BEGIN { @a = count(); } BEGIN { printa(@a); speculate(2); }",
	    "speculate( ) may not follow data-recording action(s)");
	bad("BEGIN { @a = count(); speculate(2); }", "speculate( ) may not follow data-recording action(s)");
	bad("BEGIN { exit(0); speculate(2); }", "speculate( ) may not follow data-recording action(s)");
	bad("BEGIN { speculate(1); @a = count(); }", "aggregating actions may not follow speculate( )");
	bad("BEGIN { speculate(1); @a[1] = quantize(2); }", "aggregating actions may not follow speculate( )");
	bad("BEGIN { commit(1); @a = sum(1); }", "aggregating actions may not follow commit( )");
	bad("BEGIN { speculate(1); commit(2); @a = sum(1); }", "aggregating actions may not follow commit( )");
	bad("BEGIN { speculate(1); exit(0); }", "exit( ) may not follow speculate( )");
	bad("BEGIN { speculate(1); freopen(\"/dev/null\"); }",
	    "destructive actions may not follow speculate( )");
	ok("BEGIN { freopen(\"/dev/null\"); speculate(1); trace(1); }");	/* records nothing */
	ok("BEGIN { commit(1); freopen(\"\"); }");
	bad("BEGIN { commit(1); commit(2); }", "commit( ) may not follow commit( )");
	bad("BEGIN { trace(1); commit(2); }", "commit( ) may not follow data-recording action(s)");
	bad("BEGIN { printf(\"x\"); discard(1); commit(2); }", "commit( ) may not follow data-recording action(s)");
	bad("BEGIN { commit(1); trace(2); }", "data-recording actions may not follow commit( )");
	bad("BEGIN { commit(1); exit(0); }", "data-recording actions may not follow commit( )");
	bad("BEGIN { @a = count(); } BEGIN { commit(1); printa(@a); }",
	    "data-recording actions may not follow commit( )");
	bad("BEGIN { commit(1); if (timestamp) { trace(2); } }", "data-recording actions may not follow commit( )");

	/* prototypes */
	bad("BEGIN { speculate(); }", "speculate( ) prototype mismatch: 0 args passed, 1 expected");
	bad("BEGIN { discard(1, 2); }", "discard( ) prototype mismatch: 2 args passed, 1 expected");
	bad("BEGIN { commit(\"a\"); }", "commit( ) argument #1 is incompatible with prototype:\n"
	    "\tprototype: int\n\t argument: string");
	bad("BEGIN { speculate(curthread); }", "speculate( ) argument #1 is incompatible with prototype:\n"
	    "\tprototype: int\n\t argument: struct task_struct *");
	bad("BEGIN { x = speculation(1); }", "speculation( ) prototype mismatch: 1 arg passed, 0 expected");
	bad("BEGIN { x = commit(1); }", "tracing function commit( ) may not be called from a D expression (D program context required)");

	/* on the command line, the error names the action list */
	{
		int e, n = 0;
		const char *src = "BEGIN { speculate(1); speculate(1); }";
		dtrace_hdl_t *dtp = dtrace_open(&e);
		int rc = dtrace_compile(dtp, src, src, 0, &n);
		CHECK(rc < 0 && !strcmp(dtrace_errmsg(dtp), "invalid probe specifier "
		    "BEGIN { speculate(1); speculate(1); }: in action list: "
		    "speculate( ) may not follow speculate( )"), "-n: %s", dtrace_errmsg(dtp));
		dtrace_close(dtp);
	}

	/* options */
	opt("nspec", "0", 1);
	opt("nspec", "4096", 1);
	opt("nspec", "4097", 0);
	opt("nspec", "-1", 0);
	opt("specsize", "0", 1);
	opt("specsize", "64k", 1);
	opt("specsize", "1b", 0);
	opt("cleanrate", "101hz", 1);
	opt("cleanrate", "10ms", 1);
	opt("cleanrate", "fast", 0);

	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
