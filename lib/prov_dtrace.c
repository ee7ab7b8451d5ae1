/*
 * prov_dtrace.c - the dtrace provider: BEGIN, END and ERROR.
 *
 * BEGIN and END run in the dtrace process itself, as in the original: the
 * consumer calls dt_uprobe_fire(prid), on which it has put a uprobe, so
 * the clauses run synchronously, in dtrace's own context, before the call
 * returns.  The same mechanism serves tick-N (prov_profile.c).  ERROR has
 * no attachment: generated code runs the ERROR clauses from its fault
 * path.  Ids 1, 2 and 3 are BEGIN, END and ERROR, as in DTrace.
 */
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "cg.h"

/* The uprobe target.  Must stay a real call with prid in the first
 * argument register. */
__attribute__((noinline, used)) void dt_uprobe_fire(uint64_t prid)
{
	__asm__ volatile("" : : "r"(prid) : "memory");
}

static int dtrace_populate(dtrace_hdl_t *dtp)
{
	struct dt_probe *b = dt_probe_create(dtp, &dt_prov_dtrace, "", "", "BEGIN", 0);
	struct dt_probe *e = dt_probe_create(dtp, &dt_prov_dtrace, "", "", "END", 0);
	if (!b || !e || !dt_probe_create(dtp, &dt_prov_dtrace, "", "", "ERROR", 0))
		return -1;
	b->ufire = e->ufire = 1;
	return 0;
}

/* BEGIN and END have no arguments. */
static int dtrace_cg_args(struct dt_cg *cg, struct dt_probe *p, int nargs)
{
	(void)p;
	for (int i = 0; i < nargs; i++)
		emit(cg, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
	return 0;
}

static int uprobe_type(void)
{
	static int type = -1;
	if (type < 0) {
		FILE *f = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
		if (!f)
			return -1;
		if (fscanf(f, "%d", &type) != 1)
			type = -1;
		fclose(f);
	}
	return type;
}

/* Find the file and offset that hold dt_uprobe_fire in this process. */
static int fire_location(char *path, size_t len, uint64_t *off)
{
	uintptr_t addr = (uintptr_t)&dt_uprobe_fire;
	char line[4096];
	FILE *f = fopen("/proc/self/maps", "r");
	int rc = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long lo, hi, pgoff;
		char perms[8];
		int pos = 0;
		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %n", &lo, &hi, perms,
		    &pgoff, &pos) < 4 || pos == 0)
			continue;
		if (addr < lo || addr >= hi)
			continue;
		char *p = line + pos;
		p[strcspn(p, "\n")] = '\0';
		if (*p != '/' || strlen(p) >= len)
			break;
		strcpy(path, p);
		*off = addr - lo + pgoff;
		rc = 0;
		break;
	}
	fclose(f);
	return rc;
}

int dt_uprobe_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	static char path[4096];
	static uint64_t off;
	struct perf_event_attr attr;
	int type = uprobe_type();

	if (type < 0)
		return dt_set_err(dtp, "cannot enable %s:%s:%s:%s: the kernel has no uprobe support",
		    p->prov, p->mod, p->func, p->name);
	if (!path[0] && fire_location(path, sizeof(path), &off) < 0)
		return dt_set_err(dtp, "cannot locate dtrace's own text for %s", p->name);
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)type;
	attr.config1 = (uint64_t)(uintptr_t)path;
	attr.config2 = off;
	int fd = (int)syscall(__NR_perf_event_open, &attr, getpid(), -1, -1,
	    PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return dt_set_err(dtp, "failed to enable %s:%s:%s:%s: %m",
		    p->prov, p->mod, p->func, p->name);
	if (dt_attach_add(dtp, fd) < 0) {
		close(fd);
		return -1;
	}
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog_fd) < 0 ||
	    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) < 0)
		return dt_set_err(dtp, "failed to attach %s:%s:%s:%s: %m",
		    p->prov, p->mod, p->func, p->name);
	return 0;
}

static int dtrace_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	if (p->id == DT_PROBE_ERROR)
		return 0;		/* fired from generated fault paths */
	return dt_uprobe_attach(dtp, p, prog_fd);
}

const struct dt_provider_ops dt_prov_dtrace = {
	.name = "dtrace",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.populate = dtrace_populate,
	.cg_args = dtrace_cg_args,
	.attach = dtrace_attach,
};
