/*
 * test_destr.c - destructive actions without privileges: what compiles,
 * dtrace's compile errors, how the permission is set (-x destructive and
 * the pragma), and the refusal at dtrace_go() of a destructive program
 * without it (made before anything is loaded, so no privileges needed).
 */
#include <stdio.h>
#include <string.h>
#include "dtrace.h"

static int passed, failed;

static void check(int cond, const char *what)
{
	if (cond) {
		passed++;
		return;
	}
	printf("FAIL: %s\n", what);
	failed++;
}

static void ok(const char *src)
{
	int e, n = 0;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	if (dtrace_compile(dtp, src, src, 0, &n) < 0) {
		printf("FAIL: %s\n  unexpected error: %s\n", src, dtrace_errmsg(dtp));
		failed++;
	} else
		passed++;
	dtrace_close(dtp);
}

static void bad(const char *src, const char *msg)
{
	int e, n = 0;
	char want[2048];
	dtrace_hdl_t *dtp = dtrace_open(&e);
	snprintf(want, sizeof(want), "invalid probe specifier %s: in action list: %s", src, msg);
	if (dtrace_compile(dtp, src, src, 0, &n) == 0) {
		printf("FAIL: %s\n  compiled, expected: %s\n", src, want);
		failed++;
	} else if (strcmp(dtrace_errmsg(dtp), want) != 0) {
		printf("FAIL: %s\n  got:      %s\n  expected: %s\n", src, dtrace_errmsg(dtp), want);
		failed++;
	} else
		passed++;
	dtrace_close(dtp);
}

/* compile src with the given option setting; 1 if dtrace_go() refused
 * it as destructive, 0 if it got past that check */
static int refused(const char *src, const char *opt)
{
	int e, n = 0, r;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	FILE *null = fopen("/dev/null", "w");
	if (opt)
		dtrace_setopt(dtp, opt, NULL);
	if (dtrace_compile(dtp, src, src, 0, &n) < 0) {
		printf("FAIL: %s\n  unexpected error: %s\n", src, dtrace_errmsg(dtp));
		failed++;
		fclose(null);
		dtrace_close(dtp);
		return -1;
	}
	r = dtrace_go(dtp, null) < 0 &&
	    !strcmp(dtrace_errmsg(dtp), "Destructive actions not allowed");
	fclose(null);
	dtrace_close(dtp);
	return r;
}

int main(void)
{
	int e, n;
	int64_t v;

	ok("BEGIN { stop(); raise(9); raise(arg0); chill(1000); chill(arg0); }");
	ok("BEGIN { system(\"echo %d %s\", 1, execname); system(\"true\"); }");
	ok("BEGIN { copyout(alloca(4), arg1, 4); copyout(copyin(arg1, 2), arg1, 2); }");
	ok("BEGIN { copyoutstr(\"x\", arg1, 2); copyoutstr(execname, arg1, arg2); }");
	ok("BEGIN { copyout((char *)arg0, arg1, 1); copyoutstr((char *)arg0, arg1, 1); }");
	ok("#pragma D option destructive\nBEGIN { stop(); }");

	bad("BEGIN { panic(); }", "panic( ) is not available on Linux: a BPF program cannot panic the kernel");
	bad("BEGIN { breakpoint(); }", "breakpoint( ) is not available on Linux: a BPF program cannot stop the kernel in a debugger");
	bad("BEGIN { stop(1); }", "stop( ) prototype mismatch: 1 arg passed, 0 expected");
	bad("BEGIN { raise(); }", "raise( ) prototype mismatch: 0 args passed, 1 expected");
	bad("BEGIN { raise(\"a\"); }", "raise( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
	bad("BEGIN { chill(\"a\"); }", "chill( ) argument #1 is incompatible with prototype:\n\tprototype: int64_t\n\t argument: string");
	bad("BEGIN { copyout(1, 2, 3); }", "copyout( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: int");
	bad("BEGIN { copyout(alloca(1), \"a\", 3); }", "copyout( ) argument #2 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: string");
	bad("BEGIN { copyout(alloca(1), 2); }", "copyout( ) prototype mismatch: 2 args passed, 3 expected");
	bad("BEGIN { copyoutstr(1, 2, 3); }", "copyoutstr( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: int");
	bad("BEGIN { copyoutstr(\"a\", 2, \"b\"); }", "copyoutstr( ) argument #3 is incompatible with prototype:\n\tprototype: size_t\n\t argument: string");
	bad("BEGIN { system(execname); }", "system( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string");
	bad("BEGIN { system(); }", "system( ) prototype mismatch: 0 args passed, at least 1 expected");
	bad("BEGIN { system(\"%d\", \"s\"); }", "system( ) argument #2 is incompatible with conversion #1 prototype:\n"
	    "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string");
	bad("BEGIN { x = raise(1); }", "tracing function raise( ) may not be called from a D expression (D program context required)");

	/* the permission: off by default, -x destructive, the pragma */
	dtrace_hdl_t *dtp = dtrace_open(&e);
	check(dtrace_getopt(dtp, "destructive", &v) == 0 && v == 0, "destructive is off by default");
	check(dtrace_setopt(dtp, "destructive", NULL) == 0 &&
	    dtrace_getopt(dtp, "destructive", &v) == 0 && v == 1, "-x destructive sets it");
	dtrace_close(dtp);
	dtp = dtrace_open(&e);
	check(dtrace_compile(dtp, "#pragma D option destructive\nBEGIN { }", "t.d", DTRACE_C_FILE, &n) == 0 &&
	    dtrace_getopt(dtp, "destructive", &v) == 0 && v == 1, "#pragma D option destructive sets it");
	dtrace_close(dtp);

	/* refused at dtrace_go() without it, and only then */
	check(refused("BEGIN { stop(); }", NULL) == 1, "stop() refused without -w");
	check(refused("BEGIN { raise(1); }", NULL) == 1, "raise() refused without -w");
	check(refused("BEGIN { system(\"true\"); }", NULL) == 1, "system() refused without -w");
	check(refused("BEGIN { chill(1); }", NULL) == 1, "chill() refused without -w");
	check(refused("BEGIN { copyoutstr(\"a\", 0, 1); }", NULL) == 1, "copyoutstr() refused without -w");
	check(refused("BEGIN { copyout(alloca(1), 0, 1); }", NULL) == 1, "copyout() refused without -w");
	check(refused("BEGIN { chill(1); }", "destructive") == 0, "chill() allowed with -x destructive");
	check(refused("BEGIN { trace(1); }", NULL) == 0, "a program without them is not refused");

	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
