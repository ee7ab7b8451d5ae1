/*
 * btf.h - kernel type facts read from /sys/kernel/btf/vmlinux.
 */
#ifndef DT_BTF_H
#define DT_BTF_H

#include "base/handle.h"

enum dt_btf_field { DT_BTF_REAL_PARENT, DT_BTF_TGID, DT_BTF_SUM_EXEC, DT_BTF_NFIELDS };

/* Byte offset of a task_struct field, or -1 if the kernel has no BTF. */
int dt_btf_task_offset(dtrace_hdl_t *dtp, enum dt_btf_field f);

/* The D type of a kernel struct/union/enum ("task_struct"), from BTF;
 * NULL if the kernel has none by that name.  Loads BTF on first use. */
struct dt_type *dt_btf_tagged(dtrace_hdl_t *dtp, enum dt_tkind kind, const char *name);
/* Member name of kernel struct/union t (t->btf_id != 0): its offset in
 * bytes, type, and for a bit-field its width and the offset of its first
 * bit past *off (bits 0 and bitoff 0 otherwise).  -1 if there is none. */
int dt_btf_member(dtrace_hdl_t *dtp, struct dt_type *t, const char *name,
    uint32_t *off, struct dt_type **mt, uint32_t *bits, uint32_t *bitoff);
/* Resolve kernel struct/union t if it is a placeholder (curthread's type,
 * named before BTF was read): its BTF id and size.  -1 if unknown. */
int dt_btf_resolve(dtrace_hdl_t *dtp, struct dt_type *t);
/* A kernel typedef or base type by name ("u32", "int"), or NULL. */
struct dt_type *dt_btf_named(dtrace_hdl_t *dtp, const char *name);
/* The type of kernel variable name from a BTF VAR entry, or NULL;
 * *percpu is set if it lives in the per-CPU section, *secoff to its
 * offset in that section. */
struct dt_type *dt_btf_var(dtrace_hdl_t *dtp, const char *name, int *percpu,
    uint32_t *secoff);
/* Byte offset of member path ("pwd.dentry", "d_name.len": anonymous
 * members are looked through) in kernel struct sname; -1 if there is
 * none or no BTF.  Loads BTF on first use. */
int dt_btf_offsetof(dtrace_hdl_t *dtp, const char *sname, const char *path);
/* BTF id of the kernel function (kfunc) name, or -1. */
int dt_btf_kfunc(dtrace_hdl_t *dtp, const char *name);
/* The TP_PROTO parameters of kernel tracepoint event, from the BTF
 * typedef btf_trace_<event>: their number, or -1 if BTF has none; the
 * types of the first max of them spelled as the kernel declares them
 * (native, "struct task_struct *", "pid_t") and as D names them (dtype:
 * typedefs looked through, enums as integers).  Loads BTF on first use. */
int dt_btf_tp_params(dtrace_hdl_t *dtp, const char *event, int max, char (*native)[128],
    char (*dtype)[128]);
void dt_btf_close(dtrace_hdl_t *dtp);

#endif
