/*
 * json.c - the JSON Lines formatter (-x oformat=json, --libxo json): one
 * JSON object a line, written as the records arrive (docs/OUTPUT.md has
 * the objects).
 *
 * An object of a record starts {"type":T,"cpu":C,"id":I,"probe":P (and
 * "flow"/"indent" under flowindent); one for each trace(), printf(),
 * tracemem(), print() and printa(), and a "probe" object for a record
 * that wrote none (the default action), unless quiet.  Aggregations are
 * whole snapshots: the functions, the keys, then the rows.  Drops,
 * faults and messages are objects in the same stream, so a reader sees
 * them in order with the data.  printf() and print() texts are rendered
 * into a memory stream the formatter keeps (no allocation once it has
 * grown) and written as JSON strings; numbers are exact integers, and a
 * traced float or double the shortest number that reads back as it.  The
 * "id" and "probe" fields of an enabled probe are escaped once and kept;
 * the exit object goes to the main output (freopen() does not move it).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "out.h"
#include "escape.h"

/* ,"id":N,"probe":"prov:mod:func:name" of an enabled probe, made once */
struct where {
	char *s;
	size_t len;
};

struct json {
	struct dt_membuf text;		/* printf() and print() render here */
	unsigned nobj;			/* objects the record has written */
	struct where *where;		/* by EPID */
	uint32_t nwhere;
};

/* a string literal (sizeof: a literal only) */
#define LIT(fp, s) fwrite_unlocked("" s, 1, sizeof(s) - 1, fp)

static int status(FILE *fp)
{
	return ferror_unlocked(fp) ? -1 : 0;
}

static void str(FILE *fp, const char *s)
{
	dt_json_string(fp, s, strlen(s));
}

/* ,"key": */
static void field(FILE *fp, const char *key)
{
	putc_unlocked(',', fp);
	putc_unlocked('"', fp);
	dt_put_str(fp, key);
	LIT(fp, "\":");
}

/* "prov:mod:func:name" */
static void probe_name(FILE *fp, const dtrace_probeinfo_t *p)
{
	const char *part[4] = { p->prov, p->mod, p->func, p->name };
	putc_unlocked('"', fp);
	for (int i = 0; i < 4; i++) {
		if (i)
			putc_unlocked(':', fp);
		if (part[i])
			dt_escape(fp, part[i], strlen(part[i]), DT_ESC_JSON);
	}
	putc_unlocked('"', fp);
}

/* ,"id":N,"probe":"..." */
static void id_probe(FILE *fp, const dtrace_probeinfo_t *p)
{
	LIT(fp, ",\"id\":");
	dt_put_u64(fp, p->id);
	LIT(fp, ",\"probe\":");
	probe_name(fp, p);
}

/* the record's enabled probe as id_probe() wrote it the first time, or
 * NULL if it cannot be kept */
static const struct where *where(struct json *j, const dtrace_probedata_t *pd)
{
	struct where *w = pd->epid < j->nwhere ? &j->where[pd->epid] : NULL;
	if (!w && pd->epid < 65536) {
		uint32_t n = pd->epid + 16;
		struct where *nw = realloc(j->where, n * sizeof(*nw));
		if (!nw)
			return NULL;
		memset(nw + j->nwhere, 0, (n - j->nwhere) * sizeof(*nw));
		j->where = nw;
		j->nwhere = n;
		w = &nw[pd->epid];
	}
	if (w && !w->s) {
		dt_membuf_reset(&j->text);
		id_probe(j->text.fp, pd->probe);
		if (fflush(j->text.fp) == 0 && (w->s = malloc(j->text.len))) {
			memcpy(w->s, j->text.buf, j->text.len);
			w->len = j->text.len;
		}
	}
	return w && w->s ? w : NULL;
}

/* {"type":T and, for a record's object, where it fired: put together
 * here and written at once, as most of a short record's object */
static void head(dtrace_output_t *o, const char *type, const dtrace_probedata_t *pd)
{
	static const char *const flows[] = { "none", "entry", "return" };
	FILE *fp = o->out;
	struct json *j = o->arg;
	size_t tl = strlen(type), n = 0;
	const struct where *w;
	char b[512];

	if (!pd || tl > 32 || !(w = where(j, pd)) || w->len > sizeof(b) - 80) {
		LIT(fp, "{\"type\":\"");
		dt_put_str(fp, type);
		putc_unlocked('"', fp);
		if (!pd)
			return;
		LIT(fp, ",\"cpu\":");
		dt_put_i64(fp, pd->cpu);
		id_probe(fp, pd->probe);
	} else {
		memcpy(b, "{\"type\":\"", 9);
		memcpy(b + 9, type, tl);
		memcpy(b + 9 + tl, "\",\"cpu\":", 8);
		n = 17 + tl;
		n += dt_fmt_i64(b + n, pd->cpu);
		memcpy(b + n, w->s, w->len);
		fwrite_unlocked(b, 1, n + w->len, fp);
	}
	j->nobj++;
	if (pd->flags & DTRACE_PD_FLOW) {
		LIT(fp, ",\"flow\":\"");
		dt_put_str(fp, flows[pd->flow >= 0 && pd->flow <= 2 ? pd->flow : 0]);
		LIT(fp, "\",\"indent\":");
		dt_put_i64(fp, pd->indent);
	}
}

/* the end of an object */
static int tail(FILE *fp)
{
	LIT(fp, "}\n");
	return status(fp);
}

/* a rendered text as ,"text":"..." */
static int text(dtrace_output_t *o, const dtrace_text_t *t)
{
	struct dt_membuf *m = &((struct json *)o->arg)->text;
	size_t start = dt_membuf_start(m);
	if (t->render(t->cookie, m->fp) < 0 || fflush_unlocked(m->fp) != 0)
		return -1;
	field(o->out, "text");
	dt_json_string(o->out, m->buf + start, m->len - start);
	return 0;
}

static int probe_begin(dtrace_output_t *o, const dtrace_probedata_t *pd)
{
	(void)pd;
	((struct json *)o->arg)->nobj = 0;
	return 0;
}

/*
 * A float or double from its bits: the shortest number that reads back
 * as the same value; NaN and the infinities, which JSON has no numbers
 * for, as the strings "nan", "inf" and "-inf".
 */
static void put_float(FILE *fp, uint64_t bits, uint32_t size)
{
	char buf[40];
	double d;
	int p;

	if (size == 4) {
		uint32_t b = (uint32_t)bits;
		float f;
		memcpy(&f, &b, sizeof(f));
		d = f;
	} else {
		memcpy(&d, &bits, sizeof(d));
	}
	if (isnan(d) || isinf(d)) {
		str(fp, isnan(d) ? "nan" : d > 0 ? "inf" : "-inf");
		return;
	}
	for (p = size == 4 ? 6 : 15; p < 17; p++) {
		snprintf(buf, sizeof(buf), "%.*g", p, d);
		if (size == 4 ? strtof(buf, NULL) == (float)d : strtod(buf, NULL) == d)
			break;
	}
	snprintf(buf, sizeof(buf), "%.*g", p, d);
	fputs(buf, fp);
}

static int trace(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_value_t *v)
{
	FILE *fp = o->out;
	head(o, "trace", pd);
	switch (v->kind) {
	case DTRACE_VAL_INT:
		field(fp, "value");
		dt_put_i64(fp, v->i);
		break;
	case DTRACE_VAL_UINT:
		field(fp, "value");
		dt_put_u64(fp, v->u);
		break;
	case DTRACE_VAL_STRING:
	case DTRACE_VAL_SYMBOL:
		field(fp, "value");
		str(fp, v->str);
		break;
	case DTRACE_VAL_BYTES:
		LIT(fp, ",\"bytes\":\"");
		dt_put_hex(fp, v->bytes, v->size);
		putc_unlocked('"', fp);
		break;
	case DTRACE_VAL_FLOAT:
		field(fp, "value");
		put_float(fp, v->u, v->size);
		break;
	}
	return tail(fp);
}

/* "frames", an array of the frames' texts, innermost first */
static void frames(FILE *fp, const dtrace_stack_t *s)
{
	LIT(fp, "\"frames\":[");
	for (uint32_t i = 0; i < s->nframes; i++) {
		if (i)
			putc_unlocked(',', fp);
		str(fp, s->frames[i]);
	}
	putc_unlocked(']', fp);
}

/* stack(): its "frames"; ustack(): "pid", then its "frames" */
static int stack(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_stack_t *s)
{
	FILE *fp = o->out;
	head(o, s->user ? "ustack" : "stack", pd);
	if (s->user) {
		LIT(fp, ",\"pid\":");
		dt_put_i64(fp, s->pid);
	}
	putc_unlocked(',', fp);
	frames(fp, s);
	return tail(fp);
}

static int printf_(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_text_t *t)
{
	head(o, "printf", pd);
	if (text(o, t) < 0)
		return -1;
	return tail(o->out);
}

static int tracemem(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_value_t *b)
{
	FILE *fp = o->out;
	head(o, "tracemem", pd);
	LIT(fp, ",\"size\":");
	dt_put_u64(fp, b->size);
	LIT(fp, ",\"bytes\":\"");
	dt_put_hex(fp, b->bytes, b->size);
	putc_unlocked('"', fp);
	return tail(fp);
}

static int print(dtrace_output_t *o, const dtrace_probedata_t *pd, const char *type,
    uint64_t addr, const dtrace_value_t *b, const dtrace_text_t *t)
{
	FILE *fp = o->out;
	(void)b;
	head(o, "print", pd);
	field(fp, "dtype");
	str(fp, type);
	field(fp, "addr");
	dt_put_u64(fp, addr);
	if (text(o, t) < 0)
		return -1;
	return tail(fp);
}

static int probe_end(dtrace_output_t *o, const dtrace_probedata_t *pd)
{
	if (((struct json *)o->arg)->nobj || (pd->flags & DTRACE_PD_QUIET))
		return 0;
	head(o, "probe", pd);
	return tail(o->out);
}

/* {"name":"a","function":"lquantize","base":0,... */
static void agginfo(FILE *fp, const dtrace_agginfo_t *a)
{
	LIT(fp, "{\"name\":");
	str(fp, a->name);
	field(fp, "function");
	str(fp, a->func);
	const char *names[4];
	int64_t vals[4];
	int n = 0;
	if (a->kind == DTRACE_AGG_LQUANTIZE) {
		names[0] = "base", vals[0] = a->base;
		names[1] = "limit", vals[1] = a->limit;
		names[2] = "step", vals[2] = a->step;
		n = 3;
	} else if (a->kind == DTRACE_AGG_LLQUANTIZE) {
		names[0] = "factor", vals[0] = a->factor;
		names[1] = "low", vals[1] = a->low;
		names[2] = "high", vals[2] = a->high;
		names[3] = "nsteps", vals[3] = a->nsteps;
		n = 4;
	}
	for (int i = 0; i < n; i++) {
		field(fp, names[i]);
		dt_put_i64(fp, vals[i]);
	}
	if (a->normal > 1) {
		field(fp, "normalize");
		dt_put_u64(fp, a->normal);
	}
	putc_unlocked('}', fp);
}

/* a stack key: an array of its frames' texts, as stack() records print;
 * a ustack key: {"pid":N,"frames":[...]} (the same stack in two
 * processes is two keys) */
static void stack_array(FILE *fp, const dtrace_aggdata_t *ad, size_t r, int k)
{
	dtrace_stack_t s;
	dtrace_aggdata_stack(ad, r, k, &s);
	if (s.user) {
		LIT(fp, "{\"pid\":");
		dt_put_i64(fp, s.pid);
		putc_unlocked(',', fp);
		frames(fp, &s);
		putc_unlocked('}', fp);
	} else {
		putc_unlocked('[', fp);
		for (uint32_t i = 0; i < s.nframes; i++) {
			if (i)
				putc_unlocked(',', fp);
			str(fp, s.frames[i]);
		}
		putc_unlocked(']', fp);
	}
	dtrace_stack_free(&s);
}

static void keyinfo(FILE *fp, const dtrace_aggkey_t *k)
{
	LIT(fp, "{\"name\":");
	str(fp, k->name);
	LIT(fp, ",\"type\":\"");
	dt_put_str(fp, k->is_stack ? "stack" : k->is_ustack ? "ustack" : k->is_string ? "string" : k->is_signed ? "int" : "uint");
	LIT(fp, "\",\"size\":");
	dt_put_u64(fp, k->size);
	putc_unlocked('}', fp);
}

static void value(FILE *fp, const dtrace_aggval_t *v, dtrace_aggfunc_t kind)
{
	if (kind < DTRACE_AGG_QUANTIZE) {
		if (kind == DTRACE_AGG_STDDEV)
			dt_put_u64(fp, (uint64_t)v->value);
		else
			dt_put_i64(fp, v->value);
		return;
	}
	LIT(fp, "{\"count\":");
	dt_put_u64(fp, v->count);
	LIT(fp, ",\"buckets\":[");
	for (int b = 0; b < v->nbuckets; b++) {
		const dtrace_bucket_t *bk = &v->buckets[b];
		if (b)
			LIT(fp, ",[");
		else
			putc_unlocked('[', fp);
		dt_put_i64(fp, bk->low);
		putc_unlocked(',', fp);
		dt_put_i64(fp, bk->high);
		putc_unlocked(',', fp);
		dt_put_u64(fp, bk->count);
		putc_unlocked(']', fp);
	}
	LIT(fp, "]}");
}

static int aggregation(dtrace_output_t *o, const dtrace_probedata_t *pd,
    const dtrace_aggdata_t *ad)
{
	FILE *fp = o->out;
	int naggs = dtrace_aggdata_naggs(ad), nkeys = dtrace_aggdata_nkeys(ad);
	size_t nrows = dtrace_aggdata_nrows(ad);

	head(o, "aggregation", pd);
	LIT(fp, ",\"aggregations\":[");
	for (int j = 0; j < naggs; j++) {
		if (j)
			putc_unlocked(',', fp);
		agginfo(fp, dtrace_aggdata_agg(ad, j));
	}
	LIT(fp, "],\"keys\":[");
	for (int k = 0; k < nkeys; k++) {
		if (k)
			putc_unlocked(',', fp);
		keyinfo(fp, dtrace_aggdata_keyinfo(ad, k));
	}
	LIT(fp, "],\"rows\":[");
	for (size_t r = 0; r < nrows; r++) {
		if (r)
			putc_unlocked(',', fp);
		LIT(fp, "{\"keys\":[");
		for (int k = 0; k < nkeys; k++) {
			dtrace_value_t kv;
			dtrace_aggdata_key(ad, r, k, &kv);
			if (k)
				putc_unlocked(',', fp);
			if (dtrace_aggdata_keyinfo(ad, k)->is_stack ||
			    dtrace_aggdata_keyinfo(ad, k)->is_ustack)
				stack_array(fp, ad, r, k);
			else if (kv.kind == DTRACE_VAL_STRING || kv.kind == DTRACE_VAL_SYMBOL)
				dt_json_string(fp, kv.str, kv.size);
			else if (kv.kind == DTRACE_VAL_INT)
				dt_put_i64(fp, kv.i);
			else
				dt_put_u64(fp, kv.u);
		}
		LIT(fp, "],\"values\":[");
		for (int j = 0; j < naggs; j++) {
			dtrace_aggval_t v;
			dtrace_aggdata_value(ad, r, j, &v);
			if (j)
				putc_unlocked(',', fp);
			value(fp, &v, dtrace_aggdata_agg(ad, j)->kind);
		}
		LIT(fp, "]}");
	}
	putc_unlocked(']', fp);
	return tail(fp);
}

/* ,"message":"..." without the trailing newlines */
static void message_field(FILE *fp, const char *msg)
{
	size_t n = strlen(msg);
	while (n && msg[n - 1] == '\n')
		n--;
	field(fp, "message");
	dt_json_string(fp, msg, n);
}

static int drop(dtrace_output_t *o, const dtrace_drop_t *d)
{
	static const char *const kinds[] = {
		[DTRACE_DROP_PRINCIPAL] = "principal",
		[DTRACE_DROP_AGGREGATION] = "aggregation",
		[DTRACE_DROP_DYNAMIC] = "dynamic",
		[DTRACE_DROP_SPECULATION] = "speculation",
		[DTRACE_DROP_SPECBUSY] = "speculation-busy",
		[DTRACE_DROP_SPECUNAVAIL] = "speculation-unavailable",
		[DTRACE_DROP_ERRORS] = "errors",
		[DTRACE_DROP_FIRES] = "fires",
	};
	FILE *fp = o->out;
	head(o, "drop", NULL);
	field(fp, "kind");
	str(fp, (unsigned)d->kind < sizeof(kinds) / sizeof(kinds[0]) ? kinds[d->kind] : "");
	if (d->cpu >= 0) {
		field(fp, "cpu");
		dt_put_i64(fp, d->cpu);
	}
	field(fp, "count");
	dt_put_u64(fp, d->count);
	message_field(fp, d->msg);
	return tail(fp);
}

static int error(dtrace_output_t *o, const dtrace_errdata_t *e)
{
	FILE *fp = o->out;
	head(o, "error", NULL);
	field(fp, "epid");
	dt_put_u64(fp, e->epid);
	if (e->probe)
		id_probe(fp, e->probe);
	else
		LIT(fp, ",\"id\":0,\"probe\":\"\"");
	field(fp, "fault");
	if (e->fault)
		str(fp, e->fault);
	else
		LIT(fp, "null");
	field(fp, "action");
	dt_put_i64(fp, e->action);
	field(fp, "pc");
	dt_put_u64(fp, e->pc);
	if (e->has_addr) {
		field(fp, "addr");
		dt_put_u64(fp, e->addr);
	}
	message_field(fp, e->msg);
	return tail(fp);
}

static int message(dtrace_output_t *o, int debug, const char *msg)
{
	FILE *fp = o->out;
	head(o, "message", NULL);
	field(fp, "level");
	str(fp, debug ? "debug" : "warning");
	message_field(fp, msg);
	return tail(fp);
}

/* the end of tracing, on the main output (where freopen("") returns) */
static int exit_(dtrace_output_t *o, int st)
{
	FILE *fp = o->base;
	LIT(fp, "{\"type\":\"exit\",\"status\":");
	dt_put_i64(fp, st);
	return tail(fp);
}

static const dtrace_formatter_t ops = {
	.name = "json",
	.probe_begin = probe_begin,
	.trace = trace,
	.printf = printf_,
	.tracemem = tracemem,
	.print = print,
	.stack = stack,
	.probe_end = probe_end,
	.aggregation = aggregation,
	.drop = drop,
	.error = error,
	.message = message,
	.exit = exit_,
	.flush = dt_text_flush,
};

static void fini(void *arg)
{
	struct json *j = arg;
	if (!j)
		return;
	dt_membuf_close(&j->text);
	for (uint32_t i = 0; i < j->nwhere; i++)
		free(j->where[i].s);
	free(j->where);
	free(j);
}

static void *init(void)
{
	struct json *j = calloc(1, sizeof(*j));
	if (j && dt_membuf_open(&j->text) < 0) {
		free(j);
		return NULL;
	}
	return j;
}

const struct dt_fmt_builtin dt_fmt_json = { &ops, init, fini };
