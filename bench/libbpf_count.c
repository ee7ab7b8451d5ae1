/*
 * libbpf_count.c - hand-written baseline for bench/probe_cost.py.
 *
 * The smallest reasonable "count the firings of a tracepoint" tracer:
 * libbpf's low-level API only (bpf_map_create, bpf_prog_load, no BPF object
 * files, no clang), BPF instructions written by hand.
 *
 *   map:  BPF_MAP_TYPE_PERCPU_ARRAY, one u64 counter at key 0
 *   prog: BPF_PROG_TYPE_TRACEPOINT
 *           *(u32 *)(fp - 4) = 0
 *           r0 = bpf_map_lookup_elem(map, fp - 4)
 *           if r0 != 0: *(u64 *)r0 += 1        (per-CPU slot, no atomics)
 *           return 0
 *   attach: perf_event_open(PERF_TYPE_TRACEPOINT, id of
 *           syscalls:sys_enter_getppid) + PERF_EVENT_IOC_SET_BPF +
 *           PERF_EVENT_IOC_ENABLE
 *
 * With --raw, the program is a BPF_PROG_TYPE_RAW_TRACEPOINT on the generic
 * raw tracepoint sys_enter instead (bpf_raw_tracepoint_open), which first
 * tests that the syscall number (ctx->args[1]) is __NR_getppid: the cheapest
 * hand-written way to count one syscall, and how a tracer that enables many
 * syscalls at once would do it.  It runs on every syscall of the system.
 *
 * Prints "ready" once attached, waits until stdin is closed (EOF) or
 * SIGINT/SIGTERM arrives, then prints "count <sum over CPUs>" and exits.
 *
 * Usage: libbpf_count [CATEGORY:EVENT]   (default syscalls:sys_enter_getppid)
 *        libbpf_count --raw              (raw tracepoint sys_enter, getppid)
 * Build: gcc -O2 -o libbpf_count libbpf_count.c -lbpf
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

/* Instruction builders (the kernel's are not in the uapi headers). */
#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
			    .off = (o), .imm = (i) })
#define LD_MAP_FD(d, fd) \
	INSN(BPF_LD | BPF_DW | BPF_IMM, d, BPF_PSEUDO_MAP_FD, 0, fd), \
	INSN(0, 0, 0, 0, 0)
#define ST_MEM_W(d, o, i)  INSN(BPF_ST | BPF_MEM | BPF_W, d, 0, o, i)
#define MOV64_REG(d, s)    INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOV64_IMM(d, i)    INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define ADD64_IMM(d, i)    INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define LDX_DW(d, s, o)    INSN(BPF_LDX | BPF_MEM | BPF_DW, d, s, o, 0)
#define STX_DW(d, s, o)    INSN(BPF_STX | BPF_MEM | BPF_DW, d, s, o, 0)
#define JEQ_IMM(d, i, o)   INSN(BPF_JMP | BPF_JEQ | BPF_K, d, 0, o, i)
#define JNE_IMM(d, i, o)   INSN(BPF_JMP | BPF_JNE | BPF_K, d, 0, o, i)
#define CALL(f)            INSN(BPF_JMP | BPF_CALL, 0, 0, 0, f)
#define EXIT()             INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void die(const char *what)
{
	fprintf(stderr, "libbpf_count: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Read the tracepoint id, mounting tracefs at /sys/kernel/tracing if needed. */
static long tracepoint_id(const char *cat, const char *ev)
{
	static const char *roots[] = { "/sys/kernel/tracing",
				       "/sys/kernel/debug/tracing" };
	char path[512], buf[32];
	struct stat st;
	unsigned i;
	ssize_t n;
	int fd;

	if (stat("/sys/kernel/tracing/events", &st) != 0 &&
	    mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL) != 0)
		fprintf(stderr, "libbpf_count: mount tracefs: %s\n",
			strerror(errno));

	for (i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
		snprintf(path, sizeof(path), "%s/events/%s/%s/id", roots[i],
			 cat, ev);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		return strtol(buf, NULL, 10);
	}
	fprintf(stderr, "libbpf_count: no tracepoint %s:%s (no %s)\n", cat, ev,
		path);
	exit(1);
}

int main(int argc, char **argv)
{
	int raw = argc > 1 && strcmp(argv[1], "--raw") == 0;
	const char *spec = argc > 1 && !raw ? argv[1]
					    : "syscalls:sys_enter_getppid";
	char cat[128], ev[128], log[65536];
	struct perf_event_attr attr;
	struct sigaction sa;
	int map_fd, prog_fd, pfd, ncpu, i;
	long id;
	uint64_t *vals, sum = 0;
	uint32_t key = 0;
	char c;

	if (sscanf(spec, "%127[^:]:%127s", cat, ev) != 2) {
		fprintf(stderr, "usage: libbpf_count [CATEGORY:EVENT]\n");
		return 2;
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: read() gets EINTR */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	id = raw ? 0 : tracepoint_id(cat, ev);

	map_fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "count",
				sizeof(uint32_t), sizeof(uint64_t), 1, NULL);
	if (map_fd < 0) {
		errno = -map_fd;
		die("bpf_map_create");
	}

	struct bpf_insn prog[] = {
		ST_MEM_W(BPF_REG_10, -4, 0),		/* key = 0 */
		LD_MAP_FD(BPF_REG_1, map_fd),		/* r1 = map */
		MOV64_REG(BPF_REG_2, BPF_REG_10),
		ADD64_IMM(BPF_REG_2, -4),		/* r2 = &key */
		CALL(BPF_FUNC_map_lookup_elem),
		JEQ_IMM(BPF_REG_0, 0, 3),		/* if !v goto out */
		LDX_DW(BPF_REG_1, BPF_REG_0, 0),
		ADD64_IMM(BPF_REG_1, 1),
		STX_DW(BPF_REG_0, BPF_REG_1, 0),	/* *v += 1 */
		MOV64_IMM(BPF_REG_0, 0),		/* out: return 0 */
		EXIT(),
	};
	/* raw_tracepoint sys_enter(struct pt_regs *regs, long id) */
	struct bpf_insn raw_prog[] = {
		LDX_DW(BPF_REG_2, BPF_REG_1, 8),	/* r2 = ctx->args[1] */
		JNE_IMM(BPF_REG_2, __NR_getppid, 10),	/* not getppid: out */
		ST_MEM_W(BPF_REG_10, -4, 0),		/* key = 0 */
		LD_MAP_FD(BPF_REG_1, map_fd),		/* r1 = map */
		MOV64_REG(BPF_REG_2, BPF_REG_10),
		ADD64_IMM(BPF_REG_2, -4),		/* r2 = &key */
		CALL(BPF_FUNC_map_lookup_elem),
		JEQ_IMM(BPF_REG_0, 0, 3),		/* if !v goto out */
		LDX_DW(BPF_REG_1, BPF_REG_0, 0),
		ADD64_IMM(BPF_REG_1, 1),
		STX_DW(BPF_REG_0, BPF_REG_1, 0),	/* *v += 1 */
		MOV64_IMM(BPF_REG_0, 0),		/* out: return 0 */
		EXIT(),
	};
	LIBBPF_OPTS(bpf_prog_load_opts, popts, .log_buf = log,
		    .log_size = sizeof(log), .log_level = 0);
	log[0] = '\0';
	if (raw)
		prog_fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT,
					"count_raw_tp", "GPL", raw_prog,
					sizeof(raw_prog) / sizeof(raw_prog[0]),
					&popts);
	else
		prog_fd = bpf_prog_load(BPF_PROG_TYPE_TRACEPOINT, "count_tp",
					"GPL", prog,
					sizeof(prog) / sizeof(prog[0]), &popts);
	if (prog_fd < 0) {
		errno = -prog_fd;
		fprintf(stderr, "libbpf_count: bpf_prog_load: %s\n%s\n",
			strerror(errno), log);
		return 1;
	}

	if (raw) {
		pfd = bpf_raw_tracepoint_open("sys_enter", prog_fd);
		if (pfd < 0) {
			errno = -pfd;
			die("bpf_raw_tracepoint_open(sys_enter)");
		}
		goto attached;
	}

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = (uint64_t)id;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	/* pid -1, cpu 0: the BPF program runs for the event on every CPU. */
	pfd = syscall(SYS_perf_event_open, &attr, -1, 0, -1,
		      PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		die("perf_event_open");
	if (ioctl(pfd, PERF_EVENT_IOC_SET_BPF, prog_fd) != 0)
		die("PERF_EVENT_IOC_SET_BPF");
	if (ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0) != 0)
		die("PERF_EVENT_IOC_ENABLE");

attached:
	printf("ready\n");
	fflush(stdout);

	/* Wait for EOF on stdin, or a signal. */
	while (!stop) {
		ssize_t n = read(0, &c, 1);
		if (n == 0 || (n < 0 && errno != EINTR))
			break;
	}

	if (!raw)
		ioctl(pfd, PERF_EVENT_IOC_DISABLE, 0);
	close(pfd);	/* detaches */

	ncpu = libbpf_num_possible_cpus();
	if (ncpu <= 0) {
		fprintf(stderr, "libbpf_count: cannot count possible CPUs\n");
		return 1;
	}
	vals = calloc((size_t)ncpu, sizeof(*vals));
	if (!vals)
		die("calloc");
	if (bpf_map_lookup_elem(map_fd, &key, vals) != 0)
		die("bpf_map_lookup_elem");
	for (i = 0; i < ncpu; i++)
		sum += vals[i];
	printf("count %llu\n", (unsigned long long)sum);
	fflush(stdout);

	free(vals);
	close(prog_fd);
	close(map_fd);
	return 0;
}
