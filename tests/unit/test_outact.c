/*
 * test_outact.c - unit tests for the output actions, without privileges:
 * the compile-time rules of tracemem(), print(), freopen() and
 * ftruncate() (dtrace's messages), dtrace's raw byte dump (outact.c) and
 * print()'s object layout for D types (print_type.c), checked character
 * for character on hand-made records.
 * Prints one line per failure and ends with "N passed, M failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/handle.h"
#include "fmt/bytes.h"
#include "kernel/btf.h"
#include "sema/program.h"
#include "fmt/print_type.h"

#include "check.h"

static void ok(const char *src)
{
	int e, n = 0;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	int rc = dtrace_compile(dtp, src, src, 0, &n);
	CHECK(rc == 0, "%s\n  unexpected error: %s", src, dtrace_errmsg(dtp));
	dtrace_close(dtp);
}

static void bad(const char *src, const char *msg)
{
	int e, n = 0;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	int rc = dtrace_compile(dtp, src, "t.d", DTRACE_C_FILE, &n);
	CHECK(rc < 0 && !strcmp(dtrace_errmsg(dtp), msg), "%s\n  got:      %s\n  expected: %s",
	    src, rc < 0 ? dtrace_errmsg(dtp) : "(compiled)", msg);
	dtrace_close(dtp);
}

/* what f(out) writes, as a string to free */
static char *capture(void (*f)(FILE *, void *), void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	f(m, arg);
	fclose(m);
	return buf;
}

struct bytes { const uint8_t *p; size_t n; };

static void dump(FILE *out, void *arg)
{
	struct bytes *b = arg;
	dt_print_rawbytes(out, b->p, b->n);
}

static void rawbytes(void)
{
	uint8_t v[20];
	memcpy(v, "Linux version \n\x7f\xff\0z~", 20);
	struct bytes b = { v, 20 };
	char *s = capture(dump, &b);
	const char *want =
	    "\n"
	    "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
	    "         0: 4c 69 6e 75 78 20 76 65 72 73 69 6f 6e 20 0a 7f  Linux version ..\n"
	    "        10: ff 00 7a 7e                                      ..z~\n";
	CHECK(!strcmp(s, want), "20 bytes:\n%s", s);
	free(s);
	b.n = 16;
	s = capture(dump, &b);
	CHECK(strstr(s, "version ..\n") && !strstr(s, "10:"), "16 bytes:\n%s", s);
	free(s);
	b.n = 0;
	s = capture(dump, &b);
	CHECK(!strcmp(s, ""), "0 bytes: \"%s\"", s);
	free(s);
}

struct pr { dtrace_hdl_t *dtp; struct dt_type *t; const uint8_t *p; size_t n; };

static void pr(FILE *out, void *arg)
{
	struct pr *a = arg;
	dt_print_type(a->dtp, out, a->t, 0x1000, a->p, a->n);
}

static void print_layout(void)
{
	int e, n = 0;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	const char *src =
	    "enum e { E0, E1, E5 = 5 };\n"
	    "struct in { unsigned short x; char *p; };\n"
	    "struct s { char c; int a[3]; struct in in; enum e v; long l; char name[6]; };\n"
	    "BEGIN { print((struct s *)0); }";
	if (dtrace_compile(dtp, src, "t.d", DTRACE_C_FILE, &n) < 0) {
		CHECK(0, "compile: %s", dtrace_errmsg(dtp));
		dtrace_close(dtp);
		return;
	}
	struct dt_type *t = dt_tag_lookup(&dtp->types, DT_TK_STRUCT, "s");
	CHECK(t && t->size == 56, "struct s: %u bytes", t ? t->size : 0);
	if (!t) {
		dtrace_close(dtp);
		return;
	}
	uint8_t v[56] = { 0 };
	v[0] = 'q';				/* c */
	int32_t a2 = -7;
	memcpy(v + 12, &a2, 4);			/* a[2] */
	uint16_t x = 65535;
	memcpy(v + 16, &x, 2);			/* in.x */
	int32_t ev = 5;
	memcpy(v + 32, &ev, 4);			/* v */
	memcpy(v + 48, "ab\0c", 4);		/* name */
	struct pr a = { dtp, t, v, sizeof(v) };
	char *s = capture(pr, &a);
	const char *want =
	    "0x1000 = *\n"
	    "                                            (struct s) {\n"
	    "                                             .c = (char)'q',\n"
	    "                                             .a = (int [3]) [\n"
	    "                                              (int)-7,\n"
	    "                                             ],\n"
	    "                                             .in = (struct in) {\n"
	    "                                              .x = (unsigned short)65535,\n"
	    "                                             },\n"
	    "                                             .v = (enum e)E5,\n"
	    "                                             .name = (char [6]) [\n"
	    "                                              (char)'a',\n"
	    "                                              (char)'b',\n"
	    "                                             ],\n"
	    "                                            }\n";
	CHECK(!strcmp(s, want), "struct s:\n%s", s);
	free(s);

	/* cut short: members past the recorded bytes become "..." */
	a.n = 20;
	s = capture(pr, &a);
	want =
	    "0x1000 = *\n"
	    "                                            (struct s) {\n"
	    "                                             .c = (char)'q',\n"
	    "                                             .a = (int [3]) [\n"
	    "                                              (int)-7,\n"
	    "                                             ],\n"
	    "                                             .in = (struct in) {\n"
	    "                                              .x = (unsigned short)65535,\n"
	    "                                              ...\n"
	    "                                             },\n"
	    "                                            }\n";
	CHECK(!strcmp(s, want), "struct s, 20 bytes:\n%s", s);
	free(s);

	/* an enum value without a name, a pointer member */
	ev = 3;
	memcpy(v + 32, &ev, 4);
	uint64_t ptr = 0xffff888000001234ULL;
	memcpy(v + 24, &ptr, 8);
	a.n = sizeof(v);
	s = capture(pr, &a);
	CHECK(strstr(s, "\n                                             .v = (enum e)3,\n") &&
	    strstr(s, "\n                                              .p = (char *)0xffff888000001234,\n"),
	    "enum and pointer:\n%s", s);
	free(s);
	dtrace_close(dtp);
}

int main(void)
{
	/* tracemem() */
	ok("BEGIN { tracemem(arg0, 16); tracemem(curthread, 8, arg1); tracemem(0, 1, -1); }");
	bad("BEGIN { tracemem(arg0); }",
	    "failed to compile script t.d: line 1: tracemem( ) prototype mismatch: 1 arg passed, at least 2 expected");
	bad("BEGIN { tracemem(arg0, arg1); }",
	    "failed to compile script t.d: line 1: tracemem( ) argument #2 must be a non-zero positive integral constant expression");
	bad("BEGIN { tracemem(arg0, -4); }",
	    "failed to compile script t.d: line 1: tracemem( ) argument #2 must be a non-zero positive integral constant expression");
	bad("BEGIN { tracemem(arg0, \"x\"); }",
	    "failed to compile script t.d: line 1: tracemem( ) argument #2 is incompatible with prototype:\n"
	    "\tprototype: size_t\n\t argument: string");
	bad("BEGIN { tracemem(\"x\", 2); }",
	    "failed to compile script t.d: line 1: tracemem( ) argument #1 is incompatible with prototype:\n"
	    "\tprototype: pointer or integer\n\t argument: string");
	bad("BEGIN { tracemem(arg0, 2, 1, 1); }",
	    "failed to compile script t.d: line 1: tracemem ( ) prototype mismatch: expected at most 3 args");
	bad("BEGIN { tracemem(arg0, 2, execname); }",
	    "failed to compile script t.d: line 1: tracemem ( ) dynamic size (argument #3) must be of scalar type");

	/* print() */
	ok("struct s { int a; }; BEGIN { print((struct s *)arg0); print(curthread); print(&curthread->pid); }");
	bad("BEGIN { print(arg0); }",
	    "failed to compile script t.d: line 1: print( ) argument #1 is incompatible with prototype:\n"
	    "\tprototype: void *\n\t argument: int64_t");
	bad("BEGIN { print((void *)arg0); }",
	    "failed to compile script t.d: line 1: print( ) argument #1 reference has type 'void' with size 0; cannot print( ) it.");

	/* freopen(), ftruncate() */
	ok("BEGIN { freopen(\"/tmp/x.%d\", pid); freopen(\"\"); ftruncate(); }");
	bad("BEGIN { freopen(\".\"); }",
	    "failed to compile script t.d: line 1: freopen( ) argument #1 cannot be \".\"");
	bad("BEGIN { freopen(execname); }",
	    "failed to compile script t.d: line 1: freopen( ) argument #1 is incompatible with prototype:\n"
	    "\tprototype: string constant\n\t argument: string");
	bad("BEGIN { freopen(\"%d\"); }",
	    "failed to compile script t.d: line 1: freopen( ) prototype mismatch: conversion #1 (%d) is missing a corresponding value argument");
	bad("BEGIN { ftruncate(1); }",
	    "failed to compile script t.d: line 1: ftruncate( ) prototype mismatch: 1 arg passed, 0 expected");

	rawbytes();
	print_layout();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
