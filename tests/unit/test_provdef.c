/*
 * test_provdef.c - the provider definitions store (prov/provdef.c) and
 * what sema puts in it from provider items: probe names, native and
 * translated types, the output-to-input mapping, the D library hook, and
 * which probes a definition describes.  Runs without privileges.
 */
#include <stdlib.h>
#include <string.h>
#include "dtrace.h"
#include "check.h"
#include "base/handle.h"
#include "prov/prov.h"
#include "prov/provdef.h"

static int compile(dtrace_hdl_t *dtp, const char *src)
{
	int n = 0;
	return dtrace_compile(dtp, src, "t.d", DTRACE_C_FILE, &n);
}

/* the store by hand */
static void store(void)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	dt_provdef_set_need(dtp, NULL);
	CHECK(!dt_provdef_lookup(dtp, "myserv"), "an empty store has no myserv");
	struct dt_provdef *d = dt_provdef_add(dtp, "myserv");
	CHECK(dt_provdef_lookup(dtp, "myserv") == d, "myserv added");
	struct dt_pdprobe *pp = dt_provdef_add_probe(dtp, d, "request__start", 3, 2);
	CHECK(!strcmp(pp->name, "request-start"), "__ is -: %s", pp->name);
	CHECK(dt_provdef_probe(d, "request-start") == pp, "found by its listed name");
	CHECK(dt_provdef_probe(d, "request__start") == pp, "found by its declared name");
	CHECK(!dt_provdef_probe(d, "request"), "no other probe");
	pp->nnames[0] = "a";
	pp->nnames[1] = NULL;
	pp->nnames[2] = "c";
	const char *x1[] = { "c", "a" };
	CHECK(dt_provdef_map(pp, x1, NULL) == 0 && pp->map[0] == 2 && pp->map[1] == 0,
	    "outputs map by name: %d %d", pp->map[0], pp->map[1]);
	const char *x2[] = { NULL, "zz" };
	CHECK(dt_provdef_map(pp, x2, NULL) == 0 && pp->map[0] == 0 && pp->map[1] == 1,
	    "unnamed or unknown outputs map by position: %d %d", pp->map[0], pp->map[1]);
	struct dt_pdprobe *p2 = dt_provdef_add_probe(dtp, d, "many", 1, 2);
	int bad = -1;
	CHECK(dt_provdef_map(p2, NULL, &bad) < 0 && bad == 1, "an output past the inputs: %d", bad);
	dtrace_close(dtp);
}

/* what sema stores */
static void from_items(void)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	const char *src =
	    "typedef struct httpd_request { int fd; char *url; } httpd_request_t;\n"
	    "typedef struct conninfo { int ci_fd; } conninfo_t;\n"
	    "translator conninfo_t < httpd_request_t *r > { ci_fd = r->fd; };\n"
	    "provider myserv {\n"
	    "	probe request__start(httpd_request_t *p, char *u) : (string u, conninfo_t *p);\n"
	    "	probe plain(int, long);\n"
	    "	probe idle(void);\n"
	    "};\n";
	CHECK(compile(dtp, src) == 0, "compiles: %s", dtrace_errmsg(dtp));
	struct dt_provdef *d = dt_provdef_lookup(dtp, "myserv");
	CHECK(d != NULL, "myserv stored");
	if (!d) {
		dtrace_close(dtp);
		return;
	}
	const struct dt_pdprobe *rs = dt_provdef_probe(d, "request-start");
	CHECK(rs && rs->nargc == 2 && rs->xargc == 2 && rs->xlated, "request-start's counts");
	if (rs) {
		CHECK(!strcmp(rs->nargv[0], "httpd_request_t *"), "native 0: %s", rs->nargv[0]);
		CHECK(!strcmp(rs->nargv[1], "char *"), "native 1: %s", rs->nargv[1]);
		CHECK(!strcmp(rs->xargv[0], "string"), "translated 0: %s", rs->xargv[0]);
		CHECK(!strcmp(rs->xargv[1], "conninfo_t *"), "translated 1: %s", rs->xargv[1]);
		CHECK(rs->map[0] == 1 && rs->map[1] == 0, "mapping %d %d", rs->map[0], rs->map[1]);
	}
	const struct dt_pdprobe *pl = dt_provdef_probe(d, "plain");
	CHECK(pl && pl->nargc == 2 && pl->xargc == 2 && !pl->xlated &&
	    !strcmp(pl->xargv[1], "long") && pl->map[1] == 1, "plain: no output prototype");
	const struct dt_pdprobe *id = dt_provdef_probe(d, "idle");
	CHECK(id && id->nargc == 0 && id->xargc == 0, "idle(void): no arguments");
	dtrace_close(dtp);
}

static const char *test_defname(const struct dt_probe *p)
{
	(void)p;
	return "myserv";
}

/* which probes a definition describes: only a provider with defname */
static void described(void)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	CHECK(compile(dtp, "provider myserv { probe go(int a) : (long a); };") == 0,
	    "compiles: %s", dtrace_errmsg(dtp));
	struct dt_provider_ops with = { .name = "usdt", .defname = test_defname };
	struct dt_provider_ops without = { .name = "pid" };
	struct dt_probe p = { .prov = "myserv1234", .mod = "a.out", .func = "main",
	    .name = "go", .ops = &with };
	const struct dt_pdprobe *pp = dt_provdef_for(dtp, &p);
	CHECK(pp && !strcmp(pp->xargv[0], "long"), "myserv1234:::go described");
	p.name = "stop";
	CHECK(!dt_provdef_for(dtp, &p), "a probe the definition lacks");
	p.name = "go";
	p.ops = &without;
	CHECK(!dt_provdef_for(dtp, &p), "a provider without defname");
	char buf[64];
	CHECK(!strcmp(dt_provdef_name(&p, buf, sizeof(buf)), "myserv"), "pid suffix dropped: %s", buf);
	dtrace_close(dtp);
}

/*
 * args[] of a described probe, typed by sema (dtrace_compile stops
 * before code generation): a probe of a stand-in provider with defname,
 * as the usdt provider's are.
 */
#define XLDEFS \
	"typedef struct xl_request { int fd; int port; char *url; } xl_request_t;\n" \
	"typedef struct xl_conninfo { int ci_fd; string ci_url; } xl_conninfo_t;\n" \
	"translator xl_conninfo_t < xl_request_t *r > {\n" \
	"	ci_fd = *(int *)copyin((uintptr_t)r, 4);\n" \
	"	ci_url = copyinstr(*(uintptr_t *)copyin((uintptr_t)r + 8, 8));\n" \
	"};\n" \
	"provider xlprog {\n" \
	"	probe request__start(xl_request_t *r, char *url, int n) : (long n, xl_conninfo_t *r, string url);\n" \
	"	probe other(int a);\n" \
	"};\n"

static const char *xl_defname(const struct dt_probe *p)
{
	(void)p;
	return "xlprog";
}

static void typed(void)
{
	static const struct dt_provider_ops xl = { .name = "xltest", .defname = xl_defname };
	struct { const char *clause, *err; } cases[] = {
		{ "xlprog123:::request-start { trace(args[1]->ci_fd); trace(args[1]->ci_url); }", NULL },
		{ "xlprog123:::request-start /args[0] > 1/ { trace(args[2]); trace(arg0); }", NULL },
		{ "xlprog123:::request-start { x = args[0]; y = (long)x; }", NULL },
		{ "xlprog123:::request-start { trace(args[3]); }",
		    "failed to compile script t.d: line 12: index 3 is out of range for xlprog123:::request-start args[ ]" },
		{ "xlprog123:::request-start { trace(args[1]->nope); }", "" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int e;
		dtrace_hdl_t *dtp = dtrace_open(&e);
		dt_probe_create_prov(dtp, &xl, "xlprog123", "usdt_xlate", "serve", "request-start", 0);
		char src[4096];
		snprintf(src, sizeof(src), "%s\n%s\n", XLDEFS, cases[i].clause);
		int rc = compile(dtp, src);
		if (!cases[i].err)
			CHECK(rc == 0, "%s: %s", cases[i].clause, dtrace_errmsg(dtp));
		else
			CHECK(rc < 0 && (!*cases[i].err || !strcmp(dtrace_errmsg(dtp), cases[i].err)),
			    "%s: got %s", cases[i].clause, rc < 0 ? dtrace_errmsg(dtp) : "success");
		dtrace_close(dtp);
	}
	/* the listing's types: the translated ones */
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	struct dt_probe *p = dt_probe_create_prov(dtp, &xl, "xlprog123", "usdt_xlate", "serve",
	    "request-start", 0);
	CHECK(compile(dtp, XLDEFS) == 0, "definitions compile: %s", dtrace_errmsg(dtp));
	dtrace_probeinfo_t pi;
	CHECK(p && dtrace_probe_info(dtp, p->id, &pi) == 0 && pi.nargs == 3 &&
	    !strcmp(pi.argtypes[0], "long") && !strcmp(pi.argtypes[1], "xl_conninfo_t *") &&
	    !strcmp(pi.argtypes[2], "string"), "-lv types");
	dtrace_close(dtp);
}

int main(void)
{
	store();
	from_items();
	described();
	typed();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
