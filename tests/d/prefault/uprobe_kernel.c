/*
 * uprobe_kernel.c - the kernel facts the prefault design rests on
 * (docs/ARCHITECTURE.md, "User memory in uprobe programs"), checked on the
 * running kernel with hand-written BPF; run by tst.kernel.sh as root.
 *
 * A uprobe on this program's own take_string(), whose argument points
 * into a MAP_PRIVATE file mapping never touched (the page is in the page
 * cache but not in our page tables), and two programs on it: "reader",
 * not sleepable, bpf_probe_read_user_str() of arg0 (what copyinstr()
 * does), and "prefault", sleepable, bpf_copy_from_user() of the same
 * bytes into a throw-away buffer.  Checked, each on a fresh mapping:
 *   1. reader alone fails on the fresh page (and reads a touched one);
 *   2. with prefault attached after reader (two uprobe perf events),
 *      prefault runs first and reader reads the string;
 *   3. attached the other way round, reader runs first and fails (the
 *      kernel runs the newest consumer of a uprobe first);
 *   4. the same as 2 with two multi-uprobe links (BPF_TRACE_UPROBE_MULTI,
 *      Linux 6.6; declared by hand, the headers are 6.1's);
 *   5. the verifier refuses a sleepable program that writes to a
 *      PERF_EVENT_ARRAY: its message is printed;
 *   6. the companion libdtrace generates (cg/prefault.c) and loads
 *      (rt/load.c dt_prefault_load) for `copyinstr(arg0)`, on a
 *      stand-in probe whose provider loads argN from pt_regs, works as
 *      the hand-written one (attached after reader), and does nothing
 *      while tracing is not active; it is loaded once for probes with
 *      the same clauses; the verifier accepts a pointer read (argv).
 * It is linked with libdtrace's objects (build/lib) for check 6.
 * Prints one line per check, "ok ..." or "FAIL ..."; exits 1 on a failure.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "dtrace.h"
#include "base/handle.h"
#include "cg/cg.h"
#include "rt/rt.h"

#define UPROBE_MULTI 48		/* BPF_TRACE_UPROBE_MULTI (Linux 6.6) */

static const char msg[] = "a string in a page never touched";

/* the probed function: arg0 is the string */
__attribute__((noinline)) int take_string(const char *s)
{
	__asm__ volatile("" : : "r"(s) : "memory");
	return 0;
}

/* the shared map's value */
struct res {
	int64_t reader_ret;	/* bpf_probe_read_user_str's result */
	int64_t pf_ret;		/* bpf_copy_from_user's */
	uint64_t pf_ran;	/* prefault ran */
	uint64_t saw_pf;	/* reader saw prefault's mark: it ran after */
	char str[64];		/* what reader read */
	char junk[64];		/* prefault's throw-away buffer */
};

static int map_fd;
static const char *fpath;
static int failures;

static void check(int ok, const char *what, const struct res *r)
{
	printf("%s %s (reader %lld \"%s\", prefault %lld, prefault first %s)\n",
	    ok ? "ok" : "FAIL", what, (long long)r->reader_ret, r->reader_ret > 0 ? r->str : "",
	    (long long)r->pf_ret, r->pf_ran ? (r->saw_pf ? "yes" : "no") : "-");
	failures += !ok;
}

static int load(struct bpf_insn *in, size_t n, int sleepable, int attach_type, char *log,
    size_t loglen)
{
	LIBBPF_OPTS(bpf_prog_load_opts, o);
	o.prog_flags = sleepable ? BPF_F_SLEEPABLE : 0;
	o.expected_attach_type = (enum bpf_attach_type)attach_type;
	if (log) {
		o.log_buf = log;
		o.log_size = (uint32_t)loglen;
		o.log_level = 1;
	}
	return bpf_prog_load(BPF_PROG_TYPE_KPROBE, sleepable ? "pf" : "rd", "GPL", in, n, &o);
}

#define LD_MAPVAL(reg, fd, off) \
	LD_IMM64_LO(reg, BPF_PSEUDO_MAP_VALUE, fd), INSN(0, 0, 0, 0, off)

/* reader: res.str = probe_read_user_str(arg0); res.saw_pf = res.pf_ran */
static int load_reader(int attach_type)
{
	struct bpf_insn in[] = {
		LDX_MEM(BPF_DW, R3, R1, 112),		/* pt_regs->di */
		LD_MAPVAL(R6, map_fd, 0),
		MOV64_REG(R1, R6),
		ALU64_IMM(BPF_ADD, R1, offsetof(struct res, str)),
		MOV64_IMM(R2, 64),
		CALL_HELPER(BPF_FUNC_probe_read_user_str),
		STX_MEM(BPF_DW, R6, R0, offsetof(struct res, reader_ret)),
		LDX_MEM(BPF_DW, R1, R6, offsetof(struct res, pf_ran)),
		STX_MEM(BPF_DW, R6, R1, offsetof(struct res, saw_pf)),
		MOV64_IMM(R0, 0),
		EXIT_INSN(),
	};
	return load(in, sizeof(in) / sizeof(in[0]), 0, attach_type, NULL, 0);
}

/* prefault: copy_from_user(res.junk, 64, arg0); res.pf_ran = 1 */
static int load_prefault(int attach_type)
{
	struct bpf_insn in[] = {
		LDX_MEM(BPF_DW, R3, R1, 112),
		LD_MAPVAL(R6, map_fd, 0),
		MOV64_REG(R1, R6),
		ALU64_IMM(BPF_ADD, R1, offsetof(struct res, junk)),
		MOV64_IMM(R2, 64),
		CALL_HELPER(BPF_FUNC_copy_from_user),
		STX_MEM(BPF_DW, R6, R0, offsetof(struct res, pf_ret)),
		ST_MEM(BPF_DW, R6, offsetof(struct res, pf_ran), 1),
		MOV64_IMM(R0, 0),
		EXIT_INSN(),
	};
	return load(in, sizeof(in) / sizeof(in[0]), 1, attach_type, NULL, 0);
}

/* the file offset of take_string in our executable (from /proc/self/maps) */
static uint64_t func_offset(void)
{
	uintptr_t a = (uintptr_t)take_string;
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	uint64_t off = 0;
	while (f && fgets(line, sizeof(line), f)) {
		unsigned long lo, hi, fo;
		if (sscanf(line, "%lx-%lx %*s %lx", &lo, &hi, &fo) == 3 && a >= lo && a < hi) {
			off = a - lo + fo;
			break;
		}
	}
	if (f)
		fclose(f);
	return off;
}

static char exe[4096];

/* a uprobe perf event on take_string (this process only) running prog */
static int attach_perf(int prog)
{
	struct perf_event_attr pa;
	memset(&pa, 0, sizeof(pa));
	pa.size = sizeof(pa);
	pa.type = 8;
	FILE *t = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
	if (t) {
		if (fscanf(t, "%u", &pa.type) != 1)
			pa.type = 8;
		fclose(t);
	}
	pa.config1 = (uint64_t)(uintptr_t)exe;
	pa.config2 = func_offset();
	int fd = (int)syscall(SYS_perf_event_open, &pa, getpid(), -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -1;
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog) < 0 || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* a multi-uprobe link of one offset (this process only) */
static int attach_multi(int prog)
{
	union {
		union bpf_attr attr;
		struct {
			uint32_t prog_fd, target_fd, attach_type, flags;
			uint64_t path, offsets, ref_ctr_offsets, cookies;
			uint32_t cnt, uflags, pid;
		} lc;
	} u;
	uint64_t off = func_offset();
	memset(&u, 0, sizeof(u));
	u.lc.prog_fd = (uint32_t)prog;
	u.lc.attach_type = UPROBE_MULTI;
	u.lc.path = (uint64_t)(uintptr_t)exe;
	u.lc.offsets = (uint64_t)(uintptr_t)&off;
	u.lc.cnt = 1;
	u.lc.pid = (uint32_t)getpid();
	return (int)syscall(SYS_bpf, BPF_LINK_CREATE, &u.attr, sizeof(u.attr));
}

/* call take_string on a fresh mapping of the file (touched first if
 * touch) and return what the programs left */
static struct res trial(int touch)
{
	struct res r;
	uint32_t key = 0;
	memset(&r, 0, sizeof(r));
	bpf_map_update_elem(map_fd, &key, &r, BPF_ANY);
	int fd = open(fpath, O_RDONLY);
	char *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	if (touch)
		__asm__ volatile("" : : "r"(*(volatile char *)p));
	take_string(p);
	munmap(p, 4096);
	bpf_map_lookup_elem(map_fd, &key, &r);
	return r;
}

/* the stand-in provider: argN from pt_regs (di, si, dx, cx, r8, r9) */
static int uarg(dtrace_hdl_t *dtp, struct dt_asm *a, struct dt_probe *p, int i, int reg)
{
	static const int off[6] = { 112, 104, 96, 88, 72, 64 };
	(void)dtp; (void)p;
	if (i >= 6)
		return -1;
	dt_asm_emit(a, LDX_MEM(BPF_DW, reg, R6, off[i]));
	return 0;
}

static void generated(int rd)
{
	static struct dt_provider_ops ops = {
		.name = "ustandin", .prog_type = BPF_PROG_TYPE_KPROBE,
		.flags = DT_PROVF_PREFAULT, .cg_uarg = uarg,
	};
	const char *src = "BEGIN { trace(copyinstr(arg0)); }";
	int e, n = 0;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	if (!dtp || dtrace_compile(dtp, src, src, 0, &n) < 0) {
		printf("FAIL %s does not compile: %s\n", src, dtp ? dtrace_errmsg(dtp) : "open");
		failures++;
		return;
	}
	/* the globals map the companion checks the activity state in */
	uint64_t state = 0;
	uint32_t key = 0;
	int gfd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "pf_globals", 4, 64, 1, NULL);
	dtp->fd_globals = gfd;
	struct dt_probe p;
	memset(&p, 0, sizeof(p));
	p.id = 1;
	p.ops = &ops;
	p.clauses = dtp->stmts;
	p.nclauses = dtp->nstmts;
	if (gfd < 0 || dt_prefault_load(dtp, &p, "ustandin:::") < 0 || p.prefault_fd < 0) {
		printf("FAIL the generated companion does not load: %s\n", dtrace_errmsg(dtp));
		failures++;
	} else {
		/* the same companion for another probe with the same clauses:
		 * loaded once; another clause: another program */
		const char *src3 = "BEGIN { trace(copyinstr(arg1)); }";
		struct dt_probe q = p, q3 = p;
		q.id = 2;
		q3.id = 3;
		int nst = dtp->nstmts;
		int ok = dt_prefault_load(dtp, &q, "ustandin:::2") == 0 &&
		    q.prefault_fd == p.prefault_fd;
		if (ok && dtrace_compile(dtp, src3, src3, 0, &n) == 0 && dtp->nstmts == nst + 1) {
			q3.clauses = dtp->stmts + nst;
			q3.nclauses = 1;
			ok = dt_prefault_load(dtp, &q3, "ustandin:::3") == 0 && q3.prefault_fd >= 0 &&
			    q3.prefault_fd != p.prefault_fd;
		} else {
			ok = 0;
		}
		printf("%s one companion loaded for probes with the same clauses (%d %d), "
		    "another for others (%d)\n", ok ? "ok" : "FAIL", p.prefault_fd, q.prefault_fd,
		    q3.prefault_fd);
		failures += !ok;
		int l1 = attach_perf(rd), l2 = attach_perf(p.prefault_fd);
		struct res r = trial(0);
		check(l1 >= 0 && l2 >= 0 && r.reader_ret < 0,
		    "generated companion: nothing while tracing is inactive", &r);
		state = 1;			/* DT_ST_ACTIVE */
		bpf_map_update_elem(gfd, &key, &(uint64_t[8]){ state }, BPF_ANY);
		r = trial(0);
		check(l1 >= 0 && l2 >= 0 && r.reader_ret == (int64_t)sizeof(msg) &&
		    strcmp(r.str, msg) == 0, "generated companion: attached last, reader reads", &r);
		close(l1);
		close(l2);
	}
	/* argv's shape (a pointer read from user memory) and lengths read
	 * from the arguments: the verifier accepts them (tst.freshpage.sh
	 * runs them with the pid provider) */
	const char *src2 = "BEGIN { trace(copyinstr(*(uintptr_t *)copyin(arg1 + 8, 8) + 2)); "
	    "trace(copyinstr(arg0, arg1)); tracemem(copyin(arg2, arg3 + 1), 8); }";
	dtrace_hdl_t *d2 = dtrace_open(&e);
	struct dt_probe p2;
	memset(&p2, 0, sizeof(p2));
	p2.ops = &ops;
	if (d2 && dtrace_compile(d2, src2, src2, 0, &n) == 0) {
		d2->fd_globals = gfd;
		p2.clauses = d2->stmts;
		p2.nclauses = d2->nstmts;
		int rc = dt_prefault_load(d2, &p2, "ustandin:::argv");
		printf("%s generated companion of a pointer read and lengths in arguments loads%s%s\n",
		    rc == 0 && p2.prefault_fd >= 0 ? "ok" : "FAIL", rc < 0 ? ": " : "",
		    rc < 0 ? dtrace_errmsg(d2) : "");
		failures += !(rc == 0 && p2.prefault_fd >= 0);
		d2->fd_globals = -1;
	} else {
		printf("FAIL %s does not compile\n", src2);
		failures++;
	}
	if (d2)
		dtrace_close(d2);
	if (gfd >= 0)
		close(gfd);
	dtp->fd_globals = -1;
	dtrace_close(dtp);
}

int main(void)
{
	char tmpl[] = "/tmp/prefault.XXXXXX";
	int fd = mkstemp(tmpl);
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (fd < 0 || len <= 0 || write(fd, msg, sizeof(msg)) != (ssize_t)sizeof(msg)) {
		perror("setup");
		return 2;
	}
	exe[len] = '\0';
	close(fd);
	fpath = tmpl;
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "pf_res", 4, sizeof(struct res), 1, NULL);
	int rd = load_reader(0), pf = load_prefault(0);
	int rdm = load_reader(UPROBE_MULTI), pfm = load_prefault(UPROBE_MULTI);
	if (map_fd < 0 || rd < 0 || pf < 0 || rdm < 0 || pfm < 0) {
		printf("FAIL cannot load the programs: %s (map %d, reader %d, prefault %d, "
		    "multi %d %d)\n", strerror(errno), map_fd, rd, pf, rdm, pfm);
		unlink(tmpl);
		return 1;
	}
	struct res r;

	/* 1. reader alone */
	int l1 = attach_perf(rd);
	if (l1 < 0) {
		printf("FAIL uprobe perf event: %s\n", strerror(errno));
		unlink(tmpl);
		return 1;
	}
	r = trial(0);
	check(r.reader_ret < 0, "non-sleepable read of a fresh page fails", &r);
	r = trial(1);
	check(r.reader_ret == (int64_t)sizeof(msg) && strcmp(r.str, msg) == 0,
	    "non-sleepable read of a touched page reads", &r);

	/* 2. prefault attached after reader: runs first */
	int l2 = attach_perf(pf);
	if (l2 < 0)
		printf("FAIL sleepable program on a uprobe perf event: %s\n", strerror(errno)), failures++;
	r = trial(0);
	check(r.pf_ran && r.saw_pf && r.pf_ret == 0 && r.reader_ret == (int64_t)sizeof(msg) &&
	    strcmp(r.str, msg) == 0, "perf events: prefault attached last runs first, reader reads", &r);
	close(l1);
	close(l2);

	/* 3. the other order: reader runs first and fails */
	l2 = attach_perf(pf);
	l1 = attach_perf(rd);
	r = trial(0);
	check(r.pf_ran && !r.saw_pf && r.reader_ret < 0,
	    "perf events: reader attached last runs first, fails", &r);
	close(l1);
	close(l2);

	/* 4. multi-uprobe links, prefault last */
	l1 = attach_multi(rdm);
	l2 = l1 < 0 ? -1 : attach_multi(pfm);
	if (l1 < 0 || l2 < 0) {
		printf("FAIL multi-uprobe link (%s): %s\n", l1 < 0 ? "reader" : "sleepable prefault",
		    strerror(errno));
		failures++;
	} else {
		r = trial(0);
		check(r.pf_ran && r.saw_pf && r.reader_ret == (int64_t)sizeof(msg) &&
		    strcmp(r.str, msg) == 0, "multi-uprobe links: prefault last runs first, reader reads", &r);
	}
	if (l1 >= 0)
		close(l1);
	if (l2 >= 0)
		close(l2);

	/* 5. a sleepable program may not write to a perf event array */
	int pea = bpf_map_create(BPF_MAP_TYPE_PERF_EVENT_ARRAY, "pf_pea", 4, 4, 1, NULL);
	struct bpf_insn out[] = {
		ST_MEM(BPF_DW, R10, -8, 0),
		LD_IMM64_LO(R2, BPF_PSEUDO_MAP_FD, pea), INSN(0, 0, 0, 0, 0),
		INSN(BPF_ALU | BPF_MOV | BPF_K, R3, 0, 0, -1),
		MOV64_REG(R4, R10),
		ALU64_IMM(BPF_ADD, R4, -8),
		MOV64_IMM(R5, 8),
		CALL_HELPER(BPF_FUNC_perf_event_output),
		MOV64_IMM(R0, 0),
		EXIT_INSN(),
	};
	static char log[65536];
	int so = load(out, sizeof(out) / sizeof(out[0]), 1, 0, log, sizeof(log));
	int ns = load(out, sizeof(out) / sizeof(out[0]), 0, 0, NULL, 0);
	/* the last line but the "processed N insns" summary */
	char *last = log + strlen(log);
	for (int pass = 0; pass < 2; pass++) {
		while (last > log && last[-1] == '\n')
			*--last = '\0';
		while (last > log && last[-1] != '\n')
			last--;
		if (strncmp(last, "processed ", 10) != 0)
			break;
		*last = '\0';
	}
	printf("%s sleepable program with a PERF_EVENT_ARRAY refused (not sleepable: %s): %s\n",
	    so < 0 && ns >= 0 ? "ok" : "FAIL", ns >= 0 ? "loads" : "refused too", last);
	failures += !(so < 0 && ns >= 0);

	/* 6. the generated companion */
	generated(rd);
	unlink(tmpl);
	return failures ? 1 : 0;
}
