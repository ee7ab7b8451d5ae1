/*
 * test_parse.c - unit tests of the D parser (lib/front/parse.c) and the AST
 * dump format (lib/front/ast.c).
 *
 * Programs are parsed and compared through dt_ast_dump()'s S-expressions:
 * precedence and associativity of every operator, literals, probe
 * descriptions, macro substitution, every kind of declaration, pragmas,
 * if/else, and the exact error messages and lines, and that the type
 * names of two parser states (as two handles own) are independent.
 * Prints one line per failure and "N passed, M failed" at the end.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/parse.h"

static int npass, nfail;

static void
check(int ok, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		npass++;
		return;
	}
	nfail++;
	printf("FAIL test_parse.c:%d: ", line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

#define CHECK(cond) check((cond), __LINE__, "%s", #cond)
#define CHECK_STR(got, want) check_str((got), (want), __LINE__)

static void
check_str(char *got, const char *want, int line)
{
	check(got != NULL && strcmp(got, want) == 0, line,
	    "\n   got  %s\n   want %s", got ? got : "(null)", want);
	free(got);
}

static struct dt_macros *macros;
static struct dt_parse_state *ps;	/* the type names prog() etc. parse with */

/* Whole program dump (one line per item, no trailing newline), or
 * "ERROR <line>: <msg>". */
static char *
prog(const char *src)
{
	struct dt_perr err;
	struct ast_prog *p = dt_parse(ps, src, macros, &err);
	char *s = NULL;
	size_t n = 0;
	FILE *fp;

	if (p == NULL) {
		if (asprintf(&s, "ERROR %d: %s", err.line, err.msg) < 0)
			abort();
		return s;
	}
	fp = open_memstream(&s, &n);
	dt_ast_dump(fp, p);
	fclose(fp);
	if (n > 0 && s[n - 1] == '\n')
		s[n - 1] = '\0';
	dt_ast_prog_free(p);
	return s;
}

/* Dump of the expression statement e inside BEGIN { e; } */
static char *
expr(const char *e)
{
	char *src, *s = NULL;
	struct dt_perr err;
	struct ast_prog *p;
	size_t n = 0;
	FILE *fp;

	if (asprintf(&src, "BEGIN { %s; }", e) < 0)
		abort();
	p = dt_parse(ps, src, macros, &err);
	free(src);
	if (p == NULL) {
		if (asprintf(&s, "ERROR %d: %s", err.line, err.msg) < 0)
			abort();
		return s;
	}
	fp = open_memstream(&s, &n);
	if (p->items != NULL && p->items->kind == AST_ITEM_CLAUSE &&
	    p->items->clause.body != NULL)
		dt_ast_dump_stmt(fp, p->items->clause.body);
	else
		fputs("(no statement)", fp);
	fclose(fp);
	dt_ast_prog_free(p);
	return s;
}

static struct ast_prog *
parse_ok(const char *src)
{
	struct dt_perr err;
	struct ast_prog *p = dt_parse(ps, src, macros, &err);

	if (p == NULL)
		printf("unexpected error: line %d: %s\n", err.line, err.msg);
	return p;
}

/* ------------------------------------------------------------------ */

static void
test_precedence(void)
{
	CHECK_STR(expr("1+2*3"), "(+ 1 (* 2 3))");
	CHECK_STR(expr("1*2+3"), "(+ (* 1 2) 3)");
	CHECK_STR(expr("(1+2)*3"), "(* (+ 1 2) 3)");
	CHECK_STR(expr("a-b-c"), "(- (- a b) c)");
	CHECK_STR(expr("a-(b-c)"), "(- a (- b c))");
	CHECK_STR(expr("a/b/c"), "(/ (/ a b) c)");
	CHECK_STR(expr("a%b*c/d"), "(/ (* (% a b) c) d)");
	CHECK_STR(expr("a+b-c+d"), "(+ (- (+ a b) c) d)");
	CHECK_STR(expr("a<<b+c"), "(<< a (+ b c))");
	CHECK_STR(expr("a>>b<<c"), "(<< (>> a b) c)");
	CHECK_STR(expr("a<b<<c"), "(< a (<< b c))");
	CHECK_STR(expr("a<b>c<=d>=e"), "(>= (<= (> (< a b) c) d) e)");
	CHECK_STR(expr("a==b<c"), "(== a (< b c))");
	CHECK_STR(expr("a!=b==c"), "(== (!= a b) c)");
	CHECK_STR(expr("a&b==c"), "(& a (== b c))");
	CHECK_STR(expr("a^b&c"), "(^ a (& b c))");
	CHECK_STR(expr("a&b^c"), "(^ (& a b) c)");
	CHECK_STR(expr("a|b^c"), "(| a (^ b c))");
	CHECK_STR(expr("a&&b|c"), "(&& a (| b c))");
	CHECK_STR(expr("a|b&&c"), "(&& (| a b) c)");
	CHECK_STR(expr("a^^b&&c"), "(^^ a (&& b c))");
	CHECK_STR(expr("a&&b^^c"), "(^^ (&& a b) c)");
	CHECK_STR(expr("a||b^^c"), "(|| a (^^ b c))");
	CHECK_STR(expr("a^^b||c&&d"), "(|| (^^ a b) (&& c d))");
	CHECK_STR(expr("a^^b^^c"), "(^^ (^^ a b) c)");
	CHECK_STR(expr("a||b||c"), "(|| (|| a b) c)");
	CHECK_STR(expr("a&&b&&c"), "(&& (&& a b) c)");
	CHECK_STR(expr("a|b|c"), "(| (| a b) c)");
	CHECK_STR(expr("x?y:z?w:v"), "(? x y (? z w v))");
	CHECK_STR(expr("x?y?1:2:3"), "(? x (? y 1 2) 3)");
	CHECK_STR(expr("a||b?c:d"), "(? (|| a b) c d)");
	CHECK_STR(expr("a?b,c:d"), "(? a (, b c) d)");
	CHECK_STR(expr("a?b:c,d"), "(, (? a b c) d)");
	CHECK_STR(expr("a=b?c:d"), "(= a (? b c d))");
	CHECK_STR(expr("a=b=c"), "(= a (= b c))");
	CHECK_STR(expr("a+=b-=c"), "(+= a (-= b c))");
	CHECK_STR(expr("a*=1"), "(*= a 1)");
	CHECK_STR(expr("a/=1"), "(/= a 1)");
	CHECK_STR(expr("a%=1"), "(%= a 1)");
	CHECK_STR(expr("a<<=1"), "(<<= a 1)");
	CHECK_STR(expr("a>>=1"), "(>>= a 1)");
	CHECK_STR(expr("a&=1"), "(&= a 1)");
	CHECK_STR(expr("a^=1"), "(^= a 1)");
	CHECK_STR(expr("a|=1"), "(|= a 1)");
	CHECK_STR(expr("a=b||c"), "(= a (|| b c))");
	CHECK_STR(expr("a=b,c=d"), "(, (= a b) (= c d))");
	CHECK_STR(expr("a,b,c"), "(, (, a b) c)");
	CHECK_STR(expr("(a=b)=c"), "(= (= a b) c)");
	CHECK_STR(expr("*p=1"), "(= (* p) 1)");
	CHECK_STR(expr("-x=1"), "(= (- x) 1)");
}

static void
test_unary(void)
{
	CHECK_STR(expr("- -x"), "(- (- x))");
	CHECK_STR(expr("!~x"), "(! (~ x))");
	CHECK_STR(expr("~!x"), "(~ (! x))");
	CHECK_STR(expr("-x*y"), "(* (- x) y)");
	CHECK_STR(expr("+x"), "(+ x)");
	CHECK_STR(expr("&x"), "(& x)");
	CHECK_STR(expr("*p++"), "(* (post++ p))");
	CHECK_STR(expr("(*p)++"), "(post++ (* p))");
	CHECK_STR(expr("++*p"), "(pre++ (* p))");
	CHECK_STR(expr("--x"), "(pre-- x)");
	CHECK_STR(expr("x--"), "(post-- x)");
	CHECK_STR(expr("- --x"), "(- (pre-- x))");
	CHECK_STR(expr("**pp"), "(* (* pp))");
	CHECK_STR(expr("&a[1]"), "(& (index a 1))");
	CHECK_STR(expr("-a->b"), "(- (-> a b))");
	CHECK_STR(expr("!x++"), "(! (post++ x))");
	CHECK_STR(expr("sizeof(int)"), "(sizeof-type int)");
	CHECK_STR(expr("sizeof x"), "(sizeof x)");
	CHECK_STR(expr("sizeof(x)"), "(sizeof x)");
	CHECK_STR(expr("sizeof x + 1"), "(+ (sizeof x) 1)");
	CHECK_STR(expr("sizeof -x"), "(sizeof (- x))");
	CHECK_STR(expr("sizeof sizeof x"), "(sizeof (sizeof x))");
	CHECK_STR(expr("sizeof(char *)"),
	    "(sizeof-type (type char (d _ ptr)))");
	CHECK_STR(expr("sizeof(struct foo)"), "(sizeof-type (struct foo))");
	CHECK_STR(expr("sizeof(uint64_t)"), "(sizeof-type uint64_t)");
	CHECK_STR(expr("sizeof(x) * 2"), "(* (sizeof x) 2)");
	CHECK_STR(expr("stringof x"), "(stringof x)");
	CHECK_STR(expr("stringof(x) + 1"), "(+ (stringof x) 1)");
	CHECK_STR(expr("stringof args[1]"), "(stringof (index args 1))");
}

static void
test_casts(void)
{
	CHECK_STR(expr("(int)x"), "(cast int x)");
	CHECK_STR(expr("(x)+1"), "(+ x 1)");
	CHECK_STR(expr("(x)-1"), "(- x 1)");
	CHECK_STR(expr("(int)-1"), "(cast int (- 1))");
	CHECK_STR(expr("(uint64_t)x*2"), "(* (cast uint64_t x) 2)");
	CHECK_STR(expr("(uint64_t)-x"), "(cast uint64_t (- x))");
	CHECK_STR(expr("(unsigned long)x"),
	    "(cast (spec unsigned long) x)");
	CHECK_STR(expr("(unsigned long long)x"),
	    "(cast (spec unsigned long long) x)");
	CHECK_STR(expr("(long double)x"), "(cast (spec long double) x)");
	CHECK_STR(expr("(const char *)p"),
	    "(cast (type (spec const char) (d _ ptr)) p)");
	CHECK_STR(expr("(char * const)p"),
	    "(cast (type char (d _ (ptr const))) p)");
	CHECK_STR(expr("(struct foo *)p"),
	    "(cast (type (struct foo) (d _ ptr)) p)");
	CHECK_STR(expr("(struct foo **)p"),
	    "(cast (type (struct foo) (d _ ptr ptr)) p)");
	CHECK_STR(expr("(char)(int)x"), "(cast char (cast int x))");
	CHECK_STR(expr("(int *)&x"), "(cast (type int (d _ ptr)) (& x))");
	CHECK_STR(expr("(int)x->y"), "(cast int (-> x y))");
	CHECK_STR(expr("(int)x++"), "(cast int (post++ x))");
	CHECK_STR(expr("(string)x"), "(cast string x)");
	CHECK_STR(expr("(pid_t)x"), "(cast pid_t x)");
	CHECK_STR(expr("(void (*)(int))f"),
	    "(cast (type void (d _ ptr (func int))) f)");
	CHECK_STR(expr("(int (*)[4])p"),
	    "(cast (type int (d _ ptr (array 4))) p)");
	CHECK_STR(expr("(userland int *)p"),
	    "(cast (type (spec userland int) (d _ ptr)) p)");
	CHECK_STR(expr("(enum e)1"), "(cast (enum e) 1)");
	/* a program typedef is a type name from its declaration on */
	CHECK_STR(prog("typedef int myint; BEGIN { x = (myint)y; }"),
	    "(decl (spec typedef int) (d myint))\n"
	    "(clause (probes \"BEGIN\") (body (= x (cast myint y))))");
	CHECK_STR(prog("BEGIN { x = (myint)y; }"),
	    "ERROR 1: syntax error near \"y\"");
}

static void
test_postfix(void)
{
	CHECK_STR(expr("self->x"), "(-> self x)");
	CHECK_STR(expr("this->y"), "(-> this y)");
	CHECK_STR(expr("self->x = this->y"), "(= (-> self x) (-> this y))");
	CHECK_STR(expr("curthread->pid"), "(-> curthread pid)");
	CHECK_STR(expr("a.b.c"), "(. (. a b) c)");
	CHECK_STR(expr("a->b.c->d"), "(-> (. (-> a b) c) d)");
	CHECK_STR(expr("args[0]->foo"), "(-> (index args 0) foo)");
	CHECK_STR(expr("a[1][2]"), "(index (index a 1) 2)");
	CHECK_STR(expr("a[1, \"x\", y]"), "(index a 1 \"x\" y)");
	CHECK_STR(expr("self->a[tid]"), "(index (-> self a) tid)");
	CHECK_STR(expr("f()"), "(call f)");
	CHECK_STR(expr("f(1, 2)"), "(call f 1 2)");
	CHECK_STR(expr("f((1, 2))"), "(call f (, 1 2))");
	CHECK_STR(expr("f(a = 1)"), "(call f (= a 1))");
	CHECK_STR(expr("printf(\"%d %s\\n\", x, y)"),
	    "(call printf \"%d %s\\n\" x y)");
	CHECK_STR(expr("f(g(x))[1]"), "(index (call f (call g x)) 1)");
	CHECK_STR(expr("x->string"), "(-> x string)");
	CHECK_STR(expr("x.self"), "(. x self)");
	CHECK_STR(expr("x->pid_t"), "(-> x pid_t)");
	CHECK_STR(expr("offsetof(struct foo, bar)"),
	    "(offsetof (struct foo) bar)");
	CHECK_STR(expr("offsetof(foo_t, size)"), "(offsetof foo_t size)");
	CHECK_STR(expr("xlate<struct psinfo *>(curthread)"),
	    "(xlate (type (struct psinfo) (d _ ptr)) curthread)");
	CHECK_STR(expr("xlate<psinfo_t>(p)->pr_pid"),
	    "(-> (xlate psinfo_t p) pr_pid)");
	CHECK_STR(expr("x = xlate <int> (a, b)"), "(= x (xlate int (, a b)))");
}

static void
test_aggregations(void)
{
	CHECK_STR(expr("@a[1,2] = count()"), "(= (@a 1 2) (call count))");
	CHECK_STR(expr("@[execname] = count()"),
	    "(= (@ execname) (call count))");
	CHECK_STR(expr("@ = count()"), "(= @ (call count))");
	CHECK_STR(expr("@a = sum(arg0)"), "(= @a (call sum arg0))");
	CHECK_STR(expr("@_[1] = max(2)"), "(= (@_ 1) (call max 2))");
	CHECK_STR(expr("@q[a, b] = quantize(x)"),
	    "(= (@q a b) (call quantize x))");
	CHECK_STR(expr("printa(@a)"), "(call printa @a)");
	CHECK_STR(expr("trunc(@a, 5)"), "(call trunc @a 5)");
	CHECK_STR(expr("@a[1][2] = count()"),
	    "(= (index (@a 1) 2) (call count))");
}

static void
test_literals(void)
{
	struct ast_prog *p;
	struct ast_expr *e;

	CHECK_STR(expr("x = 10"), "(= x 10)");
	CHECK_STR(expr("0x10 + 010 + 0"), "(+ (+ 16 8) 0)");
	CHECK_STR(expr("1u + 2l + 3ul + 4ll + 5ull + 6UL + 7LL + 8Ull"),
	    "(+ (+ (+ (+ (+ (+ (+ 1u 2l) 3ul) 4ll) 5ull) 6ul) 7ll) 8ull)");
	CHECK_STR(expr("6LU"), "ERROR 1: syntax error near \"U\"");
	CHECK_STR(expr("18446744073709551615"), "18446744073709551615");
	CHECK_STR(expr("'a' + '\\n' + '\\0' + '\\x41' + '\\101' + 'ab'"),
	    "(+ (+ (+ (+ (+ 97 10) 0) 65) 65) 24930)");
	CHECK_STR(expr("\"a\\tb\\\"c\\\\\""), "\"a\\tb\\\"c\\\\\"");
	CHECK_STR(expr("\"ab\" \"cd\""), "\"abcd\"");
	CHECK_STR(expr("\"ab\"\n\"cd\" \"\""), "\"abcd\"");
	CHECK_STR(expr("\"\\x41\\102\\q\""), "\"AB\\\\q\"");

	p = parse_ok("BEGIN { 0x1fUL; 017; 9; 'x'; \"a\\0b\"; }");
	CHECK(p != NULL);
	if (p == NULL)
		return;
	e = p->items->clause.body->expr;
	CHECK(e->kind == AST_E_INT && e->i.value == 31 &&
	    e->i.form == AST_INT_HEX && e->i.suffix_u == 1 &&
	    e->i.suffix_l == 1 && strcmp(e->i.text, "0x1fUL") == 0);
	e = p->items->clause.body->next->expr;
	CHECK(e->i.value == 15 && e->i.form == AST_INT_OCT &&
	    e->i.suffix_u == 0 && e->i.suffix_l == 0);
	e = p->items->clause.body->next->next->expr;
	CHECK(e->i.value == 9 && e->i.form == AST_INT_DEC);
	e = p->items->clause.body->next->next->next->expr;
	CHECK(e->i.value == 'x' && e->i.form == AST_INT_CHAR);
	e = p->items->clause.body->next->next->next->next->expr;
	CHECK(e->kind == AST_E_STR && e->str.len == 3 &&
	    memcmp(e->str.s, "a\0b", 4) == 0);
	dt_ast_prog_free(p);
}

static void
test_clauses(void)
{
	struct ast_prog *p;
	struct ast_pdesc *pd;

	CHECK_STR(prog("BEGIN {}"), "(clause (probes \"BEGIN\") (body))");
	CHECK_STR(prog("BEGIN"), "(clause (probes \"BEGIN\") nobody)");
	CHECK_STR(prog("BEGIN /x/"),
	    "(clause (probes \"BEGIN\") (pred x) nobody)");
	CHECK_STR(prog("BEGIN END {}"),
	    "(clause (probes \"BEGIN\") nobody)\n"
	    "(clause (probes \"END\") (body))");
	CHECK_STR(prog("BEGIN{}END{}"),
	    "(clause (probes \"BEGIN\") (body))\n"
	    "(clause (probes \"END\") (body))");
	CHECK_STR(prog("syscall::read:entry,syscall::write:entry\n"
	    "/pid == 1/\n{ x = 1; }"),
	    "(clause (probes \"syscall::read:entry\" \"syscall::write:entry\") "
	    "(pred (== pid 1)) (body (= x 1)))");
	CHECK_STR(prog("a,\nb ,\n c{}"),
	    "(clause (probes \"a\" \"b\" \"c\") (body))");
	CHECK_STR(prog(":::entry, fbt::foo:, fbt::*sys_[rw]*:entry, "
	    "fbt:mod:[!a-z]?\\*:, profile:::tick-1sec, tick-1s, "
	    "fbt::foo.isra.0:return, x+y~z {}"),
	    "(clause (probes \":::entry\" \"fbt::foo:\" "
	    "\"fbt::*sys_[rw]*:entry\" \"fbt:mod:[!a-z]?\\\\*:\" "
	    "\"profile:::tick-1sec\" \"tick-1s\" \"fbt::foo.isra.0:return\" "
	    "\"x+y~z\") (body))");
	CHECK_STR(prog("BEGIN/x/{y}"),
	    "(clause (probes \"BEGIN\") (pred x) (body y))");
	CHECK_STR(prog("BEGIN /x / 2 > 1/ {}"),
	    "(clause (probes \"BEGIN\") (pred (> (/ x 2) 1)) (body))");
	CHECK_STR(prog("BEGIN /* comment */ /a/ /* c2 */ {}"),
	    "(clause (probes \"BEGIN\") (pred a) (body))");
	CHECK_STR(prog("BEGIN { a; b }"),
	    "(clause (probes \"BEGIN\") (body a b))");
	CHECK_STR(prog("BEGIN { a;; ; b; }"),
	    "(clause (probes \"BEGIN\") (body a (empty) (empty) b))");
	CHECK_STR(prog("BEGIN { ; }"),
	    "(clause (probes \"BEGIN\") (body (empty)))");
	CHECK_STR(prog("42 { }"), "(clause (probes \"42\") (body))");
	CHECK_STR(prog(""), "");
	CHECK_STR(prog("  \n/* nothing */\n"), "");

	p = parse_ok("\nfbt::foo:entry, syscall::read:,\nBEGIN, a:b, 7 {}");
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK(p->nitems == 1 && p->items->line == 2 &&
	    p->items->clause.npdescs == 5 && !p->items->clause.no_body);
	pd = p->items->clause.pdescs;
	CHECK(strcmp(pd->provider, "fbt") == 0 && strcmp(pd->module, "") == 0 &&
	    strcmp(pd->function, "foo") == 0 && strcmp(pd->name, "entry") == 0 &&
	    pd->line == 2 && !pd->is_id);
	pd = pd->next;
	CHECK(strcmp(pd->provider, "syscall") == 0 &&
	    strcmp(pd->function, "read") == 0 && strcmp(pd->name, "") == 0);
	pd = pd->next;
	CHECK(strcmp(pd->provider, "") == 0 && strcmp(pd->module, "") == 0 &&
	    strcmp(pd->function, "") == 0 && strcmp(pd->name, "BEGIN") == 0 &&
	    pd->line == 3);
	pd = pd->next;
	CHECK(strcmp(pd->function, "a") == 0 && strcmp(pd->name, "b") == 0 &&
	    strcmp(pd->provider, "") == 0);
	pd = pd->next;
	CHECK(pd->is_id && pd->id == 7 && pd->next == NULL);
	dt_ast_prog_free(p);
}

static void
test_statements(void)
{
	CHECK_STR(prog("BEGIN { if (x) y = 1 }"),
	    "ERROR 1: syntax error near \"}\"");
	CHECK_STR(prog("BEGIN { if (x) y = 1; }"),
	    "(clause (probes \"BEGIN\") (body (if x (= y 1))))");
	CHECK_STR(prog("BEGIN { if (x) y; else z; }"),
	    "(clause (probes \"BEGIN\") (body (if x y z)))");
	CHECK_STR(prog("BEGIN { if (x) { y } else { z } }"),
	    "(clause (probes \"BEGIN\") (body (if x (block y) (block z))))");
	CHECK_STR(prog("BEGIN { if (a) if (b) c; else d; }"),
	    "(clause (probes \"BEGIN\") (body (if a (if b c d))))");
	CHECK_STR(prog("BEGIN { if (a) {} else if (b) {c;} else d; e }"),
	    "(clause (probes \"BEGIN\") (body (if a (block) (if b (block c) "
	    "d)) e))");
	CHECK_STR(prog("BEGIN { if (a) ; else ; }"),
	    "(clause (probes \"BEGIN\") (body (if a (empty) (empty))))");
	CHECK_STR(prog("BEGIN { { a; { b } } c; }"),
	    "(clause (probes \"BEGIN\") (body (block a (block b)) c))");
	CHECK_STR(prog("BEGIN { if (x = 1, y) z; }"),
	    "(clause (probes \"BEGIN\") (body (if (, (= x 1) y) z)))");
	CHECK_STR(prog("BEGIN { else x; }"),
	    "ERROR 1: syntax error near \"else\"");
	CHECK_STR(prog("BEGIN { if x; }"), "ERROR 1: syntax error near \"x\"");
	CHECK_STR(prog("BEGIN { for (;;) x; }"),
	    "ERROR 1: syntax error near \"for\"");
	CHECK_STR(prog("BEGIN { while (1) x; }"),
	    "ERROR 1: syntax error near \"while\"");
	CHECK_STR(prog("BEGIN { return; }"),
	    "ERROR 1: syntax error near \"return\"");
	CHECK_STR(prog("BEGIN { do x; }"),
	    "ERROR 1: syntax error near \"do\"");
	CHECK_STR(prog("BEGIN { switch (x) {} }"),
	    "ERROR 1: syntax error near \"switch\"");
	CHECK_STR(prog("BEGIN { goto x; }"),
	    "ERROR 1: syntax error near \"goto\"");
	CHECK_STR(prog("BEGIN { break; }"),
	    "ERROR 1: syntax error near \"break\"");
	CHECK_STR(prog("BEGIN { a b }"), "ERROR 1: syntax error near \"b\"");
	CHECK_STR(prog("BEGIN { int x; }"), "ERROR 1: syntax error near \"int\"");
}

static void
test_declarations(void)
{
	CHECK_STR(prog("int x;"), "(decl int (d x))");
	CHECK_STR(prog("int x, *y, z[10];"),
	    "(decl int (d x) (d y ptr) (d z (array 10)))");
	CHECK_STR(prog("int *a[3];"), "(decl int (d a (array 3) ptr))");
	CHECK_STR(prog("int (*a)[3];"), "(decl int (d a ptr (array 3)))");
	CHECK_STR(prog("int a[2][3];"), "(decl int (d a (array 2) (array 3)))");
	CHECK_STR(prog("int a[];"), "(decl int (d a (array)))");
	CHECK_STR(prog("int a[1 + 2];"), "(decl int (d a (array (+ 1 2))))");
	CHECK_STR(prog("int a[string, int];"),
	    "(decl int (d a (assoc string int)))");
	CHECK_STR(prog("string s[uint64_t, struct foo *];"),
	    "(decl string (d s (assoc uint64_t ((struct foo) (d _ ptr)))))");
	CHECK_STR(prog("int f(int, char *, ...);"),
	    "(decl int (d f (func int (char (d _ ptr)) ...)))");
	CHECK_STR(prog("int f(void);"), "(decl int (d f (func void)))");
	CHECK_STR(prog("int f();"), "(decl int (d f (func)))");
	CHECK_STR(prog("int f(int a, char *b);"),
	    "(decl int (d f (func (int (d a)) (char (d b ptr)))))");
	CHECK_STR(prog("void (*fp)(int);"),
	    "(decl void (d fp ptr (func int)))");
	CHECK_STR(prog("char *(*f[2])(void);"),
	    "(decl char (d f (array 2) ptr (func void) ptr))");
	CHECK_STR(prog("int * const * volatile p;"),
	    "(decl int (d p (ptr volatile) (ptr const)))");
	CHECK_STR(prog("int (x);"), "(decl int (d x))");
	CHECK_STR(prog("int*p;"), "(decl int (d p ptr))");
	CHECK_STR(prog("uint64_t* q;"), "(decl uint64_t (d q ptr))");
	CHECK_STR(prog("uint64_t r;"), "(decl uint64_t (d r))");
	CHECK_STR(prog("unsigned x;"), "(decl (spec unsigned) (d x))");
	CHECK_STR(prog("long long x;"), "(decl (spec long long) (d x))");
	CHECK_STR(prog("short int x;"), "(decl (spec short int) (d x))");
	CHECK_STR(prog("signed char c;"), "(decl (spec signed char) (d c))");
	CHECK_STR(prog("unsigned long int x;"),
	    "(decl (spec unsigned long int) (d x))");
	CHECK_STR(prog("long double d; float f; double g;"),
	    "(decl (spec long double) (d d))\n(decl float (d f))\n"
	    "(decl double (d g))");
	CHECK_STR(prog("extern const volatile unsigned long long y;"),
	    "(decl (spec extern const volatile unsigned long long) (d y))");
	CHECK_STR(prog("static int a; register int b; auto int c;"),
	    "(decl (spec static int) (d a))\n(decl (spec register int) (d b))\n"
	    "(decl (spec auto int) (d c))");
	CHECK_STR(prog("self int x;"), "(decl (spec self int) (d x))");
	CHECK_STR(prog("this string s;"), "(decl (spec this string) (d s))");
	CHECK_STR(prog("self x;"), "(decl (spec self) (d x))");
	CHECK_STR(prog("self uint64_t ts[int];"),
	    "(decl (spec self uint64_t) (d ts (assoc int)))");
	CHECK_STR(prog("const x;"), "(decl (spec const) (d x))");
	CHECK_STR(prog("userland int *p;"),
	    "(decl (spec userland int) (d p ptr))");
	CHECK_STR(prog("void *p;"), "(decl void (d p ptr))");
	CHECK_STR(prog("string s;"), "(decl string (d s))");
	CHECK_STR(prog("int restrict * restrict p;"),
	    "(decl (spec restrict int) (d p (ptr restrict)))");
}

static void
test_types(void)
{
	CHECK_STR(prog("struct foo;"), "(decl (struct foo))");
	CHECK_STR(prog("struct foo *p;"), "(decl (struct foo) (d p ptr))");
	CHECK_STR(prog("struct foo { int a; char *b, c[4]; };"),
	    "(decl (struct foo (int (d a)) (char (d b ptr) (d c (array 4)))))");
	CHECK_STR(prog("struct { int a; } x;"),
	    "(decl (struct _ (int (d a))) (d x))");
	CHECK_STR(prog("struct s { unsigned a : 3, b : 5; int : 0; int c; };"),
	    "(decl (struct s ((spec unsigned) (d a (bits 3)) (d b (bits 5))) "
	    "(int (d _ (bits 0))) (int (d c))))");
	CHECK_STR(prog("struct s { struct t { int x; } in; union { int i; "
	    "char c; } u; };"),
	    "(decl (struct s ((struct t (int (d x))) (d in)) "
	    "((union _ (int (d i)) (char (d c))) (d u))))");
	CHECK_STR(prog("struct s { u32 a; const foo_t *b; };"),
	    "(decl (struct s (u32 (d a)) ((spec const foo_t) (d b ptr))))");
	CHECK_STR(prog("union u { int i; long l; } v;"),
	    "(decl (union u (int (d i)) ((spec long) (d l))) (d v))");
	CHECK_STR(prog("enum color { RED, GREEN = 5, BLUE };"),
	    "(decl (enum color (RED) (GREEN 5) (BLUE)))");
	CHECK_STR(prog("enum { A = 1 << 2, B = A + 1 } e;"),
	    "(decl (enum _ (A (<< 1 2)) (B (+ A 1))) (d e))");
	CHECK_STR(prog("enum color c;"), "(decl (enum color) (d c))");
	CHECK_STR(prog("typedef struct foo { int a; } foo_t;\nfoo_t *p;"),
	    "(decl (spec typedef (struct foo (int (d a)))) (d foo_t))\n"
	    "(decl foo_t (d p ptr))");
	CHECK_STR(prog("typedef int i1, *ip;\nip x; i1 y;"),
	    "(decl (spec typedef int) (d i1) (d ip ptr))\n"
	    "(decl ip (d x))\n(decl i1 (d y))");
	CHECK_STR(prog("typedef int myint; myint myint2;\n"
	    "BEGIN { x = sizeof(myint); }"),
	    "(decl (spec typedef int) (d myint))\n(decl myint (d myint2))\n"
	    "(clause (probes \"BEGIN\") (body (= x (sizeof-type myint))))");
	/* a typedef name after a complete type is the declarator name */
	CHECK_STR(prog("typedef int T; int T;"),
	    "(decl (spec typedef int) (d T))\n(decl int (d T))");
	CHECK_STR(prog("unsigned pid_t;"), "(decl (spec unsigned) (d pid_t))");
}

static void
test_inline_translator_provider(void)
{
	CHECK_STR(prog("inline int MAX = 10;"), "(inline int (d MAX) 10)");
	CHECK_STR(prog("inline string S = \"a\" \"b\";"),
	    "(inline string (d S) \"ab\")");
	CHECK_STR(prog("inline int X = a ? b : c;"),
	    "(inline int (d X) (? a b c))");
	CHECK_STR(prog("inline int TCPS_CLOSED = 0;\n"
	    "#pragma D binding \"1.0\" TCPS_CLOSED\n"),
	    "(inline int (d TCPS_CLOSED) 0)\n"
	    "(pragma binding \"1.0\" TCPS_CLOSED)");
	CHECK_STR(prog("translator struct out < struct in *P > "
	    "{ a = P->x; b = 2; };"),
	    "(translator (struct out) (type (struct in) (d _ ptr)) P "
	    "(a (-> P x)) (b 2))");
	CHECK_STR(prog("translator psinfo_t < struct task_struct *T > { };"),
	    "(translator psinfo_t (type (struct task_struct) (d _ ptr)) T)");
	CHECK_STR(prog("translator foo_t < int x > { v = x + 1; w = "
	    "stringof(x); };"),
	    "(translator foo_t int x (v (+ x 1)) (w (stringof x)))");
	CHECK_STR(prog("provider myprov { probe start(int, char *) : "
	    "(int, string); probe done__now(); probe v(...); };"),
	    "(provider myprov (probe start (args int (char (d _ ptr))) "
	    "(xargs int string)) (probe done__now (args)) "
	    "(probe v (args ...)))");
	CHECK_STR(prog("provider p { probe x(struct foo *f, int n) : (); };"),
	    "(provider p (probe x (args ((struct foo) (d f ptr)) (int (d n))) "
	    "(xargs)))");
	CHECK_STR(prog("provider p {};"), "(provider p)");
	CHECK_STR(prog("provider p { probe x() };"),
	    "ERROR 1: syntax error near \"}\"");
	CHECK_STR(prog("provider p { int x; };"),
	    "ERROR 1: syntax error near \"int\"");
	CHECK_STR(prog("provider p { }"), "ERROR 1: syntax error near end of "
	    "input");
	CHECK_STR(prog("translator int < int x > { a = 1 };"),
	    "ERROR 1: syntax error near \"}\"");
	CHECK_STR(prog("inline int x;"), "ERROR 1: syntax error near \";\"");
}

static void
test_pragmas(void)
{
	CHECK_STR(prog("#pragma D option quiet\n#pragma D option "
	    "bufsize=4m\nBEGIN {}\n#pragma D option destructive\n"),
	    "(pragma option quiet)\n(pragma option bufsize=4m)\n"
	    "(clause (probes \"BEGIN\") (body))\n(pragma option destructive)");
	/* a pragma inside a clause is placed after it */
	CHECK_STR(prog("BEGIN {\n#pragma D option flowindent\nx;\n}\nEND {}"),
	    "(clause (probes \"BEGIN\") (body x))\n(pragma option flowindent)\n"
	    "(clause (probes \"END\") (body))");
	CHECK_STR(prog("#pragma D attributes Evolving/Evolving/Common "
	    "provider foo provider\n#pragma D depends_on provider sched\n"),
	    "(pragma attributes Evolving/Evolving/Common provider foo "
	    "provider)\n(pragma depends_on provider sched)");
	CHECK_STR(prog("#pragma weak x\n#pragma ident \"x\"\n#ident \"y\"\n"
	    "BEGIN{}"), "(clause (probes \"BEGIN\") (body))");
	CHECK_STR(prog("BEGIN {}\n#pragma D optoin quiet\n"),
	    "ERROR 2: invalid D pragma: optoin");
	CHECK_STR(prog("\n#define FOO 1\nBEGIN {}\n"),
	    "ERROR 2: invalid control directive: #define");
	CHECK_STR(prog("BEGIN\n{\n#error stop here\n}"),
	    "ERROR 3: #error: stop here ");
	CHECK_STR(prog("#!/usr/sbin/dtrace -qs\nBEGIN { }"),
	    "(clause (probes \"BEGIN\") (body))");
}

static void
test_lines(void)
{
	struct ast_prog *p;
	struct ast_stmt *s;
	struct ast_expr *e;

	p = parse_ok("/* header\n */\nBEGIN\n{\n\tx = 1 +\n\t    2;\n"
	    "\tif (y)\n\t\tz();\n}\n\n# 100 \"foo.d\"\nEND { a; }\n"
	    "int x;\n");
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK(p->nitems == 3);
	CHECK(p->items->line == 3);
	s = p->items->clause.body;
	CHECK(s->line == 5 && s->kind == AST_S_EXPR);
	e = s->expr;
	CHECK(e->line == 5 && e->binary.op == AST_OP_ASSIGN);
	CHECK(e->binary.right->line == 5 &&
	    e->binary.right->binary.right->line == 6);
	s = s->next;
	CHECK(s->kind == AST_S_IF && s->line == 7 && s->then_s->line == 8);
	CHECK(p->items->next->line == 100);
	CHECK(p->items->next->clause.pdescs->line == 100);
	CHECK(p->items->next->next->line == 101);
	CHECK(p->items->next->next->decl.decls->line == 101);
	dt_ast_prog_free(p);
}

static void
test_macros(void)
{
	char *argv[] = { "script.d", "10", "malloc", "read", "hello", "foo",
	    "-7", "a b" };
	struct dt_macros m = { .argc = 8, .argv = argv, .target = 1234,
	    .target_set = 1, .pid = 99, .uid = 0 };
	struct ast_prog *p;
	int i;

	macros = &m;
	CHECK_STR(prog("pid$target::$2:entry, syscall::$$3:return, "
	    "syscall:::$4x, a$pid {}"),
	    "(clause (probes \"pid1234::malloc:entry\" \"syscall::read:return\" "
	    "\"syscall:::hellox\" \"a99\") (body))");
	CHECK_STR(expr("$1 + $6"), "(+ 10 (- 7))");
	CHECK_STR(expr("x = $4"), "(= x hello)");
	CHECK_STR(expr("x = $7"), "(= x \"a b\")");
	CHECK_STR(expr("x = $$1"), "(= x \"10\")");
	CHECK_STR(expr("x = $0"), "(= x \"script.d\")");
	CHECK_STR(expr("x = self->$5"), "(= x (-> self foo))");
	CHECK_STR(expr("x = $target + $pid + $uid"), "(= x (+ (+ 1234 99) 0))");
	CHECK_STR(expr("trace($$target)"), "(call trace \"1234\")");
	CHECK_STR(expr("x = $8"), "ERROR 1: macro argument $8 is not defined");
	CHECK_STR(expr("x = $$9"),
	    "ERROR 1: macro argument $$9 is not defined");
	CHECK_STR(expr("x = $nope"),
	    "ERROR 1: macro variable $nope is not defined");
	CHECK_STR(prog("\nsyscall::$9:entry {}"),
	    "ERROR 2: invalid probe description \"syscall::$9:entry\": "
	    "Undefined macro variable in probe description");
	CHECK_STR(prog("syscall::$nope:entry {}"),
	    "ERROR 1: invalid probe description \"syscall::$nope:entry\": "
	    "Undefined macro variable in probe description");
	CHECK_STR(prog("a:b:c:d:e {}"),
	    "ERROR 1: invalid probe description \"a:b:c:d:e\": "
	    "Overspecified probe description");
	CHECK_STR(prog("foo$ {}"),
	    "ERROR 1: invalid probe description \"foo$\": "
	    "Undefined macro variable in probe description");

	/* references */
	p = parse_ok("syscall::$3:entry /$1/ { trace($$5); }");
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK(p->argc == 8 && p->max_argref == 5);
		for (i = 0; i < 8; i++)
			CHECK(p->argref[i] == (i == 1 || i == 3 || i == 5));
		dt_ast_prog_free(p);
	}
	p = parse_ok("BEGIN {}");
	CHECK(p != NULL && p->max_argref == -1);
	dt_ast_prog_free(p);

	m.defaultargs = 1;
	CHECK_STR(expr("x = $20 + $$21"), "(= x (+ 0 \"\"))");
	CHECK_STR(expr("x = $20"), "(= x 0)");
	p = parse_ok("BEGIN { x = $20; }");
	CHECK(p != NULL && p->max_argref == 20);
	dt_ast_prog_free(p);
	m.defaultargs = 0;

	m.target_set = 0;
	CHECK_STR(prog("pid$target:::entry {}"),
	    "(clause (probes \"pid0:::entry\") (body))");
	macros = NULL;
	CHECK_STR(expr("$1"), "ERROR 1: macro argument $1 is not defined");
	CHECK_STR(expr("$target"), "0");
}

static void
test_errors(void)
{
	CHECK_STR(prog("BEGIN { trace(1 + ); }"),
	    "ERROR 1: syntax error near \")\"");
	CHECK_STR(prog("BEGIN {"), "ERROR 1: syntax error near end of input");
	CHECK_STR(prog("BEGIN {\n  x = 1;\n"),
	    "ERROR 3: syntax error near end of input");
	CHECK_STR(prog("BEGIN\n{\n\tx = ;\n}"),
	    "ERROR 3: syntax error near \";\"");
	CHECK_STR(prog("BEGIN { x = 1 }}"), "ERROR 1: syntax error near \"}\"");
	CHECK_STR(prog("}"), "ERROR 1: syntax error near \"}\"");
	CHECK_STR(prog("BEGIN { x = 1); }"),
	    "ERROR 1: extra ) in input stream");
	CHECK_STR(prog("BEGIN /(x/ {}"),
	    "ERROR 1: closing ) expected in predicate before /");
	CHECK_STR(prog("BEGIN /x[1/ {}"),
	    "ERROR 1: closing ] expected in predicate before /");
	/* "/ y" is a division, as in dtrace */
	CHECK_STR(prog("BEGIN /x/ y {}"), "ERROR 1: syntax error near \"{\"");
	CHECK_STR(prog("BEGIN /x/ ;"), "ERROR 1: syntax error near \";\"");
	CHECK_STR(prog("BEGIN /x {}"), "ERROR 1: syntax error near \"{\"");
	CHECK_STR(prog("BEGIN ;"), "ERROR 1: syntax error near \";\"");
	CHECK_STR(prog("BEGIN, {}"), "ERROR 1: syntax error near \"{\"");
	CHECK_STR(prog("{}"), "ERROR 1: syntax error near \"{\"");
	CHECK_STR(prog("BEGIN { x = 1.0; }"),
	    "ERROR 1: floating-point constants are not permitted");
	CHECK_STR(prog("BEGIN\n{\n x = \"abc\n\";\n}"),
	    "ERROR 4: newline encountered in string literal");
	CHECK_STR(prog("BEGIN { x = \"abc"), "ERROR 1: syntax error near \"\"\"");
	CHECK_STR(prog("BEGIN { x = 'ab"), "ERROR 1: syntax error near \"'\"");
	CHECK_STR(prog("BEGIN { x = ''; }"),
	    "ERROR 1: empty character constant");
	CHECK_STR(prog("BEGIN { x = 099; }"),
	    "ERROR 1: constant 099 contains invalid digit 9");
	CHECK_STR(prog("BEGIN { x = 99999999999999999999; }"),
	    "ERROR 1: constant 99999999999999999999 results in integer "
	    "overflow");
	CHECK_STR(prog("BEGIN { /* x"),
	    "ERROR 1: end-of-file encountered before matching */");
	CHECK_STR(prog("BEGIN { x = a b; }"), "ERROR 1: syntax error near \"b\"");
	CHECK_STR(prog("BEGIN { x = a ? b; }"),
	    "ERROR 1: syntax error near \";\"");
	CHECK_STR(prog("BEGIN { a + b = c; }"),
	    "ERROR 1: syntax error near \"=\"");
	CHECK_STR(prog("BEGIN { (int)a = c; }"),
	    "ERROR 1: syntax error near \"=\"");
	CHECK_STR(prog("BEGIN { a ? b : c = d; }"),
	    "ERROR 1: syntax error near \"=\"");
	CHECK_STR(prog("BEGIN { x = f(1,); }"),
	    "ERROR 1: syntax error near \")\"");
	CHECK_STR(prog("BEGIN { x = a[]; }"),
	    "ERROR 1: syntax error near \"]\"");
	CHECK_STR(prog("BEGIN { x = a->; }"), "ERROR 1: syntax error near \";\"");
	CHECK_STR(prog("BEGIN { x = a->1; }"),
	    "ERROR 1: syntax error near \"1\"");
	CHECK_STR(prog("BEGIN { x = sizeof(int; }"),
	    "ERROR 1: syntax error near \";\"");
	CHECK_STR(prog("BEGIN { x = offsetof(struct foo, 1); }"),
	    "ERROR 1: syntax error near \"1\"");
	CHECK_STR(prog("BEGIN { x = xlate(int)(y); }"),
	    "ERROR 1: syntax error near \"(\"");
	CHECK_STR(prog("BEGIN { x = probe; }"),
	    "ERROR 1: syntax error near \"probe\"");
	CHECK_STR(prog("BEGIN { x = @a[]; }"),
	    "ERROR 1: syntax error near \"]\"");
	CHECK_STR(prog("BEGIN { x = 1 $ 2; }"),
	    "ERROR 1: syntax error near \"$\"");
	CHECK_STR(prog("BEGIN { x = 1 / ; }"),
	    "ERROR 1: syntax error near \"/\"");
	CHECK_STR(prog("counter x;"), "ERROR 1: syntax error near \"counter\"");
	CHECK_STR(prog("int;x"), "(decl int)\n(clause (probes \"x\") nobody)");
	CHECK_STR(prog("int x y;"), "ERROR 1: syntax error near \"y\"");
	CHECK_STR(prog("int x"), "ERROR 1: syntax error near end of input");
	CHECK_STR(prog("int 3;"), "ERROR 1: syntax error near \"3\"");
	CHECK_STR(prog("int x = 3;"), "ERROR 1: syntax error near \"=\"");
	CHECK_STR(prog("int int x;"), "ERROR 1: invalid type combination");
	CHECK_STR(prog("struct foo int x;"),
	    "ERROR 1: invalid type combination");
	CHECK_STR(prog("long long long x;"),
	    "ERROR 1: invalid type combination");
	CHECK_STR(prog("extern static int x;"),
	    "ERROR 1: only one storage class allowed in a declaration");
	CHECK_STR(prog("self this int x;"),
	    "ERROR 1: only one storage class allowed in a declaration");
	CHECK_STR(prog("long char c;"), "ERROR 1: invalid type declaration: "
	    "short and long may not be used with char type");
	CHECK_STR(prog("unsigned void v;"), "ERROR 1: invalid type declaration: "
	    "attributes may not be used with void type");
	CHECK_STR(prog("unsigned string s;"), "ERROR 1: invalid type "
	    "declaration: signed and unsigned may only be used with integer "
	    "type");
	CHECK_STR(prog("long struct foo s;"), "ERROR 1: invalid type "
	    "declaration: long and long long may only be used with integer or "
	    "floating-point type");
	CHECK_STR(prog("struct;"), "ERROR 1: syntax error near \";\"");
	CHECK_STR(prog("struct foo { };"), "ERROR 1: syntax error near \"}\"");
	CHECK_STR(prog("struct foo { int; };"),
	    "ERROR 1: syntax error near \";\"");
	CHECK_STR(prog("struct foo { int a }"),
	    "ERROR 1: syntax error near \"}\"");
	CHECK_STR(prog("enum { A, };"), "ERROR 1: syntax error near \"}\"");
	CHECK_STR(prog("enum e { 1 };"), "ERROR 1: syntax error near \"1\"");
	CHECK_STR(prog("int (*)(int);"), "ERROR 1: syntax error near \")\"");
	CHECK_STR(prog("int a[1;"), "ERROR 1: syntax error near \";\"");
	CHECK_STR(prog("int a[string,];"), "ERROR 1: syntax error near \"]\"");
	CHECK_STR(prog("int f(int,...,int);"),
	    "ERROR 1: syntax error near \",\"");
	/* unknown type names at the top level are probe descriptions */
	CHECK_STR(prog("foo_t x"),
	    "(clause (probes \"foo_t\") nobody)\n(clause (probes \"x\") nobody)");
	CHECK_STR(prog("foo_t x;"), "ERROR 1: syntax error near \";\"");
	CHECK_STR(prog("\n\nBEGIN { @a[1 = count(); }"),
	    "ERROR 3: syntax error near \";\"");
}

static void
test_nesting(void)
{
	char *src = malloc(20000), *q;
	int i;

	/* deep but acceptable */
	q = src + sprintf(src, "BEGIN { x = ");
	for (i = 0; i < 900; i++)
		*q++ = '(';
	*q++ = '1';
	for (i = 0; i < 900; i++)
		*q++ = ')';
	strcpy(q, "; }");
	CHECK_STR(prog(src), "(clause (probes \"BEGIN\") (body (= x 1)))");

	/* too deep: an error, not a crash */
	q = src + sprintf(src, "BEGIN { x = ");
	for (i = 0; i < 5000; i++)
		*q++ = '(';
	strcpy(q, "1; }");
	q = prog(src);
	CHECK(q != NULL && strncmp(q, "ERROR 1: memory exhausted near", 30)
	    == 0);
	free(q);

	q = src + sprintf(src, "BEGIN { x = ");
	for (i = 0; i < 3000; i++) {
		*q++ = '-';
		*q++ = ' ';
	}
	strcpy(q, "1; }");
	q = prog(src);
	CHECK(q != NULL && strncmp(q, "ERROR 1: memory exhausted near", 30)
	    == 0);
	free(q);

	q = src + sprintf(src, "BEGIN { x = 1");
	for (i = 0; i < 6000; i++)
		q += sprintf(q, "+1");
	strcpy(q, "; }");
	CHECK_STR(prog(src), "ERROR 1: expression is too complex");

	/* many adjacent strings are concatenated */
	q = src + sprintf(src, "BEGIN { x = ");
	for (i = 0; i < 3000; i++)
		q += sprintf(q, "\"%c\" ", 'a' + i % 26);
	strcpy(q, "; }");
	q = prog(src);
	CHECK(q != NULL && strlen(q) > 3000 && strstr(q, "\"abcdefghijklmnop"
	    "qrstuvwxyzabc") != NULL);
	free(q);
	free(src);
}

static int
lookup_u32(void *arg, const char *name)
{
	(*(int *)arg)++;
	return strcmp(name, "u32") == 0;
}

static void
test_typenames(void)
{
	struct dt_parse_state *saved = ps;
	int calls = 0;

	ps = dt_parse_state_new(NULL, NULL);
	CHECK(ps != NULL);
	if (ps == NULL)
		goto out;
	CHECK(dt_parse_is_typename(ps, "uint32_t"));
	CHECK(dt_parse_is_typename(ps, "zoneid_t"));
	CHECK(!dt_parse_is_typename(ps, "u32"));
	CHECK_STR(expr("(u32)x"), "ERROR 1: syntax error near \"x\"");
	CHECK(dt_parse_add_typename(ps, "u32") == 0);
	CHECK(dt_parse_add_typename(ps, "u32") == 0);
	CHECK(dt_parse_add_typename(ps, NULL) == 0);
	CHECK(dt_parse_is_typename(ps, "u32"));
	CHECK_STR(expr("(u32)x"), "(cast u32 x)");
	CHECK_STR(prog("u32 x;"), "(decl u32 (d x))");
	/* registered names persist across parses with the state */
	CHECK_STR(expr("(u32)x"), "(cast u32 x)");
	dt_parse_state_free(ps);

	/* a new state knows the built-ins only */
	ps = dt_parse_state_new(lookup_u32, &calls);
	CHECK(ps != NULL);
	if (ps == NULL)
		goto out;
	CHECK(dt_parse_is_typename(ps, "u32"));
	calls = 0;
	CHECK_STR(expr("(u32)x + (u32 *)y"),
	    "(+ (cast u32 x) (cast (type u32 (d _ ptr)) y))");
	CHECK(calls > 0);
	/* a variable named like a type is still a variable */
	CHECK_STR(expr("u32 = u32 + 1"), "(= u32 (+ u32 1))");
	CHECK_STR(expr("(u32 + 1)"), "(+ u32 1)");
	CHECK_STR(prog("BEGIN {} u32 *p;"),
	    "(clause (probes \"BEGIN\") (body))\n(decl u32 (d p ptr))");
	/* the lookup is the state's: it stays for every parse */
	CHECK_STR(expr("(u32)x"), "(cast u32 x)");
	dt_parse_state_free(ps);

	/* many registered names */
	ps = dt_parse_state_new(NULL, NULL);
	CHECK(ps != NULL);
	if (ps == NULL)
		goto out;
	for (calls = 0; calls < 5000; calls++) {
		char name[32];

		snprintf(name, sizeof(name), "type%d_t", calls);
		if (dt_parse_add_typename(ps, name) != 0)
			break;
	}
	CHECK(calls == 5000);
	CHECK(dt_parse_is_typename(ps, "type0_t") &&
	    dt_parse_is_typename(ps, "type4999_t") &&
	    !dt_parse_is_typename(ps, "type5000_t"));
	dt_parse_state_free(ps);
	dt_parse_state_free(NULL);
out:
	ps = saved;
}

/*
 * Two states (as two libdtrace handles own) share nothing: a name
 * registered in one, or accepted by its lookup, is no type name for the
 * other, and freeing one leaves the other usable.
 */
static void
test_states(void)
{
	struct dt_parse_state *saved = ps, *a, *b;
	int calls = 0;

	a = dt_parse_state_new(NULL, NULL);
	b = dt_parse_state_new(NULL, NULL);
	CHECK(a != NULL && b != NULL);
	if (a == NULL || b == NULL) {
		dt_parse_state_free(a);
		dt_parse_state_free(b);
		return;
	}
	CHECK(dt_parse_add_typename(a, "foo_t") == 0);
	CHECK(dt_parse_is_typename(a, "foo_t"));
	CHECK(!dt_parse_is_typename(b, "foo_t"));
	CHECK(dt_parse_is_typename(b, "uint32_t"));

	/* the same text parses differently: a cast of *y in a, a product
	 * of two variables in b */
	ps = a;
	CHECK_STR(expr("(foo_t)*y"), "(cast foo_t (* y))");
	CHECK_STR(prog("foo_t *y;"), "(decl foo_t (d y ptr))");
	ps = b;
	CHECK_STR(expr("(foo_t)*y"), "(* foo_t y)");
	CHECK_STR(prog("foo_t *y;"), "ERROR 1: syntax error near \";\"");

	/* a name registered in b stays out of a */
	CHECK(dt_parse_add_typename(b, "bar_t") == 0);
	CHECK(dt_parse_is_typename(b, "bar_t"));
	CHECK(!dt_parse_is_typename(a, "bar_t"));
	CHECK(!dt_parse_is_typename(b, "foo_t"));

	/* freeing a leaves b usable, with its names intact */
	dt_parse_state_free(a);
	ps = b;
	CHECK(dt_parse_is_typename(b, "bar_t"));
	CHECK(!dt_parse_is_typename(b, "foo_t"));
	CHECK_STR(expr("(bar_t)*y"), "(cast bar_t (* y))");
	CHECK_STR(expr("(foo_t)*y"), "(* foo_t y)");
	CHECK(dt_parse_add_typename(b, "baz_t") == 0);
	CHECK_STR(prog("baz_t x;"), "(decl baz_t (d x))");

	/* a lookup callback belongs to its state alone */
	a = dt_parse_state_new(lookup_u32, &calls);
	CHECK(a != NULL);
	if (a != NULL) {
		CHECK(dt_parse_is_typename(a, "u32"));
		CHECK(calls > 0);
		calls = 0;
		CHECK(!dt_parse_is_typename(b, "u32"));
		CHECK_STR(expr("(u32)*y"), "(* u32 y)");
		CHECK(calls == 0);
		ps = a;
		CHECK_STR(expr("(u32)*y"), "(cast u32 (* y))");
		CHECK(!dt_parse_is_typename(a, "bar_t"));
		dt_parse_state_free(a);
	}
	dt_parse_state_free(b);
	ps = saved;
}

static void
test_api(void)
{
	struct dt_perr err;
	struct ast_prog *p;
	struct ast_expr *e;

	p = dt_parse(ps, NULL, NULL, &err);
	CHECK(p != NULL && p->items == NULL && p->nitems == 0);
	dt_ast_prog_free(p);
	dt_ast_prog_free(NULL);
	CHECK(dt_parse(ps, "BEGIN {", NULL, NULL) == NULL);

	/* consumers can add nodes that are freed with the program */
	p = dt_parse(ps, "BEGIN { x; }", NULL, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	e = dt_ast_alloc(p, sizeof(*e));
	e->kind = AST_E_IDENT;
	e->ident.name = dt_ast_strdup(p, "y");
	p->items->clause.body->expr = e;
	CHECK(strcmp(dt_ast_op_str(AST_OP_LXOR), "^^") == 0);
	CHECK(strcmp(dt_ast_op_str(AST_OP_POSTINC), "post++") == 0);
	dt_ast_prog_free(p);
}

int
main(void)
{
	if ((ps = dt_parse_state_new(NULL, NULL)) == NULL)
		abort();
	test_precedence();
	test_unary();
	test_casts();
	test_postfix();
	test_aggregations();
	test_literals();
	test_clauses();
	test_statements();
	test_declarations();
	test_types();
	test_inline_translator_provider();
	test_pragmas();
	test_lines();
	test_macros();
	test_errors();
	test_nesting();
	test_typenames();
	test_states();
	test_api();

	dt_parse_state_free(ps);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
