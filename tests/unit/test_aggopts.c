/*
 * test_aggopts.c - the aggregation options and setopt()'s option rules,
 * without privileges: how -x / #pragma values parse (dtrace's run-time
 * value syntax for aggsortkey, aggsortrev, aggsortpos, aggsortkeypos; no
 * value for aggpercpu; times for aggrate), and which options setopt() may
 * change while tracing, with dtrace's reasons for the others.
 */
#include <stdio.h>
#include <string.h>
#include "base/handle.h"

#include "check.h"

static dtrace_hdl_t *dtp;

static int set(const char *name, const char *val)
{
	return dtrace_setopt(dtp, name, val);
}

static void values(void)
{
	int k = DTOPT_AGGSORTKEY;

	CHECK(set("aggsortkey", NULL) == 0 && dtp->optset[k] && dtp->opt[k] == 0,
	    "no value: set, to 0");
	CHECK(set("aggsortkey", "no") == 0 && !dtp->optset[k], "no: unset");
	CHECK(set("aggsortkey", "0") == 0 && dtp->optset[k], "0: set (as dtrace)");
	CHECK(set("aggsortkey", "") == 0 && !dtp->optset[k], "empty: unset");
	CHECK(set("aggsortkey", "Yes") == 0 && dtp->optset[k] && dtp->opt[k] == 1, "Yes");
	CHECK(set("aggsortkey", "OFF") == 0 && !dtp->optset[k], "OFF");
	CHECK(set("aggsortkey", "enabled") == 0 && dtp->optset[k], "enabled");
	CHECK(set("aggsortkey", "unset") == 0 && !dtp->optset[k], "unset");
	CHECK(set("aggsortkeypos", "0x10") == 0 && dtp->opt[DTOPT_AGGSORTKEYPOS] == 16, "hex");
	CHECK(set("aggsortpos", "010") == 0 && dtp->opt[DTOPT_AGGSORTPOS] == 8, "octal");
	CHECK(set("aggsortpos", "-1") < 0, "negative refused");
	CHECK(strcmp(dtrace_errmsg(dtp),
	    "failed to set -x aggsortpos: Invalid value for specified option") == 0,
	    "message: %s", dtrace_errmsg(dtp));
	CHECK(set("aggsortpos", "5x") < 0, "trailing junk refused");
	CHECK(set("aggsortrev", "18446744073709551615") < 0, "out of range refused");
	CHECK(set("aggpercpu", NULL) == 0 && dtp->optset[DTOPT_AGGPERCPU], "aggpercpu");
	CHECK(set("aggpercpu", "1") < 0, "aggpercpu takes no value");
	CHECK(set("aggrate", "10ms") == 0 && dtp->opt[DTOPT_AGGRATE] == 10000000, "10ms");
	CHECK(set("aggrate", "4hz") == 0 && dtp->opt[DTOPT_AGGRATE] == 250000000, "4hz");
	CHECK(set("aggrate", "2min") == 0 && dtp->opt[DTOPT_AGGRATE] == 120000000000ULL, "2min");
	CHECK(set("aggrate", "1parsec") < 0, "bad unit");
}

static void active(void)
{
	const char *why = NULL;

	CHECK(dt_opt_set_active(dtp, "bufsize", "1m", &why) < 0 &&
	    !strcmp(why, "Operation illegal when tracing is active"), "bufsize: %s", why);
	CHECK(dt_opt_set_active(dtp, "aggsize", "1m", &why) < 0, "aggsize");
	CHECK(dt_opt_set_active(dtp, "strsize", "1", &why) < 0, "strsize");
	CHECK(dt_opt_set_active(dtp, "wombats", "1", &why) < 0 &&
	    !strcmp(why, "Invalid option name"), "unknown: %s", why);
	CHECK(dt_opt_set_active(dtp, "aggpercpu", "1", &why) < 0 &&
	    !strcmp(why, "Invalid value for specified option"), "aggpercpu: %s", why);
	CHECK(dt_opt_set_active(dtp, "cpp", "1", &why) < 0 &&
	    !strcmp(why, "Invalid value for specified option"), "cpp: %s", why);
	CHECK(dt_opt_set_active(dtp, "aggsortrev", "1", &why) == 0 &&
	    dtp->optset[DTOPT_AGGSORTREV], "aggsortrev");
	CHECK(dt_opt_set_active(dtp, "aggsortrev", "no", &why) == 0 &&
	    !dtp->optset[DTOPT_AGGSORTREV], "aggsortrev no");
	CHECK(dt_opt_set_active(dtp, "aggsortkeypos", "1x", &why) < 0 &&
	    !strcmp(why, "Invalid value for specified option"), "bad value");
	CHECK(dt_opt_set_active(dtp, "quiet", "1", &why) == 0 && dtp->quiet == 1, "quiet");
	CHECK(dt_opt_set_active(dtp, "switchrate", "2hz", &why) == 0 &&
	    dtp->opt[DTOPT_SWITCHRATE] == 500000000, "switchrate");
	CHECK(dt_opt_set_active(dtp, "aggrate", "1s", &why) == 0 &&
	    dtp->opt[DTOPT_AGGRATE] == 1000000000, "aggrate");
}

int main(void)
{
	int e;
	dtp = dtrace_open(&e);
	if (!dtp) {
		printf("dtrace_open failed\n");
		return 1;
	}
	values();
	active();
	dtrace_close(dtp);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
