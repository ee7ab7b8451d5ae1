/*
 * test_compile_scale.c - compile work grows linearly with script size,
 * checked by counting, never by timing.
 *
 * Counted: the names the compiler's indexes compare (dt_namehash_cmps),
 * the probes description matching looks at (dt_probe_nscanned) and every
 * strcmp() the library calls (this file defines strcmp, which the
 * library's objects, linked into this program, call instead of libc's),
 * so a lookup that scans a list with strcmp shows whatever its name.  A
 * script of 20 times the lines must cost at most about 20 times the
 * counts of the small one; a scan per name or per clause costs hundreds
 * of times.  Also checks base/namehash.c and the probe table's indexes
 * (a description naming its function or probe looks at its probes only,
 * in id order, once DT_PROBE_IX_AFTER descriptions were matched).  No
 * privileges: BEGIN, END and tick-N only.
 */
#include <stdlib.h>
#include <string.h>
#include "dtrace.h"
#include "base/namehash.h"
#include "base/handle.h"
#include "prov/prov.h"
#include "check.h"

static unsigned long nstrcmp;

/* the library's strcmp, counted */
int strcmp(const char *a, const char *b)
{
	nstrcmp++;
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	while (*x && *x == *y)
		x++, y++;
	return *x - *y;
}

/* ---- base/namehash.c ---- */

static void test_namehash(void)
{
	struct dt_namehash h = { 0 };
	static char names[5000][16];
	CHECK(dt_namehash_get(&h, "x") == NULL, "empty map finds nothing");
	for (int i = 0; i < 5000; i++) {
		snprintf(names[i], sizeof(names[i]), "n%d", i);
		CHECK(dt_namehash_put(&h, names[i], names[i]) == 0, "put %d", i);
	}
	CHECK(h.n == 5000, "5000 names, %u", h.n);
	unsigned long before = dt_namehash_cmps;
	int found = 1;
	for (int i = 0; i < 5000; i++)
		found &= dt_namehash_get(&h, names[i]) == names[i];
	CHECK(found, "every name finds its value");
	CHECK(dt_namehash_cmps - before <= 5000 * 2,
	    "a lookup compares about one name: %lu for 5000", dt_namehash_cmps - before);
	CHECK(dt_namehash_get(&h, "n5000") == NULL, "a name never put");
	CHECK(dt_namehash_put(&h, "n7", (void *)&h) == 0 && dt_namehash_get(&h, names[7]) == &h,
	    "put replaces a name's value");
	CHECK(h.n == 5000, "a replaced name is not added");
	CHECK(dt_namehash_put(&h, "", names[0]) == 0 && dt_namehash_get(&h, "") == names[0],
	    "the empty name");
	dt_namehash_free(&h);
	CHECK(h.n == 0 && dt_namehash_get(&h, "n1") == NULL, "freed");
}

/* ---- the probe table's indexes ---- */

static const struct dt_provider_ops fake = { .name = "fake" };

struct seen {
	uint32_t ids[64];
	int n;
};

static int collect(dtrace_hdl_t *dtp, struct dt_probe *p, void *arg)
{
	struct seen *s = arg;
	(void)dtp;
	if (s->n < 64)
		s->ids[s->n++] = p->id;
	return 0;
}

static int ascending(const struct seen *s)
{
	for (int i = 1; i < s->n; i++)
		if (s->ids[i] <= s->ids[i - 1])
			return 0;
	return 1;
}

static void test_probe_index(void)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	char f[32], n[32];
	/* 10,000 probes: fake:m:fI:entry and fake:m:fI:return for 5,000 I */
	for (int i = 0; i < 5000; i++) {
		snprintf(f, sizeof(f), "f%d", i);
		dt_probe_create(dtp, &fake, "m", f, "entry", 0);
		dt_probe_create(dtp, &fake, "m", f, "return", 0);
	}
	/* the first descriptions scan the table; then the indexes are made */
	struct seen s = { .n = 0 };
	for (int i = 0; i < DT_PROBE_IX_AFTER; i++) {
		s.n = 0;
		CHECK(dt_probe_iter(dtp, "fake", "", "f42", "entry", collect, &s) == 1, "one exact match");
	}
	unsigned long before = dt_probe_nscanned;
	s.n = 0;
	CHECK(dt_probe_iter(dtp, "fake", "", "f42", "entry", collect, &s) == 1 &&
	    dt_probe_nscanned - before == 2, "one exact match, its function's 2 probes looked at: %lu",
	    dt_probe_nscanned - before);
	/* and a few made after the indexes */
	for (int i = 0; i < 3; i++) {
		snprintf(n, sizeof(n), "late%d", i);
		dt_probe_create(dtp, &fake, "m", "f42", n, 0);
	}

	before = dt_probe_nscanned;
	s.n = 0;
	int got = dt_probe_iter(dtp, "fake", "", "f42", "", collect, &s);
	CHECK(got == 5, "fake::f42: matches its 5 probes, got %d", got);
	CHECK(ascending(&s), "fake::f42: in id order");
	CHECK(dt_probe_nscanned - before == 5, "fake::f42: looks at its 5 probes, %lu",
	    dt_probe_nscanned - before);

	before = dt_probe_nscanned;
	s.n = 0;
	got = dt_probe_iter(dtp, "", "", "", "late1", collect, &s);
	CHECK(got == 1 && dt_probe_nscanned - before == 1, "late1: by its name, %d probe(s), %lu looked at",
	    got, dt_probe_nscanned - before);

	before = dt_probe_nscanned;
	got = dt_probe_iter(dtp, "fake", "m", "f4*", "return", NULL, NULL);
	CHECK(got == 1111, "fake:m:f4*:return matches 1111, got %d", got);
	CHECK(dt_probe_nscanned - before <= dtp->nprobes - 5000,
	    "a glob on the function looks through the name's chain, not every probe: %lu of %u",
	    dt_probe_nscanned - before, dtp->nprobes);

	got = dt_probe_iter(dtp, "fake", "m", "nosuch", "entry", NULL, NULL);
	CHECK(got == 0, "an exact function no probe has: nothing");
	got = dt_probe_iter(dtp, "fake", "m", "f*", "", NULL, NULL);
	CHECK(got == 10003, "a glob everywhere: every fake probe, got %d", got);
	dtrace_close(dtp);
}

/* ---- compiling scripts of 1,000 and 20,000 lines ---- */

/* a script of about `lines` lines: inlines, then clauses of 9 lines with
 * new globals, thread-locals, clause-locals, associative arrays and
 * aggregations, on a few probes with predicates */
static char *script(int lines)
{
	size_t cap = (size_t)lines * 80 + 1024, len = 0;
	char *s = malloc(cap);
	int n = 0;
	for (int i = 0; n < lines / 10; i++, n++)
		len += (size_t)snprintf(s + len, cap - len, "inline int c%d = %d;\n", i, i);
	static const char *const probes[] = { "BEGIN", "END", "tick-1s", "tick-10s" };
	for (int i = 0; n + 9 <= lines; i++, n += 9)
		len += (size_t)snprintf(s + len, cap - len,
		    "%s\n/g%d >= 0/\n{\n"
		    "\tthis->t = c%d;\n"
		    "\tself->s%d = this->t + g%d;\n"
		    "\tg%d = self->s%d + %d;\n"
		    "\ta%d[g%d] = 1;\n"
		    "\t@q%d[probename] = sum(g%d);\n"
		    "}\n",
		    probes[i % 4], i / 2, i % (lines / 10), i, i / 2, i + 1, i, i, i, i + 1, i, i);
	return s;
}

struct counts {
	unsigned long strcmps, nhcmps, scanned;
};

static struct counts compile_counts(int lines)
{
	int e, nm = 0;
	char *src = script(lines);
	/* the handle's start (options, libraries, the probe table's
	 * indexes) outside the count */
	dtrace_hdl_t *dtp = dtrace_open(&e);
	char warm[64 * DT_PROBE_IX_AFTER] = "";
	for (int i = 0; i < DT_PROBE_IX_AFTER; i++)
		strcat(warm, "BEGIN { g0 = 0; }\n");
	int rc = dtrace_compile(dtp, warm, "warm", 0, &nm);
	CHECK(rc == 0, "warm-up compiles: %s", rc ? dtrace_errmsg(dtp) : "");
	struct counts c = { nstrcmp, dt_namehash_cmps, dt_probe_nscanned };
	rc = dtrace_compile(dtp, src, "big.d", DTRACE_C_FILE, &nm);
	CHECK(rc == 0, "%d lines compile: %s", lines, rc ? dtrace_errmsg(dtp) : "");
	c.strcmps = nstrcmp - c.strcmps;
	c.nhcmps = dt_namehash_cmps - c.nhcmps;
	c.scanned = dt_probe_nscanned - c.scanned;
	dtrace_close(dtp);
	free(src);
	return c;
}

static void test_linear(void)
{
	struct counts a = compile_counts(1000), b = compile_counts(20000);
	printf("1000 lines: %lu strcmp, %lu index compares, %lu probes looked at\n",
	    a.strcmps, a.nhcmps, a.scanned);
	printf("20000 lines: %lu strcmp, %lu index compares, %lu probes looked at\n",
	    b.strcmps, b.nhcmps, b.scanned);
	/* 20x the lines: at most 22x the work (a scan per name: ~400x) */
	CHECK(b.strcmps <= a.strcmps * 22, "strcmp: %lu for 20000 lines, %lu for 1000",
	    b.strcmps, a.strcmps);
	CHECK(b.nhcmps <= a.nhcmps * 22, "index compares: %lu for 20000 lines, %lu for 1000",
	    b.nhcmps, a.nhcmps);
	CHECK(b.scanned <= a.scanned * 22, "probes looked at: %lu for 20000 lines, %lu for 1000",
	    b.scanned, a.scanned);
	/* each clause looks at its one probe */
	CHECK(b.scanned <= 20000 / 9 + 10, "one probe looked at per clause: %lu", b.scanned);
}

int main(void)
{
	test_namehash();
	test_probe_index();
	test_linear();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
