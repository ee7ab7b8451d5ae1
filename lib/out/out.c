/*
 * out.c - the built-in formatters by the oformat option's value.  Adding
 * an output format is one file in out/ with its dtrace_formatter_t and a
 * row here (and its word in base/options.c's oformat values).
 */
#include <stddef.h>
#include "out.h"
#include "base/options.h"

const struct dt_fmt_builtin *dt_fmt_builtin(int oformat)
{
	switch (oformat) {
	case DT_OFORMAT_TEXT:
	case DT_OFORMAT_NONE:
		return &dt_fmt_text;
	case DT_OFORMAT_JSON:
		return &dt_fmt_json;
	case DT_OFORMAT_OPENMETRICS:
		return &dt_fmt_openmetrics;
	case DT_OFORMAT_FOLDED:
		return &dt_fmt_folded;
	default:
		return NULL;
	}
}
