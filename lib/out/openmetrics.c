/*
 * openmetrics.c - the OpenMetrics formatter (-x oformat=openmetrics):
 * aggregation snapshots as a metrics exposition that Prometheus (its
 * node_exporter textfile collector) or an OpenTelemetry collector reads
 * (docs/OUTPUT.md has the mapping).
 *
 * An exposition is every snapshot of one record (printa() in a clause)
 * or of the end of tracing, ending in "# EOF"; it is built in memory and
 * written whole, so that to a regular file it can replace what the file
 * held (the file always holds one complete, latest exposition: readers
 * reject a family that appears twice), and to a pipe it streams.  An
 * aggregation is one family: count() a counter (_total), the quantize
 * family a histogram (cumulative _bucket per non-empty bucket's upper
 * bound, then +Inf and _count; DTrace keeps no sum), the others gauges;
 * the keys are labels.  Other records are not output; drops, faults and
 * messages go to the diagnostics stream as the text formatter says them.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "out.h"
#include "escape.h"
#include "openmetrics.h"

struct om {
	struct dt_membuf expo;		/* the exposition being built */
	int open;			/* between probe_begin/agg_begin and
					   their end */
	int nsnap;			/* snapshots in it */
	char (*seen)[DT_OM_NAMELEN];	/* its families so far */
	int nseen, capseen;
};

/* a string literal (sizeof: a literal only) */
#define LIT(fp, s) fwrite_unlocked("" s, 1, sizeof(s) - 1, fp)

/* ---- names ---- */

static int is_lower(int c) { return c >= 'a' && c <= 'z'; }
static int is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

void dt_om_name(char *buf, size_t size, const char *s)
{
	size_t n = 0;
	char prev = 0;

	if (size == 0)
		return;
	if (is_digit(*s) && n + 1 < size)
		buf[n++] = '_';
	for (; *s && n + 1 < size; s++) {
		char c = *s;
		if (is_upper(c)) {
			if ((is_lower(prev) || is_digit(prev)) && n + 2 < size)
				buf[n++] = '_';
			c = (char)(c - 'A' + 'a');
		} else if (!is_lower(c) && !is_digit(c))
			c = '_';
		buf[n++] = c;
		prev = *s;
	}
	if (n == 0 && size > 1)
		buf[n++] = '_';
	buf[n] = '\0';
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && !strcmp(s + n - k, suffix);
}

void dt_om_family(char *buf, size_t size, const char *name, dtrace_aggfunc_t kind)
{
	static const char *const reserved[] = { "_total", "_count", "_sum", "_bucket" };
	char base[DT_OM_NAMELEN];

	dt_om_name(base, sizeof(base), name && *name ? name : "agg");
	snprintf(buf, size, "dtrace_%s", base);
	if (kind == DTRACE_AGG_COUNT) {
		if (!ends_with(buf, "_total"))
			snprintf(buf, size, "dtrace_%s_total", base);
		return;
	}
	for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
		if (ends_with(buf, reserved[i])) {
			snprintf(buf, size, "dtrace_%s_value", base);
			return;
		}
}

static int taken(char (*labels)[DT_OM_NAMELEN], int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(labels[i], name))
			return 1;
	return 0;
}

void dt_om_labels(char (*labels)[DT_OM_NAMELEN], const char *const *keys, int nkeys)
{
	for (int k = 0; k < nkeys; k++) {
		char *l = labels[k];
		dt_om_name(l, DT_OM_NAMELEN, keys[k]);
		if (!strncmp(l, "__", 2) || !strcmp(l, "le") || taken(labels, k, l))
			snprintf(l, DT_OM_NAMELEN, "key%d", k);
		/* key<k> named by an earlier key: make it unique */
		for (size_t n = strlen(l); taken(labels, k, l) && n + 1 < DT_OM_NAMELEN; n++)
			l[n] = '_', l[n + 1] = '\0';
	}
}

/* ---- a family ---- */

static const char *type_of(dtrace_aggfunc_t kind)
{
	if (kind == DTRACE_AGG_COUNT)
		return "counter";
	return kind >= DTRACE_AGG_QUANTIZE ? "histogram" : "gauge";
}

/* # HELP and # TYPE */
static void describe(FILE *fp, const char *family, const dtrace_agginfo_t *a)
{
	char help[256];
	if (a->kind == DTRACE_AGG_LQUANTIZE)
		snprintf(help, sizeof(help), "DTrace aggregation @%s: lquantize(%lld, %lld, %lld)",
		    a->name, (long long)a->base, (long long)a->limit, (long long)a->step);
	else if (a->kind == DTRACE_AGG_LLQUANTIZE)
		snprintf(help, sizeof(help), "DTrace aggregation @%s: llquantize(%lld, %lld, %lld, %lld)",
		    a->name, (long long)a->factor, (long long)a->low, (long long)a->high,
		    (long long)a->nsteps);
	else
		snprintf(help, sizeof(help), "DTrace aggregation @%s: %s()", a->name, a->func);
	LIT(fp, "# HELP ");
	dt_put_str(fp, family);
	putc_unlocked(' ', fp);
	dt_escape(fp, help, strlen(help), DT_ESC_HELP);
	LIT(fp, "\n# TYPE ");
	dt_put_str(fp, family);
	putc_unlocked(' ', fp);
	dt_put_str(fp, type_of(a->kind));
	putc_unlocked('\n', fp);
}

/* NAME[SUFFIX]{key="v",...[,le="LE"]} */
static void sample(FILE *fp, const char *family, const char *suffix,
    const dtrace_aggdata_t *ad, size_t r, char (*labels)[DT_OM_NAMELEN], const char *le)
{
	int nkeys = dtrace_aggdata_nkeys(ad);
	dt_put_str(fp, family);
	dt_put_str(fp, suffix);
	if (nkeys || le)
		putc_unlocked('{', fp);
	for (int k = 0; k < nkeys; k++) {
		dtrace_value_t v;
		dtrace_aggdata_key(ad, r, k, &v);
		if (k)
			putc_unlocked(',', fp);
		dt_put_str(fp, labels[k]);
		LIT(fp, "=\"");
		const dtrace_aggkey_t *ki = dtrace_aggdata_keyinfo(ad, k);
		if (ki->is_stack || ki->is_ustack) {
			/* the frames, innermost first, joined by ';' (a user
			 * stack after its pid: one stack of two processes is
			 * two series) */
			dtrace_stack_t s;
			dtrace_aggdata_stack(ad, r, k, &s);
			if (ki->is_ustack)
				dt_put_i64(fp, s.pid);
			for (uint32_t i = 0; i < s.nframes; i++) {
				if (i || ki->is_ustack)
					putc_unlocked(';', fp);
				dt_escape(fp, s.frames[i], strlen(s.frames[i]), DT_ESC_LABEL);
			}
			dtrace_stack_free(&s);
		} else if (v.kind == DTRACE_VAL_STRING || v.kind == DTRACE_VAL_SYMBOL)
			dt_escape(fp, v.str, v.size, DT_ESC_LABEL);
		else if (v.kind == DTRACE_VAL_INT)
			dt_put_i64(fp, v.i);
		else
			dt_put_u64(fp, v.u);
		putc_unlocked('"', fp);
	}
	if (le) {
		if (nkeys)
			putc_unlocked(',', fp);
		LIT(fp, "le=\"");
		dt_put_str(fp, le);
		putc_unlocked('"', fp);
	}
	if (nkeys || le)
		putc_unlocked('}', fp);
	putc_unlocked(' ', fp);
}

/* row r's histogram: cumulative buckets up to +Inf, and the count */
static void histogram(FILE *fp, const char *family, const dtrace_aggdata_t *ad, size_t r,
    char (*labels)[DT_OM_NAMELEN], const dtrace_aggval_t *v)
{
	uint64_t cum = 0;
	int inf = 0;
	char le[24];
	for (int b = 0; b < v->nbuckets; b++) {
		const dtrace_bucket_t *bk = &v->buckets[b];
		cum += bk->count;
		inf = bk->high == INT64_MAX;
		if (inf)
			strcpy(le, "+Inf");
		else
			snprintf(le, sizeof(le), "%lld", (long long)bk->high);
		sample(fp, family, "_bucket", ad, r, labels, le);
		dt_put_u64(fp, cum);
		putc_unlocked('\n', fp);
	}
	if (!inf) {
		sample(fp, family, "_bucket", ad, r, labels, "+Inf");
		dt_put_u64(fp, cum);
		putc_unlocked('\n', fp);
	}
	sample(fp, family, "_count", ad, r, labels, NULL);
	dt_put_u64(fp, cum);
	putc_unlocked('\n', fp);
}

/* aggregation j of the snapshot as a family, over every row */
static void family(FILE *fp, const dtrace_aggdata_t *ad, int j, const char *name,
    char (*labels)[DT_OM_NAMELEN])
{
	const dtrace_agginfo_t *a = dtrace_aggdata_agg(ad, j);
	size_t nrows = dtrace_aggdata_nrows(ad);

	describe(fp, name, a);
	for (size_t r = 0; r < nrows; r++) {
		dtrace_aggval_t v;
		dtrace_aggdata_value(ad, r, j, &v);
		if (a->kind >= DTRACE_AGG_QUANTIZE) {
			histogram(fp, name, ad, r, labels, &v);
			continue;
		}
		sample(fp, name, "", ad, r, labels, NULL);
		if (a->kind == DTRACE_AGG_STDDEV)
			dt_put_u64(fp, (uint64_t)v.value);
		else
			dt_put_i64(fp, v.value);
		putc_unlocked('\n', fp);
	}
}

/* ---- expositions ---- */

static int seen(struct om *m, const char *name)
{
	for (int i = 0; i < m->nseen; i++)
		if (!strcmp(m->seen[i], name))
			return 1;
	if (m->nseen == m->capseen) {
		int cap = m->capseen ? 2 * m->capseen : 8;
		void *ns = realloc(m->seen, (size_t)cap * sizeof(*m->seen));
		if (!ns)
			return 0;
		m->seen = ns;
		m->capseen = cap;
	}
	snprintf(m->seen[m->nseen++], DT_OM_NAMELEN, "%s", name);
	return 0;
}

static void start(struct om *m)
{
	dt_membuf_reset(&m->expo);
	m->open = 1;
	m->nsnap = 0;
	m->nseen = 0;
}

/* the exposition, if it has a snapshot: in place of a regular file's
 * content, else after what was written */
static int finish(dtrace_output_t *o)
{
	struct om *m = o->arg;
	struct stat st;
	FILE *out = o->out;

	m->open = 0;
	if (!m->nsnap)
		return 0;
	LIT(m->expo.fp, "# EOF\n");
	if (fflush(m->expo.fp) != 0)
		return -1;
	int fd = fileno(out);
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		if (fflush(out) != 0 || ftruncate(fd, 0) < 0)
			return -1;
		rewind(out);
		if (fwrite(m->expo.buf, 1, m->expo.len, out) != m->expo.len)
			return -1;
		return fflush(out) != 0 || ferror(out) ? -1 : 0;
	}
	if (fwrite(m->expo.buf, 1, m->expo.len, out) != m->expo.len)
		return -1;
	return ferror(out) ? -1 : 0;
}

static int begin(dtrace_output_t *o)
{
	start(o->arg);
	return 0;
}

static int probe_begin(dtrace_output_t *o, const dtrace_probedata_t *pd)
{
	(void)pd;
	return begin(o);
}

static int probe_end(dtrace_output_t *o, const dtrace_probedata_t *pd)
{
	(void)pd;
	return finish(o);
}

static int aggregation(dtrace_output_t *o, const dtrace_probedata_t *pd,
    const dtrace_aggdata_t *ad)
{
	struct om *m = o->arg;
	int alone = !m->open;		/* not in a record or the end's print */
	int nkeys = dtrace_aggdata_nkeys(ad);
	const char *keys[nkeys > 0 ? nkeys : 1];
	char labels[nkeys > 0 ? nkeys : 1][DT_OM_NAMELEN];

	(void)pd;
	if (alone)
		start(m);
	m->nsnap++;
	for (int k = 0; k < nkeys; k++)
		keys[k] = dtrace_aggdata_keyinfo(ad, k)->name;
	dt_om_labels(labels, keys, nkeys);
	for (int j = 0; j < dtrace_aggdata_naggs(ad); j++) {
		const dtrace_agginfo_t *a = dtrace_aggdata_agg(ad, j);
		char name[DT_OM_NAMELEN];
		dt_om_family(name, sizeof(name), a->name, a->kind);
		if (!seen(m, name))
			family(m->expo.fp, ad, j, name, labels);
	}
	return alone ? finish(o) : 0;
}

static const dtrace_formatter_t ops = {
	.name = "openmetrics",
	.probe_begin = probe_begin,
	.probe_end = probe_end,
	.aggregation = aggregation,
	.agg_begin = begin,
	.agg_end = finish,
	.drop = dt_text_drop,
	.error = dt_text_error,
	.message = dt_text_message,
	.flush = dt_text_flush,
};

static void fini(void *arg)
{
	struct om *m = arg;
	if (!m)
		return;
	dt_membuf_close(&m->expo);
	free(m->seen);
	free(m);
}

static void *init(void)
{
	struct om *m = calloc(1, sizeof(*m));
	if (m && dt_membuf_open(&m->expo) < 0) {
		free(m);
		return NULL;
	}
	return m;
}

const struct dt_fmt_builtin dt_fmt_openmetrics = { &ops, init, fini };
