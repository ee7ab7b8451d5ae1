/*
 * libbpf_uprobe.c - hand-written uprobe baseline for bench/pid_cost.py and
 * bench/pid_arm.py.
 *
 * The smallest reasonable "count the calls of a user function" tracer, in
 * the style of libbpf_count.c: libbpf's low-level API only (bpf_map_create,
 * bpf_prog_load), BPF instructions written by hand, no clang, no object
 * file.  The functions' file offsets come from the object's ELF symbols
 * (libelf), as any uprobe tracer finds them.
 *
 *   map:  BPF_MAP_TYPE_PERCPU_ARRAY, one u64 counter at key 0
 *   prog: BPF_PROG_TYPE_KPROBE (uprobes run kprobe programs)
 *           *(u32 *)(fp - 4) = 0
 *           r0 = bpf_map_lookup_elem(map, fp - 4)
 *           if r0 != 0: *(u64 *)r0 += 1        (per-CPU slot, no atomics)
 *           return 0
 *   attach, default: one perf event per function on the uprobe PMU
 *           (perf_event_open, type from /sys/bus/event_source/devices/
 *           uprobe/type, config1 = path, config2 = file offset) +
 *           PERF_EVENT_IOC_SET_BPF + PERF_EVENT_IOC_ENABLE; with -p PID the
 *           event is the task's, so only that process traps
 *   attach, -m: one multi-uprobe link for every function
 *           (BPF_LINK_CREATE, attach type BPF_TRACE_UPROBE_MULTI, Linux
 *           6.6+; the program is loaded with that expected attach type).
 *           The attr is declared here by hand: the system headers are
 *           Linux 6.1's and libbpf is 1.1, which know neither.  With -p the
 *           link's pid filter limits the breakpoints to that process.
 *
 * The functions: FUNC, a symbol name (first match of NAME or NAME@VERSION;
 * aliases share an address), or with -a every function of the object
 * (or every one whose name, without @VERSION, matches the fnmatch GLOB):
 * defined STT_FUNC/STT_GNU_IFUNC symbols of .symtab and .dynsym, and of the
 * separate debug file found by build id under /usr/lib/debug/.build-id
 * (unless -D), with a nonzero size and not _init/_fini, one probe per
 * distinct address: the rule DTrace's pid provider applies to a glob.
 *
 * With -a, functions whose first instruction the kernel will not probe
 * (ENOTSUPP from its instruction decoder) are left out and counted: for a
 * multi link, which fails as a whole, they are found by bisection before
 * the timed attach, and printed ("refused: 0x...", on stderr).  -X takes
 * such a list (hex offsets separated by commas) to leave out beforehand,
 * so that timed runs need no bisection; they count as refused.
 *
 * -l only lists the functions it would probe, "0xOFFSET NAME" a line, one
 * name per address (a global name without @VERSION if there is one), for
 * bench/pid_arm.py to give bpftrace the same functions.
 *
 * Prints, once attached:
 *   ready probes N refused R symbols_ms S attach_ms A
 * waits until stdin is closed (EOF) or SIGINT/SIGTERM arrives (with -q it
 * does not wait), detaches (closes the link or the perf events) and prints
 *   detach_ms D
 *   count C          (firings, summed over CPUs)
 *
 * Usage: libbpf_uprobe [-m] [-q] [-D] [-p PID] PATH FUNC
 *        libbpf_uprobe [-m] [-q] [-D] [-p PID] [-X OFFS] -a PATH [GLOB]
 *        libbpf_uprobe -l [-D] [-X OFFS] -a PATH [GLOB]
 * Build: gcc -O2 -Wall -Wextra -Werror -o libbpf_uprobe libbpf_uprobe.c
 *            -lbpf -lelf
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
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
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

/* Newer uapi than the 6.1 headers (include/uapi/linux/bpf.h, 6.6+). */
#define DT_BPF_TRACE_UPROBE_MULTI 48

/* union bpf_attr's link_create as of 6.6, only the uprobe_multi member. */
struct link_create_uprobe_multi {
	uint32_t prog_fd;
	uint32_t target_fd;
	uint32_t attach_type;
	uint32_t flags;
	uint64_t path;
	uint64_t offsets;
	uint64_t ref_ctr_offsets;
	uint64_t cookies;
	uint32_t cnt;
	uint32_t um_flags;
	uint32_t pid;
	uint32_t pad;
};

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
	fprintf(stderr, "libbpf_uprobe: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void fail(const char *what)
{
	fprintf(stderr, "libbpf_uprobe: %s\n", what);
	exit(1);
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* ------------------------------------------------------------ symbols */

struct fn {
	uint64_t addr;		/* virtual address in the object */
	uint64_t size;
	char *name;
	int rank;		/* 0 global, 1 local, 2 versioned: for -l */
};

static struct fn *fns;
static size_t nfns, fncap;

static void add_fn(uint64_t addr, uint64_t size, const char *name, int bind)
{
	if (nfns == fncap) {
		fncap = fncap ? 2 * fncap : 1024;
		fns = realloc(fns, fncap * sizeof(*fns));
		if (!fns)
			die("realloc");
	}
	fns[nfns].addr = addr;
	fns[nfns].size = size;
	fns[nfns].name = strdup(name);
	if (!fns[nfns].name)
		die("strdup");
	fns[nfns].rank = strchr(name, '@') ? 2 : bind == STB_LOCAL;
	nfns++;
}

/* Does symbol name SYM name FUNC (exactly, or FUNC@VERSION)? */
static int name_is(const char *sym, const char *func)
{
	size_t n = strlen(func);

	return strncmp(sym, func, n) == 0 && (sym[n] == '\0' || sym[n] == '@');
}

/* Does symbol name SYM, without its @VERSION, match GLOB? */
static int glob_match(const char *glob, const char *sym)
{
	char buf[512];
	size_t n = strcspn(sym, "@");

	if (n >= sizeof(buf))
		return 0;
	memcpy(buf, sym, n);
	buf[n] = '\0';
	return fnmatch(glob, buf, 0) == 0;
}

/*
 * Add the function symbols of ELF file E (those named FUNC, or with FUNC
 * NULL every one or those matching GLOB) to fns.  The symbol tables of type NOBITS (stripped into a debug file)
 * are skipped.
 */
static void read_syms(Elf *e, const char *func, const char *glob)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(e, scn)) != NULL) {
		Elf_Data *d;
		size_t i, n;

		if (!gelf_getshdr(scn, &sh) ||
		    (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) ||
		    sh.sh_entsize == 0)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || d->d_size == 0)
			continue;
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n; i++) {
			GElf_Sym s;
			const char *name;
			int t;

			if (!gelf_getsym(d, (int)i, &s))
				continue;
			t = GELF_ST_TYPE(s.st_info);
			if ((t != STT_FUNC && t != STT_GNU_IFUNC) ||
			    s.st_shndx == SHN_UNDEF || s.st_value == 0)
				continue;
			name = elf_strptr(e, sh.sh_link, s.st_name);
			if (!name)
				continue;
			if (func) {
				if (name_is(name, func))
					add_fn(s.st_value, s.st_size, name,
					       GELF_ST_BIND(s.st_info));
				continue;
			}
			if (s.st_size == 0 || strcmp(name, "_init") == 0 ||
			    strcmp(name, "_fini") == 0 ||
			    (glob && !glob_match(glob, name)))
				continue;
			add_fn(s.st_value, s.st_size, name,
			       GELF_ST_BIND(s.st_info));
		}
	}
}

/* The separate debug file of E, by its build id, or -1. */
static int open_debug_file(Elf *e)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(e, scn)) != NULL) {
		Elf_Data *d;
		GElf_Nhdr nh;
		size_t off = 0, noff, doff;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		d = elf_getdata(scn, NULL);
		while (d && (off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
			const unsigned char *id = (const unsigned char *)d->d_buf + doff;
			char path[256];
			size_t k, p;

			if (nh.n_type != NT_GNU_BUILD_ID || nh.n_descsz < 2 ||
			    nh.n_namesz != 4 ||
			    memcmp((const char *)d->d_buf + noff, "GNU", 4) != 0)
				continue;
			p = (size_t)snprintf(path, sizeof(path),
					     "/usr/lib/debug/.build-id/%02x/",
					     id[0]);
			for (k = 1; k < nh.n_descsz && p + 3 < sizeof(path); k++)
				p += (size_t)snprintf(path + p, sizeof(path) - p,
						      "%02x", id[k]);
			snprintf(path + p, sizeof(path) - p, ".debug");
			return open(path, O_RDONLY | O_CLOEXEC);
		}
	}
	return -1;
}

static int cmp_fn(const void *a, const void *b)
{
	const struct fn *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->rank - y->rank;	/* the best name of an address first */
}

/*
 * The file offsets of the functions of PATH (named FUNC, or all): symbols
 * to distinct addresses, addresses to file offsets through the PT_LOAD
 * program header holding them.  Returns how many, in *offs.
 */
static size_t function_offsets(const char *path, const char *func,
			       const char *glob, int debug_file, uint64_t **offs,
			       char ***names)
{
	GElf_Phdr *ph;
	size_t nph, i, j, n;
	Elf *e, *de = NULL;
	int fd, dfd = -1;

	if (elf_version(EV_CURRENT) == EV_NONE)
		fail("libelf too old");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		die(path);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || elf_getphdrnum(e, &nph) != 0)
		fail("not an ELF object");
	ph = calloc(nph ? nph : 1, sizeof(*ph));
	if (!ph)
		die("calloc");
	for (i = 0; i < nph; i++)
		if (!gelf_getphdr(e, (int)i, &ph[i]))
			fail("bad program header");

	read_syms(e, func, glob);
	if (debug_file && (dfd = open_debug_file(e)) >= 0) {
		de = elf_begin(dfd, ELF_C_READ, NULL);
		if (de && elf_kind(de) == ELF_K_ELF)
			read_syms(de, func, glob);
	}
	if (nfns == 0) {
		fprintf(stderr, "libbpf_uprobe: no function %s in %s\n",
			func ? func : "", path);
		exit(1);
	}

	qsort(fns, nfns, sizeof(*fns), cmp_fn);
	*offs = calloc(nfns, sizeof(**offs));
	*names = calloc(nfns, sizeof(**names));
	if (!*offs || !*names)
		die("calloc");
	for (i = n = 0; i < nfns; i++) {
		if (i > 0 && fns[i].addr == fns[i - 1].addr)
			continue;		/* an alias */
		for (j = 0; j < nph; j++)
			if (ph[j].p_type == PT_LOAD &&
			    fns[i].addr >= ph[j].p_vaddr &&
			    fns[i].addr < ph[j].p_vaddr + ph[j].p_filesz)
				break;
		if (j == nph)
			continue;		/* not in the file */
		(*names)[n] = fns[i].name;
		fns[i].name = NULL;
		(*offs)[n++] = fns[i].addr - ph[j].p_vaddr + ph[j].p_offset;
		if (func)
			break;			/* the first match */
	}

	if (de)
		elf_end(de);
	if (dfd >= 0)
		close(dfd);
	elf_end(e);
	close(fd);
	free(ph);
	for (i = 0; i < nfns; i++)
		free(fns[i].name);
	free(fns);
	return n;
}

/* ------------------------------------------------------------ attach */

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

/* One perf-event uprobe at offset OFF of PATH running PROG_FD; its fd. */
static int perf_uprobe(int type, const char *path, uint64_t off, int pid,
		       int prog_fd)
{
	struct perf_event_attr attr;
	int pfd;

	memset(&attr, 0, sizeof(attr));
	attr.type = (uint32_t)type;
	attr.size = sizeof(attr);
	attr.config1 = (uint64_t)(uintptr_t)path;	/* uprobe_path */
	attr.config2 = off;				/* probe_offset */
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	/* A task's event (pid, any CPU), or system-wide (pid -1, CPU 0: the
	 * program runs whichever CPU the call is on). */
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

static int multi_uprobe(const char *path, const uint64_t *offs, size_t n,
			int pid, int prog_fd)
{
	struct link_create_uprobe_multi attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_fd = (uint32_t)prog_fd;
	attr.attach_type = DT_BPF_TRACE_UPROBE_MULTI;
	attr.path = (uint64_t)(uintptr_t)path;
	attr.offsets = (uint64_t)(uintptr_t)offs;
	attr.cnt = (uint32_t)n;
	attr.pid = pid > 0 ? (uint32_t)pid : 0;
	return (int)syscall(SYS_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
}

/*
 * The kernel refuses a whole link when it cannot probe one of its
 * instructions (ENOTSUPP, 524, from the architecture's instruction
 * decoder).  Find those offsets by bisection (untimed), drop them from
 * offs and return how many are left; *refused is added how many were
 * dropped.
 */
static int refused_at(const char *path, const uint64_t *offs, size_t n,
		      int pid, int prog_fd, uint8_t *bad)
{
	int fd, nbad = 0;

	if (n == 0)
		return 0;
	fd = multi_uprobe(path, offs, n, pid, prog_fd);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	if (n == 1) {
		bad[0] = 1;
		return 1;
	}
	nbad += refused_at(path, offs, n / 2, pid, prog_fd, bad);
	nbad += refused_at(path, offs + n / 2, n - n / 2, pid, prog_fd,
			   bad + n / 2);
	return nbad;
}

static size_t drop_refused(const char *path, uint64_t *offs, size_t n,
			   int pid, int prog_fd, size_t *refused)
{
	uint8_t *bad = calloc(n ? n : 1, 1);
	size_t i, m = 0;

	if (!bad)
		die("calloc");
	refused_at(path, offs, n, pid, prog_fd, bad);
	for (i = 0; i < n; i++) {
		if (bad[i])
			fprintf(stderr, "libbpf_uprobe: refused: 0x%llx\n",
				(unsigned long long)offs[i]);
		else
			offs[m++] = offs[i];
	}
	free(bad);
	*refused += n - m;
	return m;
}

/* Drop from offs the offsets listed in LIST ("0x1a0,0x2b0,..."). */
static size_t drop_listed(const char *list, uint64_t *offs, size_t n,
			  size_t *dropped)
{
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		const char *p = list;
		int hit = 0;

		while (*p && !hit) {
			char *end;

			hit = strtoull(p, &end, 0) == offs[i];
			if (end == p)
				fail("bad -X list");
			p = *end == ',' ? end + 1 : end;
		}
		if (!hit)
			offs[m++] = offs[i];
	}
	*dropped += n - m;
	return m;
}

static void free_names(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static void usage(void)
{
	fprintf(stderr, "usage: libbpf_uprobe [-m] [-q] [-D] [-p PID] PATH FUNC\n"
			"       libbpf_uprobe [-m] [-q] [-D] [-p PID] "
			"[-X OFFS] -a PATH [GLOB]\n"
			"       libbpf_uprobe -l [-D] [-X OFFS] -a PATH [GLOB]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int multi = 0, all = 0, list = 0, nowait = 0, debug_file = 1, pid = 0;
	const char *path, *func = NULL, *glob = NULL, *exclude = NULL;
	double t0, t1, t2, t3, t4;
	uint64_t *offs, *vals, sum = 0;
	int map_fd, prog_fd, ncpu, opt, *fds;
	size_t n, n0, i, j, nfd = 0, refused = 0;
	uint64_t *names_off;
	char **names;
	struct sigaction sa;
	struct rlimit rl;
	uint32_t key = 0;
	char log[65536], c;

	while ((opt = getopt(argc, argv, "almqDp:X:")) != -1) {
		switch (opt) {
		case 'a': all = 1; break;
		case 'm': multi = 1; break;
		case 'l': list = 1; break;
		case 'q': nowait = 1; break;
		case 'D': debug_file = 0; break;
		case 'X': exclude = optarg; break;
		case 'p': pid = atoi(optarg); if (pid <= 0) usage(); break;
		default: usage();
		}
	}
	if (argc - optind != 2 && !(all && argc - optind == 1))
		usage();
	path = argv[optind];
	if (!all)
		func = argv[optind + 1];
	else if (argc - optind == 2)
		glob = argv[optind + 1];

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: read() gets EINTR */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	t0 = now_ms();
	n0 = function_offsets(path, func, glob, debug_file, &offs, &names);
	n = n0;
	names_off = malloc(n0 * sizeof(*names_off));
	if (!names_off)
		die("malloc");
	memcpy(names_off, offs, n0 * sizeof(*names_off));
	if (exclude)
		n = drop_listed(exclude, offs, n, &refused);
	if (list) {
		/* offs is a subsequence of the n0 offsets names belong to */
		for (i = j = 0; i < n; i++) {
			while (j < n0 && names_off[j] != offs[i])
				j++;
			printf("0x%llx %s\n", (unsigned long long)offs[i],
			       j < n0 ? names[j] : "?");
		}
		free_names(names, n0);
		free(names_off);
		free(offs);
		return 0;
	}
	free_names(names, n0);
	free(names_off);
	t1 = now_ms();

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
		    .log_size = sizeof(log), .log_level = 0);
	if (multi)
		popts.expected_attach_type =
			(enum bpf_attach_type)DT_BPF_TRACE_UPROBE_MULTI;
	log[0] = '\0';
	prog_fd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "count_uprobe", "GPL",
				prog, sizeof(prog) / sizeof(prog[0]), &popts);
	if (prog_fd < 0) {
		errno = -prog_fd;
		fprintf(stderr, "libbpf_uprobe: bpf_prog_load: %s\n%s\n",
			strerror(errno), log);
		return 1;
	}

	fds = calloc(multi ? 1 : n, sizeof(*fds));
	if (!fds)
		die("calloc");
	t2 = now_ms();
	if (multi) {
		fds[0] = multi_uprobe(path, offs, n, pid, prog_fd);
		if (fds[0] < 0 && errno == 524 && all) {
			/* ENOTSUPP: an instruction the kernel cannot probe.
			 * Drop those (untimed) and time the attach again. */
			n = drop_refused(path, offs, n, pid, prog_fd, &refused);
			t2 = now_ms();
			fds[0] = multi_uprobe(path, offs, n, pid, prog_fd);
		}
		if (fds[0] < 0)
			die("BPF_LINK_CREATE (BPF_TRACE_UPROBE_MULTI)");
		nfd = 1;
	} else {
		int type = uprobe_pmu_type();

		/* One fd per function: lift the soft limit to the hard one. */
		if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < n + 64) {
			rl.rlim_cur = rl.rlim_max;
			setrlimit(RLIMIT_NOFILE, &rl);
		}
		for (i = 0; i < n; i++) {
			int fd = perf_uprobe(type, path, offs[i], pid, prog_fd);

			if (fd >= 0) {
				fds[nfd++] = fd;
				continue;
			}
			fprintf(stderr, "libbpf_uprobe: uprobe at 0x%llx of "
				"%s: %s\n", (unsigned long long)offs[i], path,
				strerror(errno));
			if (!all || errno != 524)
				return 1;
			refused++;
		}
		n = nfd;
	}
	t3 = now_ms();

	printf("ready probes %zu refused %zu symbols_ms %.1f attach_ms %.1f\n",
	       n, refused, t1 - t0, t3 - t2);
	fflush(stdout);

	/* Wait for EOF on stdin, or a signal. */
	while (!nowait && !stop) {
		ssize_t r = read(0, &c, 1);
		if (r == 0 || (r < 0 && errno != EINTR))
			break;
	}

	t3 = now_ms();
	for (i = 0; i < nfd; i++)
		close(fds[i]);		/* detaches */
	t4 = now_ms();
	printf("detach_ms %.1f\n", t4 - t3);

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
	free(fds);
	free(offs);
	close(prog_fd);
	close(map_fd);
	return 0;
}
