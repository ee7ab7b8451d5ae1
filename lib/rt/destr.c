/*
 * destr.c - the destructive actions at run time: the permission and the
 * maps.
 *
 * DTrace compiles destructive actions but refuses to start tracing with
 * them unless they were allowed (-w, -x destructive, #pragma D option
 * destructive): "could not enable tracing: Destructive actions not
 * allowed", as dtrace(1M) says it at enable time.  copyout() needs a
 * kernel that lets tracing programs write user memory, asked here.  The
 * per-CPU dt_chill map keeps chill()'s accounting (cg/destr.c); system()
 * is the consumer's (consume/destr.c).
 */
#include <bpf/bpf.h>
#include "kernel/bpfmap.h"
#include <errno.h>
#include <linux/capability.h>
#include <sys/syscall.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kernel/bpf_asm.h"
#include "rt.h"

/* The kernel's lockdown mode ("integrity"), if securityfs says so. */
static int lockdown_mode(char *buf, size_t len)
{
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");
	char line[128], *b, *e;
	if (!f)
		return -1;
	b = fgets(line, sizeof(line), f);
	fclose(f);
	if (!b || !(b = strchr(line, '[')) || !(e = strchr(b, ']')))
		return -1;
	snprintf(buf, len, "%.*s", (int)(e - b - 1), b + 1);
	return 0;
}

/* Do we have CAP_SYS_ADMIN (what bpf_probe_write_user asks for)? */
static int sys_admin(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	if (syscall(SYS_capget, &h, d) < 0)
		return 1;		/* unknown: don't blame it */
	return (d[CAP_SYS_ADMIN / 32].effective >> (CAP_SYS_ADMIN % 32)) & 1;
}

/*
 * copyout() and copyoutstr() need bpf_probe_write_user(), which the
 * kernel refuses to tracing programs when it is locked down (integrity
 * or confidentiality, kernel_lockdown(7)) or without CAP_SYS_ADMIN.  Ask
 * it with a program of the kind ours are, and say why it refused, in the
 * verifier's words.
 */
static int write_user_ok(dtrace_hdl_t *dtp)
{
	struct bpf_insn p[] = {
		MOV64_IMM(R1, 0),
		ST_MEM(BPF_DW, R10, -8, 0),
		MOV64_REG(R2, R10),
		ALU64_IMM(BPF_ADD, R2, -8),
		MOV64_IMM(R3, 8),
		CALL_HELPER(BPF_FUNC_probe_write_user),
		MOV64_IMM(R0, 0),
		EXIT_INSN(),
	};
	char log[4096] = "", why[256] = "", mode[32];
	LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = log, .log_size = sizeof(log),
	    .log_level = 1);
	int fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "dt_write_user", "GPL",
	    p, sizeof(p) / sizeof(p[0]), &o);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	int err = errno;
	/* the verifier's last word, else the errno */
	for (char *l = strtok(log, "\n"); l; l = strtok(NULL, "\n"))
		if (*l && strncmp(l, "processed ", 10) && strncmp(l, "verification time", 17))
			snprintf(why, sizeof(why), "%s", l);
	if (!why[0])
		snprintf(why, sizeof(why), "%s", strerror(err));
	const char *hint = "the kernel refuses it when locked down, see kernel_lockdown(7)";
	char buf[128];
	if (!sys_admin())
		hint = "it needs CAP_SYS_ADMIN";
	else if (lockdown_mode(mode, sizeof(mode)) == 0 && strcmp(mode, "none")) {
		snprintf(buf, sizeof(buf), "the kernel is locked down for %s, see kernel_lockdown(7)",
		    mode);
		hint = buf;
	}
	return dt_set_err(dtp, "copyout( ) and copyoutstr( ) cannot write user memory "
	    "on this kernel: %s (%s)", why, hint);
}

int dt_destr_check(dtrace_hdl_t *dtp)
{
	if (dtp->uses_destructive && !dtp->opt[DTOPT_DESTRUCTIVE])
		return dt_set_err(dtp, "Destructive actions not allowed");
	/* whether the kernel lets programs write user memory is the
	 * kernel's to say: not asked by a check-only load */
	if (dtp->uses_copyout && !dtp->check_only && write_user_ok(dtp) < 0)
		return -1;
	return 0;
}

int dt_destr_create(dtrace_hdl_t *dtp)
{
	if (!dtp->uses_chill)
		return 0;
	/* u64 start of the current one-second interval, u64 ns chilled */
	int fd = dt_bpf_map_create(dtp, BPF_MAP_TYPE_PERCPU_ARRAY, "dt_chill", 4, 16, 1, NULL);
	if (fd < 0)
		return dt_set_err(dtp, "cannot create the chill() state map: %s",
		    strerror(errno));
	dtp->fd_chill = fd;
	return 0;
}

void dt_destr_close(dtrace_hdl_t *dtp)
{
	if (dtp->fd_chill > 0)
		close(dtp->fd_chill);
	dtp->fd_chill = 0;
}

