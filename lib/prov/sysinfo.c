/*
 * sysinfo.c - the sysinfo provider: the Solaris "sys" statistics that
 * Linux has a meaning for, each from the tracepoint where Linux does the
 * same thing (docs/ARCHITECTURE.md, "Providers", has the table and the
 * statistics left out).  sysinfo:vmlinux::NAME; arg0 is what the
 * statistic would grow by (kstat.c).
 */
#include <asm/unistd.h>
#include "kstat.h"

extern const struct dt_provider_ops dt_prov_sysinfo;

static const int nr_read[] = { __NR_read, __NR_readv, __NR_pread64, __NR_preadv,
	__NR_preadv2, -1 };
static const int nr_write[] = { __NR_write, __NR_writev, __NR_pwrite64, __NR_pwritev,
	__NR_pwritev2, -1 };
static const int nr_exec[] = { __NR_execve, __NR_execveat, -1 };
static const int nr_msg[] = { __NR_msgsnd, __NR_msgrcv, -1 };
static const int nr_sema[] = { __NR_semop, __NR_semtimedop, -1 };

static const struct dt_ks_probe probes[] = {
	{ "inv_swtch", { "sched_switch" }, DT_KS_INVSWTCH, NULL },
	{ "msg", { "sys_enter" }, DT_KS_SYSENTER, nr_msg },
	{ "nthreads", { "sched_process_fork" }, DT_KS_ALL, NULL },
	{ "pswitch", { "sched_switch" }, DT_KS_ALL, NULL },
	{ "readch", { "sys_exit" }, DT_KS_SYSBYTES, nr_read },
	{ "sema", { "sys_enter" }, DT_KS_SYSENTER, nr_sema },
	{ "syscall", { "sys_enter" }, DT_KS_ALL, NULL },
	{ "sysexec", { "sys_enter" }, DT_KS_SYSENTER, nr_exec },
	{ "sysfork", { "sys_enter" }, DT_KS_FORK, NULL },
	{ "sysread", { "sys_enter" }, DT_KS_SYSENTER, nr_read },
	{ "sysvfork", { "sys_enter" }, DT_KS_VFORK, NULL },
	{ "syswrite", { "sys_enter" }, DT_KS_SYSENTER, nr_write },
	{ "writech", { "sys_exit" }, DT_KS_SYSBYTES, nr_write },
	{ "xcalls", { "csd_queue_cpu" }, DT_KS_ALL, NULL },
};

static int sysinfo_populate(dtrace_hdl_t *dtp)
{
	return dt_ks_populate(dtp, &dt_prov_sysinfo, probes,
	    (int)(sizeof(probes) / sizeof(probes[0])));
}

/* the Guide's stability: private names and arguments (Solaris kstat
 * fields), CPU dependency class */
const struct dt_provider_ops dt_prov_sysinfo = {
	.name = "sysinfo",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = sysinfo_populate,
	.argtype = dt_ks_argtype,
	.cg_filter = dt_ks_cg_filter,
	.cg_args = dt_ks_cg_args,
	.tp_event = dt_ks_tp_event,
	.attach = dt_ks_attach,
};
