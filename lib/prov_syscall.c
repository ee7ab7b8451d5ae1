/*
 * prov_syscall.c - the syscall provider: syscall:vmlinux:NAME:entry/return.
 *
 * One probe pair per system call of the running kernel, named as Linux
 * names them, discovered by listing the syscalls tracepoint category (a
 * directory read; no format file is parsed until a script uses a probe).
 * A probe runs as a tracepoint program on syscalls:sys_enter_NAME or
 * sys_exit_NAME.  Entry: argN are the call's arguments and args[] is typed
 * from the tracepoint format.  Return: arg0 and arg1 are the return value,
 * and errno is set when the call failed, as in DTrace.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "prov_tp.h"

#define SC_RETURN	1ULL		/* pdata flag: return probe */

struct sc_list {
	char **names;
	int n, cap;
};

static int add_event(const char *cat, const char *event, void *arg)
{
	struct sc_list *l = arg;
	(void)cat;
	if (strncmp(event, "sys_enter_", 10) != 0)
		return 0;
	if (l->n == l->cap) {
		int ncap = l->cap ? l->cap * 2 : 512;
		char **nn = realloc(l->names, (size_t)ncap * sizeof(char *));
		if (!nn)
			return -1;
		l->names = nn;
		l->cap = ncap;
	}
	if (!(l->names[l->n] = strdup(event + 10)))
		return -1;
	l->n++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int syscall_populate(dtrace_hdl_t *dtp)
{
	struct sc_list l = { 0 };
	int rc = 0;

	if (dt_tp_events("syscalls", add_event, &l) < 0)
		rc = -1;
	qsort(l.names, (size_t)l.n, sizeof(char *), cmp_str);
	for (int i = 0; i < l.n; i++) {
		if (!dt_probe_create(dtp, &dt_prov_syscall, "vmlinux", l.names[i], "entry", 0) ||
		    !dt_probe_create(dtp, &dt_prov_syscall, "vmlinux", l.names[i], "return", SC_RETURN))
			rc = -1;
		free(l.names[i]);
	}
	free(l.names);
	return rc;
}

static struct dt_tpmeta *meta(dtrace_hdl_t *dtp, struct dt_probe *p)
{
	char ev[512];
	snprintf(ev, sizeof(ev), "sys_%s_%s", (p->pdata & SC_RETURN) ? "exit" : "enter", p->func);
	return dt_tpmeta_get(dtp, p, "syscalls", ev);
}

static const char *syscall_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i)
{
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m)
		return NULL;
	if (p->pdata & SC_RETURN)
		return i < 2 ? "long" : NULL;
	if (i >= m->ev.nfields)
		return NULL;
	/* user pointers stay pointers: strings come through copyinstr() */
	return m->ev.fields[i].dtype;
}

static int syscall_cg_args(struct dt_cg *cg, struct dt_probe *p, int nargs)
{
	struct dt_tpmeta *m = meta(cg->dtp, p);
	if (!m)
		return -1;
	if (p->pdata & SC_RETURN) {
		int off = m->ev.nfields > 0 ? m->ev.fields[0].offset : 16;
		emit(cg, LDX_MEM(BPF_DW, R1, R6, (int16_t)off));
		if (nargs > 0)
			emit(cg, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS));
		if (nargs > 1)
			emit(cg, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS + 8));
		for (int i = 2; i < nargs; i++)
			emit(cg, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
		/* errno = -ret for a failed call (-4095 <= ret < 0), else 0 */
		emit(cg, MOV64_IMM(R2, 0));
		emit(cg, JMP_IMM(BPF_JSGE, R1, 0, 3));
		emit(cg, JMP_IMM(BPF_JSLT, R1, -4095, 2));
		emit(cg, MOV64_REG(R2, R1));
		emit(cg, NEG64(R2));
		emit(cg, STX_MEM(BPF_DW, R9, R2, DT_MS_ERRNO));
		return 0;
	}
	for (int i = 0; i < nargs; i++) {
		if (i < m->ev.nfields) {
			const struct dt_tpfield *f = &m->ev.fields[i];
			int sz = f->size == 8 ? BPF_DW : f->size == 4 ? BPF_W :
			    f->size == 2 ? BPF_H : BPF_B;
			emit(cg, LDX_MEM(sz, R1, R6, (int16_t)f->offset));
			emit(cg, STX_MEM(BPF_DW, R9, R1, DT_MS_ARGS + 8 * i));
		} else {
			emit(cg, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
		}
	}
	emit(cg, ST_MEM(BPF_DW, R9, DT_MS_ERRNO, 0));
	return 0;
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
	if (dt_attach_add(dtp, fd) < 0) {
		close(fd);
		return -1;
	}
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog_fd) < 0 ||
	    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) < 0)
		return dt_set_err(dtp, "failed to attach %s:%s:%s:%s: %s", p->prov, p->mod,
		    p->func, p->name, strerror(errno));
	return 0;
}

static int syscall_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	struct dt_tpmeta *m = meta(dtp, p);
	if (!m)
		return -1;
	if (m->ev.id < 0)
		return dt_set_err(dtp, "failed to enable syscall::%s:%s: no tracepoint id",
		    p->func, p->name);
	return dt_tp_attach(dtp, p, m->ev.id, prog_fd);
}

const struct dt_provider_ops dt_prov_syscall = {
	.name = "syscall",
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.populate = syscall_populate,
	.cg_args = syscall_cg_args,
	.argtype = syscall_argtype,
	.attach = syscall_attach,
	.free_priv = dt_tpmeta_free,
};
