/*
 * libbpf_usdt.c - hand-written USDT baseline for bench/usdt_cost.py.
 *
 * The smallest reasonable "count the firings of a USDT probe" tracer, in
 * the style of libbpf_uprobe.c: libbpf's low-level API only, the BPF
 * instructions written by hand, no clang, no object file.  The probe's
 * sites come from the object's .note.stapsdt notes (libelf), as any USDT
 * tracer finds them:
 *
 *   site address = the note's pc + (.stapsdt.base's address - the note's
 *                  base) (prelink correction), turned into a file offset
 *                  through the PT_LOAD segment holding it; the same for
 *                  the semaphore (its reference counter), if any
 *   map:  BPF_MAP_TYPE_PERCPU_ARRAY, one u64 counter at key 0
 *   prog: BPF_PROG_TYPE_KPROBE, *v += 1 on key 0 (as libbpf_uprobe.c)
 *   attach: one perf event per site on the uprobe PMU (config1 = path,
 *           config2 = file offset, config's high 32 bits = the
 *           semaphore's file offset, which the kernel increments in
 *           every process the probe is in) + PERF_EVENT_IOC_SET_BPF +
 *           PERF_EVENT_IOC_ENABLE; with -p PID the events are that
 *           task's.  With -m instead one multi-uprobe link for every
 *           site (BPF_LINK_CREATE, BPF_TRACE_UPROBE_MULTI, the
 *           semaphores as its reference counters, -p PID its pid
 *           filter; the program loaded for that attach type), as
 *           dtrace attaches: the two side by side give what the kind
 *           of attachment costs a firing
 *
 * Prints "ready sites N" once attached, waits until stdin is closed or
 * SIGINT/SIGTERM arrives, detaches and prints "count C" (firings summed
 * over CPUs).  The arguments are not read: the count needs none.
 *
 * Usage: libbpf_usdt [-m] [-p PID] PATH PROVIDER NAME...   (one counter for all)
 * Build: gcc -O2 -Wall -Wextra -Werror -o libbpf_usdt libbpf_usdt.c
 *            -lbpf -lelf
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

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
#define CALL(f)            INSN(BPF_JMP | BPF_CALL, 0, 0, 0, f)
#define EXIT()             INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

#define MAX_SITES 64

struct site {
	uint64_t off;		/* file offset of the probe's nop */
	uint64_t sem;		/* file offset of its semaphore, or 0 */
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void die(const char *what)
{
	fprintf(stderr, "libbpf_usdt: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void fail(const char *what)
{
	fprintf(stderr, "libbpf_usdt: %s\n", what);
	exit(1);
}

/* The file offset of virtual address VA (a PT_LOAD segment's), or 0. */
static uint64_t file_offset(Elf *e, uint64_t va)
{
	size_t n, i;
	GElf_Phdr ph;

	if (elf_getphdrnum(e, &n) != 0)
		return 0;
	for (i = 0; i < n; i++)
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    va >= ph.p_vaddr && va < ph.p_vaddr + ph.p_memsz)
			return va - ph.p_vaddr + ph.p_offset;
	return 0;
}

/* The sites of PROVIDER:NAME in PATH appended to S[N..MAX_SITES); the
 * new N. */
static size_t find_sites(const char *path, const char *prov, const char *name,
			 struct site *s, size_t n)
{
	uint64_t base_addr = 0;
	Elf_Scn *scn = NULL, *notes = NULL;
	size_t shstrndx;
	GElf_Shdr sh;
	Elf *e;
	int fd;

	if (elf_version(EV_CURRENT) == EV_NONE)
		fail("libelf too old");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		die(path);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_getshdrstrndx(e, &shstrndx) != 0)
		fail("not an ELF object");
	while ((scn = elf_nextscn(e, scn))) {
		const char *sn;

		if (!gelf_getshdr(scn, &sh))
			continue;
		sn = elf_strptr(e, shstrndx, sh.sh_name);
		if (!sn)
			continue;
		if (strcmp(sn, ".stapsdt.base") == 0)
			base_addr = sh.sh_addr;
		else if (strcmp(sn, ".note.stapsdt") == 0 && sh.sh_type == SHT_NOTE)
			notes = scn;
	}
	if (!notes)
		fail("no .note.stapsdt section");
	Elf_Data *d = elf_getdata(notes, NULL);
	GElf_Nhdr nh;
	size_t off = 0, noff, doff;

	while (d && (off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
		const char *desc = (const char *)d->d_buf + doff;
		uint64_t pc, base, sem;
		const char *p, *nm;

		if (nh.n_type != 3 || nh.n_namesz != 8 ||
		    strcmp((const char *)d->d_buf + noff, "stapsdt") != 0 ||
		    nh.n_descsz < 24)
			continue;
		memcpy(&pc, desc, 8);
		memcpy(&base, desc + 8, 8);
		memcpy(&sem, desc + 16, 8);
		p = desc + 24;
		nm = p + strnlen(p, nh.n_descsz - 24) + 1;
		if (nm >= desc + nh.n_descsz || strcmp(p, prov) != 0 ||
		    strcmp(nm, name) != 0)
			continue;
		if (n == MAX_SITES)
			fail("too many sites");
		if (base_addr) {
			pc += base_addr - base;
			if (sem)
				sem += base_addr - base;
		}
		s[n].off = file_offset(e, pc);
		s[n].sem = sem ? file_offset(e, sem) : 0;
		if (!s[n].off || (sem && !s[n].sem))
			fail("a site outside the loaded segments");
		n++;
	}
	elf_end(e);
	close(fd);
	return n;
}

static int uprobe_pmu_type(void)
{
	char buf[32];
	ssize_t n;
	int fd;

	fd = open("/sys/bus/event_source/devices/uprobe/type",
		  O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		die("/sys/bus/event_source/devices/uprobe/type");
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		fail("cannot read the uprobe PMU type");
	buf[n] = '\0';
	return atoi(buf);
}

static int perf_usdt(int type, const char *path, const struct site *s,
		     int pid, int prog_fd)
{
	struct perf_event_attr attr;
	int pfd;

	memset(&attr, 0, sizeof(attr));
	attr.type = (uint32_t)type;
	attr.size = sizeof(attr);
	attr.config = s->sem << 32;		/* ref_ctr_offset */
	attr.config1 = (uint64_t)(uintptr_t)path;
	attr.config2 = s->off;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	pfd = (int)syscall(SYS_perf_event_open, &attr, pid > 0 ? pid : -1,
			   pid > 0 ? -1 : 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return -1;
	if (ioctl(pfd, PERF_EVENT_IOC_SET_BPF, prog_fd) != 0 ||
	    ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0) != 0) {
		int e = errno;

		close(pfd);
		errno = e;
		return -1;
	}
	return pfd;
}

/* union bpf_attr's link_create for uprobe_multi (Linux 6.6; the
 * system's headers are older) */
struct link_create_uprobe_multi {
	uint32_t prog_fd, target_fd, attach_type, flags;
	uint64_t path, offsets, ref_ctr_offsets, cookies;
	uint32_t cnt, umflags, pid, pad;
};
#define DT_BPF_TRACE_UPROBE_MULTI 48

static int multi_usdt(const char *path, const struct site *s, size_t n, int pid,
		      int prog_fd)
{
	uint64_t offs[MAX_SITES], refs[MAX_SITES];
	struct link_create_uprobe_multi attr;
	int anyref = 0;

	for (size_t i = 0; i < n; i++) {
		offs[i] = s[i].off;
		refs[i] = s[i].sem;
		anyref |= s[i].sem != 0;
	}
	memset(&attr, 0, sizeof(attr));
	attr.prog_fd = (uint32_t)prog_fd;
	attr.attach_type = DT_BPF_TRACE_UPROBE_MULTI;
	attr.path = (uint64_t)(uintptr_t)path;
	attr.offsets = (uint64_t)(uintptr_t)offs;
	if (anyref)
		attr.ref_ctr_offsets = (uint64_t)(uintptr_t)refs;
	attr.cnt = (uint32_t)n;
	attr.pid = pid > 0 ? (uint32_t)pid : 0;
	return (int)syscall(SYS_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
}

int main(int argc, char **argv)
{
	struct site sites[MAX_SITES];
	int fds[MAX_SITES], map_fd, prog_fd, ncpu, opt, pid = 0, type, multi = 0;
	uint64_t *vals, sum = 0;
	struct sigaction sa;
	uint32_t key = 0;
	size_t n, i;
	char log[16384], c;

	while ((opt = getopt(argc, argv, "mp:")) != -1) {
		if (opt == 'm') {
			multi = 1;
			continue;
		}
		if (opt != 'p' || (pid = atoi(optarg)) <= 0) {
			fprintf(stderr, "usage: libbpf_usdt [-m] [-p PID] PATH "
				"PROVIDER NAME...\n");
			return 2;
		}
	}
	if (argc - optind < 3) {
		fprintf(stderr, "usage: libbpf_usdt [-p PID] PATH PROVIDER NAME...\n");
		return 2;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: read() gets EINTR */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	for (n = 0, i = optind + 2; i < (size_t)argc; i++) {
		size_t m = find_sites(argv[optind], argv[optind + 1], argv[i],
				      sites, n);

		if (m == n)
			fail("no such probe");
		n = m;
	}

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
	LIBBPF_OPTS(bpf_prog_load_opts, popts, .log_buf = log,
		    .log_size = sizeof(log), .log_level = 0,
		    .expected_attach_type = multi ? DT_BPF_TRACE_UPROBE_MULTI : 0);
	log[0] = '\0';
	prog_fd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "count_usdt", "GPL",
				prog, sizeof(prog) / sizeof(prog[0]), &popts);
	if (prog_fd < 0) {
		errno = -prog_fd;
		fprintf(stderr, "libbpf_usdt: bpf_prog_load: %s\n%s\n",
			strerror(errno), log);
		return 1;
	}
	if (multi) {
		fds[0] = multi_usdt(argv[optind], sites, n, pid, prog_fd);
		if (fds[0] < 0)
			die("BPF_LINK_CREATE (uprobe_multi)");
	} else {
		type = uprobe_pmu_type();
		for (i = 0; i < n; i++) {
			fds[i] = perf_usdt(type, argv[optind], &sites[i], pid, prog_fd);
			if (fds[i] < 0)
				die("perf_event_open (uprobe)");
		}
	}
	printf("ready sites %zu\n", n);
	fflush(stdout);

	while (!stop) {
		ssize_t r = read(0, &c, 1);

		if (r == 0 || (r < 0 && errno != EINTR))
			break;
	}
	for (i = 0; i < (multi ? 1 : n); i++)
		close(fds[i]);

	ncpu = libbpf_num_possible_cpus();
	if (ncpu <= 0)
		fail("cannot count possible CPUs");
	vals = calloc((size_t)ncpu, sizeof(*vals));
	if (!vals)
		die("calloc");
	if (bpf_map_lookup_elem(map_fd, &key, vals) != 0)
		die("bpf_map_lookup_elem");
	for (i = 0; i < (size_t)ncpu; i++)
		sum += vals[i];
	printf("count %llu\n", (unsigned long long)sum);
	fflush(stdout);
	free(vals);
	close(prog_fd);
	close(map_fd);
	return 0;
}
