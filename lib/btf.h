/*
 * btf.h - kernel type facts read from /sys/kernel/btf/vmlinux.
 */
#ifndef DT_BTF_H
#define DT_BTF_H

#include "dt_impl.h"

enum dt_btf_field { DT_BTF_REAL_PARENT, DT_BTF_TGID, DT_BTF_SUM_EXEC, DT_BTF_NFIELDS };

/* Byte offset of a task_struct field, or -1 if the kernel has no BTF. */
int dt_btf_task_offset(dtrace_hdl_t *dtp, enum dt_btf_field f);

#endif
