/*
 * outact.c - the consumer's side of the output actions: tracemem(),
 * print(), freopen(), ftruncate().
 *
 * freopen() redirects all later output (records, aggregations) to a file
 * opened for appending; freopen("") goes back to the original output
 * (stdout or -o); a file that cannot be opened is reported as dtrace
 * reports library errors and output stays where it was.  ftruncate()
 * empties the current output file.
 */
#include <errno.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include "consume.h"
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
static void tracemem(dtrace_hdl_t *dtp, const uint8_t *d, const struct dt_action *a)
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
	dt_print_rawbytes(dtp->out, d + f->offset, n);
}

static void freopen_act(dtrace_hdl_t *dtp, const struct dt_ecb *e, const uint8_t *d,
    const struct dt_action *a)
{
	char *name = NULL;
	size_t len = 0;
	if (!a->pf) {		/* freopen(""): back to the original output */
		if (dtp->freopen_fp) {
			fclose(dtp->freopen_fp);
			dtp->freopen_fp = NULL;
		}
		dtp->out = dtp->orig_out;
		return;
	}
	FILE *m = open_memstream(&name, &len);
	if (!m)
		return;
	dt_consume_printf(m, d, a);
	fclose(m);
	FILE *nf = name ? fopen(name, "a") : NULL;
	if (!nf) {
		struct dt_probe *p = e->probe;
		fflush(dtp->out);
		fprintf(stderr, "dtrace: error on enabled probe ID %u (ID %u: %s:%s:%s:%s): "
		    "couldn't freopen() \"%s\": %s\n", e->epid, p->id, p->prov, p->mod,
		    p->func, p->name, name ? name : "", strerror(errno));
		free(name);
		return;
	}
	free(name);
	fflush(dtp->out);
	if (dtp->freopen_fp)
		fclose(dtp->freopen_fp);
	dtp->freopen_fp = nf;
	dtp->out = nf;
}

void dt_outact_consume(dtrace_hdl_t *dtp, const struct dt_ecb *e, const uint8_t *d,
    const struct dt_action *a)
{
	switch (a->kind) {
	case DT_ACT_TRACEMEM:
		tracemem(dtp, d, a);
		break;
	case DT_ACT_PRINT:
		dt_print_type(dtp, dtp->out, a->node->args[0]->type->ref,
		    rd64(d + a->fields[0].offset), d + a->fields[1].offset, a->fields[1].size);
		break;
	case DT_ACT_FREOPEN:
		freopen_act(dtp, e, d, a);
		break;
	case DT_ACT_FTRUNCATE:
		fflush(dtp->out);
		if (ftruncate(fileno(dtp->out), 0) == 0)
			fseeko(dtp->out, 0, SEEK_SET);
		break;
	default:
		break;
	}
}

void dt_outact_set_out(dtrace_hdl_t *dtp, FILE *out)
{
	dtp->orig_out = out;
	dtp->out = dtp->freopen_fp ? dtp->freopen_fp : out;
}

void dt_outact_close(dtrace_hdl_t *dtp)
{
	if (dtp->freopen_fp)
		fclose(dtp->freopen_fp);
	dtp->freopen_fp = NULL;
}
