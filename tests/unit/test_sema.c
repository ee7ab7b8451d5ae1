/*
 * test_sema.c - the semantic pass, without privileges: programs that must
 * compile, and programs that must fail with dtrace's exact message.
 */
#include <stdio.h>
#include <string.h>
#include "dtrace.h"

static int passed, failed;

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

static void bad(const char *src, const char *msg, int file)
{
	int e, n = 0;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	if (dtrace_compile(dtp, src, file ? "t.d" : src, file ? DTRACE_C_FILE : 0, &n) == 0) {
		printf("FAIL: %s\n  compiled, expected: %s\n", src, msg);
		failed++;
	} else if (strcmp(dtrace_errmsg(dtp), msg) != 0) {
		printf("FAIL: %s\n  got:      %s\n  expected: %s\n", src, dtrace_errmsg(dtp), msg);
		failed++;
	} else
		passed++;
	dtrace_close(dtp);
}

/* src given with -n must fail with "invalid probe specifier SRC: " msg */
static void badn(const char *src, const char *msg)
{
	char full[1024];
	snprintf(full, sizeof(full), "invalid probe specifier %s: %s", src, msg);
	bad(src, full, 0);
}

/*
 * The constant folder: expr must fold to the constant want.  The value
 * shows in the one message that prints a constant: a constant index
 * outside a one-element array (so want is never 0: zeros are tested as
 * (expr) + k).
 */
static void fold(const char *expr, const char *want)
{
	char src[512], msg[1024];
	snprintf(src, sizeof(src), "int a[1]; BEGIN { trace(a[%s]); }", expr);
	snprintf(msg, sizeof(msg), "invalid probe specifier %s: in action list: "
	    "index outside array bounds: %s, max is 1", src, want);
	bad(src, msg, 0);
}

int main(void)
{
	ok("BEGIN { x = 1; y = x + 2 * 3; exit(0); }");
	ok("BEGIN { n++; m += 3; exit(n > 0 ? 0 : 1); }");
	ok("int x; uint8_t c; BEGIN { c = 255; c++; x = c; trace(x); }");
	ok("typedef unsigned long ul_t; BEGIN { trace((ul_t)-1 >> 60); }");
	ok("enum color { RED, GREEN = 5, BLUE }; BEGIN { trace(BLUE); }");
	ok("inline int N = 3 * 4; BEGIN { trace(N); }");
	ok("struct s { int a; char b; long c; }; BEGIN { trace(sizeof (struct s)); trace(offsetof(struct s, c)); }");
	ok("BEGIN /1/ { trace(pid); } BEGIN, END { trace(probename); }");
	ok("BEGIN { if (1) { trace(1); } else trace(2); }");
	ok("profile-97, tick-1s { trace(arg0 + arg1); }");
	ok("BEGIN { printf(\"%d %s %x %c %5.2s %*d %p %Y\\n\", 1, \"s\", 2u, 'c', execname, 3, 4, curthread, walltimestamp); }");
	ok("self int x; this int y; BEGIN { }");
	ok("struct t { int a; }; translator struct t < int x > { a = x; }; BEGIN { }");
	ok("provider p { probe q(int, char *); }; BEGIN { }");
	ok("#pragma D option quiet\nBEGIN { }");

	/* strings and subroutines */
	ok("string s; self string t; this string u; BEGIN { s = \"a\"; self->t = s; this->u = strjoin(s, self->t); a[s] = this->u; }");
	ok("BEGIN { trace(strlen(execname) + index(execname, \"t\") + rindex(\"ab\", \"b\", 1)); }");
	ok("BEGIN { trace(substr(\"abc\", 1)); trace(substr(\"abc\", 1, 1)); trace(strtok(NULL, \",\")); }");
	ok("BEGIN { trace(basename(dirname(cleanpath(\"/a/b\")))); trace(toupper(tolower(\"x\"))); }");
	ok("BEGIN { trace(lltostr(1)); trace(lltostr(1, 16)); trace(strchr(\"a\", 'a')); trace(strrchr(\"a\", 'a')); }");
	ok("BEGIN { trace(htons(1) + htonl(1) + htonll(1) + ntohs(1) + ntohl(1) + ntohll(1) + rand()); }");
	ok("BEGIN { p = (int *)alloca(4); *p = 1; bcopy(p, alloca(4), 4); copyinto(0, 4, p); trace(copyin(0, 4)); }");
	ok("BEGIN { s = 1 ? \"a\" : \"b\"; trace(stringof(curthread)); self->a[1, \"k\"] = 2; }");
	/* strings as char arrays: [ ], * and + on any string value */
	ok("BEGIN { s = \"ab\"; c = s[1]; c = *s; c = *(s + 1); t = s + 1; t = 1 + s; t = s - 1; "
	    "c = (s + 1)[0]; self->n = s; c = self->n[0]; c = *self->n; this->m = s; c = this->m[1]; "
	    "c = \"xy\"[1]; c = execname[0]; c = copyinstr(0)[2]; a[1] = s; c = a[1][0]; "
	    "self->b[1] = s; c = self->b[1][0]; }");
	/* a typed self-> scalar indexed is *(x + i), as in DTrace */
	ok("BEGIN { self->p = (int *)alloca(8); x = self->p[1]; }");
	bad("BEGIN { self->x = 1; trace(self->x[0]); }", "invalid probe specifier BEGIN { self->x = 1; trace(self->x[0]); }: "
	    "in action list: cannot dereference non-pointer type", 0);
	bad("BEGIN { trace(strlen(1)); }", "invalid probe specifier BEGIN { trace(strlen(1)); }: in action list: "
	    "strlen( ) argument #1 is incompatible with prototype:\n\tprototype: const char *\n\t argument: int", 0);
	bad("BEGIN { trace(strjoin(\"a\")); }", "invalid probe specifier BEGIN { trace(strjoin(\"a\")); }: in action list: "
	    "strjoin( ) prototype mismatch: 1 arg passed, 2 expected", 0);
	bad("BEGIN { trace(substr(\"a\", 1, 2, 3)); }", "invalid probe specifier BEGIN { trace(substr(\"a\", 1, 2, 3)); }: in action list: "
	    "substr( ) prototype mismatch: 4 args passed, at most 3 expected", 0);
	bad("BEGIN { s = \"a\"; s = 1; }", "invalid probe specifier BEGIN { s = \"a\"; s = 1; }: in action list: "
	    "operands have incompatible types: \"string\" = \"int\"", 0);
	bad("BEGIN { x = nosuch(1); }", "invalid probe specifier BEGIN { x = nosuch(1); }: in action list: "
	    "undefined function name: nosuch", 0);
	bad("BEGIN { trace(stringof(curthread->se)); }", "invalid probe specifier BEGIN { trace(stringof(curthread->se)); }: in action list: "
	    "cannot apply stringof to a value of type struct sched_entity", 0);

	ok("struct bf { int a:3; unsigned b:5; long :0; char c; }; BEGIN { trace(sizeof (struct bf)); }");
	ok("struct s { int a[4][3]; }; BEGIN { trace(sizeof (struct s)); trace(sizeof (D`int)); trace((C`long)1); }");
	ok("struct s { int a[4][3]; }; BEGIN { p = (struct s *)0; trace(p->a[1][2]); trace(&p->a[1] - &p->a[0]); }");

	/* D variables holding arrays, structs and unions (sema/obj.c) */
	ok("int a[5]; BEGIN { a[0] = 1; a[4]++; a[1] += a[0]; i = 2; a[i] = a[i + 1]; trace(sizeof (a)); }");
	ok("int m[3][4]; char c[16]; BEGIN { m[2][3] = 1; i = 1; m[i][i] = 2; c = \"abc\"; c[0] = 'x'; trace(c); }");
	ok("struct p { int x; char n[8]; short s[2]; }; struct p v[4]; BEGIN { v[1].x = 2; v[3].s[1] = v[1].x; v[0].n = \"q\"; }");
	ok("this int t[3]; struct q { int a; }; this struct q w; BEGIN { this->t[2] = 1; this->w.a = this->t[2]; }");
	ok("int a[5]; BEGIN { p = &a[1]; q = a + 2; trace(*p + *q + ((int *)a)[7]); trace(&a[3] - &a[1]); }");
	ok("self int sa[4]; struct q { int a; char n[4]; }; self struct q sq; BEGIN { self->sa[1] = 2; self->sq.a = self->sa[1]; self->sq.n = \"x\"; t = self->sq; }");
	ok("struct q { int a; char n[4]; short s[2]; }; struct q v[string, int]; BEGIN { v[\"a\", 1].a = 2; "
	    "v[\"a\", 1].s[1]++; i = 1; v[\"b\", 2].s[i] += v[\"a\", 1].a; v[\"c\", 3] = v[\"a\", 1]; "
	    "v[\"a\", 1] = 0; t = v[\"c\", 3]; u[1] = t; self->w[2] = t; trace(sizeof (v[\"a\", 1])); }");
	ok("int a[string][4]; int *p[int]; self long l[int][2]; BEGIN { a[\"x\"][2] = 1; p[1] = &a[\"x\"][0]; "
	    "self->l[3][1] = a[\"x\"][2]; trace(sizeof (a[\"x\"]) + sizeof (p[1]) + sizeof (self->l[0])); }");
	ok("struct r { string n; int x; string t[2]; }; struct r v[int]; BEGIN { v[1].n = \"x\"; v[1].t[1] = v[1].n; "
	    "trace(sizeof (struct r) + offsetof(struct r, x)); trace(v[1].t[1] == \"x\"); }");
	bad("int a[4][string];", "invalid probe specifier int a[4][string];: cannot declare array of associative arrays", 0);
	bad("struct q { int a; }; struct q v[int]; BEGIN { v[1] = 2; }", "invalid probe specifier struct q { int a; }; "
	    "struct q v[int]; BEGIN { v[1] = 2; }: in action list: operands have incompatible types: \"struct q\" = \"int\"", 0);
	bad("self int sa[4]; BEGIN { self->sa[4] = 1; }", "invalid probe specifier self int sa[4]; BEGIN { self->sa[4] = 1; }: "
	    "in action list: index outside array bounds: 4, max is 4", 0);
	bad("int a[5]; BEGIN { trace(a[5]); }", "invalid probe specifier int a[5]; BEGIN { trace(a[5]); }: "
	    "in action list: index outside array bounds: 5, max is 5", 0);
	bad("int a[5];\nBEGIN\n{\n\ta[-1] = 0;\n}\n", "failed to compile script t.d: line 4: "
	    "index outside array bounds: -1, max is 5", 1);
	bad("int m[3][4]; BEGIN { trace(m[1][4]); }", "invalid probe specifier int m[3][4]; BEGIN { trace(m[1][4]); }: "
	    "in action list: index outside array bounds: 4, max is 4", 0);
	bad("this char c[4]; BEGIN { this->c[4] = 'x'; }", "invalid probe specifier this char c[4]; BEGIN { this->c[4] = 'x'; }: "
	    "in action list: index outside array bounds: 4, max is 4", 0);
	bad("BEGIN { trace(curthread->comm[16]); }", "invalid probe specifier BEGIN { trace(curthread->comm[16]); }: "
	    "in action list: index outside array bounds: 16, max is 16", 0);
	bad("struct nodef; struct nodef v; BEGIN { }", "invalid probe specifier struct nodef; struct nodef v; BEGIN { }: "
	    "incomplete struct/union/enum struct nodef: v", 0);
	bad("int a[5]; BEGIN { a = 1; }", "invalid probe specifier int a[5]; BEGIN { a = 1; }: "
	    "in action list: operator = may not be applied to operand of type \"int [5]\"", 0);
	bad("int a[5]; BEGIN { a[1, 2] = 1; }", "invalid probe specifier int a[5]; BEGIN { a[1, 2] = 1; }: "
	    "in action list: cannot access scalar a as an associative array", 0);
	ok("BEGIN { p = (int *)8; q = p + 1; trace(q - p); trace(2 + p); trace(p[1]); trace(*&p[1]); }");
	bad("struct bf { int a:40; };", "invalid probe specifier struct bf { int a:40; };: bit-field too big for type: a", 0);
	bad("struct bf { int a:3; }; BEGIN { trace(offsetof(struct bf, a)); }",
	    "invalid probe specifier struct bf { int a:3; }; BEGIN { trace(offsetof(struct bf, a)); }: in action list: cannot take offset of a bit-field: a", 0);
	bad("BEGIN { trace((void *)8 + 1); }",
	    "invalid probe specifier BEGIN { trace((void *)8 + 1); }: in action list: operands have incompatible types: \"void *\" + \"int\"", 0);
	bad("BEGIN { trace((int *)8 - (char *)8); }",
	    "invalid probe specifier BEGIN { trace((int *)8 - (char *)8); }: in action list: operands have incompatible types: \"int *\" - \"char *\"", 0);
	bad("BEGIN { trace(sizeof (D`nosuch_t)); }",
	    "invalid probe specifier BEGIN { trace(sizeof (D`nosuch_t)); }: in action list: failed to resolve D`nosuch_t: Unknown module name", 0);
	bad("struct s { int a[0]; };", "invalid probe specifier struct s { int a[0]; };: positive integral constant expression or tuple signature expected as array declaration subscript", 0);
	bad("BEGIN { trace(1 + ); }", "invalid probe specifier BEGIN { trace(1 + ); }: syntax error near \")\"", 0);
	bad("BEGIN\n{\n\ttrace(1 + );\n}\n", "failed to compile script t.d: line 3: syntax error near \")\"", 1);
	bad("BEGIN { trace(y); }", "invalid probe specifier BEGIN { trace(y); }: in action list: failed to resolve y: Unknown variable name", 0);
	bad("BEGIN { exit(); }", "invalid probe specifier BEGIN { exit(); }: in action list: exit( ) prototype mismatch: 0 args passed, 1 expected", 0);
	bad("BEGIN { trace(1, 2); }", "invalid probe specifier BEGIN { trace(1, 2); }: in action list: trace( ) prototype mismatch: 2 args passed, 1 expected", 0);
	bad("BEGIN { x = 1 / 0; }", "invalid probe specifier BEGIN { x = 1 / 0; }: expression contains division by zero", 0);
	/* a string plus an integer is the string from there on (as in
	 * DTrace, for which strings are pointers to + and -); two strings
	 * are not */
	bad("BEGIN { x = \"a\" + \"b\"; }", "invalid probe specifier BEGIN { x = \"a\" + \"b\"; }: in action list: operands have incompatible types: \"string\" + \"string\"", 0);
	bad("BEGIN { s = \"a\"; x = s - s; }", "invalid probe specifier BEGIN { s = \"a\"; x = s - s; }: in action list: operands have incompatible types: \"string\" - \"string\"", 0);
	bad("BEGIN { s = \"a\"; s[0] = 'b'; }", "invalid probe specifier BEGIN { s = \"a\"; s[0] = 'b'; }: in action list: operator = requires modifiable lvalue as an operand", 0);
	bad("BEGIN { x = 1 % \"a\"; }", "invalid probe specifier BEGIN { x = 1 % \"a\"; }: in action list: operator % requires operands of integral type", 0);
	bad("BEGIN { pid = 1; }", "invalid probe specifier BEGIN { pid = 1; }: in action list: operator = can only be applied to a writable variable", 0);
	bad("BEGIN { 1++; }", "invalid probe specifier BEGIN { 1++; }: in action list: operator ++ requires modifiable lvalue as an operand", 0);
	bad("nosuch:::probe { }", "invalid probe specifier nosuch:::probe { }: probe description nosuch:::probe does not match any probes", 0);
	bad("BEGIN { printf(\"%d\\n\", \"s\"); }",
	    "invalid probe specifier BEGIN { printf(\"%d\\n\", \"s\"); }: in action list: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	    "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string", 0);
	bad("BEGIN { printf(\"%d %d\\n\", 1); }",
	    "invalid probe specifier BEGIN { printf(\"%d %d\\n\", 1); }: in action list: printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value argument", 0);
	bad("#pragma D option nosuch\nBEGIN { }", "failed to compile script t.d: line 1: failed to set option 'nosuch': Invalid option name", 1);
	bad("BEGIN", "failed to compile script t.d: line 1: expected predicate and/or actions following probe description", 1);
	bad("BEGIN { x = 1; trace(x->y); }", "invalid probe specifier BEGIN { x = 1; trace(x->y); }: in action list: operator -> must be applied to a pointer", 0);
	bad("BEGIN { trace(*(void *)0); }", "invalid probe specifier BEGIN { trace(*(void *)0); }: in action list: cannot dereference pointer to void", 0);
	bad("BEGIN { self->x = 1; trace(a[1]); }", "invalid probe specifier BEGIN { self->x = 1; trace(a[1]); }: in action list: a has not yet been declared or assigned", 0);
	ok("BEGIN { a[1, \"s\"] = 2; self->t = timestamp; this->u = a[1, \"s\"]; }");

	/* stacks, registers, CPUs, process and device subroutines */
	ok("BEGIN { trace(stackdepth + ustackdepth); trace(caller); trace(ucaller); }");
	ok("BEGIN { trace(uregs[R_PC]); i = 3; trace(uregs[i]); trace(uregs[R_EAX] + uregs[R_SS]); }");
	ok("BEGIN { trace(curcpu->cpu_chip); trace(chip + lgrp); trace(sizeof (cpuinfo_t)); }");
	ok("BEGIN { trace(progenyof(1)); trace(getmajor(1) + getminor(1)); }");
	ok("syscall::read:entry { trace(progenyof(pid) && uregs[R_ERR] == 0); }");
	bad("BEGIN { trace(ipl); }", "invalid probe specifier BEGIN { trace(ipl); }: in action list: ipl is not available on Linux: Linux has no interrupt priority levels", 0);
	bad("BEGIN { trace(pset); }", "invalid probe specifier BEGIN { trace(pset); }: in action list: pset is not available on Linux: Linux has no processor sets", 0);
	bad("BEGIN\n{\n\ttrace(zonename);\n}\n", "failed to compile script t.d: line 3: zonename is not available on Linux: Linux has no zones", 1);
	bad("BEGIN { caller = 1; }", "invalid probe specifier BEGIN { caller = 1; }: in action list: operator = can only be applied to a writable variable", 0);
	bad("BEGIN { trace(uregs[R_TRAPNO]); }", "invalid probe specifier BEGIN { trace(uregs[R_TRAPNO]); }: in action list: uregs[R_TRAPNO] is not available on Linux: x86_64 Linux does not save that register for user mode", 0);
	bad("BEGIN { trace(uregs[-1]); }", "invalid probe specifier BEGIN { trace(uregs[-1]); }: in action list: index -1 is out of range for array uregs", 0);
	bad("BEGIN { trace(uregs[1, 2]); }", "invalid probe specifier BEGIN { trace(uregs[1, 2]); }: in action list: uregs[ ] prototype mismatch: 2 args passed, 1 expected", 0);
	bad("BEGIN { trace(uregs[\"x\"]); }", "invalid probe specifier BEGIN { trace(uregs[\"x\"]); }: in action list: uregs[ ] argument #1 is incompatible with prototype:\n\tprototype: integer\n\t argument: string", 0);
	bad("BEGIN { trace(progenyof(1, 2)); }", "invalid probe specifier BEGIN { trace(progenyof(1, 2)); }: in action list: progenyof( ) prototype mismatch: 2 args passed, 1 expected", 0);
	bad("BEGIN { trace(getminor()); }", "invalid probe specifier BEGIN { trace(getminor()); }: in action list: getminor( ) prototype mismatch: 0 args passed, 1 expected", 0);
	bad("BEGIN { trace(getmajor(\"sda\")); }", "invalid probe specifier BEGIN { trace(getmajor(\"sda\")); }: in action list: getmajor( ) argument #1 is incompatible with prototype:\n\tprototype: dev_t\n\t argument: string", 0);
	{
		static const char *const subrs[][2] = {
			{ "mutex_owned", "Solaris kernel mutexes (kmutex_t) do not exist on Linux" },
			{ "mutex_owner", "Solaris kernel mutexes (kmutex_t) do not exist on Linux" },
			{ "mutex_type_adaptive", "Solaris kernel mutexes (kmutex_t) do not exist on Linux" },
			{ "mutex_type_spin", "Solaris kernel mutexes (kmutex_t) do not exist on Linux" },
			{ "rw_read_held", "Solaris reader/writer locks (krwlock_t) do not exist on Linux" },
			{ "rw_write_held", "Solaris reader/writer locks (krwlock_t) do not exist on Linux" },
			{ "rw_iswriter", "Solaris reader/writer locks (krwlock_t) do not exist on Linux" },
			{ "msgsize", "STREAMS messages (mblk_t) do not exist on Linux" },
			{ "msgdsize", "STREAMS messages (mblk_t) do not exist on Linux" },
			{ "ddi_pathname", "the Solaris device tree (dev_info_t) does not exist on Linux" },
		};
		for (size_t i = 0; i < sizeof(subrs) / sizeof(subrs[0]); i++) {
			char src[128], msg[512];
			snprintf(src, sizeof(src), "BEGIN { trace(%s(0)); }", subrs[i][0]);
			snprintf(msg, sizeof(msg), "invalid probe specifier %s: in action list: %s( ) is not available on Linux: %s",
			    src, subrs[i][0], subrs[i][1]);
			bad(src, msg, 0);
		}
	}

	/* a variable a predicate assigns is known to the actions, and the
	 * other way round; errors come in dtrace's order */
	ok("BEGIN /(this->x = 5) > 0/ { trace(this->x); }");
	ok("BEGIN /(self->p = arg1) != 0/ { trace(self->p); }");
	ok("BEGIN /x == 0/ { x = 1; }");
	ok("BEGIN /v == 0 && (u = 1) > 0/ { v = 1; trace(u); }");
	ok("BEGIN /(a = 1) > 0 && b > 0/ { b = 2; trace(a); }");
	badn("BEGIN /y > 0 && (x = 1) > 0/ { trace(x); y = 2; }",
	    "in predicate: failed to resolve y: Unknown variable name");
	badn("BEGIN /x == 1/ { trace(y); }", "in predicate: failed to resolve x: Unknown variable name");
	badn("BEGIN /\"x\" + \"a\"/ { trace(\"y\" + \"b\"); }",
	    "in action list: operands have incompatible types: \"string\" + \"string\"");
	badn("BEGIN /\"x\" + \"a\"/ { trace(1); }",
	    "in predicate: operands have incompatible types: \"string\" + \"string\"");
	badn("BEGIN /this->y/ { trace(this->z); }", "in predicate: this->y has not yet been declared or assigned");

	/* ?: with a constant condition is the branch it chooses; actions and
	 * aggregations in another are refused in dtrace's order */
	ok("BEGIN { 1 ? printf(\"yes\") : 1; 0 ? 1 : trace(1); }");
	ok("inline int OPT_v = 1; BEGIN { OPT_v ? @a[pid] = count() : 1; !OPT_v ? @b = sum(1) : 1; }");
	ok("inline int OPT_v = 0; BEGIN { OPT_v ? printf(\"%d\", nosuch) : 1; x = OPT_v ? nosuch : 2; }");
	ok("BEGIN { 1 ? 0 ? trace(1) : exit(0) : printf(\"x\"); }");
	badn("BEGIN { x = 1; x ? trace(1) : trace(2); }", "in action list: action cannot be used in a conditional context");
	badn("BEGIN { x = 1; x ? trace(1) : 2; }", "in action list: operator ?: operands must have compatible types");
	badn("BEGIN { x = 1; x ? 1 : (@a = count()); }", "in action list: operator ?: operands cannot be of dynamic type");
	badn("BEGIN { x = 1; x ? @a = count() : 1; }", "in action list: operator ?: operands cannot be of dynamic type");
	badn("BEGIN { \"s\" ? trace(1) : 1; }", "in action list: operator ?: expression must be of scalar type");
	badn("BEGIN { 1 ? (x ? trace(1) : trace(2)) : 1; }", "in action list: failed to resolve x: Unknown variable name");

	/* strings and NULL (or 0) */
	ok("self string s; BEGIN { self->s = 0; self->s = NULL; s = \"a\"; s = 0; s = NULL; trace(s == NULL); trace(NULL != s); trace(s == 0); }");
	ok("BEGIN { a[1] = \"x\"; trace(a[1] != NULL ? a[1] : \"?\"); }");
	ok("BEGIN { p = (char *)0; s = \"a\"; trace(s == p); trace(p == s); x = 1; trace(x ? s : p); trace(x ? NULL : s); }");
	ok("BEGIN { s = \"a\"; s = (void *)0; s = (char *)0; trace(s == (void *)0); }");
	badn("BEGIN { s = \"a\"; trace(s == 1); }", "in action list: operands have incompatible types: \"string\" == \"int\"");
	badn("BEGIN { s = \"a\"; trace(s ? 1 : 2); }", "in action list: operator ?: expression must be of scalar type");
	badn("BEGIN { s = \"a\"; trace(!s); }", "in action list: operator ! requires an operand of scalar type");
	badn("BEGIN /\"a\"/ { }", "in predicate: predicate result must be of scalar type");
	badn("BEGIN { s = \"a\"; s = (int *)0; }", "in action list: operands have incompatible types: \"string\" = \"int *\"");
	badn("BEGIN { s = \"a\"; s += 0; }", "in action list: operands have incompatible types: \"string\" += \"int\"");
	badn("BEGIN { s = \"a\"; x = 1; trace(x ? s : 1); }", "in action list: operator ?: operands must have compatible types");

	/* assignments as dtrace checks them; NULL is a long 0 */
	ok("BEGIN { t = 0; t = timestamp; self->t = 0; self->t = timestamp; this->t = (char)0; this->t = walltimestamp; a[1] = 0; a[1] = timestamp; }");
	ok("BEGIN { x = 0; x = NULL; p = (int *)alloca(4); p = NULL; p = 0; v = (void *)0; v = p; p = v; e = (char)1; e = 1LL; }");
	ok("BEGIN { self->b = arg1; self->b = NULL; n = NULL; trace(sizeof (n)); p = (int *)alloca(8); p += 1; p -= 1; }");
	ok("enum e { A, B }; enum e ev; BEGIN { ev = B; ev = 7; x = A; }");
	badn("BEGIN { x = 0; x = (int *)0; }", "in action list: operands have incompatible types: \"int\" = \"int *\"");
	badn("BEGIN { p = (int *)alloca(4); p = 5; }", "in action list: operands have incompatible types: \"int *\" = \"int\"");
	badn("BEGIN { p = (int *)alloca(4); p = (char *)alloca(1); }", "in action list: operands have incompatible types: \"int *\" = \"char *\"");
	badn("BEGIN { x = 1; x = (void *)0; }", "in action list: operands have incompatible types: \"int\" = \"void *\"");
	badn("BEGIN { p = (void *)0; p += 1; }", "in action list: operator += requires left-hand scalar operand of known size");
	badn("BEGIN { x = 1; x -= (int *)0; }", "in action list: operator -= requires left-hand scalar operand of known size");

	/* the constant folder: C's promotions and usual arithmetic
	 * conversions (the values gcc computes) */
	fold("(char)100 + (char)100", "200");
	fold("sizeof ((char)1 + (char)1)", "4");
	fold("(unsigned char)200 * (unsigned char)200", "40000");
	fold("(unsigned short)65535 + 1", "65536");
	fold("((char)100 + (char)100) / 3", "66");
	fold("(char)-1 < (unsigned char)1", "1");
	fold("(-1 < 1U) + 3", "3");
	fold("(unsigned)-1 > 0", "1");
	fold("-1L < 1U", "1");
	fold("(-1L < 1UL) + 7", "7");
	fold("sizeof (1L + 1U)", "8");
	fold("-1L + 1U - 1", "-1");
	fold("(-2L + 1U < 0) + 5", "6");
	fold("-2 + 1U", "4294967295");
	fold("(long long)-2 + 1UL", "-1");
	fold("(((long long)-2 + 1UL) < 0) + 9", "9");
	fold("(uint8_t)255 + (pid_t)-3", "252");
	fold("(size_t)2 - 3", "-1");
	fold("((size_t)2 - 3) > 0", "1");
	fold("-(unsigned char)1", "-1");
	fold("~(unsigned char)0", "-1");
	fold("-1U", "4294967295");
	fold("~0U", "4294967295");
	fold("sizeof (-(char)1)", "4");
	fold("sizeof (+(short)1)", "4");
	fold("(unsigned char)128 << 1", "256");
	fold("(short)0x4000 << 1", "32768");
	fold("(char)-128 >> 1", "-64");
	fold("0xfffffff0U >> 4", "268435455");
	fold("-16 >> 2", "-4");
	fold("-16 >> -1", "-1");
	fold("1 << 65", "2");
	fold("1 << 31", "-2147483648");
	fold("sizeof ((char)1 << 1L)", "4");
	fold("-7 / 2", "-3");
	fold("7 / -2", "-3");
	fold("-7 % 2", "-1");
	fold("7 % -2", "1");
	fold("-7 / 2U", "2147483644");
	fold("-7 % 10U", "9");
	fold("(unsigned char)250 % (char)-7", "5");
	fold("(char)-100 / (unsigned char)2", "-50");
	fold("-9223372036854775807L - 1 == (-9223372036854775807L - 1) / -1", "1");
	fold("(int)0x80000000U / -1", "-2147483648");
	fold("(unsigned short)-1", "65535");
	fold("(char)300", "44");
	fold("(uint64_t)(char)-1 == 18446744073709551615ULL", "1");

	/* character constants: decimal constants of packed, unsigned bytes */
	fold("'ab'", "24930");
	fold("'\\xff'", "255");
	fold("'abcde'", "418262508645");
	fold("sizeof ('a')", "4");
	fold("sizeof ('abcd')", "4");
	fold("sizeof ('abcde')", "8");
	fold("'a' - 'b'", "-1");
	bad("BEGIN { trace('\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff'); }",
	    "invalid probe specifier BEGIN { trace('\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff'); }: "
	    "integer constant 0xffffffffffffffff cannot be represented in any built-in integral type", 0);

	/* sizeof of expressions: size_t (unsigned), strings as dtrace sizes them */
	fold("sizeof (\"abc\")", "4");
	fold("sizeof \"\"", "1");
	fold("sizeof (execname)", "256");
	fold("sizeof (int) - 9 > 0", "1");
	bad("BEGIN { trace(sizeof ((void)0)); }", "invalid probe specifier BEGIN { trace(sizeof ((void)0)); }: "
	    "in action list: cannot apply sizeof to an operand of unknown size", 0);

	/* bit-fields of D variables: assignable, never sized nor addressed */
	ok("struct bf { int a:3; unsigned b:5; }; this struct bf s; struct bf g[2]; self struct bf t; "
	    "BEGIN { this->s.a = 1; this->s.b += 2; this->s.a++; g[1].b = g[0].a--; self->t.b <<= 1; }");
	bad("struct bf { int a:3; }; this struct bf s; BEGIN { trace(sizeof (this->s.a)); }",
	    "invalid probe specifier struct bf { int a:3; }; this struct bf s; BEGIN { trace(sizeof (this->s.a)); }: "
	    "in action list: cannot apply sizeof to a bit-field", 0);
	bad("struct bf { int a:3; }; struct bf g; BEGIN { trace(&g.a); }",
	    "invalid probe specifier struct bf { int a:3; }; struct bf g; BEGIN { trace(&g.a); }: "
	    "in action list: cannot take address of bit-field", 0);

	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
