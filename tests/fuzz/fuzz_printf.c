/*
 * fuzz_printf.c - libFuzzer harness for the printf-format engine
 * (lib/fmt/printf.c): the input's first line is a format string, the
 * rest chooses the D types of its arguments and the bytes of their
 * values.  The format is parsed; when it checks against those types (as
 * the compiler checks printf(), printa() and friends) the record layout
 * is made and a record of those values is formatted, as the consumer
 * does, into /dev/null.
 */
#include "fuzz.h"
#include "fmt/printf.h"

#define MAXARGS 16

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;
static dtrace_hdl_t *hdl;	/* for %a's kernel symbols, as a program's */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int e;
	(void)argc;
	(void)argv;
	devnull = fopen("/dev/null", "w");
	hdl = dtrace_open(&e);
	return 0;
}

/* the next input byte (0 past the end) */
static uint8_t next(const uint8_t **p, const uint8_t *end)
{
	return *p < end ? *(*p)++ : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int isizes[] = { 1, 2, 4, 8 };
	static const int fsizes[] = { 4, 8, 16 };
	const uint8_t *nl = memchr(data, '\n', size);
	size_t flen = nl ? (size_t)(nl - data) : size;
	const uint8_t *p = nl ? nl + 1 : data + size, *end = data + size;
	char *fmt = fz_str(data, flen), err[512];
	struct dt_pfargv *pf = NULL;

	if (!fmt)
		return 0;
	if (dt_printf_parse(fmt, &pf, err, sizeof(err)) < 0) {
		free(fmt);
		return 0;
	}
	pf->dtp = hdl;
	/* a width or precision of millions formats millions of bytes: true
	 * to printf(3), and only slow */
	for (int i = 0; i < pf->nsegs; i++)
		if (pf->segs[i].width > 4096 || pf->segs[i].prec > 4096)
			goto out;

	/* the arguments' types */
	struct dt_pfarg_type types[MAXARGS];
	int nargs = next(&p, end) % (MAXARGS + 1);
	for (int i = 0; i < nargs; i++) {
		uint8_t b = next(&p, end);
		struct dt_pfarg_type *t = &types[i];
		memset(t, 0, sizeof(*t));
		t->kind = (b & 7) % 6;
		t->is_signed = (b >> 3) & 1;
		t->longlong = (b >> 4) % 3;
		t->usymaddr = (b >> 6) & 1;
		switch (t->kind) {
		case DT_PFT_INT: t->size = isizes[(b >> 5) & 3]; break;
		case DT_PFT_STRING: t->size = (b >> 5) & 1 ? next(&p, end) : 0; break;
		case DT_PFT_FLOAT: t->size = fsizes[((b >> 5) & 3) % 3]; break;
		default: t->size = 8; break;
		}
	}
	uint8_t fl = next(&p, end);
	struct dt_pfcheck_opts opts = {
		.flags = fl & 3,
		.argoff = (fl >> 2) & 1,
		.aggtype = NULL,
	};
	const char *tag = NULL;
	struct dt_pfarg_store st[MAXARGS];
	if (dt_printf_check_opts(pf, types, nargs, "printf", &opts, &tag, err, sizeof(err)) < 0 ||
	    dt_printf_layout(pf, types, nargs, 32, st) < 0)
		goto out;

	/* one record: each value from the input, strings of their stored
	 * size and not NUL-terminated */
	struct dt_pfval vals[MAXARGS], agg[2];
	char *strs[MAXARGS] = { 0 };
	for (int i = 0; i < nargs; i++) {
		struct dt_pfval *v = &vals[i];
		memset(v, 0, sizeof(*v));
		v->kind = st[i].val_kind;
		v->size = st[i].val_size;
		v->is_signed = st[i].is_signed;
		for (int k = 0; k < 8; k++)
			v->u = v->u << 8 | next(&p, end);
		if (st[i].role == DT_PFROLE_WIDTH || st[i].role == DT_PFROLE_PREC)
			v->u = (uint64_t)(int64_t)((int16_t)v->u % 4096);
		if (v->kind == DT_PFV_FLOAT) {
			if (v->size == 4) {
				float f;
				memcpy(&f, &v->u, 4);
				v->f = f;
			} else if (v->size == 8) {
				double d;
				memcpy(&d, &v->u, 8);
				v->f = d;
			} else
				v->f = (long double)(int64_t)v->u / 3;
		} else if (v->kind == DT_PFV_STRING) {
			int n = st[i].size > 0 ? st[i].size : 1;
			if (!(strs[i] = malloc((size_t)n)))
				goto free_strs;
			for (int k = 0; k < n; k++)
				strs[i][k] = (char)next(&p, end);
			v->s = strs[i];
			v->size = n;
		} else if (v->kind == DT_PFV_CALLBACK)
			v->kind = DT_PFV_INT;
	}
	memset(agg, 0, sizeof(agg));
	agg[0].kind = agg[1].kind = DT_PFV_INT;
	agg[0].size = agg[1].size = 8;
	agg[0].is_signed = 1;
	agg[0].u = (uint64_t)-7;
	agg[1].u = 12345;
	if (opts.flags & DT_PRINTF_AGGREGATION)
		dt_printf_format_agg(devnull, pf, vals, nargs, agg, 2);
	else
		dt_printf_format(devnull, pf, vals, nargs);
free_strs:
	for (int i = 0; i < nargs; i++)
		free(strs[i]);
out:
	dt_printf_free(pf);
	free(fmt);
	return 0;
}
