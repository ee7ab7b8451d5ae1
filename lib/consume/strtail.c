/*
 * strtail.c - a record whose strings were written packed (cg/strtail.c)
 * made whole again: the fixed-size fields as they came, each string
 * (up to its NUL) back at its field's offset, the rest zero, so that
 * everything after reads the clause's layout as sema/strtail.c set it.
 * Records are expanded once, as they come out of the buffers; held
 * speculative records are kept whole.
 */
#include <string.h>
#include "consume.h"
#include "sema/program.h"

int dt_strtail_expand(const struct dt_stmt *st, const uint8_t *d, uint32_t size,
    uint8_t *whole)
{
	if (!st->strtail || size < st->strtail)
		return -1;
	memcpy(whole, d, st->strtail);
	memset(whole + st->strtail, 0, st->recsize - st->strtail);
	uint32_t at = st->strtail;
	for (int i = 0; i < st->nactions; i++) {
		const struct dt_action *a = &st->actions[i];
		for (int j = 0; j < a->nfields; j++) {
			const struct dt_recfield *f = &a->fields[j];
			if (f->kind != DT_RV_STR)
				continue;
			uint32_t left = at < size ? size - at : 0;
			uint32_t max = f->size < left ? f->size : left;
			const uint8_t *nul = max ? memchr(d + at, 0, max) : NULL;
			uint32_t n = nul ? (uint32_t)(nul - (d + at)) : max;
			if (n >= f->size)	/* no NUL within the field: cut */
				n = f->size - 1;
			memcpy(whole + f->offset, d + at, n);
			at += n + 1;
		}
	}
	return 0;
}
