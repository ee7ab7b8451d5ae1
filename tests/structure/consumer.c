/*
 * consumer.c - a consumer written against the installed libdtrace
 * (pkg-config libdtrace): it compiles a D program, traces with a
 * formatter of its own, and checks the typed values it is handed.  Run
 * by install.sh (as root, since tracing loads BPF); exits 0 when every
 * value arrived as expected.
 */
#include <dtrace.h>
#include <stdio.h>
#include <string.h>

struct seen {
	int begins, ends, aggs;
	int64_t trace_int;
	char trace_str[64];
	char printf_text[64];
	int64_t count;
	char key[64];
	int exit_status;
};

static int probe_begin(dtrace_output_t *o, const dtrace_probedata_t *pd)
{
	struct seen *s = o->arg;
	s->begins += strcmp(pd->probe->name, "BEGIN") == 0;
	return 0;
}

static int trace(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_value_t *v)
{
	struct seen *s = o->arg;
	(void)pd;
	if (v->kind == DTRACE_VAL_INT)
		s->trace_int = v->i;
	else if (v->kind == DTRACE_VAL_STRING)
		snprintf(s->trace_str, sizeof(s->trace_str), "%s", v->str);
	return 0;
}

static int printf_(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_text_t *t)
{
	struct seen *s = o->arg;
	FILE *m = fmemopen(s->printf_text, sizeof(s->printf_text) - 1, "w");
	(void)pd;
	if (!m)
		return -1;
	t->render(t->cookie, m);
	fclose(m);
	return 0;
}

static int probe_end(dtrace_output_t *o, const dtrace_probedata_t *pd)
{
	struct seen *s = o->arg;
	(void)pd;
	s->ends++;
	return 0;
}

static int aggregation(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_aggdata_t *ad)
{
	struct seen *s = o->arg;
	dtrace_value_t k;
	dtrace_aggval_t v;
	(void)pd;
	s->aggs++;
	if (dtrace_aggdata_nrows(ad) != 1 || dtrace_aggdata_nkeys(ad) != 1 ||
	    strcmp(dtrace_aggdata_agg(ad, 0)->func, "count") ||
	    strcmp(dtrace_aggdata_keyinfo(ad, 0)->name, "execname"))
		return 0;
	dtrace_aggdata_key(ad, 0, 0, &k);
	dtrace_aggdata_value(ad, 0, 0, &v);
	snprintf(s->key, sizeof(s->key), "%s", k.str);
	s->count = v.value;
	return 0;
}

static int exit_(dtrace_output_t *o, int status)
{
	struct seen *s = o->arg;
	s->exit_status = status;
	return 0;
}

static const dtrace_formatter_t fmt = {
	.name = "test", .probe_begin = probe_begin, .trace = trace, .printf = printf_,
	.probe_end = probe_end, .aggregation = aggregation, .exit = exit_,
};

int main(void)
{
	int err = 0;
	struct seen s = { 0 };
	dtrace_hdl_t *dtp = dtrace_open(&err);
	if (!dtp) {
		fprintf(stderr, "consumer: dtrace_open failed\n");
		return 1;
	}
	dtrace_set_formatter(dtp, &fmt, &s);
	if (dtrace_compile(dtp, "BEGIN { trace(-42); trace(\"str\"); printf(\"n=%d\", 7); "
	    "@[execname] = count(); exit(3); }", "BEGIN", 0, NULL) < 0 ||
	    dtrace_go(dtp, stdout) < 0) {
		fprintf(stderr, "consumer: %s\n", dtrace_errmsg(dtp));
		dtrace_close(dtp);
		return 1;
	}
	while (dtrace_work(dtp, stdout) == DTRACE_WORKSTATUS_OKAY)
		;
	if (dtrace_stop(dtp, stdout) < 0 || dtrace_aggregate_print(dtp, stdout) < 0)
		fprintf(stderr, "consumer: %s\n", dtrace_errmsg(dtp));
	int st = dtrace_exit_status(dtp);
	dtrace_close(dtp);
	int ok = s.begins == 1 && s.ends == 1 && s.trace_int == -42 &&
	    !strcmp(s.trace_str, "str") && !strcmp(s.printf_text, "n=7") && s.aggs == 1 &&
	    s.count == 1 && !strcmp(s.key, "consumer") && s.exit_status == 3 && st == 3;
	if (!ok)
		fprintf(stderr, "consumer: begins %d ends %d int %lld str '%s' printf '%s' aggs %d "
		    "count %lld key '%s' exit %d status %d\n", s.begins, s.ends,
		    (long long)s.trace_int, s.trace_str, s.printf_text, s.aggs,
		    (long long)s.count, s.key, s.exit_status, st);
	return ok ? 0 : 1;
}
