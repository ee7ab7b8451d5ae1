/*
 * test_lex.c - unit tests of the D lexer (lib/lex.c).
 *
 * Checks token kinds, values and spellings in both lexer modes, literal
 * conversion and escapes, the predicate "/" look-ahead, control lines,
 * macro substitution and dtrace's lexical error messages.  Prints one
 * line per failure and "N passed, M failed" at the end.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/lex.h"

static int npass, nfail;

#define CHECK(cond) check((cond), __LINE__, "%s", #cond)

static void
check(int ok, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		npass++;
		return;
	}
	nfail++;
	printf("FAIL test_lex.c:%d: ", line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

#define CHECK_STR(got, want) check_str((got), (want), __LINE__)

static void
check_str(const char *got, const char *want, int line)
{
	check(got != NULL && strcmp(got, want) == 0, line,
	    "got \"%s\", want \"%s\"", got ? got : "(null)", want);
}

static struct dt_arena *arena;
static struct lexer lx;

static int
no_types(void *ctx, const char *name)
{
	(void)ctx;
	return strcmp(name, "foo_t") == 0 || strcmp(name, "uint64_t") == 0;
}

static void
start(const char *src, const struct dt_macros *m, unsigned char *argref)
{
	if (arena != NULL)
		dt_arena_free(arena);
	arena = dt_arena_new();
	dt_lex_init(&lx, arena, src, m, argref, no_types, NULL);
}

/*
 * Describe all tokens of src (mode applies to every token) as a string
 * like "IDENT(x) ASSIGN INT(1) SEMI EOF", or "... ERROR(line: msg)".
 */
static char buf[4096];

static const char *
tokname(enum tok k)
{
	static const char *const names[] = {
		"EOF", "ERROR", "IDENT", "INT", "STRING", "AGG", "PSPEC",
		"(", ")", "[", "]", "{", "}", ",", ";", ":", "?", ".", "->",
		"...", "+", "-", "*", "/", "%", "EPRED", "&", "|", "^", "~",
		"!", "<", ">", "<=", ">=", "==", "!=", "<<", ">>", "&&", "||",
		"^^", "++", "--", "=", "*=", "/=", "%=", "+=", "-=", "<<=",
		">>=", "&=", "^=", "|="
	};
	return names[k];
}

static const char *
toks(const char *src, enum lex_mode mode, const struct dt_macros *m)
{
	struct token t;
	size_t n = 0;

	start(src, m, NULL);
	buf[0] = '\0';
	for (;;) {
		enum tok k = dt_lex_next(&lx, mode, &t);

		if (n)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, " ");
		switch (k) {
		case T_IDENT:
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
			    "%s(%s)", t.kw ? "KW" : "IDENT", t.str);
			break;
		case T_INT:
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
			    "INT(%llu%s%s%s%s)", (unsigned long long)t.ival,
			    t.suf_u ? "u" : "", t.suf_l ? "l" : "",
			    t.suf_l > 1 ? "l" : "",
			    t.form == AST_INT_OCT ? ",oct" :
			    t.form == AST_INT_HEX ? ",hex" :
			    t.form == AST_INT_CHAR ? ",chr" : "");
			break;
		case T_STRING:
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
			    "STRING(%s)", t.str);
			break;
		case T_AGG:
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
			    "AGG(%s)", t.str);
			break;
		case T_PSPEC:
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
			    "PSPEC(%s)", t.str);
			break;
		case T_ERROR:
			snprintf(buf + n, sizeof(buf) - n, "ERROR(%d: %s)",
			    lx.errline, lx.errmsg);
			return buf;
		default:
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s",
			    tokname(k));
			break;
		}
		if (k == T_EOF || n >= sizeof(buf) - 64)
			return buf;
	}
}

static const char *
etoks(const char *src)
{
	return toks(src, LEX_EXPR, NULL);
}

static const char *
ttoks(const char *src)
{
	return toks(src, LEX_TOP, NULL);
}

/* first token of src in EXPR mode */
static struct token
tok1(const char *src)
{
	struct token t;

	start(src, NULL, NULL);
	dt_lex_next(&lx, LEX_EXPR, &t);
	return t;
}

static void
test_operators(void)
{
	CHECK_STR(etoks("( ) [ ] { } , ; : ? . -> ..."),
	    "( ) [ ] { } , ; : ? . -> ... EOF");
	CHECK_STR(etoks("+ - * % & | ^ ~ ! < > <= >= == != << >> && || ^^"),
	    "+ - * % & | ^ ~ ! < > <= >= == != << >> && || ^^ EOF");
	CHECK_STR(etoks("++ -- = *= /= %= += -= <<= >>= &= ^= |="),
	    "++ -- = *= /= %= += -= <<= >>= &= ^= |= EOF");
	/* maximal munch */
	CHECK_STR(etoks("a+++b"), "IDENT(a) ++ + IDENT(b) EOF");
	CHECK_STR(etoks("a---b"), "IDENT(a) -- - IDENT(b) EOF");
	CHECK_STR(etoks("x<<=y>>=z"), "IDENT(x) <<= IDENT(y) >>= IDENT(z) EOF");
	CHECK_STR(etoks("a^^=b"), "IDENT(a) ^^ = IDENT(b) EOF");
	CHECK_STR(etoks("p->q.r"), "IDENT(p) -> IDENT(q) . IDENT(r) EOF");
	CHECK_STR(etoks("a&&&b"), "IDENT(a) && & IDENT(b) EOF");
}

static void
test_idents(void)
{
	CHECK_STR(etoks("x _y z9 vmlinux`max_pfn `jiffies"),
	    "IDENT(x) IDENT(_y) IDENT(z9) IDENT(vmlinux`max_pfn) "
	    "IDENT(`jiffies) EOF");
	CHECK_STR(etoks("self this sizeof stringof offsetof xlate if else"),
	    "KW(self) KW(this) KW(sizeof) KW(stringof) KW(offsetof) "
	    "KW(xlate) KW(if) KW(else) EOF");
	CHECK_STR(etoks("for while do switch goto break continue return"),
	    "KW(for) KW(while) KW(do) KW(switch) KW(goto) KW(break) "
	    "KW(continue) KW(return) EOF");
	CHECK_STR(etoks("counter import probe provider translator inline"),
	    "KW(counter) KW(import) KW(probe) KW(provider) KW(translator) "
	    "KW(inline) EOF");
	CHECK_STR(etoks("selfish strings int8_t"),
	    "IDENT(selfish) IDENT(strings) IDENT(int8_t) EOF");
	CHECK(dt_lex_keyword("userland", 8) == KW_USERLAND);
	CHECK(dt_lex_keyword("user", 4) == KW_NONE);
	CHECK(dt_lex_keyword("i", 1) == KW_NONE);
	CHECK_STR(dt_lex_kw_name(KW_STRINGOF), "stringof");
}

static void
test_aggs(void)
{
	CHECK_STR(etoks("@a @ @_ @foo9[x]"),
	    "AGG(a) AGG() AGG(_) AGG(foo9) [ IDENT(x) ] EOF");
	CHECK_STR(etoks("@1"), "AGG() INT(1) EOF");
}

static void
test_integers(void)
{
	struct token t;

	CHECK_STR(etoks("0 7 10 010 0x1F 0XfF"),
	    "INT(0,oct) INT(7) INT(10) INT(8,oct) INT(31,hex) INT(255,hex) EOF");
	CHECK_STR(etoks("1u 1U 1l 1L 1ul 1UL 1ll 1LL 1ull 1uLL 0x10lu"),
	    "INT(1u) INT(1u) INT(1l) INT(1l) INT(1ul) INT(1ul) INT(1ll) "
	    "INT(1ll) INT(1ull) INT(1ull) INT(16l,hex) IDENT(u) EOF");
	CHECK_STR(etoks("18446744073709551615"),
	    "INT(18446744073709551615) EOF");
	CHECK_STR(etoks("0xffffffffffffffff 01777777777777777777777"),
	    "INT(18446744073709551615,hex) INT(18446744073709551615,oct) EOF");
	CHECK_STR(etoks("123abc"), "INT(123) IDENT(abc) EOF");

	t = tok1("0x10UL");
	CHECK(t.kind == T_INT && t.len == 6 && memcmp(t.text, "0x10UL", 6) == 0);

	CHECK_STR(etoks("18446744073709551616"), "ERROR(1: constant "
	    "18446744073709551616 results in integer overflow)");
	CHECK_STR(etoks("0x10000000000000000"), "ERROR(1: constant "
	    "0x10000000000000000 results in integer overflow)");
	CHECK_STR(etoks("09"), "ERROR(1: constant 09 contains invalid digit 9)");
	CHECK_STR(etoks("\n0189u"),
	    "ERROR(2: constant 0189u contains invalid digit 8)");
	CHECK_STR(etoks("1.5"),
	    "ERROR(1: floating-point constants are not permitted)");
	CHECK_STR(etoks("x = 1e5"), "IDENT(x) = "
	    "ERROR(1: floating-point constants are not permitted)");
	CHECK_STR(etoks("1f"),
	    "ERROR(1: floating-point constants are not permitted)");
	CHECK_STR(etoks(".5"),
	    "ERROR(1: floating-point constants are not permitted)");
	CHECK_STR(etoks("2."),
	    "ERROR(1: floating-point constants are not permitted)");
}

static void
test_chars(void)
{
	CHECK_STR(etoks("'a' '\\n' '\\0' '\\x41' '\\101' 'ab' '\\\\' '\\''"),
	    "INT(97,chr) INT(10,chr) INT(0,chr) INT(65,chr) INT(65,chr) "
	    "INT(24930,chr) INT(92,chr) INT(39,chr) EOF");
	CHECK_STR(etoks("'\\a' '\\b' '\\f' '\\r' '\\t' '\\v' '\\\"' '\\?'"),
	    "INT(7,chr) INT(8,chr) INT(12,chr) INT(13,chr) INT(9,chr) "
	    "INT(11,chr) INT(34,chr) INT(63,chr) EOF");
	CHECK_STR(etoks("'abcdefgh'"), "INT(7017280452245743464,chr) EOF");
	CHECK_STR(etoks("'\\377'"), "INT(255,chr) EOF");
	CHECK_STR(etoks("''"), "ERROR(1: empty character constant)");
	CHECK_STR(etoks("'abcdefghi'"),
	    "ERROR(1: character constant is too long)");
	CHECK_STR(etoks("'a\n'"),
	    "ERROR(2: newline encountered in character constant)");
	CHECK_STR(etoks("'a"), "ERROR(1: syntax error near \"'\")");
}

static void
test_strings(void)
{
	struct token t;

	CHECK_STR(etoks("\"hello\" \"\""), "STRING(hello) STRING() EOF");
	t = tok1("\"a\\tb\\n\\\\\\\"\\x41\\101\\q\"");
	CHECK(t.kind == T_STRING);
	CHECK(t.slen == 10 && memcmp(t.str, "a\tb\n\\\"AA\\q", 10) == 0);
	CHECK(t.len == 22);
	t = tok1("\"a\\0b\"");
	CHECK(t.kind == T_STRING && t.slen == 3 && t.str[1] == '\0' &&
	    t.str[2] == 'b');
	t = tok1("\"\\x\"");
	CHECK(t.kind == T_STRING && t.slen == 1 && t.str[0] == '\0');
	t = tok1("\"\\1234\"");
	CHECK(t.kind == T_STRING && t.slen == 2 && t.str[0] == 'S' &&
	    t.str[1] == '4');
	CHECK_STR(etoks("\"abc\ndef\""),
	    "ERROR(2: newline encountered in string literal)");
	CHECK_STR(etoks("x \"abc"), "IDENT(x) ERROR(1: syntax error near \"\"\")");
	CHECK_STR(etoks("\"abc\\"), "ERROR(1: syntax error near \"\"\")");
}

static void
test_unescape(void)
{
	char out[64];
	size_t n;

	n = dt_lex_unescape("a\\nb", 4, out);
	CHECK(n == 3 && memcmp(out, "a\nb", 3) == 0);
	n = dt_lex_unescape("\\x4a\\x", 6, out);
	CHECK(n == 2 && out[0] == 'J' && out[1] == '\0');
	n = dt_lex_unescape("\\z", 2, out);
	CHECK(n == 2 && out[0] == '\\' && out[1] == 'z');
	n = dt_lex_unescape("ab\\", 3, out);
	CHECK(n == 2 && memcmp(out, "ab", 2) == 0);
	n = dt_lex_unescape("\\08", 3, out);
	CHECK(n == 2 && out[0] == 0 && out[1] == '8');
}

static void
test_comments(void)
{
	CHECK_STR(etoks("a /* comment */ b // line\nc"),
	    "IDENT(a) IDENT(b) IDENT(c) EOF");
	CHECK_STR(etoks("a /* x\ny\n*/ b"), "IDENT(a) IDENT(b) EOF");
	CHECK_STR(etoks("a /* never ends"),
	    "IDENT(a) ERROR(1: end-of-file encountered before matching */)");
	CHECK_STR(etoks("a /* x\n\n"),
	    "IDENT(a) ERROR(3: end-of-file encountered before matching */)");
	CHECK_STR(etoks("/* a /* b */"),
	    "ERROR(1: /* encountered inside a comment)");
	CHECK_STR(etoks("a \\\n b"), "IDENT(a) IDENT(b) EOF");
}

static void
test_lines(void)
{
	struct token t;

	start("a\nb\n\n  c /*\n*/ d", NULL, NULL);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.line == 1);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.line == 2);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.line == 4);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.line == 5 && t.kind == T_IDENT && strcmp(t.str, "d") == 0);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.kind == T_EOF && t.line == 5);

	/* cpp line markers: the next line gets the number */
	start("a\n# 10 \"foo.d\"\nb\n#line 20\nc\n# 7 \"x.h\" 1 3\nd", NULL,
	    NULL);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.line == 1);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.line == 10);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.line == 20);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.line == 7);
	CHECK_STR(etoks("#line x"),
	    "ERROR(1: malformed #line <line> [ [\"file\"] state ])");
	CHECK_STR(etoks("# 5 6"),
	    "ERROR(1: malformed #line <line> [ [\"file\"] state ])");
	CHECK_STR(etoks("# 5 \"f\" x"),
	    "ERROR(1: malformed #line <line> [ [\"file\"] state ])");
}

static void
test_control(void)
{
	struct ast_item *it;

	CHECK_STR(etoks("#!/usr/sbin/dtrace -s\nx"), "IDENT(x) EOF");
	CHECK_STR(etoks("x\n  #!anything\ny"), "IDENT(x) IDENT(y) EOF");
	CHECK_STR(etoks("#\nx"), "IDENT(x) EOF");
	CHECK_STR(etoks("#ident \"@(#)foo\"\nx"), "IDENT(x) EOF");
	CHECK_STR(etoks("#pragma ident \"x\"\nx"), "IDENT(x) EOF");
	CHECK_STR(etoks("#pragma weak foo\nx"), "IDENT(x) EOF");
	CHECK_STR(etoks("#pragma\nx"), "IDENT(x) EOF");
	CHECK_STR(etoks("x\n#define X 1\n"),
	    "IDENT(x) ERROR(2: invalid control directive: #define)");
	CHECK_STR(etoks("#include <stdio.h>"),
	    "ERROR(1: invalid control directive: #include)");
	CHECK_STR(etoks("#\"x\""), "ERROR(1: invalid control directive)");
	CHECK_STR(etoks("#pragma D bogus"), "ERROR(1: invalid D pragma: bogus)");
	CHECK_STR(etoks("#error this is \"bad\" 3"),
	    "ERROR(1: #error: this is bad )");
	CHECK_STR(etoks("#pragma D option"),
	    "ERROR(1: malformed #pragma option <option>=<val>)");
	CHECK_STR(etoks("#pragma D option a b"),
	    "ERROR(1: superfluous arguments specified for #pragma option)");
	CHECK_STR(etoks("#pragma D attributes x"),
	    "ERROR(1: malformed #pragma attributes <attributes> <ident>)");
	CHECK_STR(etoks("#pragma D binding 1.0 x"),
	    "ERROR(1: malformed #pragma binding \"version\" <ident>)");
	CHECK_STR(etoks("#pragma D depends_on provider"),
	    "ERROR(1: malformed #pragma depends_on <class> <name>)");
	CHECK_STR(etoks("#pragma D depends_on thing x"),
	    "ERROR(1: invalid class thing specified by #pragma depends_on)");
	CHECK_STR(etoks("#pragma D option x=\"a"),
	    "ERROR(1: syntax error near \"\"\")");
	CHECK_STR(etoks("a # b"), "IDENT(a) ERROR(1: syntax error near \"#\")");

	/* recorded pragmas */
	CHECK_STR(etoks("#pragma D option quiet\n  #  pragma D option "
	    "bufsize=4m\n#pragma D attributes Evolving/Evolving/Common "
	    "provider foo provider\n#pragma D binding \"1.0\" f\n"
	    "#pragma D depends_on module vmlinux\nx"), "IDENT(x) EOF");
	it = lx.pragmas;
	CHECK(it != NULL && it->kind == AST_ITEM_PRAGMA &&
	    it->pragma.kind == AST_PRAGMA_OPTION && it->line == 1);
	if (it == NULL)
		return;
	CHECK_STR(it->pragma.opt, "quiet");
	CHECK(it->pragma.val == NULL);
	it = it->next;
	CHECK(it != NULL && it->line == 2);
	if (it == NULL)
		return;
	CHECK_STR(it->pragma.opt, "bufsize");
	CHECK_STR(it->pragma.val, "4m");
	it = it->next;
	CHECK(it != NULL && it->pragma.kind == AST_PRAGMA_ATTRIBUTES &&
	    it->pragma.nargs == 4);
	if (it == NULL)
		return;
	CHECK_STR(it->pragma.args[0].text, "Evolving/Evolving/Common");
	CHECK_STR(it->pragma.args[3].text, "provider");
	it = it->next;
	CHECK(it != NULL && it->pragma.kind == AST_PRAGMA_BINDING &&
	    it->pragma.args[0].kind == AST_PARG_STRING);
	if (it == NULL)
		return;
	CHECK_STR(it->pragma.args[0].text, "1.0");
	it = it->next;
	CHECK(it != NULL && it->pragma.kind == AST_PRAGMA_DEPENDS_ON &&
	    it->next == NULL);
}

static void
test_epred(void)
{
	CHECK_STR(etoks("x / y"), "IDENT(x) / IDENT(y) EOF");
	CHECK_STR(etoks("x /"), "IDENT(x) EPRED EOF");
	CHECK_STR(etoks("x / {"), "IDENT(x) EPRED { EOF");
	CHECK_STR(etoks("x /\n\n;"), "IDENT(x) EPRED ; EOF");
	CHECK_STR(etoks("x //"), "IDENT(x) EOF");
	CHECK_STR(etoks("x / /* c */"), "IDENT(x) EPRED EOF");
	CHECK_STR(etoks("x /= 2"), "IDENT(x) /= INT(2) EOF");
	CHECK_STR(etoks("(x /"),
	    "( IDENT(x) ERROR(1: closing ) expected in predicate before /)");
	CHECK_STR(etoks("a[x /"),
	    "IDENT(a) [ IDENT(x) ERROR(1: closing ] expected in predicate "
	    "before /)");
	CHECK_STR(etoks("a)"), "IDENT(a) ERROR(1: extra ) in input stream)");
	CHECK_STR(etoks("]"), "ERROR(1: extra ] in input stream)");
	CHECK_STR(etoks("{}}"), "{ } ERROR(1: extra } in input stream)");
}

static void
test_bad_chars(void)
{
	CHECK_STR(etoks("a $"), "IDENT(a) ERROR(1: syntax error near \"$\")");
	CHECK_STR(etoks("\n\\x"), "ERROR(2: syntax error near \"\\\")");
	CHECK_STR(etoks("\x01"), "ERROR(1: syntax error near \"\x01\")");
}

static void
test_top(void)
{
	CHECK_STR(ttoks("BEGIN"), "PSPEC(BEGIN) EOF");
	CHECK_STR(ttoks("syscall::read:entry,syscall::write:entry/x/"),
	    "PSPEC(syscall::read:entry) , PSPEC(syscall::write:entry) / "
	    "PSPEC(x) / EOF");
	CHECK_STR(ttoks("tick-1s{"), "PSPEC(tick-1s) { EOF");
	CHECK_STR(ttoks(":::entry fbt:: fbt::foo*: *:a?b:[abc]x:[!a-z]"),
	    "PSPEC(:::entry) PSPEC(fbt::) PSPEC(fbt::foo*:) "
	    "PSPEC(*:a?b:[abc]x:[!a-z]) EOF");
	CHECK_STR(ttoks("pid$target:libc.so.6:malloc:return"),
	    "PSPEC(pid$target:libc.so.6:malloc:return) EOF");
	CHECK_STR(ttoks("fbt:vmlinux:foo.isra.0:entry a+b~c `x"),
	    "PSPEC(fbt:vmlinux:foo.isra.0:entry) PSPEC(a+b~c) PSPEC(`x) EOF");
	CHECK_STR(ttoks("foo\\:bar\\ x"), "PSPEC(foo\\:bar\\) PSPEC(x) EOF");
	CHECK_STR(ttoks("123 0x10"), "INT(123) INT(16,hex) EOF");
	CHECK_STR(ttoks("12ab"), "PSPEC(12ab) EOF");
	CHECK_STR(ttoks("09"), "ERROR(1: constant 09 contains invalid digit 9)");

	/* declaration keywords and type names */
	CHECK_STR(ttoks("int x"), "KW(int) PSPEC(x) EOF");
	CHECK_STR(ttoks("int:::entry"), "PSPEC(int:::entry) EOF");
	CHECK_STR(ttoks("inline translator provider self this typedef"),
	    "KW(inline) KW(translator) KW(provider) KW(self) KW(this) "
	    "KW(typedef) EOF");
	CHECK_STR(ttoks("counter import"), "KW(counter) KW(import) EOF");
	CHECK_STR(ttoks("sizeof if probe"),
	    "PSPEC(sizeof) PSPEC(if) PSPEC(probe) EOF");
	CHECK_STR(ttoks("foo_t bar_t"), "IDENT(foo_t) PSPEC(bar_t) EOF");
	CHECK_STR(ttoks("foo_t*"), "IDENT(foo_t) PSPEC(*) EOF");
	CHECK_STR(ttoks("int*p"), "KW(int) PSPEC(*p) EOF");
	CHECK_STR(ttoks("bar_t*"), "PSPEC(bar_t*) EOF");
	CHECK_STR(ttoks("foo_t*:"), "PSPEC(foo_t*:) EOF");
	CHECK_STR(ttoks("struct{"), "KW(struct) { EOF");

	CHECK_STR(ttoks("BEGIN ;"), "PSPEC(BEGIN) ERROR(1: syntax error near "
	    "\";\")");
	CHECK_STR(ttoks("}"), "ERROR(1: syntax error near \"}\")");
	CHECK_STR(ttoks("\"x\""), "ERROR(1: syntax error near \"\"\")");
	CHECK_STR(ttoks("BEGIN /* c */ // d\n{"), "PSPEC(BEGIN) { EOF");
}

static void
test_macros(void)
{
	char *argv[] = { "s.d", "42", "-7", "+0x10", "foo", "a b", "\"q\"",
	    "08", "99999999999999999999", "", "\\tx" };
	struct dt_macros m = { .argc = 11, .argv = argv, .target = 1234,
	    .target_set = 1, .pid = 55, .ppid = 1, .uid = 1000, .gid = 100,
	    .pgid = 5, .sid = 6, .projid = 7, .taskid = 8 };
	unsigned char ref[11];
	struct token t;
	int i;

	CHECK_STR(toks("$1 $2 $3 $4 $5 $6 $7 $9 $10", LEX_EXPR, &m),
	    "INT(42) INT(7) INT(16,hex) IDENT(foo) STRING(a b) STRING(q) "
	    "INT(0,oct) STRING() STRING(\tx) EOF");
	CHECK_STR(toks("$$1 $$4 $$0 $0", LEX_EXPR, &m),
	    "STRING(42) STRING(foo) STRING(s.d) STRING(s.d) EOF");
	CHECK_STR(toks("$target $pid $ppid $uid $gid $pgid $sid $projid "
	    "$taskid $$target", LEX_EXPR, &m),
	    "INT(1234) INT(55) INT(1) INT(1000) INT(100) INT(5) INT(6) INT(7) "
	    "INT(8) STRING(1234) EOF");
	CHECK_STR(toks("$11", LEX_EXPR, &m),
	    "ERROR(1: macro argument $11 is not defined)");
	CHECK_STR(toks("x\n$$12", LEX_EXPR, &m),
	    "IDENT(x) ERROR(2: macro argument $$12 is not defined)");
	CHECK_STR(toks("$8", LEX_EXPR, &m), "ERROR(1: macro argument $8 "
	    "constant 99999999999999999999 results in integer overflow)");
	CHECK_STR(toks("$bogus", LEX_EXPR, &m),
	    "ERROR(1: macro variable $bogus is not defined)");
	CHECK_STR(toks("$$bogus", LEX_EXPR, &m),
	    "ERROR(1: macro variable $$bogus is not defined)");
	CHECK_STR(toks("$1", LEX_EXPR, NULL),
	    "ERROR(1: macro argument $1 is not defined)");
	CHECK_STR(toks("$target", LEX_EXPR, NULL), "INT(0) EOF");

	/* sign and spelling of macro integers */
	start("$2", &m, NULL);
	dt_lex_next(&lx, LEX_EXPR, &t);
	CHECK(t.kind == T_INT && t.sign == '-' && t.ival == 7 &&
	    t.from_macro && t.len == 2 && memcmp(t.text, "$2", 2) == 0);

	/* references are recorded */
	memset(ref, 0, sizeof(ref));
	start("$1 + $$3 + $1", &m, ref);
	while (dt_lex_next(&lx, LEX_EXPR, &t) != T_EOF)
		continue;
	CHECK(ref[1] && ref[3] && !ref[2] && !ref[0] && lx.max_argref == 3);
	for (i = 4; i < 11; i++)
		CHECK(ref[i] == 0);

	/* defaultargs */
	m.defaultargs = 1;
	CHECK_STR(toks("$20 $$20", LEX_EXPR, &m), "INT(0,oct) STRING() EOF");
	m.target_set = 0;
	CHECK_STR(toks("$target", LEX_EXPR, &m), "INT(0) EOF");
}

int
main(void)
{
	test_operators();
	test_idents();
	test_aggs();
	test_integers();
	test_chars();
	test_strings();
	test_unescape();
	test_comments();
	test_lines();
	test_control();
	test_epred();
	test_bad_chars();
	test_top();
	test_macros();

	dt_arena_free(arena);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
