/*
 * text.c - the text formatter: dtrace(1M)'s own output, to the byte.
 *
 * Unless quiet, each record starts with the probe line ("CPU ID
 * FUNCTION:NAME" heading once, then "%3d %6d %32s " per record) and ends
 * with a newline; with flowindent the heading is "CPU FUNCTION" and the
 * probe column is the function indented by the call depth, "->"/"<-"
 * ("=>"/"<=" for system calls) for entry and return, "| func:name" for
 * any other probe, even when quiet.  trace() prints integers signed or
 * unsigned as their D type, in a column whose width is set by their size
 * (" %16lld", " %8d", " %5d", " %3d"), a float or double as its bits
 * (as Oracle Linux DTrace, which has no floating-point trace format, prints
 * it: an unsigned integer of its size); strings, structs, unions and
 * arrays by dtrace's rules for bytes: printable text in "  %-33s", else a
 * hex dump; quiet, values bare.  Drops, faults and messages go to the
 * diagnostics stream as "dtrace: ...", after the output so far is flushed
 * so the two interleave as they happened.
 * printf(), print() and printa() come rendered (fmt/printf.c,
 * fmt/print_type.c, fmt/agg.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "out.h"
#include "fmt/bytes.h"

struct text {
	int heading;			/* the heading has been printed */
};

static int status(FILE *fp)
{
	return fp && ferror(fp) ? -1 : 0;
}

static int probe_begin(dtrace_output_t *o, const dtrace_probedata_t *pd)
{
	struct text *t = o->arg;
	const dtrace_probeinfo_t *p = pd->probe;
	char name[600];

	if (pd->flags & DTRACE_PD_FLOW) {
		int sc = (pd->flags & DTRACE_PD_SYSCALLFLOW) != 0;
		if (!t->heading) {
			fprintf(o->out, "%3s %-41s\n", "CPU", "FUNCTION");
			t->heading = 1;
		}
		if (pd->flow == DTRACE_FLOW_NONE)
			snprintf(name, sizeof(name), "%*s| %s:%s", pd->indent, "",
			    p->func, p->name);
		else
			snprintf(name, sizeof(name), "%*s%s%s", pd->indent, "",
			    pd->flow == DTRACE_FLOW_ENTRY ? (sc ? " => " : " -> ") :
			    (sc ? " <= " : " <- "), p->func);
		fprintf(o->out, "%3d %-41s ", pd->cpu, name);
	} else if (!(pd->flags & DTRACE_PD_QUIET)) {
		if (!t->heading) {
			fprintf(o->out, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
			t->heading = 1;
		}
		snprintf(name, sizeof(name), "%s:%s", p->func, p->name);
		fprintf(o->out, "%3d %6d %32s ", pd->cpu, (int)p->id, name);
	}
	return status(o->out);
}

/*
 * An integer by its D type: signed or unsigned, at the D type's size (as
 * Oracle Linux DTrace prints them; illumos printed 1- and 2-byte values
 * zero-extended and 4- and 8-byte values as signed, whatever the type),
 * in the column dtrace gives each size: " %16lld", " %8d", " %5d", " %3d".
 */
static void trace_int(FILE *out, const dtrace_value_t *v, int q)
{
	static const int width[9] = { 0, 3, 5, 0, 8, 0, 0, 0, 16 };
	int w = v->size < 9 && width[v->size] ? width[v->size] : 16;
	int sh = v->size < 8 ? 64 - 8 * (int)v->size : 0;

	if (!q)
		fputc(' ', out);
	if (v->kind == DTRACE_VAL_INT)
		fprintf(out, "%*lld", q ? 0 : w, (long long)((int64_t)((uint64_t)v->i << sh) >> sh));
	else
		fprintf(out, "%*llu", q ? 0 : w, (unsigned long long)((v->u << sh) >> sh));
}

/*
 * A string's bytes as dtrace records them (a D string: strsize bytes, the
 * NUL and zeros after it; a char array: its bytes): -x rawbytes dumps
 * them; otherwise they go by dtrace's rules for bytes (fmt/bytes.c):
 * printable characters are the string in its column, and an empty string
 * or one holding other characters is the dump.
 */
static void trace_str(FILE *out, const dtrace_value_t *v, unsigned flags)
{
	const uint8_t *b = (const uint8_t *)v->str;

	if (flags & DTRACE_PD_RAWBYTES)
		dt_print_rawbytes(out, b, v->size);
	else
		dt_print_bytes(out, b, v->size, 33, (flags & DTRACE_PD_QUIET) != 0);
}

static int trace(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_value_t *v)
{
	FILE *out = o->out;
	int q = (pd->flags & DTRACE_PD_QUIET) != 0;

	switch (v->kind) {
	case DTRACE_VAL_STRING:
		trace_str(out, v, pd->flags);
		break;
	case DTRACE_VAL_SYMBOL:	/* dtrace's column, quiet or not */
		fprintf(out, "  %-50s", v->str);
		break;
	case DTRACE_VAL_BYTES:
		if (pd->flags & DTRACE_PD_RAWBYTES)
			dt_print_rawbytes(out, v->bytes, v->size);
		else
			dt_print_bytes(out, v->bytes, v->size, 33, q);
		break;
	default:		/* integers; floats as their bits */
		trace_int(out, v, q);
		break;
	}
	return status(out);
}

static int rendered(dtrace_output_t *o, const dtrace_text_t *text)
{
	return text->render(text->cookie, o->out) < 0 ? -1 : status(o->out);
}

static int printf_(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_text_t *text)
{
	(void)pd;
	return rendered(o, text);
}

static int tracemem(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_value_t *b)
{
	(void)pd;
	dt_print_rawbytes(o->out, b->bytes, b->size);
	return status(o->out);
}

static int print(dtrace_output_t *o, const dtrace_probedata_t *pd, const char *type,
    uint64_t addr, const dtrace_value_t *b, const dtrace_text_t *text)
{
	(void)pd; (void)type; (void)addr; (void)b;
	return rendered(o, text);
}

/* stack(): a newline, then each frame on its own line, indented by the
 * stackindent option (dtrace's layout; the probe's line ends first) */
static int stack(dtrace_output_t *o, const dtrace_probedata_t *pd, const dtrace_stack_t *s)
{
	(void)pd;
	fputc('\n', o->out);
	for (uint32_t i = 0; i < s->nframes; i++)
		fprintf(o->out, "%*s%s\n", s->indent, "", s->frames[i]);
	return status(o->out);
}

static int probe_end(dtrace_output_t *o, const dtrace_probedata_t *pd)
{
	if (!(pd->flags & DTRACE_PD_QUIET))
		fputc('\n', o->out);
	return status(o->out);
}

static int aggregation(dtrace_output_t *o, const dtrace_probedata_t *pd,
    const dtrace_aggdata_t *ad)
{
	(void)pd;
	return rendered(o, dtrace_aggdata_text(ad));
}

/* "dtrace: msg" on the diagnostics stream, after the output so far */
static int diag(dtrace_output_t *o, const char *pfx, const char *msg)
{
	fflush(o->out);
	if (!o->err)
		return status(o->out);
	fprintf(o->err, "%s%s\n", pfx, msg);
	return status(o->out);
}

int dt_text_drop(dtrace_output_t *o, const dtrace_drop_t *d)
{
	return diag(o, "dtrace: ", d->msg);
}

int dt_text_error(dtrace_output_t *o, const dtrace_errdata_t *e)
{
	return diag(o, "dtrace: ", e->msg);
}

int dt_text_message(dtrace_output_t *o, int debug, const char *msg)
{
	return diag(o, debug ? "libdtrace DEBUG: " : "dtrace: ", msg);
}

/* dtrace(1M) separates what came before an interrupt from END's output,
 * and ends tracing, with a newline on its own output (even when quiet) */
static int newline(dtrace_output_t *o)
{
	fputc('\n', o->base);
	return status(o->base);
}

static int interrupt(dtrace_output_t *o)
{
	return newline(o);
}

static int exit_(dtrace_output_t *o, int st)
{
	(void)st;
	return newline(o);
}

int dt_text_flush(dtrace_output_t *o)
{
	int rc = fflush(o->out);
	if (o->base != o->out && fflush(o->base) != 0)
		rc = -1;
	return rc != 0 || status(o->out) || status(o->base) ? -1 : 0;
}

static const dtrace_formatter_t ops = {
	.name = "text",
	.probe_begin = probe_begin,
	.trace = trace,
	.printf = printf_,
	.tracemem = tracemem,
	.stack = stack,
	.print = print,
	.probe_end = probe_end,
	.aggregation = aggregation,
	.drop = dt_text_drop,
	.error = dt_text_error,
	.message = dt_text_message,
	.interrupt = interrupt,
	.exit = exit_,
	.flush = dt_text_flush,
};

static void *init(void)
{
	return calloc(1, sizeof(struct text));
}

const struct dt_fmt_builtin dt_fmt_text = { &ops, init, free };
