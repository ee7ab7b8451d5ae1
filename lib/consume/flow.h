/*
 * flow.h - flow indentation of the probe column (-F), see flow.c.
 */
#ifndef DT_FLOW_H
#define DT_FLOW_H

#include <stdint.h>
#include "dtrace.h"

/* "CPU FUNCTION", once, before the first record */
void dt_flow_heading(dtrace_hdl_t *dtp);
/* the CPU and indented function of the record with this EPID */
void dt_flow_line(dtrace_hdl_t *dtp, int cpu, uint32_t epid);

#endif
