/*
 * psinfo.d - the process model's stable types: psinfo_t and lwpsinfo_t
 * (as in proc(4)), their translators from the kernel's task_struct, and
 * curpsinfo / curlwpsinfo for the current thread.
 *
 * Loaded by dtrace before every program.  Members a translator does not
 * define are reported as such when a program uses them ("translator does
 * not define conversion for member").  Kernel BTF is read only when a
 * program translates something.
 */

typedef struct timestruc {
	time_t tv_sec;
	long tv_nsec;
} timestruc_t;

typedef struct lwpsinfo {
	int pr_flag;			/* thread flags */
	id_t pr_lwpid;			/* thread id */
	uintptr_t pr_addr;		/* address of its task_struct */
	uintptr_t pr_wchan;		/* wait address (not available: 0) */
	char pr_stype;			/* synchronization event type (0) */
	char pr_state;			/* SSLEEP, SRUN, SZOMB, SSTOP ... */
	char pr_sname;			/* the state as a letter */
	char pr_nice;			/* nice value plus 20 */
	short pr_syscall;		/* system call number (not available) */
	int pr_pri;			/* priority (the kernel's prio) */
	char pr_clname[8];		/* scheduling class name */
	char pr_name[16];		/* thread name */
	processorid_t pr_onpro;		/* CPU it last ran on */
} lwpsinfo_t;

typedef struct psinfo {
	int pr_flag;			/* process flags */
	int pr_nlwp;			/* number of threads */
	pid_t pr_pid;			/* process id */
	pid_t pr_ppid;			/* parent's process id */
	pid_t pr_pgid;			/* process group id */
	pid_t pr_sid;			/* session id */
	uid_t pr_uid;			/* real user id */
	uid_t pr_euid;			/* effective user id */
	gid_t pr_gid;			/* real group id */
	gid_t pr_egid;			/* effective group id */
	uintptr_t pr_addr;		/* address of its task_struct */
	timestruc_t pr_start;		/* start time */
	char pr_fname[16];		/* name of the executable */
	char pr_psargs[80];		/* arguments, space-separated (the current
					   process's; others': their name) */
	int pr_argc;
	char pr_dmodel;			/* PR_MODEL_ILP32 or PR_MODEL_LP64 */
	lwpsinfo_t pr_lwp;		/* its representative thread */
} psinfo_t;

/* <linux/pid.h>: enum pid_type (PIDTYPE_TGID exists since Linux 4.19) */
inline int PIDTYPE_PID = 0;
inline int PIDTYPE_TGID = 1;
inline int PIDTYPE_PGID = 2;
inline int PIDTYPE_SID = 3;

/* a time in nanoseconds as a timestruc_t */
translator timestruc_t < uint64_t NS > {
	tv_sec = NS / 1000000000;
	tv_nsec = NS % 1000000000;
};

inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;

translator psinfo_t < struct task_struct *T > {
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	/* start_time is CLOCK_MONOTONIC at fork; walltimestamp - timestamp
	 * turns it into time since the epoch, as Solaris' pr_start is */
	pr_start = xlate <timestruc_t>((uint64_t)T->group_leader->start_time +
	    (walltimestamp - timestamp));
	pr_fname = T->group_leader->comm;
	/* a BPF program reads only the current process's memory */
	pr_psargs = T->group_leader == curthread->group_leader && T->mm ?
	    __dt_psargs(T->mm->arg_start, T->mm->arg_end) : T->group_leader->comm;
	pr_dmodel = PR_MODEL_LP64;
};

/* task states of <linux/sched.h> */
translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = 0;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = (T->__state & 0x0003) ? SSLEEP :	/* (UN)INTERRUPTIBLE */
	    (T->__state & 0x0004) ? SSTOP :		/* __TASK_STOPPED */
	    (T->__state & 0x0008) ? SSTOP :		/* __TASK_TRACED */
	    (T->exit_state & 0x0030) ? SZOMB :		/* EXIT_DEAD, EXIT_ZOMBIE */
	    (T->__state & 0x0100) ? SWAIT :		/* TASK_WAKEKILL */
	    (T->__state & 0x0200) ? SWAIT : SRUN;	/* TASK_WAKING */
	pr_sname = (T->__state & 0x0003) ? 'S' :
	    (T->__state & 0x000c) ? 'T' :
	    (T->exit_state & 0x0030) ? 'Z' :
	    (T->__state & 0x0300) ? 'W' : 'R';
	pr_nice = T->static_prio - 100;
	pr_pri = T->prio;
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);

/*
 * siginfo_t as the proc provider's signal-handle shows it (args[1]): the
 * members of siginfo(3HEAD) that Linux's struct kernel_siginfo has, each
 * read from the union member the signal's kind fills (si_pid and si_uid
 * for a signal sent by a process, si_status for SIGCHLD, si_addr for a
 * fault).
 */
typedef struct siginfo {
	int si_signo;			/* signal number */
	int si_code;			/* SI_USER, CLD_EXITED, ... */
	int si_errno;			/* an errno, if any */
	pid_t si_pid;			/* the sender's process id */
	uid_t si_uid;			/* the sender's real user id */
	uintptr_t si_addr;		/* the faulting address */
	int si_status;			/* SIGCHLD: exit status or signal */
	long si_band;			/* SIGPOLL: band event */
} siginfo_t;

translator siginfo_t < struct kernel_siginfo *S > {
	si_signo = S->si_signo;
	si_code = S->si_code;
	si_errno = S->si_errno;
	si_pid = S->_sifields._kill._pid;
	si_uid = S->_sifields._kill._uid;
	si_addr = (uintptr_t)S->_sifields._sigfault._addr;
	si_status = S->_sifields._sigchld._status;
	si_band = S->_sifields._sigpoll._band;
};
