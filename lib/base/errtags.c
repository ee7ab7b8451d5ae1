/*
 * errtags.c - the names of the D compiler's error tags (errtags.h), as
 * `-x errtags` prints them and as tests look them up.
 */
#include <string.h>
#include "errtags.h"

#define DT_ERRTAG_NAME(name) #name,
static const char *const names[DT_ERRTAG_MAX] = { DT_ERRTAGS(DT_ERRTAG_NAME) };
#undef DT_ERRTAG_NAME

const char *dt_errtag_name(enum dt_errtag tag)
{
	return (unsigned)tag < DT_ERRTAG_MAX ? names[tag] : names[D_UNKNOWN];
}

int dt_errtag_lookup(const char *name)
{
	for (int i = 0; i < DT_ERRTAG_MAX; i++)
		if (!strcmp(names[i], name))
			return i;
	return -1;
}
