/*
 * vminfo.c - the vminfo provider: the Solaris "vm" statistics that the
 * Linux page fault tracepoints can tell apart (exceptions:page_fault_user
 * and page_fault_kernel, x86_64).  vminfo:vmlinux::NAME; arg0 is 1
 * (kstat.c).  docs/ARCHITECTURE.md, "Providers", says which statistics
 * Linux cannot give and why.
 */
#include "kstat.h"

extern const struct dt_provider_ops dt_prov_vminfo;

static const struct dt_ks_probe probes[] = {
	{ "as_fault", { "page_fault_user", "page_fault_kernel" }, DT_KS_FAULT_NP, NULL },
	{ "prot_fault", { "page_fault_user", "page_fault_kernel" }, DT_KS_FAULT_PROT, NULL },
};

static int vminfo_populate(dtrace_hdl_t *dtp)
{
	return dt_ks_populate(dtp, &dt_prov_vminfo, probes,
	    (int)(sizeof(probes) / sizeof(probes[0])));
}

const struct dt_provider_ops dt_prov_vminfo = {
	.name = "vminfo",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = vminfo_populate,
	.argtype = dt_ks_argtype,
	.cg_filter = dt_ks_cg_filter,
	.cg_args = dt_ks_cg_args,
	.tp_event = dt_ks_tp_event,
	.attach = dt_ks_attach,
};
