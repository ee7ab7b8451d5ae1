/*
 * test_check.c - dtrace_program_check() (dtrace -e) without privileges:
 * run as nobody when started as root, it generates and checks the
 * programs of BEGIN/tick scripts, refuses what enabling refuses (more
 * maps than one program may use, past aggregations sharing maps, code generation's refusals, buffer
 * sizes, destructive actions) with dtrace_go()'s words, and leaves a
 * handle dtrace_go() refuses.  Check-only map stand-ins
 * (kernel/bpfmap.c) are distinct descriptors that no kernel call is
 * made on.
 */
#include <grp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dtrace.h"
#include "base/handle.h"
#include "kernel/bpfmap.h"
#include "check.h"

/* compile src, check it: 0, or -1 with the error in err */
static int check_src(const char *src, char *err, size_t len)
{
	int e, n = 0, rc = -1;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	err[0] = '\0';
	if (!dtp) {
		snprintf(err, len, "dtrace_open: %d", e);
		return -1;
	}
	if (dtrace_compile(dtp, src, "test", 0, &n) < 0)
		snprintf(err, len, "compile: %s", dtrace_errmsg(dtp));
	else if ((rc = dtrace_program_check(dtp)) < 0)
		snprintf(err, len, "%s", dtrace_errmsg(dtp));
	dtrace_close(dtp);
	return rc;
}

static char *aggs(int n)
{
	size_t len = 64 + (size_t)n * 32;
	char *s = malloc(len);
	int o = snprintf(s, len, "BEGIN {");
	for (int i = 0; i < n; i++)
		o += snprintf(s + o, len - (size_t)o, " @a%d = count();", i);
	snprintf(s + o, len - (size_t)o, " exit(0); }");
	return s;
}

/* n lquantize()s of different ranges: n kinds of value */
static char *lquantizes(int n)
{
	size_t len = 64 + (size_t)n * 48;
	char *s = malloc(len);
	int o = snprintf(s, len, "BEGIN {");
	for (int i = 0; i < n; i++)
		o += snprintf(s + o, len - (size_t)o, " @l%d = lquantize(1, 0, %d, 10);", i,
		    10 * (i + 1));
	snprintf(s + o, len - (size_t)o, " exit(0); }");
	return s;
}

int main(void)
{
	char err[1024];

	/* as nobody: the check must need no privileges */
	if (getuid() == 0) {
		CHECK(setgroups(0, NULL) == 0 && setresgid(65534, 65534, 65534) == 0 &&
		    setresuid(65534, 65534, 65534) == 0, "cannot become nobody");
	}

	CHECK(check_src("BEGIN { printf(\"%d\\n\", 1); exit(0); }", err, sizeof(err)) == 0,
	    "BEGIN: %s", err);
	CHECK(check_src("tick-1s { @q = quantize(timestamp); self->x = 1; a[1] = "
	    "strjoin(\"a\", \"b\"); } END { printa(@q); }", err, sizeof(err)) == 0,
	    "tick: %s", err);
	char *s = aggs(40);		/* a map each */
	CHECK(check_src(s, err, sizeof(err)) == 0, "40 aggregations: %s", err);
	free(s);
	s = aggs(500);			/* one shared map (rt/aggshare.c) */
	CHECK(check_src(s, err, sizeof(err)) == 0, "500 aggregations: %s", err);
	free(s);
	s = lquantizes(50);		/* 50 kinds: more maps than a program may use */
	CHECK(check_src(s, err, sizeof(err)) < 0 && strcmp(err, "failed to load program for "
	    "dtrace:::BEGIN: clause 1 (:::BEGIN, line 1): @l44 (line 1) passes the 44 maps a "
	    "program may use for aggregations (of the kernel's 64); its aggregations need 50 maps "
	    "of different kinds") == 0, "50 lquantize kinds: %s", err);
	free(s);
	CHECK(check_src("BEGIN { x = strjoin(\"a\", strjoin(\"b\", strjoin(\"c\", strjoin(\"d\","
	    " strjoin(\"e\", strjoin(\"f\", strjoin(\"g\", strjoin(\"h\", \"i\"))))))));}",
	    err, sizeof(err)) < 0 && strstr(err, "string expression too complex"),
	    "nested strings: %s", err);
	CHECK(check_src("#pragma D option bufsize=0\nBEGIN { exit(0); }", err, sizeof(err)) < 0 &&
	    strcmp(err, "Enabling exceeds size of buffer") == 0, "bufsize=0: %s", err);
	CHECK(check_src("BEGIN { system(\"true\"); }", err, sizeof(err)) < 0 &&
	    strcmp(err, "Destructive actions not allowed") == 0, "destructive: %s", err);

	/* a checked handle does not go */
	int e, n;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	CHECK(dtp && dtrace_compile(dtp, "BEGIN { exit(0); }", "t", 0, &n) == 0 &&
	    dtrace_program_check(dtp) == 0, "check");
	if (dtp) {
		CHECK(dtrace_go(dtp, stdout) < 0 && strstr(dtrace_errmsg(dtp), "only checked"),
		    "go after check: %s", dtrace_errmsg(dtp));
		/* stand-ins: distinct descriptors, updates that do nothing */
		int a = dt_bpf_map_create(dtp, BPF_MAP_TYPE_ARRAY, "t", 4, 8, 1, NULL);
		int b = dt_bpf_map_create(dtp, BPF_MAP_TYPE_HASH, "t", 8, 8, 1, NULL);
		uint32_t k = 0;
		uint64_t v = 1;
		CHECK(a >= 0 && b >= 0 && a != b, "stand-ins %d %d", a, b);
		CHECK(dt_bpf_map_update(dtp, a, &k, &v, 0) == 0, "update of a stand-in");
		close(a);
		close(b);
		dtrace_close(dtp);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
