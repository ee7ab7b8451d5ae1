/*
 * tracepoint.c - what the tracepoint-based providers (sdt, rawtp,
 * syscall and the stable ones) share: the probe names of every static
 * tracepoint (sdt, rawtp); each probe's event format, read from tracefs on
 * first use and kept as the probe's private data; the attachment of a
 * program to a tracepoint, as a perf event or through a BPF link; and the
 * code that copies a string field of the tracepoint's record.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include "tracepoint.h"
#include "kernel/dynevents.h"

struct dt_tpmeta *dt_tpmeta_get(dtrace_hdl_t *dtp, struct dt_probe *p,
    const char *cat, const char *event)
{
	struct dt_tpmeta *m = p->priv;
	char err[256];
	if (!m) {
		m = calloc(1, sizeof(*m));
		if (!m)
			return NULL;
		p->priv = m;
	}
	if (!m->loaded) {
		m->loaded = dt_tp_load(cat, event, &m->ev, err, sizeof(err)) == 0 ? 1 : -1;
		if (m->loaded < 0)
			dt_set_err(dtp, "cannot read %s:%s:%s:%s: %s", p->prov, p->mod,
			    p->func, p->name, err);
	}
	return m->loaded > 0 ? m : NULL;
}

/* A C type as listings print it: "unsigned" is "unsigned int". */
const char *dt_tp_native(const char *ctype)
{
	if (!strcmp(ctype, "unsigned"))
		return "unsigned int";
	if (!strcmp(ctype, "signed"))
		return "int";
	return ctype;
}

void dt_tpmeta_free(struct dt_probe *p)
{
	struct dt_tpmeta *m = p->priv;
	if (m && m->loaded > 0)
		dt_tp_free(&m->ev);
	free(m);
	p->priv = NULL;
}

int dt_tp_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int tpid, int prog_fd)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = (uint64_t)tpid;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	int fd = (int)syscall(__NR_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return dt_set_err(dtp, "failed to enable %s:%s:%s:%s: %s", p->prov, p->mod,
		    p->func, p->name, strerror(errno));
	if (dt_prov_keep_fd(dtp, p->ops, fd) < 0) {
		close(fd);
		return -1;
	}
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog_fd) < 0 ||
	    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) < 0)
		return dt_set_err(dtp, "failed to attach %s:%s:%s:%s: %s", p->prov, p->mod,
		    p->func, p->name, strerror(errno));
	return 0;
}

int dt_rawtp_attach(dtrace_hdl_t *dtp, struct dt_probe *p, const char *tp, int prog_fd)
{
	int fd = bpf_raw_tracepoint_open(tp, prog_fd);
	if (fd < 0)
		return dt_set_err(dtp, "failed to enable %s:%s:%s:%s: %s", p->prov, p->mod,
		    p->func, p->name, strerror(errno));
	if (dt_prov_keep_fd(dtp, p->ops, fd) < 0) {
		close(fd);
		return -1;
	}
	return 0;
}

/*
 * BPF_RAW_TRACEPOINT_OPEN with a cookie: the attribute's cookie field
 * came with Linux 6.10, after the system's headers (6.1); an older
 * kernel refuses the non-zero bytes past what it knows (E2BIG).
 */
struct dt_rawtp_open_attr {
	uint64_t name;
	uint32_t prog_fd;
	uint32_t pad;
	uint64_t cookie;
};

int dt_rawtp_cookies(void)
{
	static int ok = -1;
	if (ok < 0) {
		/* no program: a kernel that knows the field says EBADF, an
		 * older one E2BIG (non-zero bytes past its attribute) */
		struct dt_rawtp_open_attr attr;
		memset(&attr, 0, sizeof(attr));
		attr.name = (uint64_t)(uintptr_t)"sched_switch";
		attr.prog_fd = (uint32_t)-1;
		attr.cookie = 1;
		int fd = (int)syscall(__NR_bpf, BPF_RAW_TRACEPOINT_OPEN, &attr, sizeof(attr));
		ok = !(fd < 0 && errno == E2BIG);
		if (fd >= 0)
			close(fd);
	}
	return ok;
}

int dt_rawtp_attach_cookie(dtrace_hdl_t *dtp, struct dt_probe *p, const char *tp,
    int prog_fd, uint64_t cookie)
{
	struct dt_rawtp_open_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.name = (uint64_t)(uintptr_t)tp;
	attr.prog_fd = (uint32_t)prog_fd;
	attr.cookie = cookie;
	int fd = (int)syscall(__NR_bpf, BPF_RAW_TRACEPOINT_OPEN, &attr, sizeof(attr));
	if (fd < 0)
		return dt_set_err(dtp, "failed to enable %s:%s:%s:%s: %s", p->prov, p->mod,
		    p->func, p->name, strerror(errno));
	if (dt_prov_keep_fd(dtp, p->ops, fd) < 0) {
		close(fd);
		return -1;
	}
	return 0;
}

/* A string field of the record into R9 + off. */
int dt_tp_cg_str(struct dt_asm *a, const struct dt_tpfield *f, int off, int size)
{
	dt_asm_emit(a, MOV64_REG(R1, R9));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, off));
	if (f->kind == DT_TPF_CHARARRAY) {
		int n = f->size + 1 < size ? f->size + 1 : size;
		dt_asm_emit(a, MOV64_IMM(R2, n));
		dt_asm_emit(a, MOV64_REG(R3, R6));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, f->offset));
	} else {
		/* __data_loc: u32 with the offset in the low and the length in
		 * the high 16 bits (__rel_loc: offset from after the word) */
		dt_asm_emit(a, LDX_MEM(BPF_W, R3, R6, (int16_t)f->offset));
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R3, 0xffff));
		if (f->is_rel)
			dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, f->offset + 4));
		dt_asm_emit(a, ALU64_REG(BPF_ADD, R3, R6));
		dt_asm_emit(a, MOV64_IMM(R2, size));
	}
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel_str));
	return 0;
}

/* ---- the probe names of the tracepoint providers (sdt, rawtp) ---- */

/* groups that are not static kernel tracepoints: the syscall tracer's
 * (the syscall provider's), dynamic events', ftrace's internal ones */
static int skip_group(const char *cat)
{
	static const char *const skip[] = { "syscalls", "kprobes", "uprobes", "eprobes",
	    "fprobes", "synthetic", "ftrace" };
	for (size_t i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (!strcmp(cat, skip[i]))
			return 1;
	return 0;
}

struct pop {
	dtrace_hdl_t *dtp;
	const struct dt_provider_ops *ops;
	struct dt_dynevents dyn;	/* not the kernel's: left out */
};

static int add_event(const char *cat, const char *event, void *arg)
{
	struct pop *pp = arg;
	if (dt_dynevents_has(&pp->dyn, cat, event))
		return 0;
	return dt_probe_create(pp->dtp, pp->ops, cat, "", event, 0) ? 0 : -1;
}

static int add_group(const char *cat, void *arg)
{
	if (!skip_group(cat))
		dt_tp_events(cat, add_event, arg);
	return 0;
}

int dt_tp_populate(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops)
{
	struct pop pp = { dtp, ops, { NULL, 0 } };
	if (dt_dynevents_read(&pp.dyn) < 0)
		return -1;
	int rc = dt_tp_categories(add_group, &pp) < 0 ? -1 : 0;
	dt_dynevents_free(&pp.dyn);
	return rc;
}
