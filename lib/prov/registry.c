/*
 * registry.c - the providers: one row each, and what the rest of the
 * library asks of all of them at once.
 *
 * Adding a provider is one file in prov/ and one row in the table below
 * (docs/ARCHITECTURE.md, "Adding a provider").  The order of the table is
 * the order in which probes are numbered the first time any description
 * is matched; the dtrace provider comes first, so BEGIN, END and ERROR
 * are probes 1, 2 and 3 as in DTrace.
 *
 * Each handle has its own instance of every provider (struct
 * dt_provider): the provider's private state and the file descriptors
 * its attachments opened, closed together when tracing ends.
 */
#include <stdlib.h>
#include <string.h>
#include "prov.h"

extern const struct dt_provider_ops dt_prov_dtrace, dt_prov_profile,
    dt_prov_syscall, dt_prov_sdt, dt_prov_proc, dt_prov_sched, dt_prov_io,
    dt_prov_lockstat, dt_prov_ip, dt_prov_tcp, dt_prov_udp, dt_prov_sysinfo,
    dt_prov_vminfo, dt_prov_rawtp, dt_prov_fbt, dt_prov_pid,
    dt_prov_usdt;

static const struct dt_provider_ops *const providers[] = {
	&dt_prov_dtrace,
	&dt_prov_profile,
	&dt_prov_syscall,
	&dt_prov_sdt,
	&dt_prov_proc,
	&dt_prov_sched,
	&dt_prov_io,
	&dt_prov_lockstat,
	&dt_prov_ip,
	&dt_prov_tcp,
	&dt_prov_udp,
	&dt_prov_sysinfo,
	&dt_prov_vminfo,
	&dt_prov_rawtp,
	&dt_prov_fbt,
	&dt_prov_pid,
	&dt_prov_usdt,
};
#define NPROVIDERS ((int)(sizeof(providers) / sizeof(providers[0])))

int dt_prov_init(dtrace_hdl_t *dtp)
{
	dtp->provs = calloc(NPROVIDERS, sizeof(*dtp->provs));
	if (!dtp->provs)
		return -1;
	dtp->nprovs = NPROVIDERS;
	for (int i = 0; i < NPROVIDERS; i++)
		dtp->provs[i].ops = providers[i];
	/* the dtrace provider's probes are always there: ids 1-3 */
	dtp->provs[0].populated = 1;
	return providers[0]->populate(dtp);
}

static struct dt_provider *instance(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops)
{
	for (int i = 0; i < dtp->nprovs; i++)
		if (dtp->provs[i].ops == ops)
			return &dtp->provs[i];
	return NULL;
}

const struct dt_provider_ops *dt_prov_lookup(dtrace_hdl_t *dtp, const char *name)
{
	for (int i = 0; i < dtp->nprovs; i++)
		if (!strcmp(dtp->provs[i].ops->name, name))
			return dtp->provs[i].ops;
	return NULL;
}

void **dt_prov_state(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops)
{
	struct dt_provider *pv = instance(dtp, ops);
	return pv ? &pv->state : NULL;
}

int dt_prov_keep_fd(dtrace_hdl_t *dtp, const struct dt_provider_ops *ops, int fd)
{
	struct dt_provider *pv = instance(dtp, ops);
	if (!pv || dt_fdset_add(&pv->fds, fd) < 0)
		return dt_set_err(dtp, "out of memory");
	return 0;
}

/*
 * Every provider's probe list, in table order, the first time any
 * description is matched: probe ids are then the same however probes
 * are listed or named.  Providers list names only (a few ms for
 * thousands of tracepoints); metadata is read when a probe is used.
 */
void dt_prov_populate_all(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < dtp->nprovs; i++) {
		struct dt_provider *pv = &dtp->provs[i];
		if (pv->populated)
			continue;
		pv->populated = 1;
		if (pv->ops->populate)
			pv->ops->populate(dtp);
	}
}

static int field_match(const char *pat, const char *s)
{
	return !*pat || !strcmp(pat, s);
}

void dt_prov_provide(dtrace_hdl_t *dtp, const char *prov, const char *mod,
    const char *func, const char *name)
{
	for (int i = 0; i < dtp->nprovs; i++) {
		const struct dt_provider_ops *ops = dtp->provs[i].ops;
		if (ops->provide && field_match(prov, ops->name) &&
		    !dt_probe_lookup(dtp, ops->name, mod, func, name))
			ops->provide(dtp, mod, func, name);
	}
}

int dt_prov_start(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < dtp->nprovs; i++)
		if (dtp->provs[i].ops->start && dtp->provs[i].ops->start(dtp) < 0)
			return -1;
	return 0;
}

void dt_prov_stop(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < dtp->nprovs; i++)
		if (dtp->provs[i].ops->stop)
			dtp->provs[i].ops->stop(dtp);
}

int dt_prov_poll(dtrace_hdl_t *dtp)
{
	int n = 0;
	for (int i = 0; i < dtp->nprovs; i++)
		if (dtp->provs[i].ops->poll)
			n += dtp->provs[i].ops->poll(dtp);
	return n;
}

void dt_prov_pollfds(dtrace_hdl_t *dtp, void (*fn)(void *arg, int fd), void *arg)
{
	for (int i = 0; i < dtp->nprovs; i++) {
		int fd = dtp->provs[i].ops->pollfd ? dtp->provs[i].ops->pollfd(dtp) : -1;
		if (fd >= 0)
			fn(arg, fd);
	}
}

void dt_prov_detach(dtrace_hdl_t *dtp)
{
	struct dt_fdset *sets[NPROVIDERS];
	for (int i = 0; i < dtp->nprovs; i++)
		sets[i] = &dtp->provs[i].fds;
	dt_fdset_close(sets, dtp->nprovs);
}

void dt_prov_fini(dtrace_hdl_t *dtp)
{
	if (!dtp->provs)
		return;
	dt_prov_stop(dtp);
	dt_prov_detach(dtp);
	for (int i = 0; i < dtp->nprovs; i++) {
		struct dt_provider *pv = &dtp->provs[i];
		if (pv->ops->fini)
			pv->ops->fini(dtp, pv->state);
		pv->state = NULL;
	}
	free(dtp->provs);
	dtp->provs = NULL;
	dtp->nprovs = 0;
}
