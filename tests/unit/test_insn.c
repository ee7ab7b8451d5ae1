/*
 * test_insn.c - kernel/insn.c: instruction starts and return sites of
 * hand-assembled x86-64 code (prologue, endbr64, the ret forms, jumps
 * in and out of the function, jump tables, VEX/EVEX, truncated and
 * undecodable bytes), dt_insn_read_func against the bytes the running
 * process has mapped, the starts of a few functions against objdump's,
 * and a sweep over every function of this test binary and of libc.so.6
 * (how many decode to the end, and how long that takes).
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "kernel/insn.h"
#include "check.h"

/* exact starts and rets of code[0..len) */
static void expect(const char *what, const uint8_t *code, size_t len, int complete,
    const uint32_t *starts, size_t ns, const uint32_t *rets, size_t nr)
{
	struct dt_insn_fn f;
	int ok;

	CHECK(dt_insn_scan(code, len, 0x401000, &f) == 0, "%s: scan failed", what);
	ok = f.complete == complete && f.nstarts == ns && f.nrets == nr &&
	    !memcmp(f.starts, starts, ns * sizeof(*starts)) &&
	    (!nr || !memcmp(f.rets, rets, nr * sizeof(*rets)));
	CHECK(ok, "%s: complete %d, %zu starts, %zu rets", what, f.complete, f.nstarts, f.nrets);
	if (!ok) {
		for (size_t i = 0; i < f.nstarts; i++)
			printf("  start %" PRIu32 "\n", f.starts[i]);
		for (size_t i = 0; i < f.nrets; i++)
			printf("  ret %" PRIu32 "\n", f.rets[i]);
	}
	dt_insn_free(&f);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define EXPECT(what, code, complete, starts, rets) \
	expect(what, code, sizeof(code), complete, starts, N(starts), rets, N(rets))

static void hand_assembled(void)
{
	/* endbr64; push %rbp; mov %rsp,%rbp; mov %edi,-4(%rbp); pop %rbp; ret */
	static const uint8_t prologue[] = { 0xf3, 0x0f, 0x1e, 0xfa, 0x55, 0x48, 0x89, 0xe5,
		0x89, 0x7d, 0xfc, 0x5d, 0xc3 };
	static const uint32_t prologue_s[] = { 0, 4, 5, 8, 11, 12 }, prologue_r[] = { 12 };
	/* ret $8; rep ret; bnd ret; lret; lret $4 */
	static const uint8_t rets[] = { 0xc2, 0x08, 0x00, 0xf3, 0xc3, 0xf2, 0xc3, 0xcb,
		0xca, 0x04, 0x00 };
	static const uint32_t rets_s[] = { 0, 3, 5, 7, 8 }, rets_r[] = { 0, 3, 5, 7, 8 };
	/* 0: jmp .+4 (rel8, to 4); 2: nop; 3: nop; 4: jmp .-128 (before the
	 * start); 6: jmp rel32 +0 (to 11: inside); 11: jmp rel32 (to 27:
	 * past the end); 16: je rel8 (to 0: inside); 18: jne rel32 (to
	 * 24+0x100: outside); 24: js rel8 (to 26 = len: the next function,
	 * outside) */
	static const uint8_t jumps[] = { 0xeb, 0x02, 0x90, 0x90, 0xeb, 0x80,
		0xe9, 0x00, 0x00, 0x00, 0x00, 0xe9, 0x0b, 0x00, 0x00, 0x00,
		0x74, 0xee, 0x0f, 0x85, 0x00, 0x01, 0x00, 0x00, 0x78, 0x00 };
	static const uint32_t jumps_s[] = { 0, 2, 3, 4, 6, 11, 16, 18, 24 },
		jumps_r[] = { 4, 11, 18, 24 };
	/* through a register or an indexed table (not returns): 0: jmp
	 * *(%rax,%rdx,8); 3: notrack jmp *%rax; 6: jmp *%rax; 21: jmp
	 * *(%rax,%r8,8); through a pointer in memory (tail calls): 8: jmp
	 * *0x10(%rax); 11: jmp *0x0(%rip); 17: jmp *0x8(%rsp); 25: jmp
	 * *0x1000; then 32: call rel32 (a noreturn function); 37: ud2
	 * (bytes from GNU as) */
	static const uint8_t table[] = { 0xff, 0x24, 0xd0, 0x3e, 0xff, 0xe0, 0xff, 0xe0,
		0xff, 0x60, 0x10, 0xff, 0x25, 0x00, 0x00, 0x00, 0x00, 0xff, 0x64, 0x24, 0x08,
		0x42, 0xff, 0x24, 0xc0, 0xff, 0x24, 0x25, 0x00, 0x10, 0x00, 0x00,
		0xe8, 0x00, 0x10, 0x00, 0x00, 0x0f, 0x0b };
	static const uint32_t table_s[] = { 0, 3, 6, 8, 11, 17, 21, 25, 32, 37 },
		table_r[] = { 8, 11, 17, 25 };
	/* vzeroupper; vmovdqa (%rsi),%ymm0; vbroadcastss (%rsi),%ymm0;
	 * vpternlogd $0xff,%zmm1,%zmm2,%zmm3; vmovdqu64 0x40(%rsi),%zmm0{%k1}{z};
	 * vaddps %zmm1,%zmm2,%zmm3; andn; shlx; ret (bytes from GNU as) */
	static const uint8_t vex[] = { 0xc5, 0xf8, 0x77, 0xc5, 0xfd, 0x6f, 0x06,
		0xc4, 0xe2, 0x7d, 0x18, 0x06, 0x62, 0xf3, 0x6d, 0x48, 0x25, 0xd9, 0xff,
		0x62, 0xf1, 0xfe, 0xc9, 0x6f, 0x46, 0x01, 0x62, 0xf1, 0x6c, 0x48, 0x58, 0xd9,
		0xc4, 0xe2, 0xe0, 0xf2, 0xc8, 0xc4, 0xe2, 0xf9, 0xf7, 0xcb, 0xc3 };
	static const uint32_t vex_s[] = { 0, 3, 7, 12, 19, 26, 32, 37, 42 }, vex_r[] = { 42 };
	/* nop; then mov with its ModRM cut off */
	static const uint8_t trunc[] = { 0x90, 0x48, 0x8b };
	static const uint32_t trunc_s[] = { 0 };
	/* ret; then 0x06 (push %es: invalid in 64-bit mode); then ret */
	static const uint8_t bad[] = { 0xc3, 0x06, 0xc3 };
	static const uint32_t bad_s[] = { 0 }, bad_r[] = { 0 };
	struct dt_insn_fn f;
	static const uint32_t none[1];

	EXPECT("prologue", prologue, 1, prologue_s, prologue_r);
	EXPECT("ret forms", rets, 1, rets_s, rets_r);
	EXPECT("jumps", jumps, 1, jumps_s, jumps_r);
	EXPECT("jump tables", table, 1, table_s, table_r);
	EXPECT("vex/evex", vex, 1, vex_s, vex_r);
	expect("truncated", trunc, sizeof(trunc), 0, trunc_s, 1, none, 0);
	EXPECT("undecodable", bad, 0, bad_s, bad_r);
	expect("empty", prologue, 0, 1, none, 0, none, 0);

	dt_insn_scan(prologue, sizeof(prologue), 0, &f);
	CHECK(dt_insn_is_start(&f, 0) && dt_insn_is_start(&f, 4) && dt_insn_is_start(&f, 12),
	    "starts 0, 4, 12");
	CHECK(!dt_insn_is_start(&f, 1) && !dt_insn_is_start(&f, 6) && !dt_insn_is_start(&f, 13) &&
	    !dt_insn_is_start(&f, 0xffffffff), "not starts 1, 6, 13, ~0");
	dt_insn_free(&f);
	CHECK(!dt_insn_is_start(&f, 0), "a freed function has no starts");
}

/* where an object's vaddr 0 is in this process, and its path: name ""
 * is the main program, else the object's file name (found by the
 * loader's list, not dladdr: under ASan malloc and write are libasan's) */
struct bias { const char *name; uintptr_t base; char path[4096]; int found; };
static int find_bias(struct dl_phdr_info *info, size_t sz, void *arg)
{
	struct bias *b = arg;
	const char *base = strrchr(info->dlpi_name, '/');

	(void)sz;
	base = base ? base + 1 : info->dlpi_name;
	if (b->found || (*b->name ? strcmp(base, b->name) : *info->dlpi_name != 0))
		return 0;
	b->base = info->dlpi_addr;
	snprintf(b->path, sizeof(b->path), "%s", info->dlpi_name);
	b->found = 1;
	return 1;
}

/* the starts objdump finds in [vaddr, vaddr+size) of path */
static size_t objdump_starts(const char *path, uint64_t vaddr, uint64_t size, uint32_t *out,
    size_t max)
{
	char cmd[1024], line[512];
	size_t n = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "objdump -d --start-address=0x%" PRIx64
	    " --stop-address=0x%" PRIx64 " '%s' 2>/dev/null", vaddr, vaddr + size, path);
	if (!(p = popen(cmd, "r")))
		return 0;
	while (fgets(line, sizeof(line), p)) {
		unsigned long long a;
		char c;

		/* "  4011f6:\tf3 0f 1e fa  \tendbr64" (continuation lines of
		 * long instructions have no text after the bytes) */
		if (sscanf(line, " %llx%c", &a, &c) == 2 && c == ':' && strchr(line, '\t') &&
		    strchr(strchr(line, '\t') + 1, '\t') && n < max && a >= vaddr)
			out[n++] = (uint32_t)(a - vaddr);
	}
	pclose(p);
	return n;
}

/* every function of path's symbol table (SHT_SYMTAB or SHT_DYNSYM) */
struct func { uint64_t vaddr, size; char name[64]; };
static size_t functions(const char *path, Elf64_Word type, struct func **out)
{
	int fd = open(path, O_RDONLY);
	Elf *e;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t n = 0, cap = 0;

	*out = NULL;
	elf_version(EV_CURRENT);
	if (fd < 0 || !(e = elf_begin(fd, ELF_C_READ, NULL)))
		return 0;
	while ((scn = elf_nextscn(e, scn))) {
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != type || !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *nm;

			if (!gelf_getsym(d, (int)i, &s) || !s.st_size || s.st_shndx == SHN_UNDEF ||
			    (GELF_ST_TYPE(s.st_info) != STT_FUNC &&
			    GELF_ST_TYPE(s.st_info) != STT_GNU_IFUNC))
				continue;
			if (n == cap && !(*out = realloc(*out, (cap = cap ? cap * 2 : 256) * sizeof(**out))))
				abort();
			nm = elf_strptr(e, sh.sh_link, s.st_name);
			(*out)[n].vaddr = s.st_value;
			(*out)[n].size = s.st_size;
			snprintf((*out)[n].name, sizeof((*out)[n].name), "%s", nm ? nm : "?");
			n++;
		}
	}
	elf_end(e);
	close(fd);
	return n;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* scan every function of path; print and return the counts */
struct sweep { size_t funcs, complete, withret; double scan_ms, read_ms; };
static struct sweep sweep_all(const char *label, const char *path, Elf64_Word type,
    const char **want, size_t nwant)
{
	struct func *fn;
	size_t n = functions(path, type, &fn);
	struct sweep s = { .funcs = n };
	uint8_t **code = calloc(n ? n : 1, sizeof(*code));
	int *len = calloc(n ? n : 1, sizeof(*len));
	double t0 = now_ms();

	for (size_t i = 0; i < n; i++)
		len[i] = dt_insn_read_func(path, fn[i].vaddr, fn[i].size, &code[i]);
	s.read_ms = now_ms() - t0;
	/* the time is the best of three passes (other tests may share the
	 * CPUs); the counts are the first pass's */
	for (int pass = 0; pass < 3; pass++) {
		t0 = now_ms();
		for (size_t i = 0; i < n; i++) {
			struct dt_insn_fn f;

			if (len[i] != (int)fn[i].size ||
			    dt_insn_scan(code[i], len[i], fn[i].vaddr, &f) < 0) {
				if (!pass)
					printf("%s: %s: read %d of %" PRIu64 "\n", label, fn[i].name,
					    len[i], fn[i].size);
				continue;
			}
			if (!pass) {
				s.complete += f.complete;
				s.withret += f.nrets > 0;
				for (size_t j = 0; j < nwant; j++)
					if (!strcmp(fn[i].name, want[j]))
						CHECK(f.complete && f.nrets > 0,
						    "%s: %s: complete %d, %zu rets",
						    label, want[j], f.complete, f.nrets);
				if (!f.complete)
					printf("%s: %s stops at +%" PRIu32 " of %" PRIu64 "\n",
					    label, fn[i].name,
					    f.nstarts ? f.starts[f.nstarts - 1] : 0, fn[i].size);
			}
			dt_insn_free(&f);
		}
		t0 = now_ms() - t0;
		if (!pass || t0 < s.scan_ms)
			s.scan_ms = t0;
	}
	printf("%s: %zu functions, %zu decode completely, %zu with a return; "
	    "read %.1f ms, scan %.1f ms\n", label, s.funcs, s.complete, s.withret,
	    s.read_ms, s.scan_ms);
	for (size_t i = 0; i < n; i++)
		free(code[i]);
	free(code);
	free(len);
	free(fn);
	return s;
}

/* the scan's starts of path's function at vaddr are objdump's */
static void against_objdump(const char *path, const char *name, uint64_t vaddr, uint64_t size)
{
	uint8_t *code;
	int n = dt_insn_read_func(path, vaddr, size, &code);
	struct dt_insn_fn f;
	uint32_t *ref = malloc(size * sizeof(*ref));
	size_t nref;

	if (access("/usr/bin/objdump", X_OK) != 0) {
		printf("no objdump: %s not compared\n", name);
		free(ref);
		free(code);
		return;
	}
	nref = objdump_starts(path, vaddr, size, ref, size);
	CHECK(n == (int)size && dt_insn_scan(code, n, vaddr, &f) == 0, "%s: read/scan", name);
	CHECK(nref > 0 && f.nstarts == nref && !memcmp(f.starts, ref, nref * sizeof(*ref)),
	    "%s: %zu starts, objdump %zu", name, f.nstarts, nref);
	dt_insn_free(&f);
	free(ref);
	free(code);
}

int main(void)
{
	static const char *libc_want[] = { "malloc", "free", "write", "memcpy", "strlen",
		"printf", "qsort" };
	static const char *self_want[] = { "main", "dt_insn_scan", "dt_insn_read_func",
		"sweep_all" };
	char self[4096];
	ssize_t sl = readlink("/proc/self/exe", self, sizeof(self) - 1);
	static struct bias b = { .name = "" }, lc = { .name = "libc.so.6" };
	struct sweep s;
	uint8_t *code;
	int n;

	hand_assembled();

	/* errors */
	CHECK(dt_insn_read_func("/nonexistent", 0, 4, &code) < 0 && errno == ENOENT && !code,
	    "missing file");
	CHECK(dt_insn_read_func("/proc/self/maps", 0, 4, &code) < 0 && errno == ENOEXEC,
	    "not ELF");

	/* this binary: the bytes read from the file are the ones it runs */
	CHECK(sl > 0, "readlink /proc/self/exe");
	self[sl > 0 ? sl : 0] = 0;
	dl_iterate_phdr(find_bias, &b);
	CHECK(b.found, "main program's load bias");
	{
		struct func *fn;
		size_t nf = functions(self, SHT_SYMTAB, &fn), i;

		for (i = 0; i < nf && strcmp(fn[i].name, "dt_insn_scan"); i++)
			;
		CHECK(i < nf, "dt_insn_scan in .symtab");
		if (i < nf) {
			n = dt_insn_read_func(self, fn[i].vaddr, fn[i].size, &code);
			CHECK(n == (int)fn[i].size &&
			    !memcmp(code, (const void *)(b.base + fn[i].vaddr), n),
			    "dt_insn_scan's bytes: read %d", n);
			free(code);
			CHECK((uintptr_t)dt_insn_scan == b.base + fn[i].vaddr, "dt_insn_scan's address");
			against_objdump(self, "dt_insn_scan", fn[i].vaddr, fn[i].size);
		}
		free(fn);
	}
	s = sweep_all("self", self, SHT_SYMTAB, self_want, N(self_want));
	CHECK(s.funcs > 500 && s.complete == s.funcs, "self: %zu of %zu complete",
	    s.complete, s.funcs);
	/* functions that end in a noreturn call or loop have none: few */
	CHECK(s.withret * 100 >= s.funcs * 90, "self: %zu of %zu return", s.withret, s.funcs);

	/* libc.so.6: .dynsym only (Debian strips .symtab) */
	dl_iterate_phdr(find_bias, &lc);
	CHECK(lc.found, "libc.so.6 is loaded");
	if (lc.found) {
		void *h = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
		uint64_t wv = (uintptr_t)(h ? dlsym(h, "write") : NULL) - lc.base;
		struct func *fn;
		size_t nf = functions(lc.path, SHT_DYNSYM, &fn), seen = 0;

		for (size_t i = 0; i < nf; i++)
			if (fn[i].vaddr == wv && !strcmp(fn[i].name, "write")) {
				n = dt_insn_read_func(lc.path, wv, fn[i].size, &code);
				CHECK(n == (int)fn[i].size && !memcmp(code, (uint8_t *)lc.base + wv, n),
				    "write's bytes in memory and on disk");
				free(code);
				against_objdump(lc.path, "write", wv, fn[i].size);
				seen++;
			} else if (!strcmp(fn[i].name, "malloc") || !strcmp(fn[i].name, "qsort")) {
				against_objdump(lc.path, fn[i].name, fn[i].vaddr, fn[i].size);
				seen++;
			}
		CHECK(seen == 3, "write, malloc, qsort in libc's .dynsym: %zu", seen);
		free(fn);
		if (h)
			dlclose(h);
		s = sweep_all("libc", lc.path, SHT_DYNSYM, libc_want, N(libc_want));
		CHECK(s.funcs > 2000 && s.complete == s.funcs, "libc: %zu of %zu complete",
		    s.complete, s.funcs);
		CHECK(s.scan_ms < 100, "libc: scan took %.1f ms", s.scan_ms);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
