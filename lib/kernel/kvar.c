/*
 * kvar.c - addresses of kernel variables that /proc/kallsyms does not list.
 *
 * Kernels built without CONFIG_KALLSYMS_ALL list only functions and
 * section markers in /proc/kallsyms, and the kernel resolves a BTF
 * "ksym" (BPF_PSEUDO_BTF_ID) through the same table, so neither gives a
 * data symbol's address there.  Two facts still do:
 *
 *  - Kernel BTF has a VAR entry for every per-CPU variable with its
 *    offset in the .data..percpu section, so one per-CPU variable whose
 *    address is known places them all.
 *  - The verifier inlines bpf_get_smp_processor_id() as a per-CPU load
 *    of cpu_number and bpf_jiffies64() as a load from &jiffies, writing
 *    the addresses into the program it rewrites, which the loader may
 *    read back (BPF_OBJ_GET_INFO_BY_FD, xlated instructions).
 *
 * So one small program calling both helpers, loaded once (never
 * attached) the first time a script names a kernel variable kallsyms
 * lacks, gives the per-CPU section's link address and &jiffies.  When
 * the kernel does not inline them (no JIT, other architectures) the
 * variables stay unknown and the script gets dtrace's "Unknown symbol
 * name".  The table below also types the variables the kernel reveals
 * this way but BTF does not describe (its VARs are per-CPU ones only).
 */
#include <bpf/bpf.h>
#include <linux/bpf.h>
#include <string.h>
#include <unistd.h>
#include "kvar.h"
#include "btf.h"

/* Variables found through bpf_jiffies64()'s inlining (jiffies is the
 * linker's alias of jiffies_64 on 64-bit kernels), with their C types:
 * unsigned long and u64. */
static const char *const revealed[] = { "jiffies", "jiffies_64" };

static int is_revealed(const char *name)
{
	for (size_t i = 0; i < sizeof(revealed) / sizeof(revealed[0]); i++)
		if (!strcmp(revealed[i], name))
			return 1;
	return 0;
}

static void probe_kernel(dtrace_hdl_t *dtp)
{
	struct bpf_insn prog[] = {
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_get_smp_processor_id },
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_jiffies64 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	struct bpf_insn x[64];
	struct bpf_prog_info info;
	__u32 len = sizeof(info);
	LIBBPF_OPTS(bpf_prog_load_opts, o);

	dtp->kvar_probed = 1;
	int fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "dt_kvar", "GPL", prog,
	    sizeof(prog) / sizeof(prog[0]), &o);
	if (fd < 0)
		return;
	memset(&info, 0, sizeof(info));
	memset(x, 0, sizeof(x));
	info.xlated_prog_len = sizeof(x);
	info.xlated_prog_insns = (__u64)(unsigned long)x;
	int r = bpf_obj_get_info_by_fd(fd, &info, &len);
	close(fd);
	if (r < 0 || info.xlated_prog_len > sizeof(x))
		return;
	int n = (int)(info.xlated_prog_len / sizeof(x[0]));
	uint64_t cpu_number = 0;
	for (int i = 0; i + 1 < n; i++) {
		/* r0 = (s32)&cpu_number; r0 = this_cpu_ptr(r0) (mov, off -1) */
		if (x[i].code == (BPF_ALU64 | BPF_MOV | BPF_K) && x[i].dst_reg == 0 &&
		    x[i + 1].code == (BPF_ALU64 | BPF_MOV | BPF_X) && x[i + 1].off == -1 &&
		    x[i + 1].dst_reg == 0 && x[i + 1].src_reg == 0)
			cpu_number = (uint64_t)(int64_t)x[i].imm;
		/* r0 = &jiffies (ld_imm64); r0 = *(u64 *)(r0 + 0) */
		if (x[i].code == (BPF_LD | BPF_DW | BPF_IMM) && x[i].dst_reg == 0 &&
		    x[i].src_reg == 0 && i + 2 < n &&
		    x[i + 2].code == (BPF_LDX | BPF_MEM | BPF_DW) && x[i + 2].off == 0 &&
		    x[i + 2].src_reg == 0)
			dtp->kvar_jiffies = (uint64_t)(uint32_t)x[i].imm |
			    (uint64_t)(uint32_t)x[i + 1].imm << 32;
	}
	int percpu;
	uint32_t secoff;
	if (cpu_number && dt_btf_var(dtp, "cpu_number", &percpu, &secoff) && percpu)
		dtp->kvar_percpu = cpu_number - secoff;
}

int dt_kvar_addr(dtrace_hdl_t *dtp, const char *name, int percpu, uint32_t secoff,
    uint64_t *addr)
{
	if (!percpu && !is_revealed(name))
		return -1;
	if (!dtp->kvar_probed)
		probe_kernel(dtp);
	if (percpu && dtp->kvar_percpu) {
		*addr = dtp->kvar_percpu + secoff;
		return 0;
	}
	if (!percpu && dtp->kvar_jiffies) {
		*addr = dtp->kvar_jiffies;
		return 0;
	}
	return -1;
}

struct dt_type *dt_kvar_type(dtrace_hdl_t *dtp, const char *name)
{
	return is_revealed(name) ? dt_int_type(&dtp->types, 8, 0) : NULL;
}
