/*
 * openmetrics.h - the names the OpenMetrics formatter gives aggregations
 * and keys (openmetrics.c), for its unit tests.
 */
#ifndef DT_OPENMETRICS_H
#define DT_OPENMETRICS_H

#include <stddef.h>
#include "dtrace.h"

#define DT_OM_NAMELEN 128

/* s as a metric or label name, into buf (size bytes): [a-zA-Z_]
 * [a-zA-Z0-9_]*, any other character as '_', camelCase as snake_case
 * (promtool's lint rejects capitals after lower case), "_" first if it
 * starts with a digit, "_" if empty */
void dt_om_name(char *buf, size_t size, const char *s);
/* the family of aggregation name (without '@'; "" for @) of function
 * kind: dtrace_NAME, with _total for count(); a gauge or histogram never
 * ends in _total, _count, _sum or _bucket (_value is added) */
void dt_om_family(char *buf, size_t size, const char *name, dtrace_aggfunc_t kind);
/* the label names of nkeys keys named keys[k]: sanitized, and key<k>
 * instead of a name starting "__", "le", or one taken by an earlier key */
void dt_om_labels(char (*labels)[DT_OM_NAMELEN], const char *const *keys, int nkeys);

#endif
