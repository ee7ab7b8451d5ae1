/*
 * sched.c - the sched provider: CPU scheduling, as the Dynamic Tracing
 * Guide's sched provider defines it, from the scheduler's tracepoints.
 *
 * Each probe is a raw tracepoint program attached through a BPF link.
 * Several probes share a kernel tracepoint and differ by a test of its
 * arguments (the cg_filter hook): sched_switch is off-cpu, and sleep when
 * the thread leaving blocks; sched_exit_tp, which fires where __schedule()
 * returns (and in schedule_tail() for a new thread), is on-cpu in the
 * context of the thread coming on when there was a switch and remain-cpu
 * when there was none; sched_entry_tp is preempt when __schedule() is
 * entered for a preemption.  Thread arguments are the kernel's struct
 * task_struct *, translated by dlib/psinfo.d to lwpsinfo_t * and
 * psinfo_t * (the argxlate hook).  docs/ARCHITECTURE.md lists which probe
 * maps to which tracepoint and the Guide's probes Linux cannot give.
 */
#include <string.h>
#include "tracepoint.h"
#include "kernel/btf.h"
#include "kernel/ksyms.h"

extern const struct dt_provider_ops dt_prov_sched;

/* where an argument comes from */
enum { SRC_CTX, SRC_CURTASK, SRC_NEWPRI };

/* which hits of the tracepoint fire the probe */
enum {
	F_ALL,
	F_CTX0_SET,	/* the bool ctx[0] is true */
	F_CTX0_CLEAR,	/* ... is false */
	F_SLEEP,	/* sched_switch: not preempted, prev blocks */
	F_PREEMPT,	/* sched_entry_tp: a preemption, or the current
			   thread gives up its CPU still runnable */
	F_TICK,		/* hrtimer_expire_entry of the scheduler tick */
};

struct sched_arg {
	const char *type;		/* the Guide's type */
	const char *native;		/* translated from, or NULL */
	int src, idx;			/* SRC_CTX: raw tracepoint argument idx */
};

struct sched_probe {
	const char *name;
	const char *tp;			/* the kernel tracepoint */
	int filter;
	int nargs;
	struct sched_arg args[3];
};

#define TASK(i) { "lwpsinfo_t *", "struct task_struct *", SRC_CTX, i }, \
		{ "psinfo_t *", "struct task_struct *", SRC_CTX, i }
#define CURTASK { "lwpsinfo_t *", "struct task_struct *", SRC_CURTASK, 0 }, \
		{ "psinfo_t *", "struct task_struct *", SRC_CURTASK, 0 }

static const struct sched_probe probes[] = {
	/* sched_pi_setprio(struct task_struct *p, struct task_struct *pi_task):
	 * the priority rt_mutex_setprio() is about to give p */
	{ "change-pri", "sched_pi_setprio", F_ALL, 3,
	    { TASK(0), { "pri_t", NULL, SRC_NEWPRI, 0 } } },
	/* sched_switch(bool preempt, prev, next, unsigned int prev_state),
	 * in prev's context: args[] describe next */
	{ "off-cpu", "sched_switch", F_ALL, 2, { TASK(2) } },
	/* sched_exit_tp(bool is_switch), in the context of the thread
	 * __schedule() returns to */
	{ "on-cpu", "sched_exit_tp", F_CTX0_SET, 0, { { 0 } } },
	/* sched_entry_tp(bool preempt), at the top of __schedule() */
	{ "preempt", "sched_entry_tp", F_PREEMPT, 0, { { 0 } } },
	{ "remain-cpu", "sched_exit_tp", F_CTX0_CLEAR, 0, { { 0 } } },
	{ "sleep", "sched_switch", F_SLEEP, 0, { { 0 } } },
	/* sched_set_need_resched_tp(struct task_struct *curr, int cpu,
	 * int tif): curr is told to give up its CPU */
	{ "surrender", "sched_set_need_resched_tp", F_ALL, 2, { TASK(0) } },
	/* hrtimer_expire_entry(struct hrtimer *, ktime_t *now) of the tick's
	 * hrtimer, in the interrupted thread's context */
	{ "tick", "hrtimer_expire_entry", F_TICK, 2, { CURTASK } },
	/* sched_waking(struct task_struct *p), in try_to_wake_up(), in the
	 * waker's context */
	{ "wakeup", "sched_waking", F_ALL, 2, { TASK(0) } },
};
#define NPROBES ((int)(sizeof(probes) / sizeof(probes[0])))

/* the function of the scheduler tick's hrtimer, by kernel version */
static const char *const tick_fns[] = { "tick_nohz_handler", "tick_sched_timer" };

static int sched_populate(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < NPROBES; i++)
		if (!dt_probe_create(dtp, &dt_prov_sched, "vmlinux", "", probes[i].name,
		    (uint64_t)i))
			return -1;
	return 0;
}

static const struct sched_probe *probe_of(const struct dt_probe *p)
{
	return &probes[p->pdata];
}

static const char *sched_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	(void)dtp;
	(void)native;	/* listings show the Guide's types, as dtrace's do */
	const struct sched_probe *sp = probe_of(p);
	return i < sp->nargs ? sp->args[i].type : NULL;
}

static const char *sched_argxlate(dtrace_hdl_t *dtp, struct dt_probe *p, int i)
{
	(void)dtp;
	const struct sched_probe *sp = probe_of(p);
	return i < sp->nargs ? sp->args[i].native : NULL;
}

/* R0 = the int at R<src> + off in kernel memory, sign-extended (0 if the
 * read fails); uses the stack at R10 - 8 */
static void kread_int(struct dt_asm *a, int src, int off)
{
	dt_asm_emit(a, ST_MEM(BPF_DW, R10, -8, 0));
	dt_asm_emit(a, MOV64_REG(R3, src));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, off));
	dt_asm_emit(a, MOV64_REG(R1, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, -8));
	dt_asm_emit(a, MOV64_IMM(R2, 4));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_emit(a, LDX_MEM(BPF_W, R0, R10, -8));
	dt_asm_emit(a, ALU64_IMM(BPF_LSH, R0, 32));
	dt_asm_emit(a, ALU64_IMM(BPF_ARSH, R0, 32));
}

/* R0 = the new priority of sched_pi_setprio(p, pi_task), as
 * rt_mutex_setprio() computes it: pi_task's priority if it is higher
 * (lower in number) than p's normal priority, else the normal one */
static int cg_newpri(dtrace_hdl_t *dtp, struct dt_asm *a)
{
	int o_prio = dt_btf_offsetof(dtp, "task_struct", "prio");
	int o_normal = dt_btf_offsetof(dtp, "task_struct", "normal_prio");
	if (o_prio < 0 || o_normal < 0)
		return dt_set_err(dtp, "sched:::change-pri needs the kernel's BTF "
		    "(task_struct's prio and normal_prio)");
	int done = dt_asm_new_label(a);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 0));
	kread_int(a, R1, o_normal);
	dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, -16));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 8));
	dt_asm_jump(a, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
	kread_int(a, R1, o_prio);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R10, -16));
	dt_asm_jump(a, JMP_REG(BPF_JSGE, R0, R1, 0), done);
	dt_asm_emit(a, STX_MEM(BPF_DW, R10, R0, -16));
	dt_asm_place(a, done);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R10, -16));
	return 0;
}

static int sched_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	const struct sched_probe *sp = probe_of(p);
	for (int i = 0; i < nargs; i++) {
		if (i >= sp->nargs) {
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
			continue;
		}
		const struct sched_arg *sa = &sp->args[i];
		if (sa->src == SRC_CURTASK)
			dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_task));
		else if (sa->src == SRC_NEWPRI) {
			if (cg_newpri(dtp, a) < 0)
				return -1;
		} else
			dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, (int16_t)(8 * sa->idx)));
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS + 8 * i));
	}
	return 0;
}

/* The address of the tick's hrtimer function, 0 if none is known. */
static uint64_t tick_fn(dtrace_hdl_t *dtp)
{
	struct dt_ksym k;
	for (size_t i = 0; i < sizeof(tick_fns) / sizeof(tick_fns[0]); i++)
		if (dt_ksym_lookup(dtp, "vmlinux", tick_fns[i], &k) == DT_KSYM_OK &&
		    dt_ksym_is_text(k.type) && k.addr)
			return k.addr;
	return 0;
}

static int sched_cg_filter(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int out)
{
	const struct sched_probe *sp = probe_of(p);
	switch (sp->filter) {
	case F_ALL:
		return 0;
	case F_CTX0_SET:
	case F_CTX0_CLEAR:
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 0));
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R0, 0xff));
		dt_asm_jump(a, JMP_IMM(sp->filter == F_CTX0_SET ? BPF_JEQ : BPF_JNE, R0, 0, 0), out);
		return 0;
	case F_SLEEP:
		/* preempted: it stays runnable, whatever its state says */
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 0));
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R0, 0xff));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), out);
		/* TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE (<linux/sched.h>):
		 * a stopped, traced or dead thread does not sleep */
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 24));
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R0, 0x3));
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, 0, 0), out);
		return 0;
	case F_PREEMPT: {
		/* __schedule(SM_PREEMPT): preempted in the kernel */
		int fire = dt_asm_new_label(a);
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 0));
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R0, 0xff));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), fire);
		/* else schedule() from a thread still TASK_RUNNING (0): on its
		 * way back to user space with need_resched set (a preemption
		 * too, though the kernel calls __schedule(SM_NONE) there), or
		 * sched_yield(); not the idle thread (tid 0) looking for work */
		int o_state = dt_btf_offsetof(dtp, "task_struct", "__state");
		if (o_state < 0)
			return dt_set_err(dtp, "sched:::preempt needs the kernel's BTF "
			    "(task_struct's __state)");
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
		dt_asm_emit(a, ALU64_IMM(BPF_LSH, R0, 32));
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, 0, 0), out);
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_task));
		kread_int(a, R0, o_state);
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), out);
		dt_asm_place(a, fire);
		return 0;
	}
	case F_TICK: {
		uint64_t fn = tick_fn(dtp);
		int o_fn = dt_btf_offsetof(dtp, "hrtimer", "function");
		if (!fn || o_fn < 0)
			return dt_set_err(dtp, "sched:::tick: the scheduler tick's hrtimer "
			    "function (tick_nohz_handler) is not in /proc/kallsyms");
		dt_asm_emit(a, ST_MEM(BPF_DW, R10, -8, 0));
		dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, o_fn));
		dt_asm_emit(a, MOV64_REG(R1, R10));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, -8));
		dt_asm_emit(a, MOV64_IMM(R2, 8));
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R10, -8));
		dt_asm_emit(a, LD_IMM64_LO(R1, 0, fn));
		dt_asm_emit(a, LD_IMM64_HI(fn));
		dt_asm_jump(a, JMP_REG(BPF_JNE, R0, R1, 0), out);
		return 0;
	}
	}
	return -1;
}

static const char *sched_tp_event(const struct dt_probe *p)
{
	return probe_of(p)->tp;
}

static int sched_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	return dt_rawtp_attach(dtp, p, probe_of(p)->tp, prog_fd);
}

const struct dt_provider_ops dt_prov_sched = {
	.name = "sched",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = sched_populate,
	.argtype = sched_argtype,
	.argxlate = sched_argxlate,
	.cg_args = sched_cg_args,
	.cg_filter = sched_cg_filter,
	.tp_event = sched_tp_event,
	.attach = sched_attach,
};
