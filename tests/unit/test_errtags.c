/*
 * test_errtags.c - every compile-time error carries its DTrace error tag,
 * without privileges.
 *
 * For every tag the compiler raises, a program that raises it: compiled
 * with -x errtags, its message names the tag where dtrace puts it
 * ("[D_OP_INCOMPAT] line 3: ..."), and without the option the message is
 * the same with the tag taken out.  Then the sources themselves: every
 * tag the compiler's error paths (lib/, but code generation, whose
 * refusals come when programs load: tests/d/errors/) can raise has its
 * program here, and D_UNKNOWN, dtrace's "no more specific tag", is only
 * raised for the errors documented below.  The counts of error paths
 * are printed.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dtrace.h"
#include "base/errtags.h"
#include "check.h"

struct snippet {
	enum dt_errtag tag;
	const char *src;
};

/* 256 probe arguments, one past what a provider definition takes */
#define P4 "int, int, int, int, "
#define P16 P4 P4 P4 P4
#define P256 P16 P16 P16 P16 P16 P16 P16 P16 P16 P16 P16 P16 P16 P16 P16 P16

/* one program per tag, compiled as a script (t.d) */
static const struct snippet snippets[] = {
	{ D_ACT_SPEC, "BEGIN { speculate(1); chill(1); }" },
	{ D_ADDROF_BITFIELD, "struct s { int a:3; }; struct s *p; BEGIN { trace(&p->a); }" },
	{ D_ADDROF_LVAL, "BEGIN { trace(&1); }" },
	{ D_ADDROF_VAR, "BEGIN { x = 1; trace(&x); }" },
	{ D_AGG_COMM, "BEGIN { commit(1); @a = count(); }" },
	{ D_AGG_FUNC, "BEGIN { @a = 1; }" },
	{ D_AGG_MDIM, "BEGIN { @a[1][2] = count(); }" },
	{ D_AGG_REDEF, "BEGIN { @a = count(); @a = sum(1); }" },
	{ D_AGG_SCALAR, "BEGIN { @a = sum(\"x\"); }" },
	{ D_AGG_SPEC, "BEGIN { speculate(1); @a = count(); }" },
	{ D_ARGS_IDX, "BEGIN { trace(args[0]); }" },
	{ D_ARR_BADREF, "int a[5]; BEGIN { a[1, 2] = 1; }" },
	{ D_ARR_LOCAL, "BEGIN { this->x[1] = 1; }" },
	{ D_CAST_INVAL, "struct s { int a; }; BEGIN { trace((struct s)1); }" },
	{ D_CG_DYN, "BEGIN { @a = count(); trace(@a); }" },
	{ D_CG_EXPR, "BEGIN { x = trace(1); }" },
	{ D_CHR_NL, "BEGIN\n{\n\ttrace('a\n');\n}\n" },
	{ D_CHR_NULL, "BEGIN { trace(''); }" },
	{ D_CHR_OFLOW, "BEGIN { trace('abcdefghi'); }" },
	{ D_CLEAR_AGGARG, "BEGIN { clear(1); }" },
	{ D_COMM_COMM, "BEGIN { commit(1); commit(1); }" },
	{ D_COMM_DREC, "BEGIN { trace(1); commit(1); }" },
	{ D_DECL_ARRBIG, "int a[4294967296];" },
	{ D_DECL_ARRNULL, "int a[];" },
	{ D_DECL_ARRSUB, "int a[0];" },
	{ D_DECL_BFCONST, "struct s { int a:-1; };" },
	{ D_DECL_BFSIZE, "struct s { int a:40; };" },
	{ D_DECL_BFTYPE, "struct s { char *a:3; };" },
	{ D_DECL_CHARATTR, "short char c;" },
	{ D_DECL_CLASS, "self self int x;" },
	{ D_DECL_COMBO, "int char x;" },
	{ D_DECL_DYNOBJ, "long double x;" },
	{ D_DECL_ENCONST, "enum e { A = \"x\" };" },
	{ D_DECL_ENOFLOW, "enum e { A = 2147483648 };" },
	{ D_DECL_IDRED, "int x; char x;" },
	{ D_DECL_INCOMPLETE, "struct nodef; struct nodef v;" },
	{ D_DECL_LOCASSC, "this int x[int];" },
	{ D_DECL_LONGINT, "long string s;" },
	{ D_DECL_PROTO_FORM, "provider p { probe x(int a) : (int b); };" },
	{ D_DECL_PROTO_NAME, "provider p { probe x(int a) : (int); };" },
	{ D_DECL_PROTO_VOID, "provider p { probe x(int a, void); };" },
	{ D_DECL_SCOPE, "enum e { A`B };" },
	{ D_DECL_SIGNINT, "unsigned string s;" },
	{ D_DECL_TYPERED, "struct s { int a; }; struct s { int b; };" },
	{ D_DECL_VOIDATTR, "long void x;" },
	{ D_DECL_VOIDOBJ, "struct s { void a; };" },
	{ D_DEREF_FUNC, "int (*fp)(); BEGIN { trace(*fp); }" },
	{ D_DEREF_NONPTR, "BEGIN { trace(*1); }" },
	{ D_DEREF_VOID, "BEGIN { trace(*(void *)0); }" },
	{ D_DIV_ZERO, "BEGIN { trace(1 / 0); }" },
	{ D_DREC_COMM, "BEGIN { commit(1); trace(1); }" },
	{ D_EXIT_SPEC, "BEGIN { speculate(1); exit(0); }" },
	{ D_FREOPEN_INVALID, "BEGIN { freopen(\".\"); }" },
	{ D_FUNC_UNDEF, "BEGIN { trace(nosuch(1)); }" },
	{ D_IDENT_UNDEF, "BEGIN { trace(y); }" },
	{ D_IDENT_BADREF, "BEGIN { a[1] = 1; x = a; }" },
	{ D_ID_OFLOW, "BEGIN { @a[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33] = count(); }" },
	{ D_INT_DIGIT, "BEGIN { trace(08); }" },
	{ D_INT_OFLOW, "BEGIN { trace(99999999999999999999); }" },
	{ D_KEY_TYPE, "struct s { int a; }; struct s v; BEGIN { @a[v] = count(); }" },
	{ D_LLQUANT_FACTOREVEN, "BEGIN { @a = llquantize(1, 10, 0, 1, 15); }" },
	{ D_LLQUANT_FACTORMATCH, "BEGIN { @a = llquantize(1, 2, 0, 1, 4); @a = llquantize(1, 4, 0, 1, 4); }" },
	{ D_LLQUANT_FACTORNSTEPS, "BEGIN { @a = llquantize(1, 10, 0, 1, 5); }" },
	{ D_LLQUANT_FACTORSMALL, "BEGIN { @a = llquantize(1, 1, 0, 1, 10); }" },
	{ D_LLQUANT_FACTORTYPE, "BEGIN { x = 10; @a = llquantize(1, x, 0, 1, 10); }" },
	{ D_LLQUANT_FACTORVAL, "BEGIN { @a = llquantize(1, 65536, 0, 1, 10); }" },
	{ D_LLQUANT_HIGHMATCH, "BEGIN { @a = llquantize(1, 10, 0, 2, 10); @a = llquantize(1, 10, 0, 3, 10); }" },
	{ D_LLQUANT_HIGHTYPE, "BEGIN { x = 10; @a = llquantize(1, 10, 0, x, 10); }" },
	{ D_LLQUANT_HIGHVAL, "BEGIN { @a = llquantize(1, 10, 0, 65536, 10); }" },
	{ D_LLQUANT_LOWMATCH, "BEGIN { @a = llquantize(1, 10, 0, 2, 10); @a = llquantize(1, 10, 1, 2, 10); }" },
	{ D_LLQUANT_LOWTYPE, "BEGIN { x = 10; @a = llquantize(1, 10, x, 1, 10); }" },
	{ D_LLQUANT_LOWVAL, "BEGIN { @a = llquantize(1, 10, 65536, 1, 10); }" },
	{ D_LLQUANT_MAGRANGE, "BEGIN { @a = llquantize(1, 10, 2, 1, 10); }" },
	{ D_LLQUANT_MAGTOOBIG, "BEGIN { @a = llquantize(1, 10, 0, 100, 10); }" },
	{ D_LLQUANT_NSTEPMATCH, "BEGIN { @a = llquantize(1, 10, 0, 2, 10); @a = llquantize(1, 10, 0, 2, 100); }" },
	{ D_LLQUANT_NSTEPTYPE, "BEGIN { x = 10; @a = llquantize(1, 10, 0, 1, x); }" },
	{ D_LLQUANT_NSTEPVAL, "BEGIN { @a = llquantize(1, 10, 0, 1, 65536); }" },
	{ D_LQUANT_BASETYPE, "BEGIN { x = 0; @a = lquantize(1, x, 10); }" },
	{ D_LQUANT_BASEVAL, "BEGIN { @a = lquantize(1, 2147483648, 2147483649); }" },
	{ D_LQUANT_LIMTYPE, "BEGIN { x = 10; @a = lquantize(1, 0, x); }" },
	{ D_LQUANT_LIMVAL, "BEGIN { @a = lquantize(1, 0, 2147483648); }" },
	{ D_LQUANT_MATCHBASE, "BEGIN { @a = lquantize(1, 0, 10); @a = lquantize(1, 1, 10); }" },
	{ D_LQUANT_MATCHLIM, "BEGIN { @a = lquantize(1, 0, 10); @a = lquantize(1, 0, 20); }" },
	{ D_LQUANT_MATCHSTEP, "BEGIN { @a = lquantize(1, 0, 10, 1); @a = lquantize(1, 0, 10, 2); }" },
	{ D_LQUANT_MISMATCH, "BEGIN { @a = lquantize(1, 10, 0); }" },
	{ D_LQUANT_STEPLARGE, "BEGIN { @a = lquantize(1, 0, 10, 20); }" },
	{ D_LQUANT_STEPSMALL, "BEGIN { @a = lquantize(1, 0, 100000, 1); }" },
	{ D_LQUANT_STEPTYPE, "BEGIN { @a = lquantize(1, 0, 10, 0); }" },
	{ D_LQUANT_STEPVAL, "BEGIN { @a = lquantize(1, 0, 1000000, 70000); }" },
	{ D_MACRO_UNDEF, "BEGIN { trace($1); }" },
	{ D_NORMALIZE_AGGARG, "BEGIN { normalize(1, 2); }" },
	{ D_OFFSETOF_BITFIELD, "struct bf { int a:3; }; BEGIN { trace(offsetof(struct bf, a)); }" },
	{ D_OFFSETOF_TYPE, "BEGIN { trace(offsetof(int, a)); }" },
	{ D_OP_ACT, "BEGIN { x = 1; x ? trace(1) : trace(2); }" },
	{ D_OP_ARITH, "BEGIN { trace(-\"x\"); }" },
	{ D_OP_ARRFUN, "int a[string][4]; BEGIN { a[\"x\"] = a[\"y\"]; }" },
	{ D_OP_DYN, "BEGIN { x = 1; x ? @a = count() : 1; }" },
	{ D_OP_INCOMPAT, "BEGIN { x = \"b\" + \"a\"; }" },
	{ D_OP_INCOMPLETE, "struct nodef; struct nodef *p; BEGIN { trace(p->a); }" },
	{ D_OP_INT, "BEGIN { trace(~\"x\"); }" },
	{ D_OP_LVAL, "BEGIN { 1 = 2; }" },
	{ D_OP_PTR, "BEGIN { x = 1; trace(x->y); }" },
	{ D_OP_SCALAR, "BEGIN { trace(!\"x\"); }" },
	{ D_OP_SOU, "BEGIN { trace(curthread.comm); }" },
	{ D_OP_VFPTR, "BEGIN { p = (void *)0; p += 1; }" },
	{ D_OP_WRITE, "BEGIN { pid = 1; }" },
	{ D_PDESC_INVAL, "a:b:c:d:e { }" },
	{ D_PDESC_ZERO, "nosuchprov:::nosuch { }" },
	{ D_ATTR_MIN, "#pragma D option amin=Stable\nprofile-97 { }" },
	{ D_PDESC_INVAL, "99999999 { }" },
	{ D_EMPTY, "" },
	{ D_PRAGCTL_INVAL, "#nosuch\nBEGIN { }\n" },
	{ D_PRAGERR, "#error hello there\n" },
	{ D_PRAGMA_DEPEND, "#pragma D depends_on provider nosuch\nBEGIN { }\n" },
	{ D_PRAGMA_INVAL, "#pragma D nosuch\n" },
	{ D_PRAGMA_MALFORM, "#pragma D option\n" },
	{ D_PRAGMA_OPTSET, "#pragma D option nosuch\n" },
	{ D_PRED_SCALAR, "BEGIN /\"x\"/ { }" },
	{ D_PRINTA_AGGARG, "BEGIN { printa(1); }" },
	{ D_PRINTA_AGGKEY, "BEGIN { @a[1] = count(); @b = count(); printa(@a, @b); }" },
	{ D_PRINTA_AGGPROTO, "BEGIN { @a[1] = count(); @b[\"x\"] = count(); printa(@a, @b); }" },
	{ D_PRINTA_PROTO, "BEGIN { printa(\"%d\"); }" },
	{ D_PRINTF_AGG_CONV, "BEGIN { printf(\"%@d\", 1); }" },
	{ D_PRINTF_ARG_EXTRA, "BEGIN { printf(\"%d\", 1, 2); }" },
	{ D_PRINTF_ARG_FMT, "BEGIN { x = \"a\"; printf(x); }" },
	{ D_PRINTF_ARG_PROTO, "BEGIN { printf(\"%d\"); }" },
	{ D_PRINTF_ARG_TYPE, "BEGIN { printf(\"%d\", \"x\"); }" },
	{ D_PRINTF_DYN_PROTO, "BEGIN { printf(\"%*d\"); }" },
	{ D_PRINTF_DYN_TYPE, "BEGIN { printf(\"%*d\", \"x\", 1); }" },
	{ D_PRINTF_FMT_EMPTY, "BEGIN { printf(\"\"); }" },
	{ D_PRINT_VOID, "BEGIN { print((void *)0); }" },
	{ D_PROTO_ARG, "BEGIN { trace(strlen(1)); }" },
	{ D_PROV_BADNAME, "provider p123456789012345678901234567890123456789012345678901234567890123 { probe x(); };" },
	{ D_PROV_INCOMPAT, "provider p { probe x(int); }; provider p { probe x(long); };" },
	{ D_PROV_PRDUP, "provider p { probe x(int); probe x(int); };" },
	{ D_PROV_PRARGLEN, "provider p { probe x(" P256 "int); };" },
	{ D_PROV_PRXLATOR, "struct a { int x; }; struct b { int y; }; provider p { probe x(struct a *v) : (struct b *v); };" },
	{ D_PROTO_LEN, "BEGIN { trace(strjoin(\"a\")); }" },
	{ D_REGS_IDX, "BEGIN { trace(uregs[-1]); }" },
	{ D_SIZEOF_BITFIELD, "struct bf { int a:3; }; struct bf *p; BEGIN { trace(sizeof (p->a)); }" },
	{ D_SIZEOF_TYPE, "BEGIN { trace(sizeof (void)); }" },
	{ D_SPEC_COMM, "BEGIN { commit(1); speculate(1); }" },
	{ D_SPEC_DREC, "BEGIN { trace(1); speculate(1); }" },
	{ D_SPEC_SPEC, "BEGIN { speculate(1); speculate(1); }" },
	{ D_STRINGOF_TYPE, "struct s { int a; }; struct s v; BEGIN { trace(stringof(v)); }" },
	{ D_STR_NL, "BEGIN\n{\n\ttrace(\"a\nb\");\n}\n" },
	{ D_SYM_NOTYPES, "BEGIN { trace(`__start_BTF); }" },
	{ D_SYNTAX, "BEGIN { trace(1 + ); }" },
	{ D_TRACEMEM_ADDR, "BEGIN { tracemem(\"x\", 4); }" },
	{ D_TRACEMEM_ARGS, "BEGIN { tracemem(0, 4, 1, 2); }" },
	{ D_TRACEMEM_DYNSIZE, "BEGIN { tracemem(0, 4, \"x\"); }" },
	{ D_TRACEMEM_SIZE, "BEGIN { tracemem(0, 0); }" },
	{ D_STACK_SIZE, "BEGIN { stack(0); }" },
	{ D_USTACK_FRAMES, "BEGIN { ustack(pid); }" },
	{ D_USTACK_STRSIZE, "BEGIN { ustack(2, pid); }" },
	{ D_USTACK_PROTO, "BEGIN { ustack(1, 2, 3); }" },
	{ D_TRACE_VOID, "BEGIN { trace((void)1); }" },
	{ D_TRUNC_AGGARG, "BEGIN { trunc(1); }" },
	{ D_TRUNC_SCALAR, "BEGIN { @a = count(); trunc(@a, \"x\"); }" },
	{ D_TYPE_MEMBER, "struct s { int a; }; struct s *p; BEGIN { trace(p->b); }" },
	{ D_UNKNOWN, "struct s { int a; int a; };" },
	{ D_VAR_UNDEF, "BEGIN { trace(self->q); }" },
	{ D_VAR_UNSUP, "BEGIN { trace(self); }" },
	{ D_XLATE_INCOMPAT, "struct t { int a; }; translator struct t < int x > { a = \"s\"; };" },
	{ D_XLATE_MEMB, "struct t { int a; }; translator struct t < int x > { b = x; };" },
	{ D_XLATE_NOCONV, "struct t { int a; int b; }; translator struct t < int x > { a = x; }; BEGIN { trace(xlate <struct t>(1).b); }" },
	{ D_XLATE_NONE, "struct t { int a; }; BEGIN { trace(xlate <struct t>(1).a); }" },
	{ D_XLATE_REDECL, "struct t { int a; }; translator struct t < int x > { a = x; }; translator struct t < int x > { a = x; };" },
	{ D_XLATE_SOU, "translator int < int x > { a = x; };" },
};

/* programs taking macro arguments ($1 ...) */
static const struct {
	enum dt_errtag tag;
	const char *src, *arg;
} with_args[] = {
	{ D_MACRO_OFLOW, "BEGIN { trace($1); }", "99999999999999999999" },
	{ D_MACRO_UNUSED, "BEGIN { trace(1); }", "a" },
};

/*
 * Why an error path may say D_UNKNOWN: the statement raising it holds one
 * of these.  Out of memory, and internal consistency errors, are not
 * errors of the program (dtrace has no tag for them either); the others
 * are errors dtrace itself reports as D_UNKNOWN, in its words.
 */
static const char *const unknown_ok[] = {
	"out of memory", "Memory allocation failure",
	"internal error", "\"invalid expression\"", "used as a value",
	"not supported yet", "cannot create the per-CPU",
	"cannot create the probe names",	/* cg/share.c: a map of ours */
	"cannot create the program chain",	/* cg/prog.c: a map of ours */
	"failed to resolve type", "undefined type name",	/* dt_decl_type */
	"Duplicate member or variable name",	/* dt_decl_member, _enumerator */
	"preprocessor", "Preprocessor",		/* dtrace: EDT_COMPILER, no tag */
	"failed to determine offset",		/* dt_node_offsetof */
	"cannot read the function",		/* pid: the object's file unreadable */
};

static int tag_of(const char *msg)
{
	const char *p = strchr(msg, '[');
	char name[64];
	size_t n;
	if (!p || !(n = strcspn(p + 1, "]")) || n >= sizeof(name) || p[1 + n] != ']')
		return -1;
	memcpy(name, p + 1, n);
	name[n] = '\0';
	return dt_errtag_lookup(name);
}

/* compile src (as script t.d if file) with and without -x errtags */
static void expect(enum dt_errtag tag, const char *src, int file, int argc, char *const argv[])
{
	char tagged[2048] = "", plain[2048] = "";
	for (int et = 1; et >= 0; et--) {
		int e, n = 0;
		dtrace_hdl_t *dtp = dtrace_open(&e);
		if (et && dtrace_setopt(dtp, "errtags", NULL) < 0) {
			CHECK(0, "-x errtags: %s", dtrace_errmsg(dtp));
			dtrace_close(dtp);
			return;
		}
		if (argc)
			dtrace_set_args(dtp, argc, argv);
		int rc = dtrace_compile(dtp, src, file ? "t.d" : src, file ? DTRACE_C_FILE : 0, &n);
		snprintf(et ? tagged : plain, sizeof(tagged), "%s", rc < 0 ? dtrace_errmsg(dtp) : "");
		dtrace_close(dtp);
	}
	/* unprivileged, kernel symbols have no addresses to look up */
	if (tag == D_SYM_NOTYPES && strstr(tagged, "addresses are hidden")) {
		printf("skip %s: %s\n", dt_errtag_name(tag), tagged);
		return;
	}
	char want[128];
	snprintf(want, sizeof(want), "%s[%s] ", file ? "t.d: " : ": ", dt_errtag_name(tag));
	CHECK(tag_of(tagged) == (int)tag && strstr(tagged, want),
	    "%s: %s\n  got: %s", dt_errtag_name(tag), src, tagged[0] ? tagged : "(compiled)");
	/* without the option: the same message, the tag taken out */
	char *p = strstr(tagged, want);
	size_t keep = file ? strlen("t.d: ") : strlen(": ");
	if (p)
		memmove(p + keep, p + strlen(want), strlen(p + strlen(want)) + 1);
	CHECK(!strcmp(tagged, plain), "%s without -x errtags:\n  got:  %s\n  want: %s",
	    dt_errtag_name(tag), plain, tagged);
}

/* ---- the sources: which tags their error paths raise ---- */

static int raised[DT_ERRTAG_MAX];
static int nspecific, nunknown, nforward, nunknown_bad;

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	char chunk[4096];
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (len + n + 1 > cap) {
			cap = (len + n + 1) * 2;
			char *nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		memcpy(buf + len, chunk, n);
		len += n;
	}
	fclose(f);
	if (buf)
		buf[len] = '\0';
	return buf;
}

static int ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* the tag whose name starts at p, or -1 (another identifier) */
static int tag_at(const char *p)
{
	char name[64];
	size_t n = 0;
	while (n < sizeof(name) - 1 && ident_char(p[n])) {
		name[n] = p[n];
		n++;
	}
	name[n] = '\0';
	return dt_errtag_lookup(name);
}

/* the call at p (just past its '('): the end of its statement */
static const char *call_end(const char *p)
{
	int depth = 1;
	for (; *p && depth; p++) {
		if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
		} else if (*p == '(') {
			depth++;
		} else if (*p == ')') {
			depth--;
		}
	}
	return p;
}

/* the calls of the error functions: their tag is the second argument */
static void scan_calls(const char *path, const char *text)
{
	static const char *const fns[] = { "dt_sema_err(", "lerr(", "fail(", "dt_compile_error(",
	    "dt_cg_fail(", "FAIL(" };
	for (size_t f = 0; f < sizeof(fns) / sizeof(fns[0]); f++) {
		for (const char *p = strstr(text, fns[f]); p; p = strstr(p + 1, fns[f])) {
			if (p > text && ident_char(p[-1]))
				continue;
			const char *a = p + strlen(fns[f]), *end = call_end(a);
			/* a definition or prototype, not a call */
			if (!strncmp(a, "struct ", 7) || !strncmp(a, "dtrace_hdl_t ", 13) ||
			    !strncmp(a, "const char *", 12) || !strncmp(a, "tag, ...", 8))
				continue;
			const char *arg = a;
			if (strcmp(fns[f], "FAIL(")) {		/* printf.c names the tag first */
				arg = strchr(a, ',');
				if (!arg || arg > end)
					continue;
				arg++;
			}
			arg += strspn(arg, " \t\n\"");
			int t = tag_at(arg);
			if (t < 0) {
				nforward++;		/* passes a tag it was given */
				continue;
			}
			if (t != D_UNKNOWN) {
				nspecific++;
				continue;
			}
			nunknown++;
			int why = 0;
			for (size_t k = 0; k < sizeof(unknown_ok) / sizeof(unknown_ok[0]) && !why; k++) {
				const char *w = strstr(a, unknown_ok[k]);
				why = w && w < end;
			}
			if (!why) {
				nunknown_bad++;
				CHECK(0, "%s: D_UNKNOWN for an error not documented: %.*s", path,
				    (int)(end - p), p);
			}
		}
	}
}

/* every tag named anywhere in a compiler source (tables included) */
static void scan_tags(const char *text)
{
	for (const char *p = strstr(text, "D_"); p; p = strstr(p + 1, "D_")) {
		if (p > text && ident_char(p[-1]))
			continue;
		int t = tag_at(p);
		if (t >= 0)
			raised[t] = 1;
	}
}

static void scan_dir(const char *dir, int tags)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	CHECK(d != NULL, "cannot read %s", dir);
	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len < 3 || strcmp(de->d_name + len - 2, ".c") || !strcmp(de->d_name, "errtags.c"))
			continue;
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		char *text = slurp(path);
		CHECK(text != NULL, "cannot read %s", path);
		if (!text)
			continue;
		scan_calls(path, text);
		if (tags)
			scan_tags(text);
		free(text);
	}
	closedir(d);
}

/*
 * The pid provider's errors, on a child of this program (a process of
 * our own, stopped in pause()): errtags_insn is "mov $1, %eax; ret",
 * six bytes whose offset 1 is inside the mov.
 */
void errtags_insn(void);
__asm__(".text\n.globl errtags_insn\n.type errtags_insn, @function\n"
	"errtags_insn:\n\tmov $1, %eax\n\tret\n.size errtags_insn, .-errtags_insn\n");

static void pid_errors(int covered[])
{
	static const struct { enum dt_errtag tag; const char *src; } pid_snippets[] = {
		{ D_PROC_NAME, "pid$1:a.out:errtags_insn:zz { }" },
		{ D_PROC_OFF, "pid$1:a.out:errtags_insn:6 { }" },
		{ D_PROC_ALIGN, "pid$1:a.out:errtags_insn:1 { }" },
		{ D_PROC_GRAB, "pid2147483647:::entry, pid$1:::entry { }" },
		{ D_PROC_BADPID, "pid0:::entry, pid$1:::entry { }" },
	};
	pid_t child = fork();
	if (child == 0) {
		errtags_insn();
		pause();
		_exit(0);
	}
	CHECK(child > 0, "fork: %s", strerror(errno));
	if (child < 0)
		return;
	char pidstr[16];
	snprintf(pidstr, sizeof(pidstr), "%d", (int)child);
	char *argv[] = { (char *)"t.d", pidstr };
	for (size_t i = 0; i < sizeof(pid_snippets) / sizeof(pid_snippets[0]); i++) {
		expect(pid_snippets[i].tag, pid_snippets[i].src, 1, 2, argv);
		covered[pid_snippets[i].tag] = 1;
	}
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
}

int main(void)
{
	int covered[DT_ERRTAG_MAX] = { 0 };
	for (size_t i = 0; i < sizeof(snippets) / sizeof(snippets[0]); i++) {
		expect(snippets[i].tag, snippets[i].src, 1, 0, NULL);
		covered[snippets[i].tag] = 1;
	}
	for (size_t i = 0; i < sizeof(with_args) / sizeof(with_args[0]); i++) {
		char *argv[] = { (char *)"t.d", (char *)with_args[i].arg };
		expect(with_args[i].tag, with_args[i].src, 1, 2, argv);
		covered[with_args[i].tag] = 1;
	}
	/* an expression taller than the parser takes: D_NOREG, as dtrace
	 * reports running out of registers for it; and -n's form */
	static char deep[5200 * 2 + 64];
	int n = snprintf(deep, sizeof(deep), "BEGIN { trace(x");
	for (int i = 0; i < 5200; i++)
		n += snprintf(deep + n, sizeof(deep) - (size_t)n, "+x");
	snprintf(deep + n, sizeof(deep) - (size_t)n, "); }");
	expect(D_NOREG, deep, 1, 0, NULL);
	covered[D_NOREG] = 1;
	expect(D_OP_INCOMPAT, "BEGIN { x = \"b\" + \"a\"; }", 0, 0, NULL);
	pid_errors(covered);

	/* the option: a flag (dtrace's compile-time flags take no value);
	 * droptags takes any value */
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	CHECK(dtrace_setopt(dtp, "errtags", "1") < 0, "-x errtags=1 accepted");
	CHECK(dtrace_setopt(dtp, "droptags", "yes") == 0, "-x droptags=yes: %s", dtrace_errmsg(dtp));
	CHECK(dtrace_setopt(dtp, "droptags", NULL) == 0, "-x droptags: %s", dtrace_errmsg(dtp));
	dtrace_close(dtp);

	/* the sources, from the top of the tree (make unit runs there) */
	static const char *const dirs[] = { "lib", "lib/base", "lib/front", "lib/sema",
	    "lib/fmt", "lib/prov" };
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		scan_dir(dirs[i], 1);
	scan_dir("lib/cg", 0);	/* code generation: refusals at load time */
	for (int t = 0; t < DT_ERRTAG_MAX; t++)
		CHECK(!raised[t] || covered[t], "%s is raised but no program here raises it",
		    dt_errtag_name((enum dt_errtag)t));
	int ntags = 0;
	for (int t = 0; t < DT_ERRTAG_MAX; t++)
		ntags += raised[t];
	printf("%d error paths: %d with a specific tag, %d D_UNKNOWN (documented), "
	    "%d passing on a tag they were given; %d tags raised\n",
	    nspecific + nunknown + nforward, nspecific, nunknown, nforward, ntags);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
