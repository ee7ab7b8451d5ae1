/*
 * test_xlate.c - translators and D libraries at compile time, without
 * privileges: what must compile, and dtrace's exact messages otherwise.
 * Library tests write their libraries into a temporary directory given
 * with -x libdir (as dtrace -L does).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dtrace.h"

static int passed, failed;
static char libdir[64];

#define IN_OUT "struct in_t { int x; int y; char s[8]; }; " \
	"struct out_t { int a; long b; char c; char n[8]; }; "
#define XL IN_OUT "translator struct out_t < struct in_t *P > { a = P->x; b = P->y + 1; n = P->s; }; "

static int compile(dtrace_hdl_t *dtp, const char *src, int file)
{
	int n = 0;
	return dtrace_compile(dtp, src, file ? "t.d" : src, file ? DTRACE_C_FILE : 0, &n);
}

static dtrace_hdl_t *open_lib(int lib)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	if (lib)
		dtrace_setopt(dtp, "libdir", libdir);
	return dtp;
}

static void ok_lib(const char *src, int lib)
{
	dtrace_hdl_t *dtp = open_lib(lib);
	if (compile(dtp, src, 1) < 0) {
		printf("FAIL: %s\n  unexpected error: %s\n", src, dtrace_errmsg(dtp));
		failed++;
	} else
		passed++;
	dtrace_close(dtp);
}

static void bad_lib(const char *src, const char *msg, int file, int lib)
{
	dtrace_hdl_t *dtp = open_lib(lib);
	if (compile(dtp, src, file) == 0) {
		printf("FAIL: %s\n  compiled, expected: %s\n", src, msg);
		failed++;
	} else if (strcmp(dtrace_errmsg(dtp), msg) != 0) {
		printf("FAIL: %s\n  got:      %s\n  expected: %s\n", src, dtrace_errmsg(dtp), msg);
		failed++;
	} else
		passed++;
	dtrace_close(dtp);
}

static void ok(const char *src) { ok_lib(src, 0); }
static void bad(const char *src, const char *msg) { bad_lib(src, msg, 1, 0); }

static void lib(const char *name, const char *text)
{
	char p[128];
	snprintf(p, sizeof(p), "%s/%s", libdir, name);
	FILE *f = fopen(p, "w");
	if (!f) {
		perror(p);
		exit(1);
	}
	fputs(text, f);
	fclose(f);
}

static void unlib(const char *name)
{
	char p[128];
	snprintf(p, sizeof(p), "%s/%s", libdir, name);
	unlink(p);
}

static void translators(void)
{
	/* members are rewritten where they are used */
	ok(XL "BEGIN { trace(xlate <struct out_t *>((struct in_t *)arg0)->b); }");
	ok(XL "BEGIN { trace(xlate <struct out_t>((struct in_t *)arg0).a); }");
	ok(XL "BEGIN { trace((*xlate <struct out_t *>((struct in_t *)arg0)).a); }");
	ok(XL "BEGIN { trace(xlate <struct out_t *>((struct in_t *)arg0)->n); }");
	ok(XL "BEGIN { trace(sizeof (xlate <struct out_t>((struct in_t *)0))); }");
	ok(XL "inline struct out_t *o = xlate <struct out_t *>((struct in_t *)arg0);\n"
	    "BEGIN /o->a == 1/ { printf(\"%d %s\\n\", o->b, o->n); }");
	/* a compatible input: any pointer converts to void * */
	ok("struct o2 { int a; }; translator struct o2 < void *v > { a = v != 0; };\n"
	    "BEGIN { trace(xlate <struct o2 *>(curthread)->a); }");
	/* kernel structs as the input */
	ok("struct o3 { int pid; char name[16]; uintptr_t p; };\n"
	    "translator struct o3 < struct task_struct *T > { pid = T->tgid; name = T->comm; p = (uintptr_t)T; };\n"
	    "BEGIN { trace(xlate <struct o3 *>(curthread)->pid); trace(xlate <struct o3>(curthread).name); }");

	bad(XL "BEGIN { trace(xlate <struct out_t>(1)); }",
	    "failed to compile script t.d: line 1: cannot translate from \"int\" to \"struct out_t\"");
	bad(XL "BEGIN\n{\n\ttrace(xlate <int>((struct in_t *)0));\n}",
	    "failed to compile script t.d: line 3: cannot translate from \"struct in_t *\" to \"int\"");
	bad(IN_OUT "struct out_t;\nstruct in_t;\n" "BEGIN { trace(xlate <struct out_t *>((struct in_t *)0)->a); }",
	    "failed to compile script t.d: line 3: cannot translate from \"struct in_t *\" to \"struct out_t *\"");
	bad("translator int < int x > { };",
	    "failed to compile script t.d: line 1: translator output type must be a struct or union");
	bad("struct t;\ntranslator struct t < int x > { a = x; };",
	    "failed to compile script t.d: line 2: incomplete struct/union/enum struct t");
	bad(IN_OUT "\ntranslator struct out_t < struct in_t *P > {\n\ta = P->x;\n\tz = 1;\n};",
	    "failed to compile script t.d: line 4: translator member z is not a member of struct out_t");
	bad(IN_OUT "\ntranslator struct out_t < struct in_t *P > {\n\ta = P->s;\n};",
	    "failed to compile script t.d: line 3: translator member a definition uses incompatible types: \"int\" = \"char [8]\"");
	bad(IN_OUT "\ntranslator struct out_t < struct in_t *P > {\n\tn = P->x;\n};",
	    "failed to compile script t.d: line 3: translator member n definition uses incompatible types: \"char [8]\" = \"int\"");
	bad(IN_OUT "\ntranslator struct out_t < struct in_t *P > {\n\ta = P->nosuch;\n};",
	    "failed to compile script t.d: line 3: nosuch is not a member of struct in_t");
	bad(XL "\ntranslator struct out_t < struct in_t *Q > { a = 1; };",
	    "failed to compile script t.d: line 2: translator from struct in_t * to struct out_t has already been declared");
	bad(XL "\nBEGIN\n{\n\ttrace(xlate <struct out_t *>((struct in_t *)0)->c);\n}",
	    "failed to compile script t.d: line 4: translator does not define conversion for member: c");
	bad(XL "\nBEGIN\n{\n\ttrace(xlate <struct out_t>((struct in_t *)0)->a);\n}",
	    "failed to compile script t.d: line 4: operator -> must be applied to a pointer");
	bad(XL "\nBEGIN\n{\n\ttrace(xlate <struct out_t *>((struct in_t *)0).a);\n}",
	    "failed to compile script t.d: line 4: operator . cannot be applied to type \"struct out_t *\"; must be applied to a struct or union");
	bad(XL "\nBEGIN\n{\n\tx = xlate <struct out_t *>((struct in_t *)0);\n}",
	    "failed to compile script t.d: line 4: expression cannot evaluate to result of a translated pointer");
	/* a translated struct is a whole value: assigned (declaring the
	 * variable) and traced; not an operand */
	ok(XL "BEGIN { x = xlate <struct out_t>((struct in_t *)0); this->y = *xlate <struct out_t *>((struct in_t *)0); trace(x); trace(this->y.a); }");
	ok(XL "struct out_t g; BEGIN { g = xlate <struct out_t>((struct in_t *)0); trace(xlate <struct out_t>((struct in_t *)0)); }");
	bad(XL "\nBEGIN\n{\n\tx = 1 + xlate <struct out_t>((struct in_t *)0);\n}",
	    "failed to compile script t.d: line 4: operands have incompatible types: \"int\" + \"struct out_t\"");
	bad(XL "\nstruct in_t g;\nBEGIN\n{\n\tg = xlate <struct out_t>((struct in_t *)0);\n}",
	    "failed to compile script t.d: line 5: operands have incompatible types: \"struct in_t\" = \"struct out_t\"");
	bad_lib(XL "BEGIN { trace(xlate <struct out_t *>((struct in_t *)0)->c); }",
	    "invalid probe specifier " XL "BEGIN { trace(xlate <struct out_t *>((struct in_t *)0)->c); }: "
	    "in action list: translator does not define conversion for member: c", 0, 0);
	/* the input identifier is only in scope inside the translator */
	bad(XL "\nBEGIN\n{\n\ttrace(P);\n}",
	    "failed to compile script t.d: line 4: failed to resolve P: Unknown variable name");
}

static void pragmas(void)
{
	ok("#pragma D depends_on provider profile\n#pragma D depends_on module vmlinux\nBEGIN { }");
	bad("#pragma D depends_on provider nosuch\nBEGIN { }",
	    "failed to compile script t.d: line 1: program requires provider nosuch");
	bad("#pragma D depends_on module nosuch_mod\nBEGIN { }",
	    "failed to compile script t.d: line 1: program requires module nosuch_mod");
	bad("#pragma D depends_on library procfs.d\nBEGIN { }",
	    "failed to compile script t.d: line 1: main program may not explicitly depend on a library");
}

static void libraries(void)
{
	char err[512];

	lib("a.d", "#pragma D depends_on library b.d\ninline int A = B + 1;\n");
	lib("b.d", "typedef struct bee { int v; } bee_t;\ninline int B = 41;\n"
	    "translator bee_t < int x > { v = x * 2; };\n");
	/* libraries load before the program, dependencies first; their
	 * typedefs are type names for the program */
	ok_lib("BEGIN { trace(A); trace(xlate <bee_t>(B).v); trace(sizeof (bee_t)); }", 1);

	/* a library whose dependency is missing is skipped */
	lib("c.d", "#pragma D depends_on library nosuch.d\ninline int C = 1;\n");
	lib("p.d", "#pragma D depends_on provider nosuch\ninline int P = 1;\n");
	ok_lib("BEGIN { trace(A); }", 1);
	bad_lib("BEGIN { trace(C); }",
	    "invalid probe specifier BEGIN { trace(C); }: in action list: failed to resolve C: Unknown variable name", 0, 1);
	bad_lib("BEGIN { trace(P); }",
	    "invalid probe specifier BEGIN { trace(P); }: in action list: failed to resolve P: Unknown variable name", 0, 1);
	unlib("c.d");
	unlib("p.d");

	/* an error in a library is reported at its file and line */
	lib("e.d", "inline int E = 1;\ninline int F = ;\n");
	snprintf(err, sizeof(err), "failed to compile script t.d: \"%s/e.d\", line 2: syntax error near \";\"", libdir);
	bad_lib("BEGIN { }", err, 1, 1);
	unlib("e.d");

	/* library translators and inlines are checked when first used */
	lib("l.d", "struct lo { int a; int b; };\n"
	    "translator struct lo < struct task_struct *T > {\n\ta = T->pid;\n\tb = T->nosuch;\n};\n"
	    "inline int BAD = nosuch_var;\n");
	ok_lib("BEGIN { trace(1); }", 1);
	snprintf(err, sizeof(err), "invalid probe specifier BEGIN { trace(xlate <struct lo *>(curthread)->a); }: "
	    "\"%s/l.d\", line 4: nosuch is not a member of struct task_struct", libdir);
	bad_lib("BEGIN { trace(xlate <struct lo *>(curthread)->a); }", err, 0, 1);
	snprintf(err, sizeof(err), "failed to compile script t.d: \"%s/l.d\", line 6: "
	    "failed to resolve nosuch_var: Unknown variable name", libdir);
	bad_lib("BEGIN { trace(BAD); }", err, 1, 1);
	unlib("l.d");

	/* a cycle */
	lib("b.d", "#pragma D depends_on library a.d\ninline int B = 41;\n");
	snprintf(err, sizeof(err), "invalid probe specifier BEGIN { }: Cyclic dependency detected: %s/a.d => %s/b.d",
	    libdir, libdir);
	bad_lib("BEGIN { }", err, 0, 1);
	unlib("a.d");
	unlib("b.d");
}

int main(void)
{
	snprintf(libdir, sizeof(libdir), "/tmp/test_xlate.XXXXXX");
	if (!mkdtemp(libdir)) {
		perror("mkdtemp");
		return 1;
	}
	translators();
	pragmas();
	libraries();
	rmdir(libdir);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
