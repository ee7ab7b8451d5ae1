/*
 * fbt.c - the fbt provider, as far as this system allows: no probes.
 *
 * Function boundary tracing on Linux needs kprobes (kprobe perf events
 * or kprobe_events) or fentry/fexit programs (BPF_PROG_TYPE_TRACING).
 * Where the kernel has neither, the provider lists nothing and a
 * description naming it fails as any description that matches nothing
 * does, with the reason on the same line (the why_none hook): whether
 * the kernel has kprobes, and what it answers to an fentry program.
 * Where the kernel has one of them, fbt is still not implemented: the
 * reason says that instead.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include "prov.h"
#include "kernel/bpf_asm.h"

extern const struct dt_provider_ops dt_prov_fbt;

static int have_kprobes(void)
{
	return access("/sys/bus/event_source/devices/kprobe", F_OK) == 0 ||
	    access("/sys/kernel/tracing/kprobe_events", F_OK) == 0 ||
	    access("/sys/kernel/debug/tracing/kprobe_events", F_OK) == 0;
}

/* 0 if the kernel loads an fentry program on vfs_read, else an errno */
static int try_fentry(void)
{
	struct btf *b = btf__load_vmlinux_btf();
	if (!b)
		return errno ? errno : ENOENT;
	int id = btf__find_by_name_kind(b, "vfs_read", BTF_KIND_FUNC);
	btf__free(b);
	if (id <= 0)
		return ENOENT;
	struct bpf_insn prog[] = { MOV64_IMM(R0, 0), EXIT_INSN() };
	LIBBPF_OPTS(bpf_prog_load_opts, o, .expected_attach_type = BPF_TRACE_FENTRY,
	    .attach_btf_id = (uint32_t)id);
	int fd = bpf_prog_load(BPF_PROG_TYPE_TRACING, "dt_fbt_try", "GPL", prog, 2, &o);
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int fbt_why_none(dtrace_hdl_t *dtp, char *buf, size_t len)
{
	(void)dtp;
	int kp = have_kprobes(), err = try_fentry();
	if (!kp && err)
		snprintf(buf, len, "fbt needs kprobes or fentry, and this kernel has no "
		    "kprobes and refuses fentry programs (%s)", strerror(err));
	else
		snprintf(buf, len, "fbt is not implemented by this dtrace (the kernel has %s)",
		    kp ? "kprobes" : "fentry");
	return 1;
}

const struct dt_provider_ops dt_prov_fbt = {
	.name = "fbt",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_TRACING,
	.why_none = fbt_why_none,
};
