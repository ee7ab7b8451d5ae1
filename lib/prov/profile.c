/*
 * profile.c - the profile provider: profile-N and tick-N.
 *
 * profile-N samples every CPU at rate N with a software cpu-clock perf
 * event per CPU (on this kind of VM an idle CPU's clock does not fire, so
 * only busy CPUs are sampled).  tick-N must fire at its rate even on an
 * idle machine, so it is driven by a timer thread in the consumer that
 * sleeps to absolute deadlines and runs the probe's program the way BEGIN
 * is run (dt_fire, prov/dtrace.c): one CPU, the right rate,
 * whatever the load.  Fires that came due while the thread could not
 * run (dtrace stopped with SIGSTOP, a starved machine) are made up if
 * they are less than TICK_GRACE late; older ones are counted in the
 * probe's lost, which the consumer reports the way drops are ("dtrace:
 * 99 tick-10ms fires lost" after a SIGSTOP of 2 s).  profile-N's fires
 * the kernel throttled away (too many samples a tick) are counted and
 * reported the same way (proflost.c).  N is a rate in hz
 * or an interval with a ns/us/ms/s/m/h/d suffix, as in DTrace.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "prov.h"
#include "proflost.h"
#include "kernel/bpf_asm.h"

#define TICK_FLAG (1ULL << 63)
/*
 * A tick fire that comes due while the thread cannot run is made up (fired
 * late, as a cyclic catches up its pending fires) if it is less than this
 * late; older ones are lost and counted, not fired in a burst.
 */
#define TICK_GRACE 1000000000ULL	/* 1 s: a loaded machine may hold a
					   runnable thread off for a few hundred ms */

extern const struct dt_provider_ops dt_prov_profile;

static const char *const dflt_probes[] = {
	"profile-97", "profile-199", "profile-499", "profile-997",
	"profile-1999", "profile-4001", "profile-4999",
	"tick-1", "tick-10", "tick-100", "tick-500", "tick-1000", "tick-5000",
	NULL
};

static struct dt_probe *profile_provide(dtrace_hdl_t *dtp, const char *mod,
    const char *func, const char *name)
{
	uint64_t ns;
	int tick;

	if (*mod || *func)
		return NULL;
	if (!strncmp(name, "profile-", 8))
		tick = 0;
	else if (!strncmp(name, "tick-", 5))
		tick = 1;
	else
		return NULL;
	if (dt_parse_rate(name + (tick ? 5 : 8), &ns) < 0)
		return NULL;
	/* DTrace's floor: no faster than 200us */
	if (ns < 200000)
		return NULL;
	struct dt_probe *p = dt_probe_create(dtp, &dt_prov_profile, "", "",
	    name, ns | (tick ? TICK_FLAG : 0));
	if (p)
		p->cfire = tick;
	return p;
}

static int profile_populate(dtrace_hdl_t *dtp)
{
	for (int i = 0; dflt_probes[i]; i++)
		if (!profile_provide(dtp, "", "", dflt_probes[i]))
			return -1;
	return 0;
}

/*
 * arg0 is the kernel PC if the CPU was in the kernel, else 0; arg1 the
 * user PC if it was in user mode, else 0.  For tick-N (fired from the
 * consumer's timer thread) both are 0: the probe interrupts no one.
 */
static int profile_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p,
    int nargs)
{
	(void)dtp;
	if (p->pdata & TICK_FLAG) {
		for (int i = 0; i < nargs; i++)
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
		return 0;
	}
	if (nargs == 0)
		return 0;
	/* bpf_perf_event_data: pt_regs first; ip at 16*8, cs at 17*8 */
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 16 * 8));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R2, R6, 17 * 8));
	dt_asm_emit(a, ALU64_IMM(BPF_AND, R2, 3));
	dt_asm_emit(a, MOV64_IMM(R3, 0));
	dt_asm_emit(a, MOV64_IMM(R4, 0));
	dt_asm_emit(a, JMP_IMM(BPF_JEQ, R2, 3, 2));
	dt_asm_emit(a, MOV64_REG(R3, R1));		/* kernel mode: arg0 */
	dt_asm_emit(a, JA(1));
	dt_asm_emit(a, MOV64_REG(R4, R1));		/* user mode: arg1 */
	dt_asm_emit(a, STX_MEM(BPF_DW, R9, R3, DT_MS_ARGS));
	if (nargs > 1)
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R4, DT_MS_ARGS + 8));
	for (int i = 2; i < nargs; i++)
		dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
	return 0;
}

/* ---- tick: the consumer's timer thread ---- */

struct tick_state {
	dtrace_hdl_t *dtp;
	pthread_t thr;
	int running;
	volatile int stop;
	int n;
	struct { struct dt_probe *p; uint64_t period, next; } *t;
	struct dt_proflost *lost;	/* the profile-N events' rings */
};

/* the provider's state, made on first use (attach or start) */
static struct tick_state *state(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_profile);
	if (slot && !*slot)
		*slot = calloc(1, sizeof(struct tick_state));
	return slot ? *slot : NULL;
}

static void *tick_main(void *arg)
{
	struct tick_state *ts = arg;
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	uint64_t t0 = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
	for (int i = 0; i < ts->n; i++)
		ts->t[i].next = t0 + ts->t[i].period;
	while (!ts->stop) {
		uint64_t next = ~0ULL;
		for (int i = 0; i < ts->n; i++)
			if (ts->t[i].next < next)
				next = ts->t[i].next;
		struct timespec dl = { (time_t)(next / 1000000000ULL),
			(long)(next % 1000000000ULL) };
		/* wake at least every 50ms to notice stop */
		clock_gettime(CLOCK_MONOTONIC, &now);
		uint64_t tnow = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
		if (next > tnow + 50000000ULL) {
			uint64_t w = tnow + 50000000ULL;
			dl.tv_sec = (time_t)(w / 1000000000ULL);
			dl.tv_nsec = (long)(w % 1000000000ULL);
		}
		int rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &dl, NULL);
		if (rc != 0 && rc != EINTR)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		tnow = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
		for (int i = 0; i < ts->n; i++) {
			uint64_t period = ts->t[i].period;
			/* far behind: those fires are lost (counted even as
			 * tracing stops: the last report comes after) */
			if (ts->t[i].next + TICK_GRACE <= tnow) {
				uint64_t n = (tnow - TICK_GRACE - ts->t[i].next) / period + 1;
				__atomic_fetch_add(&ts->t[i].p->lost, n, __ATOMIC_RELAXED);
				ts->t[i].next += n * period;
			}
			while (ts->t[i].next <= tnow && !ts->stop) {
				dt_fire(ts->dtp, ts->t[i].p);
				ts->t[i].next += period;
			}
		}
	}
	return NULL;
}

/* tracing has started: the timer thread fires the tick-N probes */
static int profile_start(dtrace_hdl_t *dtp)
{
	struct tick_state *ts = state(dtp);
	if (!ts)
		return -1;
	ts->dtp = dtp;
	dt_proflost_start(ts->lost);
	for (uint32_t i = 0; i < dtp->nprobes; i++) {
		struct dt_probe *p = dtp->probes[i];
		if (p->ops != &dt_prov_profile || !(p->pdata & TICK_FLAG) ||
		    p->prog_fd < 0)
			continue;
		void *nt = realloc(ts->t, (size_t)(ts->n + 1) * sizeof(*ts->t));
		if (!nt)
			return -1;
		ts->t = nt;
		ts->t[ts->n].p = p;
		ts->t[ts->n].period = p->pdata & ~TICK_FLAG;
		ts->n++;
	}
	if (ts->n == 0)
		return 0;
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);	/* signals go to main */
	int rc = pthread_create(&ts->thr, NULL, tick_main, ts);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0)
		return dt_set_err(dtp, "cannot start the tick thread: %s", strerror(rc));
	ts->running = 1;
	return 0;
}

/* tracing stops (or the handle closes): the timer thread ends */
static void profile_stop(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_profile);
	struct tick_state *ts = slot ? *slot : NULL;
	if (!ts)
		return;
	ts->stop = 1;
	if (ts->running)
		pthread_join(ts->thr, NULL);
	dt_proflost_read(ts->lost, 1);	/* before the last report */
	dt_proflost_free(ts->lost);
	free(ts->t);
	free(ts);
	*slot = NULL;
}

/* the consumer's wake-up: the profile events' throttling read */
static int profile_poll(dtrace_hdl_t *dtp)
{
	void **slot = dt_prov_state(dtp, &dt_prov_profile);
	struct tick_state *ts = slot ? *slot : NULL;
	if (ts && ts->lost)
		dt_proflost_read(ts->lost, 0);
	return 0;
}

static int profile_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	if (p->pdata & TICK_FLAG)
		return 0;	/* fired by the tick thread with dt_fire() */

	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_period = p->pdata;
	dt_proflost_attr(&attr);
	struct tick_state *ts = state(dtp);
	if (!ts)
		return dt_set_err(dtp, "out of memory");
	for (int cpu = 0; cpu < dtp->ncpus; cpu++) {
		int fd = (int)syscall(__NR_perf_event_open, &attr, -1, cpu, -1,
		    PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			if (errno == ENODEV || errno == EINVAL)
				continue;	/* offline CPU */
			return dt_set_err(dtp, "failed to enable profile:::%s on CPU %d: %m",
			    p->name, cpu);
		}
		if (dt_prov_keep_fd(dtp, &dt_prov_profile, fd) < 0) {
			close(fd);
			return -1;
		}
		if (dt_proflost_watch(dtp, &ts->lost, p, fd, p->pdata) < 0)
			return -1;
		if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog_fd) < 0 ||
		    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) < 0)
			return dt_set_err(dtp, "failed to attach profile:::%s: %m", p->name);
	}
	return 0;
}

const struct dt_provider_ops dt_prov_profile = {
	.name = "profile",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_COMMON }, { DT_ST_UNSTABLE, DT_ST_UNSTABLE, DT_CL_COMMON },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_COMMON },
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_COMMON } },
	.prog_type = BPF_PROG_TYPE_PERF_EVENT,
	.populate = profile_populate,
	.provide = profile_provide,
	.cg_args = profile_cg_args,
	.attach = profile_attach,
	.start = profile_start,
	.stop = profile_stop,
	.poll = profile_poll,
};
