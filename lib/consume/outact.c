/*
 * outact.c - the consumer's side of the output actions: tracemem(),
 * print(), freopen(), ftruncate().
 *
 * freopen() redirects all later output (records, aggregations) to a file
 * opened for appending; freopen("") goes back to the original output
 * (stdout or -o); a file that cannot be opened is reported as dtrace
 * reports library errors and output stays where it was; what the file
 * left could not take fails the output (dt_out_failed).  ftruncate()
 * empties the current output file.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include "consume.h"
#include "base/output.h"
#include "fmt/bytes.h"
#include "fmt/print_type.h"
#include "sema/node.h"
#include "prov/prov.h"
#include "sema/program.h"

static uint64_t rd64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

/* tracemem(addr, size[, nbytes]): nbytes limits the dump when it is
 * neither negative nor more than size */
static void tracemem(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, const uint8_t *d,
    const struct dt_action *a)
{
	const struct dt_recfield *f = &a->fields[0];
	size_t n = f->size;
	if (a->nfields > 1) {
		const struct dt_recfield *df = &a->fields[1];
		uint64_t v = rd64(d + df->offset);
		/* the value as its own type saw it */
		if (df->val_size > 0 && df->val_size < 8) {
			int sh = 64 - 8 * df->val_size;
			v = df->is_signed ? (uint64_t)((int64_t)(v << sh) >> sh) : (v << sh) >> sh;
		}
		if (!(df->is_signed && (int64_t)v < 0) && v < n)
			n = (size_t)v;
	}
	dtrace_value_t v = { .kind = DTRACE_VAL_BYTES, .size = (uint32_t)n, .bytes = d + f->offset };
	DT_OUT(dtp, tracemem, pd, &v);
}

/* print(): the object at the recorded address, as Oracle's dtrace shows it */
struct printcookie {
	dtrace_hdl_t *dtp;
	struct dt_type *type;
	uint64_t addr;
	const uint8_t *data;
	size_t size;
};

static int render_print(const void *cookie, FILE *fp)
{
	const struct printcookie *c = cookie;
	dt_print_type(c->dtp, fp, c->type, c->addr, c->data, c->size);
	return ferror(fp) ? -1 : 0;
}

static void print(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd, const uint8_t *d,
    const struct dt_action *a)
{
	struct printcookie c = { dtp, a->node->args[0]->type->ref, rd64(d + a->fields[0].offset),
		d + a->fields[1].offset, a->fields[1].size };
	dtrace_value_t v = { .kind = DTRACE_VAL_BYTES, .size = (uint32_t)c.size, .bytes = c.data };
	dtrace_text_t t = { render_print, &c };
	DT_OUT(dtp, print, pd, c.type->name ? c.type->name : "", c.addr, &v, &t);
}

static void freopen_act(dtrace_hdl_t *dtp, const struct dt_ecb *e, const uint8_t *d,
    const struct dt_action *a)
{
	char *name = NULL;
	size_t len = 0;
	if (!a->pf) {		/* freopen(""): back to the original output */
		if (dtp->freopen_fp) {
			if (fclose(dtp->freopen_fp) != 0)
				dt_out_failed(dtp);
			dtp->freopen_fp = NULL;
		}
		dtp->output.out = dtp->output.base;
		return;
	}
	FILE *m = open_memstream(&name, &len);
	if (!m)
		return;
	dt_consume_printf(m, d, a);
	fclose(m);
	FILE *nf = name ? fopen(name, "a") : NULL;
	if (!nf) {
		char why[PATH_MAX + 64];
		snprintf(why, sizeof(why), "couldn't freopen() \"%s\": %s", name ? name : "",
		    strerror(errno));
		dt_consume_error(dtp, e, why);
		free(name);
		return;
	}
	free(name);
	/* what the file left could not take is an output error like any */
	if (fflush(dtp->output.out) != 0)
		dt_out_failed(dtp);
	if (dtp->freopen_fp && fclose(dtp->freopen_fp) != 0)
		dt_out_failed(dtp);
	dtp->freopen_fp = nf;
	dtp->output.out = nf;
}

void dt_outact_consume(dtrace_hdl_t *dtp, const struct dt_ecb *e,
    const dtrace_probedata_t *pd, const uint8_t *d, const struct dt_action *a)
{
	switch (a->kind) {
	case DT_ACT_TRACEMEM:
		tracemem(dtp, pd, d, a);
		break;
	case DT_ACT_PRINT:
		print(dtp, pd, d, a);
		break;
	case DT_ACT_FREOPEN:
		freopen_act(dtp, e, d, a);
		break;
	case DT_ACT_FTRUNCATE:
		if (fflush(dtp->output.out) != 0)
			dt_out_failed(dtp);
		if (ftruncate(fileno(dtp->output.out), 0) == 0)
			fseeko(dtp->output.out, 0, SEEK_SET);
		break;
	default:
		break;
	}
}

void dt_outact_set_out(dtrace_hdl_t *dtp, FILE *out)
{
	dtp->output.base = out;
	dtp->output.out = dtp->freopen_fp ? dtp->freopen_fp : out;
}

void dt_outact_close(dtrace_hdl_t *dtp)
{
	if (dtp->freopen_fp)
		fclose(dtp->freopen_fp);
	dtp->freopen_fp = NULL;
}
