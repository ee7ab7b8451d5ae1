/*
 * test_bufopts.c - the buffer and rate options' values, without
 * privileges: dtrace's spellings of sizes (k/m/g/t either case, hex),
 * rates (time units either case, hz, a bare number of nanoseconds), the
 * bufpolicy and bufresize words (numbered as DTrace numbers them), and
 * dtrace's message for everything else.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "dtrace.h"
#include "check.h"

static dtrace_hdl_t *dtp;

static void ok(const char *opt, const char *val, int64_t want)
{
	int64_t got = -1;
	int rc = dtrace_setopt(dtp, opt, val);
	CHECK(rc == 0, "-x %s=%s refused: %s", opt, val, dtrace_errmsg(dtp));
	if (rc == 0) {
		dtrace_getopt(dtp, opt, &got);
		CHECK(got == want, "-x %s=%s: %lld, expected %lld", opt, val,
		    (long long)got, (long long)want);
	}
}

static void bad(const char *opt, const char *val)
{
	char want[256];
	int rc = dtrace_setopt(dtp, opt, val);
	snprintf(want, sizeof(want), "failed to set -x %s: Invalid value for specified option", opt);
	CHECK(rc < 0, "-x %s=%s accepted", opt, val);
	if (rc < 0)
		CHECK(strcmp(dtrace_errmsg(dtp), want) == 0, "-x %s=%s: \"%s\"", opt, val,
		    dtrace_errmsg(dtp));
}

int main(void)
{
	int e;
	int64_t v = -1;
	dtp = dtrace_open(&e);
	CHECK(dtp != NULL, "dtrace_open failed");
	if (!dtp)
		return 1;

	/* defaults: 4m, switch, auto, 1hz rates, cleanrate 101hz */
	dtrace_getopt(dtp, "bufsize", &v);
	CHECK(v == 4 << 20, "default bufsize %lld", (long long)v);
	dtrace_getopt(dtp, "bufpolicy", &v);
	CHECK(v == 2, "default bufpolicy %lld", (long long)v);
	dtrace_getopt(dtp, "bufresize", &v);
	CHECK(v == 0, "default bufresize %lld", (long long)v);
	dtrace_getopt(dtp, "switchrate", &v);
	CHECK(v == 1000000000, "default switchrate %lld", (long long)v);
	dtrace_getopt(dtp, "cleanrate", &v);
	CHECK(v == 9900990, "default cleanrate %lld", (long long)v);

	/* sizes */
	ok("bufsize", "1k", 1024);
	ok("bufsize", "1K", 1024);
	ok("bufsize", "2m", 2 << 20);
	ok("bufsize", "3G", 3LL << 30);
	ok("bufsize", "100t", 100LL << 40);
	ok("bufsize", "0x1000", 4096);
	ok("bufsize", "0x10k", 16 << 10);
	ok("bufsize", "64", 64);
	ok("bufsize", "0", 0);
	bad("bufsize", "banana");
	bad("bufsize", "-1");
	bad("bufsize", "1kb");
	bad("bufsize", "4q");
	bad("bufsize", "k4");
	bad("bufsize", "99999999999t");
	bad("bufsize", NULL);

	/* rates: the interval in ns */
	ok("switchrate", "10hz", 100000000);
	ok("switchrate", "10Hz", 100000000);
	ok("switchrate", "1HZ", 1000000000);
	ok("switchrate", "250ns", 250);
	ok("switchrate", "3nsec", 3);
	ok("switchrate", "5us", 5000);
	ok("switchrate", "5usec", 5000);
	ok("switchrate", "100ms", 100000000);
	ok("switchrate", "100MS", 100000000);
	ok("switchrate", "7msec", 7000000);
	ok("switchrate", "2s", 2000000000);
	ok("switchrate", "2sec", 2000000000);
	ok("statusrate", "1m", 60000000000LL);
	ok("statusrate", "1min", 60000000000LL);
	ok("statusrate", "1h", 3600000000000LL);
	ok("statusrate", "1hour", 3600000000000LL);
	ok("aggrate", "1d", 86400000000000LL);
	ok("aggrate", "1day", 86400000000000LL);
	ok("cleanrate", "12345", 12345);	/* bare: nanoseconds */
	ok("cleanrate", "0x10", 16);
	ok("cleanrate", "0", 0);
	ok("cleanrate", "0hz", 0);
	bad("switchrate", "10furlongs");
	bad("switchrate", "-1");
	bad("switchrate", "-10hz");
	bad("statusrate", "1 s");
	bad("statusrate", "s1");
	bad("aggrate", NULL);

	/* policies */
	ok("bufpolicy", "ring", 0);
	ok("bufpolicy", "fill", 1);
	ok("bufpolicy", "switch", 2);
	bad("bufpolicy", "circular");
	bad("bufpolicy", "Fill");
	bad("bufpolicy", NULL);
	ok("bufresize", "manual", 1);
	ok("bufresize", "auto", 0);
	bad("bufresize", "sometimes");
	bad("bufresize", "");

	dtrace_close(dtp);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
