/*
 * test_output.c - unit tests for the structured formatters' pieces:
 * lib/out/escape.c (JSON strings per RFC 8259, OpenMetrics label values
 * and HELP text, the UTF-8 check, the integer and hex writers) and
 * lib/out/openmetrics.c's metric and label names.  No privileges needed.
 * Prints one line per failure and ends with "N passed, M failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out/escape.h"
#include "out/openmetrics.h"

#include "check.h"

/* what dt_escape writes for n bytes of s */
static char *escaped(const char *s, size_t n, dt_esc_t how)
{
	static char out[1024];
	memset(out, 0, sizeof(out));
	FILE *fp = fmemopen(out, sizeof(out), "w");
	dt_escape(fp, s, n, how);
	fclose(fp);
	return out;
}

#define JSON(s) escaped(s, sizeof(s) - 1, DT_ESC_JSON)
#define LABEL(s) escaped(s, sizeof(s) - 1, DT_ESC_LABEL)
#define HELP(s) escaped(s, sizeof(s) - 1, DT_ESC_HELP)
#define SAME(got, want) CHECK(!strcmp(got, want), "got \"%s\", want \"%s\"", got, want)

static void test_json(void)
{
	SAME(JSON("plain text"), "plain text");
	SAME(JSON(""), "");
	SAME(JSON("a\"b\\c"), "a\\\"b\\\\c");
	SAME(JSON("\n\t\r\b\f"), "\\n\\t\\r\\b\\f");
	SAME(JSON("\x01\x1f"), "\\u0001\\u001f");
	SAME(JSON("a\0b"), "a\\u0000b");
	SAME(JSON("/ and \x7f stay"), "/ and \x7f stay");
	/* valid UTF-8 is kept: 2, 3 and 4 bytes */
	SAME(JSON("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
	    "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	/* invalid: a lone continuation, a truncated sequence, an overlong
	 * form, a surrogate, past U+10FFFF, 0xff: each byte as U+FFFD */
	SAME(JSON("a\x80z"), "a\xef\xbf\xbdz");
	SAME(JSON("\xc3"), "\xef\xbf\xbd");
	SAME(JSON("\xe2\x82"), "\xef\xbf\xbd\xef\xbf\xbd");
	SAME(JSON("\xc0\xaf"), "\xef\xbf\xbd\xef\xbf\xbd");
	SAME(JSON("\xed\xa0\x80"), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	SAME(JSON("\xf4\x90\x80\x80"), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	SAME(JSON("\xff\n"), "\xef\xbf\xbd\\n");
	/* dt_json_string adds the quotes */
	char buf[64];
	FILE *fp = fmemopen(buf, sizeof(buf), "w");
	dt_json_string(fp, "x\"", 2);
	fclose(fp);
	SAME(buf, "\"x\\\"\"");
}

static void test_utf8(void)
{
	CHECK(dt_utf8_seq((const unsigned char *)"\xc3\xa9", 2) == 2, "2-byte");
	CHECK(dt_utf8_seq((const unsigned char *)"\xc3\xa9", 1) == 0, "truncated");
	CHECK(dt_utf8_seq((const unsigned char *)"\xe0\xa0\x80", 3) == 3, "U+0800");
	CHECK(dt_utf8_seq((const unsigned char *)"\xe0\x9f\xbf", 3) == 0, "overlong 3");
	CHECK(dt_utf8_seq((const unsigned char *)"\xf4\x8f\xbf\xbf", 4) == 4, "U+10FFFF");
	CHECK(dt_utf8_seq((const unsigned char *)"\xf5\x80\x80\x80", 4) == 0, "0xf5");
	CHECK(dt_utf8_seq((const unsigned char *)"\xc1\xbf", 2) == 0, "overlong 2");
	CHECK(dt_utf8_seq((const unsigned char *)"\xe1\x80\x41", 3) == 0, "bad third byte");
}

static void test_openmetrics_text(void)
{
	/* label values: only \, " and newline; other controls as they are */
	SAME(LABEL("a\"b\\c\nd\te"), "a\\\"b\\\\c\\nd\te");
	SAME(LABEL("\xfe ok \xc3\xa9"), "\xef\xbf\xbd ok \xc3\xa9");
	/* HELP: \ and newline, a quote as it is */
	SAME(HELP("say \"hi\"\\\n"), "say \"hi\"\\\\\\n");
}

static void test_numbers(void)
{
	char buf[256];
	FILE *fp = fmemopen(buf, sizeof(buf), "w");
	dt_put_i64(fp, INT64_MIN);
	fputc(' ', fp);
	dt_put_i64(fp, INT64_MAX);
	fputc(' ', fp);
	dt_put_u64(fp, UINT64_MAX);
	fputc(' ', fp);
	dt_put_i64(fp, 0);
	fputc(' ', fp);
	dt_put_i64(fp, -42);
	fputc(' ', fp);
	dt_put_hex(fp, (const uint8_t *)"\x00\xab\xff", 3);
	fclose(fp);
	SAME(buf, "-9223372036854775808 9223372036854775807 18446744073709551615 0 -42 00abff");
}

static void test_names(void)
{
	char b[DT_OM_NAMELEN];
	dt_om_name(b, sizeof(b), "read_bytes");
	SAME(b, "read_bytes");
	dt_om_name(b, sizeof(b), "readBytes");
	SAME(b, "read_bytes");
	dt_om_name(b, sizeof(b), "HTTPCode2Name");
	SAME(b, "httpcode2_name");
	dt_om_name(b, sizeof(b), "self->x:y");
	SAME(b, "self__x_y");
	dt_om_name(b, sizeof(b), "9lives");
	SAME(b, "_9lives");
	dt_om_name(b, sizeof(b), "");
	SAME(b, "_");
	dt_om_name(b, 4, "abcdef");
	SAME(b, "abc");

	static const struct { const char *agg; dtrace_aggfunc_t f; const char *want; } fam[] = {
		{ "calls", DTRACE_AGG_COUNT, "dtrace_calls_total" },
		{ "calls_total", DTRACE_AGG_COUNT, "dtrace_calls_total" },
		{ "", DTRACE_AGG_COUNT, "dtrace_agg_total" },
		{ "", DTRACE_AGG_SUM, "dtrace_agg" },
		{ "total", DTRACE_AGG_SUM, "dtrace_total_value" },
		{ "req_count", DTRACE_AGG_MAX, "dtrace_req_count_value" },
		{ "lat_sum", DTRACE_AGG_AVG, "dtrace_lat_sum_value" },
		{ "lat_bucket", DTRACE_AGG_QUANTIZE, "dtrace_lat_bucket_value" },
		{ "latency", DTRACE_AGG_LQUANTIZE, "dtrace_latency" },
		{ "sysCalls", DTRACE_AGG_STDDEV, "dtrace_sys_calls" },
	};
	for (size_t i = 0; i < sizeof(fam) / sizeof(fam[0]); i++) {
		dt_om_family(b, sizeof(b), fam[i].agg, fam[i].f);
		SAME(b, fam[i].want);
	}
}

static void test_labels(void)
{
	char l[6][DT_OM_NAMELEN];
	const char *k1[] = { "execname", "pid", "key2" };
	dt_om_labels(l, k1, 3);
	SAME(l[0], "execname");
	SAME(l[1], "pid");
	SAME(l[2], "key2");
	/* reserved, "le", and clashes (after sanitizing) become key<N> */
	const char *k2[] = { "__name", "le", "this->x", "this_x", "probeFunc", "probe_func" };
	dt_om_labels(l, k2, 6);
	SAME(l[0], "key0");
	SAME(l[1], "key1");
	SAME(l[2], "this__x");
	SAME(l[3], "this_x");
	SAME(l[4], "probe_func");
	SAME(l[5], "key5");
	/* key<N> itself taken by an earlier key */
	const char *k3[] = { "key1", "key1" };
	dt_om_labels(l, k3, 2);
	SAME(l[0], "key1");
	SAME(l[1], "key1_");
	/* a single leading underscore is allowed */
	const char *k4[] = { "_x" };
	dt_om_labels(l, k4, 1);
	SAME(l[0], "_x");
}

int main(void)
{
	test_json();
	test_utf8();
	test_openmetrics_text();
	test_numbers();
	test_names();
	test_labels();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
