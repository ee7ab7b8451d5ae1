/*
 * pctl.c - process control for -c and -p, as dtrace(1M) does it: every
 * target is created or grabbed before the program is compiled (so that
 * probe descriptions are resolved against what it has mapped then), held
 * stopped under ptrace until every probe is armed, then let go, and
 * watched until it exits.
 *
 * -c: the command is forked and seized (PTRACE_SEIZE, not TRACEME, so that
 * its group stops are seen as such: stop() leaves it stopped) before it
 * execs, and run under ptrace to the point evaltime names:
 *   exec      the exec's stop: only the executable and ld.so are mapped;
 *   preinit   ld.so has mapped every library and run no initializer: its
 *             _dl_debug_state() with _r_debug.r_state RT_CONSISTENT;
 *   postinit  (the default) the libraries' initializers have run, the
 *             executable's have not: its entry point (AT_ENTRY);
 *   main      main(): the executable's symbol, else (stripped) the first
 *             argument of __libc_start_main.
 * A static executable has no ld.so: preinit and postinit are its entry
 * point, which is where the exec stops it.  Breakpoints are int3 written
 * with PTRACE_POKETEXT; a hit restores the word and rewinds the PC onto the
 * instruction.  A fork while one is planted has the child's copy restored
 * (PTRACE_O_TRACEFORK, only then); an exec before the point starts over
 * on the new image.  x86-64 only (int3, user_regs_struct).
 *
 * -p: every thread is seized and interrupted; dtrace's failures are its
 * own words ("failed to grab pid N: no such process").  A process another
 * tracer has is waited for a moment first: two dtraces started on one
 * process each hold it only while they start.
 *
 * When tracing starts each target is let go (detached) with the signal a
 * stop had pending; a program that symbolizes user stacks keeps each one
 * traced with PTRACE_O_TRACEEXIT so that its exit stop has the library
 * read its mappings (dtrace_proc_exiting) before it dies, other stops
 * passed on as they are seen (signals delivered, group stops kept with
 * PTRACE_LISTEN).  Children of targets are never traced.  An exit is
 * seen with waitpid() for a -c target (our child: its status is known,
 * reported as illumos' prochandler does) and with a pidfd for -p.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#include "pctl.h"

#ifndef PF_KTHREAD
#define PF_KTHREAD 0x00200000
#endif

/* the options a held target runs with; a -c target dies with dtrace */
#define HOLD_OPTS (PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC)
#define CREATE_OPTS (HOLD_OPTS | PTRACE_O_EXITKILL)
/* how long a -p process traced by someone else is waited for */
#define DT_PCTL_BUSY_MS 2000

struct thr {
	pid_t tid;
	int sig;	/* to deliver when let go */
};

struct target {
	pid_t pid;
	int created;	/* -c: our child */
	int traced;	/* its leader attached */
	int alive;
	int let_go;	/* dt_pctl_continue done */
	int quiet;	/* its exit is not to be reported (failed to start) */
	int parked;	/* held, let go while stopped (stop()), to be seized again */
	int status;	/* wait status, created ones */
	int pidfd;	/* -p: readable once it has exited */
	struct thr *thr;	/* while held stopped: [0] the leader */
	int nthr;
};

static struct target *tg;
static int ntg;

static void msgf(char *msg, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void msgf(char *msg, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, len, fmt, ap);
	va_end(ap);
}

static pid_t wait_for(pid_t pid, int *st)
{
	pid_t w;
	while ((w = waitpid(pid, st, __WALL)) < 0 && errno == EINTR)
		;
	return w;
}

static struct target *add_target(pid_t pid, int created)
{
	struct target *n = realloc(tg, (size_t)(ntg + 1) * sizeof(*tg));
	if (!n)
		return NULL;
	tg = n;
	struct target *t = &tg[ntg++];
	memset(t, 0, sizeof(*t));
	t->pid = pid;
	t->created = created;
	t->alive = 1;
	t->pidfd = -1;
	return t;
}

static int add_thr(struct target *t, pid_t tid, int sig)
{
	struct thr *n = realloc(t->thr, (size_t)(t->nthr + 1) * sizeof(*n));
	if (!n)
		return -1;
	t->thr = n;
	t->thr[t->nthr++] = (struct thr){ tid, sig };
	return 0;
}

int dt_pctl_count(void)
{
	return ntg;
}

/* ---- what the process has mapped ---- */

/* AT_ENTRY and AT_BASE (0: no interpreter) from /proc/PID/auxv */
static int read_auxv(pid_t pid, uint64_t *entry, uint64_t *base)
{
	char path[64];
	uint64_t av[2];
	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	*entry = *base = 0;
	while (fread(av, sizeof(av), 1, f) == 1 && av[0] != AT_NULL) {
		if (av[0] == AT_ENTRY)
			*entry = av[1];
		else if (av[0] == AT_BASE)
			*base = av[1];
	}
	fclose(f);
	return *entry ? 0 : -1;
}

/* The file mapped at offset 0 either at address at (at != 0) or, with at
 * 0, whose name begins with prefix; its path into path and its start */
static int find_map(pid_t pid, uint64_t at, const char *prefix, char *path, size_t len,
    uint64_t *start)
{
	char name[64], line[4352];
	int found = 0;
	snprintf(name, sizeof(name), "/proc/%d/maps", (int)pid);
	FILE *f = fopen(name, "r");
	if (!f)
		return -1;
	while (!found && fgets(line, sizeof(line), f)) {
		unsigned long lo, hi, off;
		int pos = 0;
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %n", &lo, &hi, &off, &pos) < 3 || !pos ||
		    off != 0 || line[pos] != '/')
			continue;
		char *p = line + pos;
		p[strcspn(p, "\n")] = '\0';
		const char *base = strrchr(p, '/') + 1;
		if (at ? lo == at : !strncmp(base, prefix, strlen(prefix))) {
			snprintf(path, len, "%s", p);
			*start = lo;
			found = 1;
		}
	}
	fclose(f);
	return found ? 0 : -1;
}

/*
 * In the ELF file path: the values of the defined symbols names[0..n-1]
 * (.symtab, else .dynsym; 0 when missing), its entry point and the
 * lowest PT_LOAD address, page aligned.  0, else -1.
 */
static int elf_syms(const char *path, const char *const *names, uint64_t *vals, int n,
    uint64_t *entry, uint64_t *low)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc = -1;
	if (fd < 0)
		return -1;
	elf_version(EV_CURRENT);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	GElf_Ehdr eh;
	size_t nph;
	if (!e || !gelf_getehdr(e, &eh) || elf_getphdrnum(e, &nph) != 0)
		goto out;
	*entry = eh.e_entry;
	*low = UINT64_MAX;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD && ph.p_vaddr < *low)
			*low = ph.p_vaddr & ~(uint64_t)0xfff;
	}
	if (*low == UINT64_MAX)
		*low = 0;
	memset(vals, 0, (size_t)n * sizeof(*vals));
	for (int pass = 0; pass < 2; pass++) {
		Elf_Scn *scn = NULL;
		while ((scn = elf_nextscn(e, scn)) != NULL) {
			GElf_Shdr sh;
			if (!gelf_getshdr(scn, &sh) || sh.sh_type != (pass ? SHT_DYNSYM : SHT_SYMTAB) ||
			    !sh.sh_entsize)
				continue;
			Elf_Data *d = elf_getdata(scn, NULL);
			size_t cnt = sh.sh_size / sh.sh_entsize;
			for (size_t k = 0; d && k < cnt; k++) {
				GElf_Sym s;
				const char *nm;
				if (!gelf_getsym(d, (int)k, &s) || s.st_shndx == SHN_UNDEF ||
				    !(nm = elf_strptr(e, sh.sh_link, s.st_name)))
					continue;
				for (int j = 0; j < n; j++)
					if (!vals[j] && s.st_value && !strcmp(nm, names[j]))
						vals[j] = s.st_value;
			}
		}
	}
	rc = 0;
out:
	if (e)
		elf_end(e);
	close(fd);
	return rc;
}

/* ---- breakpoints ---- */

enum { RUN_AT, RUN_EXEC, RUN_GONE, RUN_ERR };

static int plant(pid_t pid, uint64_t addr, long *orig)
{
	errno = 0;
	long w = ptrace(PTRACE_PEEKTEXT, pid, (void *)addr, NULL);
	if (errno)
		return -1;
	*orig = w;
	return (int)ptrace(PTRACE_POKETEXT, pid, (void *)addr, (void *)((w & ~0xffL) | 0xcc));
}

/* A forked child of a process with a breakpoint planted: its copy
 * restored, and it let go untraced */
static void fork_child(pid_t parent, uint64_t addr, long orig)
{
	unsigned long child = 0;
	int st;
	if (ptrace(PTRACE_GETEVENTMSG, parent, NULL, &child) < 0 || !child)
		return;
	if (wait_for((pid_t)child, &st) == (pid_t)child && WIFSTOPPED(st))
		ptrace(PTRACE_POKETEXT, (pid_t)child, (void *)addr, (void *)orig);
	ptrace(PTRACE_DETACH, (pid_t)child, NULL, NULL);
}

/*
 * Step the stopped process over the instruction at its PC (restored);
 * a signal arriving meanwhile is kept in *sig.  0, else RUN_GONE/RUN_ERR.
 */
static int step_over(struct target *t, int *sig)
{
	int st;
	for (;;) {
		if (ptrace(PTRACE_SINGLESTEP, t->pid, NULL, NULL) < 0 || wait_for(t->pid, &st) != t->pid)
			return RUN_ERR;
		if (!WIFSTOPPED(st)) {
			t->status = st;
			t->alive = 0;
			return RUN_GONE;
		}
		if (WSTOPSIG(st) == SIGTRAP && (st >> 16) == 0)
			return 0;
		if ((st >> 16) == 0)
			*sig = WSTOPSIG(st);
	}
}

/*
 * Run the stopped process t until it executes addr, when ok (if any)
 * agrees, else on; there it is left stopped, the instruction restored
 * and its PC on it.  RUN_AT; RUN_EXEC: it exec'd first (stopped at the
 * new image's start); RUN_GONE: it died; RUN_ERR (errno).
 */
static int run_to(struct target *t, uint64_t addr, int (*ok)(pid_t, uint64_t), uint64_t arg)
{
	pid_t pid = t->pid;
	long orig;
	int st, sig = 0, resume = 1, rc;

	if (plant(pid, addr, &orig) < 0)
		return RUN_ERR;
	ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)(CREATE_OPTS | PTRACE_O_TRACEFORK));
	for (;;) {
		if (resume && ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig) < 0) {
			rc = RUN_ERR;
			break;
		}
		sig = 0;
		resume = 1;
		if (wait_for(pid, &st) != pid) {
			rc = RUN_ERR;
			break;
		}
		if (!WIFSTOPPED(st)) {
			t->status = st;
			t->alive = 0;
			return RUN_GONE;
		}
		int ev = st >> 16;
		if (ev == PTRACE_EVENT_EXEC) {
			rc = RUN_EXEC;	/* the breakpoint went with the old image */
			goto opts;
		}
		if (ev == PTRACE_EVENT_FORK) {
			fork_child(pid, addr, orig);
			continue;
		}
		if (ev == PTRACE_EVENT_STOP) {	/* a group stop stays one */
			if (WSTOPSIG(st) != SIGTRAP) {
				ptrace(PTRACE_LISTEN, pid, NULL, NULL);
				resume = 0;
			}
			continue;
		}
		if (ev != 0)	/* the exit stop */
			continue;
		if (WSTOPSIG(st) != SIGTRAP) {
			sig = WSTOPSIG(st);
			continue;
		}
		struct user_regs_struct regs;
		if (ptrace(PTRACE_GETREGS, pid, NULL, &regs) < 0) {
			rc = RUN_ERR;
			break;
		}
		if (regs.rip - 1 != addr) {	/* the program's own SIGTRAP */
			sig = SIGTRAP;
			continue;
		}
		regs.rip = addr;
		if (ptrace(PTRACE_POKETEXT, pid, (void *)addr, (void *)orig) < 0 ||
		    ptrace(PTRACE_SETREGS, pid, NULL, &regs) < 0)
			return RUN_ERR;
		if (!ok || ok(pid, arg)) {
			rc = RUN_AT;
			goto opts;
		}
		if ((rc = step_over(t, &sig)) != 0)
			return rc;
		if (plant(pid, addr, &orig) < 0)
			return RUN_ERR;
	}
	ptrace(PTRACE_POKETEXT, pid, (void *)addr, (void *)orig);
opts:
	ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)CREATE_OPTS);
	return rc;
}

/* preinit: _r_debug.r_state (after r_version, r_map, r_brk) is RT_CONSISTENT */
static int rdebug_consistent(pid_t pid, uint64_t rdebug)
{
	errno = 0;
	long w = ptrace(PTRACE_PEEKDATA, pid, (void *)(rdebug + 24), NULL);
	return !errno && (int)w == 0;
}

/* main's address in the process stopped at its exec, else 0 */
static uint64_t find_main(struct target *t, uint64_t at_entry, char *why, size_t len)
{
	char exe[64];
	static const char *const names[] = { "main" };
	uint64_t v, e_entry, low;

	snprintf(exe, sizeof(exe), "/proc/%d/exe", (int)t->pid);
	if (elf_syms(exe, names, &v, 1, &e_entry, &low) < 0) {
		msgf(why, len, "cannot read the executable: %s", strerror(errno));
		return 0;
	}
	if (v)
		return v + (at_entry - e_entry);	/* the load bias: 0 unless PIE */
	/* stripped: __libc_start_main(main, ...), called from the entry point */
	static const char *const lsm[] = { "__libc_start_main" };
	char libc[4096];
	uint64_t start, ls;
	int rc = run_to(t, at_entry, NULL, 0);
	if (rc != RUN_AT) {
		msgf(why, len, "it did not reach its entry point");
		return 0;
	}
	if (find_map(t->pid, 0, "libc.so", libc, sizeof(libc), &start) < 0 ||
	    elf_syms(libc, lsm, &ls, 1, &e_entry, &low) < 0 || !ls) {
		msgf(why, len, "no symbol main, and no __libc_start_main to find it with");
		return 0;
	}
	if (run_to(t, ls + start - low, NULL, 0) != RUN_AT) {
		msgf(why, len, "it did not reach __libc_start_main");
		return 0;
	}
	struct user_regs_struct regs;
	if (ptrace(PTRACE_GETREGS, t->pid, NULL, &regs) < 0)
		return 0;
	return regs.rdi;
}

/*
 * The created process t, stopped at its exec, run to evaltime's point.
 * 0 (stopped there, or dead: reported later), else -1 with msg.
 */
static int to_evaltime(struct target *t, int evaltime, char *msg, size_t len)
{
	char why[256] = "";
	for (;;) {
		uint64_t entry, base, addr = 0, rdebug = 0;
		int rc;
		if (evaltime == DT_PCTL_EXEC)
			return 0;
		if (read_auxv(t->pid, &entry, &base) < 0) {
			msgf(msg, len, "failed to read the auxiliary vector of pid %d", (int)t->pid);
			return -1;
		}
		if (evaltime == DT_PCTL_MAIN) {
			if (!(addr = find_main(t, entry, why, sizeof(why))) && t->alive) {
				msgf(msg, len, "failed to find main() in pid %d: %s", (int)t->pid, why);
				return -1;
			}
			rc = t->alive ? run_to(t, addr, NULL, 0) : RUN_GONE;
		} else if (!base) {
			return 0;	/* static: the exec stops it at its entry point */
		} else if (evaltime == DT_PCTL_POSTINIT) {
			rc = run_to(t, entry, NULL, 0);
		} else {
			static const char *const names[] = { "_dl_debug_state", "_r_debug" };
			char ldso[4096];
			uint64_t v[2], e_entry, low;
			if (find_map(t->pid, base, "", ldso, sizeof(ldso), &base) < 0 ||
			    elf_syms(ldso, names, v, 2, &e_entry, &low) < 0 || !v[0] || !v[1]) {
				msgf(msg, len, "failed to find _dl_debug_state in the dynamic linker of pid %d",
				    (int)t->pid);
				return -1;
			}
			addr = v[0] + base - low;
			rdebug = v[1] + base - low;
			rc = run_to(t, addr, rdebug_consistent, rdebug);
		}
		if (rc == RUN_EXEC)
			continue;
		if (rc == RUN_ERR) {
			msgf(msg, len, "failed to run pid %d to its evaltime: %s", (int)t->pid,
			    strerror(errno));
			return -1;
		}
		return 0;
	}
}

/* ---- -c ---- */

/* Is cmd an executable file, directly or on PATH? */
static int find_exec(const char *cmd)
{
	if (strchr(cmd, '/'))
		return access(cmd, X_OK) == 0;
	const char *path = getenv("PATH");
	char buf[4096];
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, p, cmd);
		if (access(buf, X_OK) == 0)
			return 1;
		p += n;
		if (*p == ':')
			p++;
	}
	return 0;
}

static void kill_child(struct target *t)
{
	int st;
	kill(t->pid, SIGKILL);
	while (wait_for(t->pid, &st) == t->pid && WIFSTOPPED(st))
		ptrace(PTRACE_CONT, t->pid, NULL, NULL);
	t->alive = 0;
}

pid_t dt_pctl_create(const char *cmd, int evaltime, char *msg, size_t len)
{
	char *copy = strdup(cmd), *argv[256];
	int argc = 0, go[2], ef[2], st = 0, e = 0;

	if (!copy) {
		msgf(msg, len, "failed to create process for command '%s': %s", cmd, strerror(errno));
		return -1;
	}
	for (char *s = NULL, *w = strtok_r(copy, " \t", &s); w && argc < 255;
	    w = strtok_r(NULL, " \t", &s))
		argv[argc++] = w;
	argv[argc] = NULL;
	if (argc == 0 || !find_exec(argv[0])) {
		if (argc == 0)
			msgf(msg, len, "failed to create process for command '%s': %s", cmd,
			    strerror(EINVAL));
		else
			msgf(msg, len, "failed to execute %s: %s", argv[0], strerror(ENOENT));
		free(copy);
		return -1;
	}
	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(ef, O_CLOEXEC) < 0) {
		msgf(msg, len, "failed to create process for command '%s': %s", cmd, strerror(errno));
		free(copy);
		return -1;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		char c;
		close(go[1]);
		/* seized by the parent before it closes its end */
		while (read(go[0], &c, 1) < 0 && errno == EINTR)
			;
		execvp(argv[0], argv);
		e = errno;
		if (write(ef[1], &e, sizeof(e)) < 0)
			_exit(126);
		_exit(127);
	}
	close(go[0]);
	close(ef[1]);
	if (pid < 0 || ptrace(PTRACE_SEIZE, pid, NULL, (void *)(long)CREATE_OPTS) < 0) {
		msgf(msg, len, "failed to create process for command '%s': %s", cmd, strerror(errno));
		if (pid > 0) {
			kill(pid, SIGKILL);
			wait_for(pid, &st);
		}
		close(go[1]);
		close(ef[0]);
		free(copy);
		return -1;
	}
	close(go[1]);
	/* its exec's stop; or its exit, if the exec failed */
	while (wait_for(pid, &st) == pid && WIFSTOPPED(st) && (st >> 16) != PTRACE_EVENT_EXEC)
		ptrace(PTRACE_CONT, pid, NULL, NULL);
	if (!WIFSTOPPED(st)) {
		if (read(ef[0], &e, sizeof(e)) != sizeof(e))
			e = ECHILD;
		msgf(msg, len, "failed to execute %s: %s", argv[0], strerror(e));
		close(ef[0]);
		free(copy);
		return -1;
	}
	close(ef[0]);
	free(copy);
	struct target *t = add_target(pid, 1);
	if (!t) {
		msgf(msg, len, "failed to create process for command '%s': %s", cmd, strerror(ENOMEM));
		kill(pid, SIGKILL);
		wait_for(pid, &st);
		return -1;
	}
	t->traced = 1;
	if (add_thr(t, pid, 0) < 0 || to_evaltime(t, evaltime, msg, len) < 0) {
		if (!t->nthr)
			msgf(msg, len, "failed to create process for command '%s': %s", cmd,
			    strerror(ENOMEM));
		kill_child(t);
		t->quiet = 1;
		return -1;
	}
	return pid;
}

/* ---- -p ---- */

/* The state letter and flags of /proc/PID/stat; -1 if there is none */
static int proc_stat(pid_t pid, char *state, unsigned long *flags)
{
	char path[64], buf[1024];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	char *p = strrchr(buf, ')');
	/* state ppid pgrp session tty_nr tpgid flags */
	if (!p || sscanf(p + 1, " %c %*d %*d %*d %*d %*d %lu", state, flags) != 2)
		return -1;
	return 0;
}

static pid_t tracer_of(pid_t pid)
{
	char path[64], line[256];
	int tp = 0;
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "TracerPid: %d", &tp) == 1)
			break;
	fclose(f);
	return tp;
}

/* Seize and stop thread tid of t; 0, 1 if it is gone, else -1 (errno) */
static int grab_thread(struct target *t, pid_t tid)
{
	int st;
	if (ptrace(PTRACE_SEIZE, tid, NULL, NULL) < 0)
		return errno == ESRCH && tid != t->pid ? 1 : -1;
	if (ptrace(PTRACE_INTERRUPT, tid, NULL, NULL) < 0 || wait_for(tid, &st) != tid ||
	    !WIFSTOPPED(st))
		return 1;	/* it exited meanwhile */
	/* a signal-delivery stop's signal is delivered when let go */
	return add_thr(t, tid, (st >> 16) == 0 ? WSTOPSIG(st) : 0) < 0 ? -1 : 0;
}

static int has_thr(const struct target *t, pid_t tid)
{
	for (int i = 0; i < t->nthr; i++)
		if (t->thr[i].tid == tid)
			return 1;
	return 0;
}

/* Every thread of t stopped, those created meanwhile too; 0, else -1 */
static int grab_threads(struct target *t)
{
	char path[64];
	int added;
	snprintf(path, sizeof(path), "/proc/%d/task", (int)t->pid);
	do {
		DIR *d = opendir(path);
		struct dirent *de;
		added = 0;
		if (!d)
			return -1;
		while ((de = readdir(d)) != NULL) {
			pid_t tid = (pid_t)atoi(de->d_name);
			if (tid <= 0 || has_thr(t, tid))
				continue;
			if (grab_thread(t, tid) < 0) {
				closedir(d);
				return -1;
			}
			added = 1;
		}
		closedir(d);
	} while (added);
	return 0;
}

int dt_pctl_grab(pid_t pid, char *msg, size_t len)
{
	char state;
	unsigned long flags;
	const char *why = NULL;

	for (int i = 0; i < ntg; i++)
		if (tg[i].pid == pid)
			return 0;	/* already ours: one process, grabbed once */
	if (pid == getpid())
		why = "attempt to grab self";
	else if (proc_stat(pid, &state, &flags) < 0)
		why = "no such process";
	else if (state == 'Z' || state == 'X')
		why = "zombie process";
	else if (flags & PF_KTHREAD)
		why = "system process";
	if (why) {
		msgf(msg, len, "failed to grab pid %d: %s", (int)pid, why);
		return -1;
	}
	struct target *t = add_target(pid, 0);
	if (!t) {
		msgf(msg, len, "failed to grab pid %d: %s", (int)pid, strerror(ENOMEM));
		return -1;
	}
	t->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	/* the leader first: its failure is the process's.  Another tracer
	 * may hold it only for a moment (another dtrace starting on it):
	 * it is waited for, up to DT_PCTL_BUSY_MS, before it is refused */
	int rc = grab_thread(t, pid), e = errno;
	for (int ms = 0; rc < 0 && e == EPERM && ms < DT_PCTL_BUSY_MS && tracer_of(pid);
	    ms += 10) {
		usleep(10000);
		rc = grab_thread(t, pid);
		e = errno;
	}
	if (rc == 0) {
		rc = grab_threads(t);
		e = errno;
	}
	if (rc != 0) {
		e = rc > 0 ? ESRCH : e;
		why = e == ESRCH ? "no such process" : e != EPERM ? strerror(e) :
		    tracer_of(pid) ? "process is traced" : "permission denied";
		msgf(msg, len, "failed to grab pid %d: %s", (int)pid, why);
		for (int i = 0; i < t->nthr; i++)
			ptrace(PTRACE_DETACH, t->thr[i].tid, NULL, (void *)(long)t->thr[i].sig);
		t->nthr = 0;
		t->alive = 0;
		t->quiet = 1;
		return -1;
	}
	t->traced = 1;
	return 0;
}

/* ---- running ---- */

void dt_pctl_continue(dtrace_hdl_t *dtp, int hold)
{
	(void)dtp;
	for (int i = 0; i < ntg; i++) {
		struct target *t = &tg[i];
		if (!t->alive || t->let_go)
			continue;
		t->let_go = 1;
		for (int k = t->nthr - 1; k >= 0; k--) {
			struct thr *h = &t->thr[k];
			if (h->tid == t->pid && hold) {
				long opts = t->created ? CREATE_OPTS : HOLD_OPTS;
				ptrace(PTRACE_SETOPTIONS, h->tid, NULL, (void *)opts);
				if (ptrace(PTRACE_CONT, h->tid, NULL, (void *)(long)h->sig) == 0)
					continue;
			}
			ptrace(PTRACE_DETACH, h->tid, NULL, (void *)(long)h->sig);
			if (h->tid == t->pid)
				t->traced = 0;
		}
		free(t->thr);
		t->thr = NULL;
		t->nthr = 0;
	}
}

static int stop_signal(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

/* A held target's stop, passed on; its exit stop keeps its mappings */
static void held_stop(dtrace_hdl_t *dtp, struct target *t, int st)
{
	int ev = st >> 16, sig = WSTOPSIG(st);
	if (ev == PTRACE_EVENT_EXIT) {
		dtrace_proc_exiting(dtp, t->pid);
		ptrace(PTRACE_DETACH, t->pid, NULL, NULL);
		t->traced = 0;
	} else if (ev == PTRACE_EVENT_STOP) {
		/* a group stop (stop()) stays one, untraced so that the process
		 * is seen stopped (T, not t) and continued by anyone; it is
		 * seized again once it runs */
		if (stop_signal(sig) && ptrace(PTRACE_DETACH, t->pid, NULL, NULL) == 0) {
			t->traced = 0;
			t->parked = 1;
		} else {
			ptrace(PTRACE_CONT, t->pid, NULL, NULL);
		}
	} else if (ev != 0) {			/* an exec */
		ptrace(PTRACE_CONT, t->pid, NULL, NULL);
	} else {				/* a signal (SIGTRAP too), delivered */
		ptrace(PTRACE_CONT, t->pid, NULL, (void *)(long)sig);
	}
}

static void report(const struct target *t, const char *pname, int quiet)
{
	if (quiet)
		return;
	fflush(stdout);
	if (t->created && WIFSIGNALED(t->status)) {
		const char *s = sigabbrev_np(WTERMSIG(t->status));
		if (s)
			fprintf(stderr, "%s: pid %d terminated by SIG%s\n", pname, (int)t->pid, s);
		else
			fprintf(stderr, "%s: pid %d terminated by signal %d\n", pname, (int)t->pid,
			    WTERMSIG(t->status));
	} else if (t->created && WEXITSTATUS(t->status) != 0) {
		fprintf(stderr, "%s: pid %d exited with status %d\n", pname, (int)t->pid,
		    WEXITSTATUS(t->status));
	} else {
		fprintf(stderr, "%s: pid %d has exited\n", pname, (int)t->pid);
	}
}

int dt_pctl_poll(dtrace_hdl_t *dtp, const char *pname, int quiet)
{
	int live = 0;
	for (int i = 0; i < ntg; i++) {
		struct target *t = &tg[i];
		int st;
		pid_t w;
		char state;
		unsigned long flags;
		if (t->alive && t->parked && proc_stat(t->pid, &state, &flags) == 0 &&
		    state != 'T' && state != 't' && state != 'Z' && state != 'X' &&
		    ptrace(PTRACE_SEIZE, t->pid, NULL,
		    (void *)(long)(t->created ? CREATE_OPTS : HOLD_OPTS)) == 0) {
			t->parked = 0;
			t->traced = 1;
		}
		while (t->alive && (t->created || t->traced) &&
		    (w = waitpid(t->pid, &st, WNOHANG | __WALL)) == t->pid) {
			if (WIFSTOPPED(st)) {
				if (t->traced)
					held_stop(dtp, t, st);
				continue;
			}
			t->status = st;
			t->alive = 0;
		}
		if (t->alive && !t->created && !t->traced) {
			struct pollfd p = { .fd = t->pidfd, .events = POLLIN };
			if (t->pidfd >= 0 ? poll(&p, 1, 0) == 1 : kill(t->pid, 0) < 0 && errno == ESRCH)
				t->alive = 0;
		}
		if (!t->alive && !t->quiet) {	/* reported once */
			report(t, pname, quiet);
			t->quiet = 1;
		}
		live += t->alive;
	}
	return live;
}

void dt_pctl_release(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < ntg; i++) {
		struct target *t = &tg[i];
		int st;
		if (t->alive && t->created) {
			kill_child(t);
		} else if (t->alive && t->nthr) {	/* grabbed, never let go */
			for (int k = 0; k < t->nthr; k++)
				ptrace(PTRACE_DETACH, t->thr[k].tid, NULL,
				    (void *)(long)t->thr[k].sig);
		} else if (t->alive && t->traced) {	/* held: interrupted and let go */
			pid_t w = -1;
			if (ptrace(PTRACE_INTERRUPT, t->pid, NULL, NULL) == 0)
				while ((w = waitpid(t->pid, &st, __WALL)) < 0 && errno == EINTR)
					;	/* a second ^C: the stop is still to come */
			if (w == t->pid && WIFSTOPPED(st)) {
				int ev = st >> 16;
				if (ev == PTRACE_EVENT_EXIT)
					dtrace_proc_exiting(dtp, t->pid);
				/* a signal stop's signal is delivered; the
				 * interrupt's stop or a group stop is left */
				ptrace(PTRACE_DETACH, t->pid, NULL,
				    (void *)(long)(ev == 0 ? WSTOPSIG(st) : 0));
			}
		}
		if (t->pidfd >= 0)
			close(t->pidfd);
		free(t->thr);
	}
	free(tg);
	tg = NULL;
	ntg = 0;
}
