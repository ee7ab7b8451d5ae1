/*
 * test_printf.c - unit tests for lib/printf.c, the D printf() format engine:
 * parsing, argument checking (dtrace's exact error texts), record layout and
 * formatting of every conversion, flag, width/precision and length modifier.
 * Prints one line per failure and ends with "N passed, M failed".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fmt/printf.h"

#include "check.h"

/* value constructors */
static struct dt_pfval
I(uint64_t u, int size, int sgn)
{
	struct dt_pfval v = { DT_PFV_INT, size, sgn, u, NULL, 0, 0 };
	return (v);
}

static struct dt_pfval
S(const char *s, int size)
{
	struct dt_pfval v = { DT_PFV_STRING, size, 0, 0, s, 0, 0 };
	return (v);
}

static struct dt_pfval
F(long double f, int size)
{
	struct dt_pfval v = { DT_PFV_FLOAT, size, 1, 0, NULL, f, 0 };
	return (v);
}

#define SI(x)	I((uint64_t)(int64_t)(x), 4, 1)		/* int */
#define SL(x)	I((uint64_t)(int64_t)(x), 8, 1)		/* long */

/* type descriptors */
static const struct dt_pfarg_type t_char = { DT_PFT_INT, 1, 1, "char" , 0, 0 };
static const struct dt_pfarg_type t_short = { DT_PFT_INT, 2, 1, "short" , 0, 0 };
static const struct dt_pfarg_type t_ushort =
	{ DT_PFT_INT, 2, 0, "unsigned short" , 0, 0 };
static const struct dt_pfarg_type t_int = { DT_PFT_INT, 4, 1, "int" , 0, 0 };
static const struct dt_pfarg_type t_uint =
	{ DT_PFT_INT, 4, 0, "unsigned int" , 0, 0 };
static const struct dt_pfarg_type t_long = { DT_PFT_INT, 8, 1, "long" , 0, 0 };
static const struct dt_pfarg_type t_ulong =
	{ DT_PFT_INT, 8, 0, "unsigned long" , 0, 0 };
static const struct dt_pfarg_type t_i64 = { DT_PFT_INT, 8, 1, "int64_t" , 2, 0 };
static const struct dt_pfarg_type t_llong = { DT_PFT_INT, 8, 1, "long long", 1, 0 };
static const struct dt_pfarg_type t_ullong = { DT_PFT_INT, 8, 0, "unsigned long long", 1, 0 };
static const struct dt_pfarg_type t_string = { DT_PFT_STRING, 0, 0, "string" , 0, 0 };
static const struct dt_pfarg_type t_stack = { DT_PFT_STACK, 160, 0, "stack" , 0, 0 };
/* a usym() aggregation key, as printa() sees it */
static const struct dt_pfarg_type t_usym = { DT_PFT_INT, 8, 0, "_usymaddr", 0, 1 };
static const struct dt_pfarg_type t_chararr =
	{ DT_PFT_STRING, 256, 0, "char [256]" , 0, 0 };
static const struct dt_pfarg_type t_charp =
	{ DT_PFT_POINTER, 8, 0, "char *" , 0, 0 };
static const struct dt_pfarg_type t_double =
	{ DT_PFT_FLOAT, 8, 1, "double" , 0, 0 };
static const struct dt_pfarg_type t_float =
	{ DT_PFT_FLOAT, 4, 1, "float" , 0, 0 };
static const struct dt_pfarg_type t_ldouble =
	{ DT_PFT_FLOAT, 16, 1, "long double" , 0, 0 };
static const struct dt_pfarg_type t_void = { DT_PFT_OTHER, 0, 0, "void" , 0, 0 };

/* Format fmt with vals; returns a malloc'd string or NULL; *rvp = rv. */
static char *
run(const char *fmt, const struct dt_pfval *vals, int n,
    const struct dt_pfval *agg, int nagg, int *rvp)
{
	struct dt_pfargv *pf;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int rv;

	if (dt_printf_parse(fmt, &pf, err, sizeof (err)) != 0) {
		printf("parse of \"%s\" failed: %s\n", fmt, err);
		return (NULL);
	}
	if ((fp = open_memstream(&buf, &len)) == NULL) {
		dt_printf_free(pf);
		return (NULL);
	}
	rv = dt_printf_format_agg(fp, pf, vals, n, agg, nagg);
	fclose(fp);
	dt_printf_free(pf);
	if (rvp != NULL)
		*rvp = rv;
	if (rv < 0) {
		free(buf);
		return (NULL);
	}
	return (buf);
}

static void
expect_fmt(int line, const char *fmt, const struct dt_pfval *vals, int n,
    const char *want)
{
	int rv = -2;
	char *got = run(fmt, vals, n, NULL, 0, &rv);
	int ok = got != NULL && strcmp(got, want) == 0 &&
	    rv == (int)strlen(want);

	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL %s:%d: format \"%s\": got \"%s\" (rv %d), "
		    "want \"%s\"\n", __FILE__, line, fmt,
		    got ? got : "(null)", rv, want);
	}
	free(got);
}

#define FMT(fmt, want, ...) do {					\
		const struct dt_pfval v_[] = { __VA_ARGS__ };		\
		expect_fmt(__LINE__, fmt, v_,				\
		    (int)(sizeof (v_) / sizeof (v_[0])), want);		\
	} while (0)
#define FMT0(fmt, want)	expect_fmt(__LINE__, fmt, NULL, 0, want)

static void
expect_parse_err(int line, const char *fmt, const char *want)
{
	struct dt_pfargv *pf = NULL;
	char err[256] = "";
	int rv;

	errno = 0;
	rv = dt_printf_parse(fmt, &pf, err, sizeof (err));
	if (rv == -1 && pf == NULL && errno == EINVAL &&
	    strcmp(err, want) == 0) {
		passed++;
	} else {
		failed++;
		printf("FAIL %s:%d: parse \"%s\": rv %d err \"%s\", "
		    "want \"%s\"\n", __FILE__, line, fmt, rv, err, want);
	}
	dt_printf_free(pf);
}

#define PERR(fmt, want)	expect_parse_err(__LINE__, fmt, want)

/* Check fmt against types; want NULL means success expected. */
static void
expect_check(int line, const char *func, const struct dt_pfcheck_opts *opts,
    const char *fmt, const struct dt_pfarg_type *const *tp, int n,
    const char *want, const char *wanttag)
{
	struct dt_pfarg_type types[8];
	struct dt_pfargv *pf;
	const char *tag = NULL;
	char err[512] = "";
	int i, rv;

	for (i = 0; i < n; i++)
		types[i] = *tp[i];

	if (dt_printf_parse(fmt, &pf, err, sizeof (err)) != 0) {
		failed++;
		printf("FAIL %s:%d: parse \"%s\": %s\n", __FILE__, line, fmt,
		    err);
		return;
	}
	if (opts != NULL)
		rv = dt_printf_check_opts(pf, types, n, func, opts, &tag,
		    err, sizeof (err));
	else
		rv = dt_printf_check(pf, types, n, func, err, sizeof (err));
	dt_printf_free(pf);

	if (want == NULL) {
		CHECK(rv == 0, "check \"%s\" (line %d): unexpected error: %s",
		    fmt, line, err);
		return;
	}
	if (rv == -1 && strcmp(err, want) == 0 &&
	    (wanttag == NULL || (tag != NULL && strcmp(tag, wanttag) == 0))) {
		passed++;
	} else {
		failed++;
		printf("FAIL %s:%d: check \"%s\": rv %d tag %s err\n%s\n"
		    "want\n%s\n", __FILE__, line, fmt, rv,
		    tag ? tag : "(null)", err, want);
	}
}

#define NT(...)	(int)(sizeof ((const struct dt_pfarg_type *[]){ __VA_ARGS__ }) \
		    / sizeof (const struct dt_pfarg_type *))
#define CERR(fmt, want, ...)						\
	expect_check(__LINE__, "printf", NULL, fmt,			\
	    (const struct dt_pfarg_type *const []){ __VA_ARGS__ },	\
	    NT(__VA_ARGS__), want, NULL)
#define CERR0(fmt, want)						\
	expect_check(__LINE__, "printf", NULL, fmt, NULL, 0, want, NULL)
#define COK(fmt, ...)	CERR(fmt, NULL, __VA_ARGS__)

static void
test_integers(void)
{
	/* sign handling at each size */
	FMT("%d", "-1", SI(-1));
	FMT("%i", "-1", SI(-1));
	FMT("%u", "4294967295", SI(-1));
	FMT("%x", "ffffffff", SI(-1));
	FMT("%X", "FFFFFFFF", SI(-1));
	FMT("%o", "37777777777", SI(-1));
	FMT("%d", "-1", I(0xff, 1, 1));
	FMT("%u", "255", I(0xff, 1, 1));
	FMT("%x", "ff", I(0xff, 1, 1));
	FMT("%d", "-1", I(0xffff, 2, 1));
	FMT("%u", "65535", I(0xffff, 2, 1));
	FMT("%x", "ffff", I(0xffff, 2, 1));
	FMT("%d", "-1", SL(-1));
	FMT("%u", "18446744073709551615", SL(-1));
	FMT("%x", "ffffffffffffffff", SL(-1));
	FMT("%o", "1777777777777777777777", SL(-1));
	/* only the low 'size' bytes count */
	FMT("%d", "-1", I(0xffffffffffffffffULL, 4, 1));
	FMT("%d", "-128", I(0x1234567880ULL, 1, 1));
	/* %d of an unsigned argument prints as %u */
	FMT("%d", "4294967295", I(0xffffffff, 4, 0));
	FMT("%i", "200", I(200, 1, 0));
	FMT("%d", "18446744073709551615", I(~0ULL, 8, 0));
	/* %d of a long prints all 64 bits */
	FMT("%d", "1234567890123", SL(1234567890123LL));
	FMT("%d", "-9223372036854775808", SL(INT64_MIN));
	FMT("%x", "123456789abcdef0", SL(0x123456789abcdef0LL));

	/* flags */
	FMT("[%5d]", "[   42]", SI(42));
	FMT("[%-5d]", "[42   ]", SI(42));
	FMT("[%05d]", "[00042]", SI(42));
	FMT("[%05d]", "[-0042]", SI(-42));
	FMT("[%+d]", "[+42]", SI(42));
	FMT("[%+d]", "[-42]", SI(-42));
	FMT("[% d]", "[ 42]", SI(42));
	FMT("[%#x]", "[0x2a]", SI(42));
	FMT("[%#X]", "[0X2A]", SI(42));
	FMT("[%#o]", "[052]", SI(42));
	FMT("[%'d]", "[1234567]", SI(1234567));	/* C locale */
	/* last of '-' and '0' wins, as in dtrace */
	FMT("[%-05d]", "[00042]", SI(42));
	FMT("[%0-5d]", "[42   ]", SI(42));
	/* precision */
	FMT("[%.3d]", "[042]", SI(42));
	FMT("[%8.3d]", "[     042]", SI(42));
	FMT("[%-8.3x]", "[02a     ]", SI(42));
	FMT("[%.0d]", "[0]", SI(0));		/* .0 is dropped */
	/* '?' is pointer width */
	FMT("[%?d]", "[              42]", SI(42));
	/* several conversions and literal text */
	FMT("a=%d b=%s c=%x\n", "a=1 b=two c=3\n", SI(1), S("two", 0),
	    SI(3));
}

/*
 * Every integer type with every integer conversion: the value is printed
 * at the argument's D type whatever the conversion, as dtrace does (%d and
 * %i of an unsigned type as %u; %u, %x, %X, %o at the type's width; %c
 * the low byte), so each result is C's for the value of that type.
 */
static void
test_int_types(void)
{
	static const struct { int size, sgn; } types[] = {
		{ 1, 1 }, { 1, 0 }, { 2, 1 }, { 2, 0 },
		{ 4, 1 }, { 4, 0 }, { 8, 1 }, { 8, 0 },
	};
	static const uint64_t bits[] = {
		0, 1, 0x41, 0x7f, 0x80, 0xc8, 0xff, 0x7fff, 0x8000, 0xfffe,
		0x7fffffff, 0x80000000, 0xfffffffd, 0x123456789abcdef0ULL,
		0x8000000000000000ULL, 0xffffffffffffffffULL,
	};
	static const char convs[] = "diuxXoc";
	char fmt[4], cfmt[8], want[64];
	size_t t, b, c;

	for (t = 0; t < sizeof (types) / sizeof (types[0]); t++) {
		int size = types[t].size, sgn = types[t].sgn;
		int sh = 64 - 8 * size;

		for (b = 0; b < sizeof (bits) / sizeof (bits[0]); b++) {
			uint64_t z = size == 8 ? bits[b] : (bits[b] << sh) >> sh;
			int64_t v = size == 8 ? (int64_t)bits[b] :
			    (int64_t)(bits[b] << sh) >> sh;

			for (c = 0; convs[c] != '\0'; c++) {
				(void) snprintf(fmt, sizeof (fmt), "%%%c", convs[c]);
				switch (convs[c]) {
				case 'd': case 'i':
					if (sgn)
						(void) snprintf(want, sizeof (want),
						    "%lld", (long long)v);
					else
						(void) snprintf(want, sizeof (want),
						    "%llu", (unsigned long long)z);
					break;
				case 'u': case 'x': case 'X': case 'o':
					(void) snprintf(cfmt, sizeof (cfmt), "%%ll%c",
					    convs[c]);
					(void) snprintf(want, sizeof (want), cfmt,
					    (unsigned long long)z);
					break;
				default:	/* %c: the low byte */
					if ((z & 0xff) == 0 || size > 4)
						continue;	/* (%c wants <= int) */
					want[0] = (char)(z & 0xff);
					want[1] = '\0';
					break;
				}
				FMT(fmt, want, I(bits[b], size, sgn));
			}
		}
	}

	/* the same values with flags, width and precision */
	FMT("[%5d|%-5u|%05x|%+d|%#o]", "[   -3|253  |000fd|-3|0375]",
	    I(0xfd, 1, 1), I(0xfd, 1, 1), I(0xfd, 1, 1), I(0xfd, 1, 1),
	    I(0xfd, 1, 1));
	FMT("[%5d|%-5u|%05x|%+d|%#o]", "[  200|200  |000c8|200|0310]",
	    I(0xc8, 1, 0), I(0xc8, 1, 0), I(0xc8, 1, 0), I(0xc8, 1, 0),
	    I(0xc8, 1, 0));
	FMT("[%8.6d|%.3u]", "[ -000001|65535]", I(0xffff, 2, 1),
	    I(0xffff, 2, 0));
	FMT("[%22d]", "[  18446744073709551615]", I(~0ULL, 8, 0));
	FMT("[%-22i]", "[-9223372036854775808  ]", I(1ULL << 63, 8, 1));

	/* the length modifiers take exactly their type (test_check has
	   the accepted ones) */
	COK("%ld %lld", &t_i64, &t_i64);
	COK("%lc %wc", &t_int, &t_int);
	CERR("%hd", "printf( ) argument #2 is incompatible with conversion "
	    "#1 prototype:\n\tconversion: %hd\n\t prototype: short\n\t  "
	    "argument: unsigned short", &t_ushort);
	CERR("%hu", "printf( ) argument #2 is incompatible with conversion "
	    "#1 prototype:\n\tconversion: %hu\n\t prototype: unsigned short"
	    "\n\t  argument: int", &t_int);
	CERR("%ld", "printf( ) argument #2 is incompatible with conversion "
	    "#1 prototype:\n\tconversion: %ld\n\t prototype: long\n\t  "
	    "argument: int", &t_int);
	COK("%d %i %u %x %o %c", &t_char, &t_short, &t_uint, &t_ulong,
	    &t_llong, &t_uint);
}

static void
test_length_modifiers(void)
{
	FMT("%hd", "-2", I(0xfffe, 2, 1));
	FMT("%hi", "-2", I(0xfffe, 2, 1));
	FMT("%hu", "65534", I(0xfffe, 2, 0));
	FMT("%ho", "177776", I(0xfffe, 2, 0));
	FMT("%hx", "fffe", I(0xfffe, 2, 1));
	FMT("%hX", "FFFE", I(0xfffe, 2, 0));
	FMT("%ld", "-5", SL(-5));
	FMT("%li", "-5", SL(-5));
	FMT("%lu", "18446744073709551611", I((uint64_t)-5, 8, 0));
	FMT("%lo", "10", I(8, 8, 0));
	FMT("%lx", "fffffffffffffffb", SL(-5));
	FMT("%lX", "FFFFFFFFFFFFFFFB", SL(-5));
	FMT("%lld", "-7", SL(-7));
	FMT("%lli", "-7", SL(-7));
	FMT("%llu", "7", I(7, 8, 0));
	FMT("%llo", "7", I(7, 8, 0));
	FMT("%llx", "ff", SL(255));
	FMT("%llX", "FF", SL(255));
	FMT("%lc", "A", SI('A'));
	FMT("%wc", "z", SI('z'));
	FMT("%Lf", "2.250000", F(2.25L, 16));
	FMT("%Le", "2.250000e+00", F(2.25L, 16));
	FMT("%LE", "2.250000E+00", F(2.25L, 16));
	FMT("%Lg", "2.25", F(2.25L, 16));
	FMT("%LG", "1E+20", F(1e20L, 16));
}

static void
test_chars_strings(void)
{
	char rec[8] = { 'a', 'b', '\0', 'j', 'u', 'n', 'k', '\0' };
	char nonul[3] = { 'x', 'y', 'z' };
	char esc[] = "a\tb\"c\\";

	FMT("%c", "A", SI(65));
	FMT("%c", "x", I('x', 1, 1));
	FMT("[%3c]", "[  A]", SI('A'));
	FMT("[%-3c]", "[A  ]", SI('A'));

	FMT("%C", "a", I('a', 1, 1));
	FMT("%C", "\\n", I('\n', 1, 1));
	FMT("%C", "\\0", I(0, 1, 1));
	FMT("%C", "\\\"", I('"', 1, 1));
	FMT("%C", "\\351", I(0xe9, 1, 1));
	FMT("[%4C]", "[  \\t]", I('\t', 1, 1));

	FMT("%s", "hello", S("hello", 0));
	FMT("[%10s]", "[     hello]", S("hello", 0));
	FMT("[%-10s]", "[hello     ]", S("hello", 0));
	FMT("[%.3s]", "[hel]", S("hello", 0));
	FMT("[%6.2s]", "[    he]", S("hello", 0));
	FMT("[%.0s]", "[hello]", S("hello", 0));	/* .0 is dropped */
	FMT("[%.10s]", "[hello]", S("hello", 0));
	FMT("[%s]", "[]", S("", 0));
	FMT("[%s]", "[ab]", S(rec, 8));		/* record string */
	FMT("[%s]", "[xyz]", S(nonul, 3));	/* not NUL-terminated */
	FMT("[%.2s]", "[xy]", S(nonul, 3));

	/* %S escapes, showing the terminating NUL as dtrace does */
	FMT("%S", "a\\tb\\\"c\\\\\\0", S(esc, 0));
	FMT("%S", "ab\\0", S(rec, 8));
	FMT("%S", "xyz", S(nonul, 3));
	FMT("%S", "\\001\\177\\351 ~\\0", S("\001\177\351 ~", 0));
	FMT("%S", "\\a\\b\\f\\n\\r\\v\\0", S("\a\b\f\n\r\v", 0));
}

static void
test_pointers_addrs(void)
{
	FMT("%p", "ffff800012345678", I(0xffff800012345678ULL, 8, 0));
	FMT("%#p", "0xffff800012345678", I(0xffff800012345678ULL, 8, 0));
	FMT("[%20p]", "[    ffff800012345678]",
	    I(0xffff800012345678ULL, 8, 0));
	FMT("%p", "ffffffff", SI(-1));
	FMT("%p", "0", I(0, 8, 0));
	/* %a: an address in no kernel symbol as hex (symbols:
	   tests/d/symbols); %A: of no process (no $target), hex (user
	   symbols: tests/d/usymfn) */
	FMT("%a", "0x1000", I(0x1000, 8, 0));
	FMT("%A", "0x400000", I(0x400000, 8, 0));
	FMT("[%-10a]", "[0x1234    ]", I(0x1234, 8, 0));
	FMT("[%10A]", "[  0xbeef00]", I(0xbeef00, 8, 0));
}

static void
test_time(void)
{
	const uint64_t ns = 1000000000ULL;

	FMT("%Y", "2023 Nov  3 08:26:40", I(1699000000ULL * ns + 5, 8, 1));
	FMT("%Y", "2023 Nov 14 22:13:20", I(1700000000ULL * ns, 8, 1));
	FMT("%Y", "1970 Jan  1 00:00:00", I(0, 8, 1));
	FMT("[%22Y]", "[  2023 Nov 14 22:13:20]", I(1700000000ULL * ns, 8, 1));
	FMT("[%.4Y]", "[2023]", I(1700000000ULL * ns, 8, 1));
	FMT("%T", "Tue, 14 Nov 2023 22:13:20 UTC",
	    I(1700000000ULL * ns, 8, 1));
}

static void
test_floats(void)
{
	FMT("%f", "1.500000", F(1.5, 8));
	FMT("%.2f", "1.50", F(1.5, 8));
	FMT("[%8.2f]", "[    1.50]", F(1.5, 8));
	FMT("[%-8.1f]", "[-1.5    ]", F(-1.5, 8));
	FMT("[%+.1f]", "[+1.5]", F(1.5, 4));
	FMT("%e", "1.500000e+00", F(1.5, 8));
	FMT("%E", "1.500000E+00", F(1.5, 8));
	FMT("%g", "0.0001", F(0.0001, 8));
	FMT("%G", "1E-05", F(0.00001, 8));
	FMT("%#g", "1.00000", F(1.0, 8));
	/* a float's value (the consumer's, from its bits) as a double */
	FMT("%f|%e|%g|%E|%G", "-2.500000|-2.500000e+00|-2.5|-2.500000E+00|-2.5",
	    F(-2.5f, 4), F(-2.5f, 4), F(-2.5f, 4), F(-2.5f, 4), F(-2.5f, 4));
	FMT("[%10.4f|%-9.1e|%+.3g]", "[    0.1000|1.0e-01  |+0.1]", F(0.1f, 4),
	    F(0.1f, 4), F(0.1f, 4));
	FMT("%f %g %f %e", "inf -inf -0.000000 nan", F(1.0 / 0.0, 8),
	    F(-1.0 / 0.0, 8), F(-0.0, 8), F(__builtin_nan(""), 8));
	FMT("%.17g", "0.10000000000000001", F(0.1, 8));
	FMT("%.9g", "0.100000001", F(0.1f, 4));
	/* an (unchecked) integer value is printed as a double */
	FMT("%f", "3.000000", SI(3));
	FMT("%.1f", "-3.0", SI(-3));
	FMT("%.1e", "4.3e+09", I(0xffffffff, 4, 0));
	FMT("%.0e", "4.294967e+09", I(0xffffffff, 4, 0));	/* .0 dropped */
}

static void
test_pct_dyn(void)
{
	FMT0("%%", "%");
	FMT0("100%%", "100%");
	FMT0("%%%%", "%%");
	FMT0("", "");
	FMT0("plain text\n", "plain text\n");
	FMT("%d%%", "5%", SI(5));
	FMT("%%d %d", "%d 7", SI(7));

	/* '*' width and '.*' precision take int arguments, width first */
	FMT("[%*d]", "[    42]", SI(6), SI(42));
	FMT("[%-*d]", "[42    ]", SI(6), SI(42));
	FMT("[%*d]", "[42  ]", SI(-4), SI(42));	/* negative: left */
	FMT("[%*d]", "[42]", SI(0), SI(42));
	FMT("[%.*s]", "[he]", SI(2), S("hello", 0));
	FMT("[%*.*s]", "[    he]", SI(6), SI(2), S("hello", 0));
	FMT("[%.*s]", "[hello]", SI(-1), S("hello", 0));
	FMT("[%*s|%-*s]", "[  ab|cd  ]", I(4, 8, 1), S("ab", 0), I(4, 1, 1),
	    S("cd", 0));
	FMT("[%0*d]", "[0007]", SI(4), SI(7));
}

static void
test_agg_format(void)
{
	struct dt_pfval keys[] = { S("bash", 0) };
	struct dt_pfval aggs[] = { SL(-12), SL(34) };
	char *got;
	int rv;

	got = run("%-8s %@d %@d %@d\n", keys, 1, aggs, 2, &rv);
	CHECK(got != NULL && strcmp(got, "bash     -12 34 34\n") == 0,
	    "printa format: got \"%s\"", got ? got : "(null)");
	free(got);

	got = run("%@d", NULL, 0, NULL, 0, &rv);
	CHECK(got == NULL && rv == -1 && errno == EINVAL,
	    "%%@d without aggregation value: rv %d", rv);
	free(got);
}

static void
test_format_errors(void)
{
	struct dt_pfval v[2] = { S("x", 0), SI(1) };
	struct dt_pfargv *pf;
	char err[256];
	FILE *fp;
	char *got;
	int rv;

	/* missing values */
	errno = 0;
	got = run("%d %d", &v[1], 1, NULL, 0, &rv);
	CHECK(got == NULL && rv == -1 && errno == EINVAL,
	    "too few values: rv %d errno %d", rv, errno);
	free(got);

	/* wrong kinds */
	errno = 0;
	got = run("%d", &v[0], 1, NULL, 0, &rv);
	CHECK(got == NULL && rv == -1 && errno == EINVAL,
	    "string for %%d: rv %d errno %d", rv, errno);
	free(got);
	errno = 0;
	got = run("%s", &v[1], 1, NULL, 0, &rv);
	CHECK(got == NULL && rv == -1 && errno == EINVAL,
	    "int for %%s: rv %d errno %d", rv, errno);
	free(got);
	got = run("%*d", v, 2, NULL, 0, &rv);
	CHECK(got == NULL && rv == -1 && errno == EINVAL,
	    "string for *: rv %d errno %d", rv, errno);
	free(got);
	v[1] = I(1, 3, 1);
	got = run("%d", &v[1], 1, NULL, 0, &rv);
	CHECK(got == NULL && rv == -1 && errno == EINVAL,
	    "3-byte int: rv %d errno %d", rv, errno);
	free(got);

	/* I/O failure: stream not open for writing */
	CHECK(dt_printf_parse("hello %d\n", &pf, err, sizeof (err)) == 0,
	    "parse: %s", err);
	if ((fp = fopen("/dev/null", "r")) != NULL) {
		v[1] = SI(1);
		rv = dt_printf_format(fp, pf, &v[1], 1);
		fflush(fp);
		CHECK(rv == -1 && errno != 0, "write to read-only stream: rv %d",
		    rv);
		fclose(fp);
	}
	dt_printf_free(pf);
}

static void
test_parse(void)
{
	struct dt_pfargv *pf;
	const struct dt_pfseg *sg;
	char err[256];

	CHECK(dt_printf_parse("a%-+ #0'12.5lldb%%c%*.*sd", &pf, err,
	    sizeof (err)) == 0, "parse: %s", err);
	CHECK(pf->nsegs == 7 && pf->nconv == 3 && pf->nargs == 4,
	    "segments %d conv %d args %d", pf->nsegs, pf->nconv, pf->nargs);
	sg = &pf->segs[0];
	CHECK(sg->conv == NULL && sg->len == 1 && sg->text[0] == 'a',
	    "seg 0 literal");
	sg = &pf->segs[1];
	CHECK(sg->conv != NULL && sg->convno == 1 && sg->width == 12 &&
	    sg->prec == 5 && strcmp(sg->length, "ll") == 0 &&
	    sg->convch == 'd' && strcmp(sg->name, "lld") == 0 &&
	    sg->flags == (DT_PFCONV_SPOS | DT_PFCONV_SPACE | DT_PFCONV_ALT |
	    DT_PFCONV_ZPAD | DT_PFCONV_GROUP), "seg 1 flags %#x", sg->flags);
	sg = &pf->segs[2];
	CHECK(sg->conv == NULL && sg->len == 1 && sg->text[0] == 'b',
	    "seg 2 literal");
	sg = &pf->segs[3];
	CHECK(sg->convno == 2 && sg->convch == '%', "seg 3 %%%%");
	sg = &pf->segs[4];
	CHECK(sg->conv == NULL && sg->len == 1 && sg->text[0] == 'c',
	    "seg 4 literal");
	sg = &pf->segs[5];
	CHECK(sg->convno == 3 && sg->convch == 's' && sg->flags ==
	    (DT_PFCONV_DYNWIDTH | DT_PFCONV_DYNPREC), "seg 5");
	sg = &pf->segs[6];
	CHECK(sg->conv == NULL && sg->len == 1 && sg->text[0] == 'd',
	    "seg 6 literal");
	dt_printf_free(pf);
	dt_printf_free(NULL);

	CHECK(dt_printf_parse("", &pf, err, sizeof (err)) == 0 &&
	    pf->nsegs == 0 && pf->nargs == 0, "empty format");
	dt_printf_free(pf);

	CHECK(dt_printf_parse("%@d %s", &pf, err, sizeof (err)) == 0 &&
	    pf->nargs == 1 && (pf->segs[0].flags & DT_PFCONV_AGG),
	    "%%@ parse");
	dt_printf_free(pf);

	/* error messages, worded as dt_printf.c's */
	PERR("%y", "format conversion #1 is undefined: %y");
	PERR("%d %q", "format conversion #2 is undefined: %q");
	PERR("%%%y", "format conversion #2 is undefined: %y");
	PERR("%n", "format conversion #1 is undefined: %n");
	PERR("%hhd", "format conversion #1 is undefined: %hhd");
	PERR("%jd", "format conversion #1 is undefined: %j");
	PERR("%zu", "format conversion #1 is undefined: %z");
	PERR("%td", "format conversion #1 is undefined: %t");
	PERR("%F", "format conversion #1 is undefined: %F");
	PERR("%Ld", "format conversion #1 is undefined: %Ld");
	PERR("%lllx", "format conversion #1 is undefined: %lllx");
	PERR("abc%", "format conversion #1 name expected before end of "
	    "format string");
	PERR("%d%-5", "format conversion #2 name expected before end of "
	    "format string");
	PERR("%1$d", "format conversion #1 uses unsupported positional "
	    "format (%n$)");
	PERR("%5%", "format conversion #1 cannot be combined with other "
	    "format flags: %%");
	PERR("%-%", "format conversion #1 cannot be combined with other "
	    "format flags: %%");
	PERR("%1.2.3d", "format conversion #1 has more than one '.' "
	    "specified");
	PERR("%**d", "format conversion #1 has more than one '*' specified "
	    "for the output width");
	PERR("%.**d", "format conversion #1 has more than one '*' specified "
	    "for the output precision");
}

static void
test_check(void)
{
	struct dt_pfcheck_opts printa = { DT_PRINTF_AGGREGATION, 1, NULL };
	struct dt_pfarg_type ucount = { DT_PFT_INT, 8, 0, "uint64_t" , 0, 0 };
	struct dt_pfcheck_opts printa_cnt = { DT_PRINTF_AGGREGATION, 1,
	    &ucount };
	struct dt_pfcheck_opts exact = { DT_PRINTF_EXACTLEN, 1, NULL };

	/* accepted */
	COK("%d %i %u %o %x %X", &t_char, &t_short, &t_int, &t_long,
	    &t_ulong, &t_uint);
	COK("%s %s", &t_string, &t_chararr);
	COK("%S", &t_chararr);
	COK("%c %c %c", &t_char, &t_short, &t_int);
	COK("%C", &t_char);
	COK("%p %p", &t_charp, &t_long);
	COK("%a %A", &t_charp, &t_usym);
	/* %A takes an integer only with -p/-c (none here), as dtrace */
	CERR("%A", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %A\n\t prototype: pointer or integer "
	    "(with -p/-c) or _usymaddr (without -p/-c)\n\t  argument: long",
	    &t_long);
	COK("%k", &t_stack);
	CERR("%k", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %k\n\t prototype: stack\n\t  argument: int", &t_int);
	COK("%Y %T", &t_i64, &t_ulong);
	COK("%f %e %g %E %G", &t_double, &t_double, &t_double, &t_double,
	    &t_double);
	COK("%Lf", &t_ldouble);
	COK("%f %e %g %E %G", &t_float, &t_float, &t_float, &t_float, &t_float);
	COK("%hd %hi %hu %ho %hx %hX", &t_short, &t_short, &t_ushort,
	    &t_ushort, &t_short, &t_ushort);
	COK("%ld %li %lu %lo %lx %lX", &t_long, &t_i64, &t_ulong, &t_ulong,
	    &t_long, &t_ulong);
	COK("%lld %lli %llu %llo %llx %llX", &t_llong, &t_llong, &t_ullong,
	    &t_ullong, &t_i64, &t_ullong);
	CERR("%lx", "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	    "\tconversion: %lx\n\t prototype: long\n\t  argument: unsigned long long", &t_ullong);
	CERR("%lld", "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	    "\tconversion: %lld\n\t prototype: long long\n\t  argument: long", &t_long);
	COK("%lc %wc", &t_int, &t_int);
	COK("%*d %.*s %*.*s", &t_int, &t_int, &t_long, &t_string, &t_char,
	    &t_short, &t_chararr);
	COK("%% %d %%", &t_int);
	COK("%?p", &t_charp);
	CERR0("no conversions\n", NULL);

	/* type mismatches */
	CERR("%d", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %d\n\t prototype: char, short, int, "
	    "long, or long long\n\t  argument: string", &t_string);
	CERR("%s %x", "printf( ) argument #3 is incompatible with conversion "
	    "#2 prototype:\n\tconversion: %x\n\t prototype: char, short, int, "
	    "long, or long long\n\t  argument: char *", &t_string, &t_charp);
	CERR("%s", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %s\n\t prototype: char [] or string "
	    "(or use stringof)\n\t  argument: int", &t_int);
	CERR("%s", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %s\n\t prototype: char [] or string "
	    "(or use stringof)\n\t  argument: char *", &t_charp);
	CERR("%S", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %S\n\t prototype: char [] or string "
	    "(or use stringof)\n\t  argument: void", &t_void);
	CERR("%c", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %c\n\t prototype: char, short, or int"
	    "\n\t  argument: long", &t_long);
	CERR("%C", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %C\n\t prototype: char, short, or int"
	    "\n\t  argument: string", &t_string);
	CERR("%f", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %f\n\t prototype: float, double, or "
	    "long double\n\t  argument: int", &t_int);
	CERR("%e", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %e\n\t prototype: float, double, or "
	    "long double\n\t  argument: long", &t_long);
	CERR("%p", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %p\n\t prototype: pointer or integer"
	    "\n\t  argument: string", &t_string);
	CERR("%a", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %a\n\t prototype: pointer or integer"
	    "\n\t  argument: char [256]", &t_chararr);
	CERR("%A", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %A\n\t prototype: pointer or integer "
	    "(with -p/-c) or _usymaddr (without -p/-c)\n\t  argument: string",
	    &t_string);
	CERR("%Y", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %Y\n\t prototype: int64_t\n\t  "
	    "argument: int", &t_int);
	CERR("%T", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %T\n\t prototype: int64_t\n\t  "
	    "argument: string", &t_string);
	CERR("%hd", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %hd\n\t prototype: short\n\t  "
	    "argument: int", &t_int);
	CERR("%hu", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %hu\n\t prototype: unsigned short\n\t  "
	    "argument: short", &t_short);
	CERR("%hx", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %hx\n\t prototype: short\n\t  "
	    "argument: char", &t_char);
	CERR("%ld", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %ld\n\t prototype: long\n\t  "
	    "argument: unsigned long", &t_ulong);
	CERR("%lu", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %lu\n\t prototype: unsigned long\n\t  "
	    "argument: long", &t_long);
	CERR("%lx", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %lx\n\t prototype: long\n\t  "
	    "argument: int", &t_int);
	CERR("%llx", "printf( ) argument #2 is incompatible with conversion "
	    "#1 prototype:\n\tconversion: %llx\n\t prototype: long long\n\t  "
	    "argument: unsigned int", &t_uint);
	CERR("%lld", "printf( ) argument #2 is incompatible with conversion "
	    "#1 prototype:\n\tconversion: %lld\n\t prototype: long long\n\t  "
	    "argument: string", &t_string);
	CERR("%Lf", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %Lf\n\t prototype: long double\n\t  "
	    "argument: double", &t_double);
	CERR("%lc", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %lc\n\t prototype: int\n\t  "
	    "argument: char", &t_char);
	CERR("%ls", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %ls\n\t prototype: wchar_t []\n\t  "
	    "argument: char [256]", &t_chararr);
	CERR("%% %d", "printf( ) argument #2 is incompatible with conversion "
	    "#2 prototype:\n\tconversion: %d\n\t prototype: char, short, int, "
	    "long, or long long\n\t  argument: char *", &t_charp);

	/* argument counts */
	CERR("%d %d", "printf( ) prototype mismatch: conversion #2 (%d) is "
	    "missing a corresponding value argument", &t_int);
	CERR0("%s", "printf( ) prototype mismatch: conversion #1 (%s) is "
	    "missing a corresponding value argument");
	CERR("%d", "printf( ) prototype mismatch: only 1 arguments required "
	    "by this format string", &t_int, &t_int);
	CERR("hello\n", "printf( ) prototype mismatch: only 0 arguments "
	    "required by this format string", &t_int);
	CERR0("", "printf( ) format string is empty");

	/* dynamic width / precision */
	CERR0("%*d", "printf( ) prototype mismatch: conversion #1 (%d) is "
	    "missing a corresponding \"*\" argument");
	CERR0("%.*s", "printf( ) prototype mismatch: conversion #1 (%s) is "
	    "missing a corresponding \".*\" argument");
	CERR("%*.*s", "printf( ) prototype mismatch: conversion #1 (%s) is "
	    "missing a corresponding \".*\" argument", &t_int);
	CERR("%*.*s", "printf( ) prototype mismatch: conversion #1 (%s) is "
	    "missing a corresponding value argument", &t_int, &t_int);
	CERR("%*d", "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: % * d\n\t prototype: int\n\t  "
	    "argument: string", &t_string, &t_int);
	CERR("%*.*s", "printf( ) argument #3 is incompatible with conversion "
	    "#1 prototype:\n\tconversion: % .* s\n\t prototype: int\n\t  "
	    "argument: char *", &t_int, &t_charp, &t_string);

	/* %@ */
	CERR("%@d", "%@ conversion requires an aggregation and is not for use "
	    "with printf( )", &t_int);

	/* made-up type names */
	{
		struct dt_pfarg_type anon = { DT_PFT_STRING, 32, 0, NULL , 0, 0 };
		struct dt_pfarg_type anon2 = { DT_PFT_INT, 2, 0, NULL , 0, 0 };

		CERR("%d", "printf( ) argument #2 is incompatible with "
		    "conversion #1 prototype:\n\tconversion: %d\n\t prototype: "
		    "char, short, int, long, or long long\n\t  argument: "
		    "char [32]", &anon);
		CERR("%s", "printf( ) argument #2 is incompatible with "
		    "conversion #1 prototype:\n\tconversion: %s\n\t prototype: "
		    "char [] or string (or use stringof)\n\t  argument: "
		    "unsigned short", &anon2);
	}

	/* printa(), sprintf(): other names, flags and tags */
	expect_check(__LINE__, "printa", &printa, "%s %@d\n",
	    (const struct dt_pfarg_type *const []){ &t_string, &t_int }, 2,
	    NULL, NULL);
	expect_check(__LINE__, "printa", &printa, "%s %@s\n",
	    (const struct dt_pfarg_type *const []){ &t_string }, 1,
	    "printa( ) aggregating action is incompatible with conversion #2 "
	    "prototype:\n\tconversion: %s\n\t prototype: char [] or string (or "
	    "use stringof)\n\t  argument: int64_t", "D_PRINTF_ARG_TYPE");
	expect_check(__LINE__, "printa", &printa_cnt, "%@c\n", NULL, 0,
	    "printa( ) aggregating action is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %c\n\t prototype: char, short, or int"
	    "\n\t  argument: uint64_t", "D_PRINTF_ARG_TYPE");
	expect_check(__LINE__, "sprintf", &exact, "%d",
	    (const struct dt_pfarg_type *const []){ &t_string }, 1,
	    "sprintf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: %d\n\t prototype: char, short, int, "
	    "long, or long long\n\t  argument: string", "D_PRINTF_ARG_TYPE");
	expect_check(__LINE__, "printf", &exact, "%d %d",
	    (const struct dt_pfarg_type *const []){ &t_int }, 1,
	    "printf( ) prototype mismatch: conversion #2 (%d) is missing a "
	    "corresponding value argument", "D_PRINTF_ARG_PROTO");
	expect_check(__LINE__, "printf", &exact, "%d",
	    (const struct dt_pfarg_type *const []){ &t_int, &t_int }, 2,
	    "printf( ) prototype mismatch: only 1 arguments required by this "
	    "format string", "D_PRINTF_ARG_EXTRA");
	expect_check(__LINE__, "printf", &exact, "%*d",
	    (const struct dt_pfarg_type *const []){ &t_string }, 1,
	    "printf( ) argument #2 is incompatible with conversion #1 "
	    "prototype:\n\tconversion: % * d\n\t prototype: int\n\t  "
	    "argument: string", "D_PRINTF_DYN_TYPE");
	expect_check(__LINE__, "printf", &exact, "%*d", NULL, 0,
	    "printf( ) prototype mismatch: conversion #1 (%d) is missing a "
	    "corresponding \"*\" argument", "D_PRINTF_DYN_PROTO");
	expect_check(__LINE__, "printf", &exact, "", NULL, 0,
	    "printf( ) format string is empty", "D_PRINTF_FMT_EMPTY");
	expect_check(__LINE__, "printf", &exact, "%@d", NULL, 0,
	    "%@ conversion requires an aggregation and is not for use with "
	    "printf( )", "D_PRINTF_AGG_CONV");
}

static void
test_layout(void)
{
	const struct dt_pfarg_type types[] = { t_int, t_int, t_chararr,
	    t_string, t_char, t_charp, t_long };
	struct dt_pfarg_store st[7];
	struct dt_pfarg_type bad = t_void;
	struct dt_pfargv *pf;
	char err[256];

	CHECK(dt_printf_parse("%*.*s %s %%%d %p %@d %x", &pf, err,
	    sizeof (err)) == 0, "parse: %s", err);
	CHECK(dt_printf_layout(pf, types, 7, 512, st) == 0, "layout");
	CHECK(st[0].kind == DT_PFSTORE_INT && st[0].size == 8 &&
	    st[0].val_kind == DT_PFV_INT && st[0].val_size == 4 &&
	    st[0].is_signed && st[0].convno == 1 &&
	    st[0].role == DT_PFROLE_WIDTH, "layout 0");
	CHECK(st[1].role == DT_PFROLE_PREC && st[1].convno == 1, "layout 1");
	CHECK(st[2].kind == DT_PFSTORE_STRING && st[2].size == 256 &&
	    st[2].val_kind == DT_PFV_STRING && st[2].val_size == 256 &&
	    st[2].role == DT_PFROLE_VALUE && st[2].convno == 1, "layout 2");
	CHECK(st[3].kind == DT_PFSTORE_STRING && st[3].size == 512 &&
	    st[3].convno == 2, "layout 3");
	CHECK(st[4].kind == DT_PFSTORE_INT && st[4].size == 8 &&
	    st[4].val_size == 1 && st[4].is_signed && st[4].convno == 4,
	    "layout 4: convno %d", st[4].convno);
	CHECK(st[5].kind == DT_PFSTORE_INT && st[5].val_size == 8 &&
	    !st[5].is_signed && st[5].convno == 5, "layout 5");
	CHECK(st[6].convno == 7 && st[6].role == DT_PFROLE_VALUE &&
	    st[6].val_size == 8 && st[6].is_signed, "layout 6: convno %d",
	    st[6].convno);
	errno = 0;
	CHECK(dt_printf_layout(pf, &bad, 1, 512, st) == -1 &&
	    errno == EINVAL, "layout of void");
	dt_printf_free(pf);

	/* extra printa() keys are laid out but consumed by nothing */
	CHECK(dt_printf_parse("%d", &pf, err, sizeof (err)) == 0, "parse");
	CHECK(dt_printf_layout(pf, types, 2, 512, st) == 0 &&
	    st[0].role == DT_PFROLE_VALUE && st[1].role == DT_PFROLE_NONE &&
	    st[1].convno == 0, "layout extra");
	dt_printf_free(pf);
}

int
main(void)
{
	setenv("TZ", "UTC", 1);
	tzset();

	test_parse();
	test_check();
	test_layout();
	test_integers();
	test_int_types();
	test_length_modifiers();
	test_chars_strings();
	test_pointers_addrs();
	test_time();
	test_floats();
	test_pct_dyn();
	test_agg_format();
	test_format_errors();

	printf("%d passed, %d failed\n", passed, failed);
	return (failed != 0);
}
