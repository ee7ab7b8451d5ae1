/*
 * proc.c - the proc provider: process and thread life cycle, exec and
 * signals, as the Dynamic Tracing Guide's proc provider defines them,
 * from the kernel's task, scheduler, signal and system call tracepoints.
 *
 * Each probe is a raw tracepoint program attached through a BPF link
 * (cheap to remove).  Its arguments are the Guide's: the provider copies
 * the kernel's values (a struct task_struct *, a signal number) into
 * args[], and args[i] of a translated type (psinfo_t *, lwpsinfo_t *) is
 * that value translated by dlib/psinfo.d's translators (the argxlate
 * hook), as DTrace's stable providers map the kernel onto stable types.
 * A tracepoint that fires more often than the probe (sys_exit for every
 * system call, sched_process_exit for every thread) is narrowed by the
 * cg_filter hook, which leaves the program before anything is recorded.
 *
 * The mapping (docs/ARCHITECTURE.md, "Providers", says why):
 *   create, lwp-create   task_newtask, in the parent; CLONE_THREAD or not
 *   start, lwp-start     sys_exit of fork/vfork/clone/clone3 returning 0:
 *                        the child's first return to user mode
 *   exec                 sys_enter of execve/execveat
 *   exec-success         sched_process_exec (in the new image)
 *   exec-failure         sys_exit of execve/execveat returning < 0
 *   exit, lwp-exit       sched_process_exit, group_dead or not
 *   signal-send          signal_generate (in the sender)
 *   signal-discard       signal_generate with result "ignored"
 *   signal-handle        signal_deliver (in the receiving thread)
 *   signal-clear         sys_exit of rt_sigtimedwait returning a signal
 */
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include "tracepoint.h"
#include "kernel/btf.h"

extern const struct dt_provider_ops dt_prov_proc;

#ifndef CLONE_THREAD
#define CLONE_THREAD	0x00010000	/* <linux/sched.h> */
#endif
#define SIG_RESULT_IGNORED	1	/* enum trace_signal_deliver_result */

/* where an argument comes from */
enum {
	SRC_CTX,		/* raw tracepoint argument idx */
	SRC_CURTASK,		/* the current task_struct */
	SRC_EXITWHY,		/* CLD_* of the exiting task (argument 0) */
	SRC_NEGRET,		/* -(sys_exit's return value): an errno */
	SRC_RET,		/* sys_exit's return value */
	SRC_EXECPATH,		/* sys_enter of exec*: the path's user address */
	SRC_HANDLER,		/* k_sigaction (argument idx)'s sa_handler */
	SRC_DELIVSIG,		/* signal_deliver's signal (the fatal one) */
};

/* which hits of the tracepoint the probe fires on */
enum {
	F_ALL,
	F_PROCESS,		/* task_newtask: not CLONE_THREAD */
	F_THREAD,		/* task_newtask: CLONE_THREAD */
	F_GROUPDEAD,		/* sched_process_exit: the last thread */
	F_NOTGROUPDEAD,		/* sched_process_exit: not the last thread */
	F_IGNORED,		/* signal_generate: the signal was ignored */
	F_EXEC,			/* sys_enter: execve, execveat */
	F_EXECFAIL,		/* sys_exit: execve, execveat < 0 */
	F_LWPSTART,		/* sys_exit: a fork or clone returning 0 */
	F_START,		/* ... in a process's first thread */
	F_SIGWAIT,		/* sys_exit: rt_sigtimedwait > 0 */
	F_HANDLE,		/* signal_deliver: a signal, not a group exit */
};

struct proc_arg {
	const char *type;		/* the Guide's type */
	const char *native;		/* translated from, or NULL */
	int src, idx;
};

struct proc_probe {
	const char *name;
	const char *tp;			/* the kernel tracepoint */
	int filter;
	int nargs;
	struct proc_arg args[3];
};

#define PSINFO(i)	{ "psinfo_t *", "struct task_struct *", SRC_CTX, i }
#define LWPSINFO(i)	{ "lwpsinfo_t *", "struct task_struct *", SRC_CTX, i }

/*
 * Probes on one tracepoint run in the order they were attached, which is
 * this order: start comes before lwp-start (in a new process both fire,
 * start first, as the Guide says) and signal-send before signal-discard
 * (a discarded signal was sent first, as on Solaris).
 */
static const struct proc_probe probes[] = {
	/* task_newtask(struct task_struct *task, u64 clone_flags) */
	{ "create", "task_newtask", F_PROCESS, 1, { PSINFO(0) } },
	/* sys_enter(struct pt_regs *regs, long id) */
	{ "exec", "sys_enter", F_EXEC, 1, { { "string", NULL, SRC_EXECPATH, 0 } } },
	/* sys_exit(struct pt_regs *regs, long ret) */
	{ "exec-failure", "sys_exit", F_EXECFAIL, 1, { { "int", NULL, SRC_NEGRET, 0 } } },
	/* sched_process_exec(struct task_struct *p, pid_t old_pid, ...) */
	{ "exec-success", "sched_process_exec", F_ALL, 0, { { 0 } } },
	/* sched_process_exit(struct task_struct *p, bool group_dead) */
	{ "exit", "sched_process_exit", F_GROUPDEAD, 1, { { "int", NULL, SRC_EXITWHY, 0 } } },
	{ "lwp-create", "task_newtask", F_THREAD, 2,
	    { LWPSINFO(0), { "psinfo_t *", "struct task_struct *", SRC_CURTASK, 0 } } },
	{ "lwp-exit", "sched_process_exit", F_NOTGROUPDEAD, 0, { { 0 } } },
	{ "start", "sys_exit", F_START, 0, { { 0 } } },
	{ "lwp-start", "sys_exit", F_LWPSTART, 0, { { 0 } } },
	{ "signal-clear", "sys_exit", F_SIGWAIT, 1, { { "int", NULL, SRC_RET, 0 } } },
	/* signal_generate(int sig, struct kernel_siginfo *info,
	 *     struct task_struct *task, int group, int result) */
	{ "signal-send", "signal_generate", F_ALL, 3,
	    { LWPSINFO(2), PSINFO(2), { "int", NULL, SRC_CTX, 0 } } },
	{ "signal-discard", "signal_generate", F_IGNORED, 3,
	    { LWPSINFO(2), PSINFO(2), { "int", NULL, SRC_CTX, 0 } } },
	/* signal_deliver(int sig, struct kernel_siginfo *info,
	 *     struct k_sigaction *ka) */
	{ "signal-handle", "signal_deliver", F_HANDLE, 3,
	    { { "int", NULL, SRC_DELIVSIG, 0 }, { "siginfo_t *", "struct kernel_siginfo *", SRC_CTX, 1 },
	      { "void (*)(void)", NULL, SRC_HANDLER, 2 } } },
};
#define NPROBES ((int)(sizeof(probes) / sizeof(probes[0])))

/* x86_64 pt_regs: the byte offsets of di, si (arguments 1, 2) and orig_ax */
#define REGS_DI		(14 * 8)
#define REGS_SI		(13 * 8)
#define REGS_ORIG_AX	(15 * 8)

/* the probes that read system calls' registers exist where we know them */
static int probe_exists(const struct proc_probe *pp)
{
#ifdef __x86_64__
	(void)pp;
	return 1;
#else
	return strncmp(pp->tp, "sys_", 4) != 0;
#endif
}

static int proc_populate(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < NPROBES; i++)
		if (probe_exists(&probes[i]) &&
		    !dt_probe_create(dtp, &dt_prov_proc, "vmlinux", "", probes[i].name,
		    (uint64_t)i))
			return -1;
	return 0;
}

static const struct proc_probe *probe_of(const struct dt_probe *p)
{
	return &probes[p->pdata];
}

static const char *proc_argtype(dtrace_hdl_t *dtp, struct dt_probe *p, int i, int native)
{
	(void)dtp;
	(void)native;
	const struct proc_probe *pp = probe_of(p);
	return i < pp->nargs ? pp->args[i].type : NULL;
}

static const char *proc_argxlate(dtrace_hdl_t *dtp, struct dt_probe *p, int i)
{
	(void)dtp;
	const struct proc_probe *pp = probe_of(p);
	return i < pp->nargs ? pp->args[i].native : NULL;
}

/* R0 = the system call number at sys_exit (regs->orig_ax); skip if the
 * register cannot be read */
static void sysexit_nr(struct dt_asm *a, int skip)
{
	dt_asm_emit(a, MOV64_REG(R1, R10));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, -8));
	dt_asm_emit(a, MOV64_IMM(R2, 8));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, REGS_ORIG_AX));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), skip);
	dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R10, -8));
}

/* skip unless R0 is one of the n numbers nrs[] */
static void nr_in(struct dt_asm *a, const int *nrs, int n, int skip)
{
	int ok = dt_asm_new_label(a);
	for (int i = 0; i < n; i++)
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, nrs[i], 0), ok);
	dt_asm_jump(a, JA(0), skip);
	dt_asm_place(a, ok);
}

static const int exec_nrs[] = { SYS_execve, SYS_execveat };
static const int fork_nrs[] = {
#ifdef SYS_fork
	SYS_fork,
#endif
#ifdef SYS_vfork
	SYS_vfork,
#endif
#ifdef SYS_clone3
	SYS_clone3,
#endif
	SYS_clone,
};
#define N(x) ((int)(sizeof(x) / sizeof((x)[0])))

/*
 * R0 = the signal a group exit is for (signal_struct's group_exit_code,
 * low 7 bits; 0 for exit_group() or an exec's ending of the other
 * threads), using the 8 bytes at breg + boff; jumps to fail if the
 * kernel memory cannot be read.  signal_deliver reports every fatal
 * signal the kernel turned into a group exit as SIGKILL without a
 * siginfo; this is the signal that was sent.
 */
static int group_exit_sig(dtrace_hdl_t *dtp, struct dt_asm *a, int breg, int boff, int fail)
{
	int osig = dt_btf_offsetof(dtp, "task_struct", "signal");
	int ocode = dt_btf_offsetof(dtp, "signal_struct", "group_exit_code");
	if (osig < 0 || ocode < 0)
		return dt_set_err(dtp, "cannot filter the events of proc:::signal-handle: "
		    "no signal_struct.group_exit_code in the kernel's BTF");
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_task));
	for (int k = 0; k < 2; k++) {
		dt_asm_emit(a, MOV64_REG(R3, R0));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, k ? ocode : osig));
		dt_asm_emit(a, MOV64_REG(R1, breg));
		dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, boff));
		dt_asm_emit(a, MOV64_IMM(R2, k ? 4 : 8));
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), fail);
		dt_asm_emit(a, LDX_MEM(k ? BPF_W : BPF_DW, R0, breg, (int16_t)boff));
	}
	dt_asm_emit(a, ALU64_IMM(BPF_AND, R0, 0x7f));
	return 0;
}

static int proc_cg_filter(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int skip)
{
	switch (probe_of(p)->filter) {
	case F_ALL:
		break;
	case F_PROCESS:
	case F_THREAD:
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 8));
		dt_asm_emit(a, ALU64_IMM(BPF_AND, R0, CLONE_THREAD));
		dt_asm_jump(a, JMP_IMM(probe_of(p)->filter == F_THREAD ? BPF_JEQ : BPF_JNE,
		    R0, 0, 0), skip);
		break;
	case F_GROUPDEAD:
	case F_NOTGROUPDEAD:
		/* a bool: only its low byte is defined */
		dt_asm_emit(a, LDX_MEM(BPF_B, R0, R6, 8));
		dt_asm_jump(a, JMP_IMM(probe_of(p)->filter == F_GROUPDEAD ? BPF_JEQ : BPF_JNE,
		    R0, 0, 0), skip);
		break;
	case F_IGNORED:
		dt_asm_emit(a, LDX_MEM(BPF_W, R0, R6, 32));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, SIG_RESULT_IGNORED, 0), skip);
		break;
	case F_EXEC:
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 8));
		nr_in(a, exec_nrs, N(exec_nrs), skip);
		break;
	case F_EXECFAIL:
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 8));
		dt_asm_jump(a, JMP_IMM(BPF_JSGE, R0, 0, 0), skip);
		sysexit_nr(a, skip);
		nr_in(a, exec_nrs, N(exec_nrs), skip);
		break;
	case F_START:
		/* the first thread of its process: pid == tgid */
		dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_pid_tgid));
		dt_asm_emit(a, MOV64_REG(R1, R0));
		dt_asm_emit(a, ALU64_IMM(BPF_RSH, R1, 32));
		dt_asm_emit(a, ALU32_REG(BPF_MOV, R0, R0));
		dt_asm_jump(a, JMP_REG(BPF_JNE, R0, R1, 0), skip);
		/* fall through */
	case F_LWPSTART:
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 8));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), skip);
		sysexit_nr(a, skip);
		nr_in(a, fork_nrs, N(fork_nrs), skip);
		break;
	case F_HANDLE: {
		/* a signal with a siginfo, or not SIGKILL, is one */
		int ok = dt_asm_new_label(a);
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 8));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), ok);
		dt_asm_emit(a, LDX_MEM(BPF_W, R0, R6, 0));
		dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, SIGKILL, 0), ok);
		if (group_exit_sig(dtp, a, R10, -8, skip) < 0)
			return -1;
		dt_asm_jump(a, JMP_IMM(BPF_JEQ, R0, 0, 0), skip);
		dt_asm_place(a, ok);
		break;
	}
	case F_SIGWAIT: {
		static const int nrs[] = { SYS_rt_sigtimedwait };
		dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 8));
		dt_asm_jump(a, JMP_IMM(BPF_JSLE, R0, 0, 0), skip);
		sysexit_nr(a, skip);
		nr_in(a, nrs, N(nrs), skip);
		break;
	}
	}
	return 0;
}

/* R0 = the 8 bytes at kernel address R3 + off, 0 if unreadable; the
 * frame's args[i] is the buffer */
static void read_kernel(struct dt_asm *a, int i, int off)
{
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, off));
	dt_asm_emit(a, MOV64_REG(R1, R9));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, DT_MS_ARGS + 8 * i));
	dt_asm_emit(a, MOV64_IMM(R2, 8));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_kernel));
	dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R9, DT_MS_ARGS + 8 * i));
}

static int proc_cg_args(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int nargs)
{
	const struct proc_probe *pp = probe_of(p);
	for (int i = 0; i < nargs; i++) {
		if (i >= pp->nargs) {
			dt_asm_emit(a, ST_MEM(BPF_DW, R9, DT_MS_ARGS + 8 * i, 0));
			continue;
		}
		const struct proc_arg *pa = &pp->args[i];
		switch (pa->src) {
		case SRC_CURTASK:
			dt_asm_emit(a, CALL_HELPER(BPF_FUNC_get_current_task));
			break;
		case SRC_CTX:
		case SRC_RET:
			dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, (int16_t)(8 * (pa->src == SRC_RET ? 1 : pa->idx))));
			break;
		case SRC_NEGRET:
			dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 8));
			dt_asm_emit(a, NEG64(R0));
			break;
		case SRC_EXECPATH: {
			/* execve(path, ...), execveat(dirfd, path, ...) */
			dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
			dt_asm_emit(a, LDX_MEM(BPF_DW, R0, R6, 8));
			dt_asm_emit(a, JMP_IMM(BPF_JEQ, R0, SYS_execveat, 2));
			dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, REGS_DI));
			dt_asm_emit(a, JA(1));
			dt_asm_emit(a, ALU64_IMM(BPF_ADD, R3, REGS_SI));
			read_kernel(a, i, 0);
			break;
		}
		case SRC_EXITWHY: {
			/* the wait status do_exit() was given: a signal in the
			 * low 7 bits (0x80: it dumped core), else an exit */
			int off = dt_btf_offsetof(dtp, "task_struct", "exit_code");
			if (off < 0)
				return -1;
			dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, 0));
			read_kernel(a, i, off);
			dt_asm_emit(a, MOV64_REG(R1, R0));
			dt_asm_emit(a, MOV64_IMM(R0, 1));		/* CLD_EXITED */
			dt_asm_emit(a, MOV64_REG(R2, R1));
			dt_asm_emit(a, ALU64_IMM(BPF_AND, R2, 0x7f));
			dt_asm_emit(a, JMP_IMM(BPF_JEQ, R2, 0, 4));
			dt_asm_emit(a, MOV64_IMM(R0, 2));		/* CLD_KILLED */
			dt_asm_emit(a, ALU64_IMM(BPF_AND, R1, 0x80));
			dt_asm_emit(a, JMP_IMM(BPF_JEQ, R1, 0, 1));
			dt_asm_emit(a, MOV64_IMM(R0, 3));		/* CLD_DUMPED */
			break;
		}
		case SRC_DELIVSIG: {
			/* the signal, or for a fatal one, the one sent */
			int done = dt_asm_new_label(a);
			dt_asm_emit(a, LDX_MEM(BPF_DW, R1, R6, 8));
			dt_asm_emit(a, LDX_MEM(BPF_W, R0, R6, 0));
			dt_asm_jump(a, JMP_IMM(BPF_JNE, R1, 0, 0), done);
			dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, SIGKILL, 0), done);
			int fail = dt_asm_new_label(a);
			if (group_exit_sig(dtp, a, R9, DT_MS_ARGS + 8 * i, fail) < 0)
				return -1;
			dt_asm_jump(a, JMP_IMM(BPF_JNE, R0, 0, 0), done);
			dt_asm_place(a, fail);
			dt_asm_emit(a, MOV64_IMM(R0, SIGKILL));
			dt_asm_place(a, done);
			break;
		}
		case SRC_HANDLER: {
			int off = dt_btf_offsetof(dtp, "k_sigaction", "sa.sa_handler");
			if (off < 0)
				return -1;
			dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R6, (int16_t)(8 * pa->idx)));
			read_kernel(a, i, off);
			break;
		}
		}
		dt_asm_emit(a, STX_MEM(BPF_DW, R9, R0, DT_MS_ARGS + 8 * i));
	}
	return 0;
}

/* exec's path: the user string at the address cg_args put in args[i] */
static int proc_cg_argstr(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int i,
    int off, int size)
{
	(void)dtp;
	const struct proc_probe *pp = probe_of(p);
	if (i >= pp->nargs || pp->args[i].src != SRC_EXECPATH)
		return -1;
	dt_asm_emit(a, LDX_MEM(BPF_DW, R3, R9, DT_MS_ARGS + 8 * i));
	dt_asm_emit(a, MOV64_REG(R1, R9));
	dt_asm_emit(a, ALU64_IMM(BPF_ADD, R1, off));
	dt_asm_emit(a, MOV64_IMM(R2, size));
	dt_asm_emit(a, CALL_HELPER(BPF_FUNC_probe_read_user_str));
	return 0;
}

static const char *proc_tp_event(const struct dt_probe *p)
{
	return probe_of(p)->tp;
}

static int proc_attach(dtrace_hdl_t *dtp, struct dt_probe *p, int prog_fd)
{
	return dt_rawtp_attach(dtp, p, probe_of(p)->tp, prog_fd);
}

const struct dt_provider_ops dt_prov_proc = {
	.name = "proc",
	.attr = { { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA }, { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN },
	    { DT_ST_PRIVATE, DT_ST_PRIVATE, DT_CL_UNKNOWN }, { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA },
	    { DT_ST_EVOLVING, DT_ST_EVOLVING, DT_CL_ISA } },
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.populate = proc_populate,
	.argtype = proc_argtype,
	.argxlate = proc_argxlate,
	.cg_filter = proc_cg_filter,
	.cg_args = proc_cg_args,
	.cg_argstr = proc_cg_argstr,
	.tp_event = proc_tp_event,
	.attach = proc_attach,
};
