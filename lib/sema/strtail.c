/*
 * strtail.c - a clause's string fields at the end of its record.
 *
 * A string field is strsize + 1 bytes in the record, but most strings
 * hold a few of them: printf("%s\n", execname) would carry 256 bytes for
 * 16.  So once a clause is lowered its record is laid out again: the
 * fixed-size fields first, in order and aligned as call.c aligns them,
 * then every string field, back to back.  The program (cg/strtail.c)
 * writes each string right after the previous one's NUL, and the record
 * only up to the last NUL; the consumer (consume/strtail.c) puts the
 * strings back at these offsets.  Every reader of a field goes by its
 * offset, so nothing else changes.
 *
 * Not for a clause with a ustack() stack window, which must stay last
 * (cg/ustack.c writes it only up to the bytes copied).
 */
#include "sema_int.h"

static uint32_t align(uint32_t v, uint32_t al)
{
	return (v + al - 1) / al * al;
}

void dt_sema_strtail(struct dt_stmt *st)
{
	int nstr = 0;
	st->strtail = 0;
	for (int i = 0; i < st->nactions; i++) {
		const struct dt_action *a = &st->actions[i];
		if (a->kind == DT_ACT_USTACK || a->kind == DT_ACT_UAGG)
			return;
		for (int j = 0; j < a->nfields; j++)
			nstr += a->fields[j].kind == DT_RV_STR;
	}
	if (!nstr)
		return;
	uint32_t off = DT_REC_HDR;
	for (int i = 0; i < st->nactions; i++) {
		struct dt_action *a = &st->actions[i];
		for (int j = 0; j < a->nfields; j++) {
			struct dt_recfield *f = &a->fields[j];
			if (f->kind == DT_RV_STR)
				continue;
			uint32_t al = f->kind == DT_RV_CHARS ? 1 :
			    (f->size >= 8 || f->kind == DT_RV_BYTES) ? 8 : f->size;
			if (al == 0)
				al = 1;
			off = align(off, al);
			f->offset = off;
			off += f->size;
			if (f->kind == DT_RV_BYTES)
				off = align(off, 8);
		}
	}
	st->strtail = off;
	for (int i = 0; i < st->nactions; i++) {
		struct dt_action *a = &st->actions[i];
		for (int j = 0; j < a->nfields; j++) {
			if (a->fields[j].kind != DT_RV_STR)
				continue;
			a->fields[j].offset = off;
			off += a->fields[j].size;
		}
	}
	st->recsize = off;
}
