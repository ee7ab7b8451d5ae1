/*
 * test_stapsdt.c - kernel/stapsdt.c, the .note.stapsdt reader: every
 * x86-64 argument spec form (and bad ones, which must decode as BAD
 * without a crash), then real objects: a program built here with
 * <sys/sdt.h> probes (semaphores, known argument sizes, constants) and
 * a hand-written note with symbol operands and a prelink-moved base,
 * checked against the program's own symbols and section headers; the
 * system's python3 and libstdc++ if they carry notes; and every
 * object's notes against `readelf -n`.  A non-ELF file, a truncated ELF file, a missing
 * file and an ELF object without notes last.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kernel/stapsdt.h"
#include "check.h"

#define K_REG	DT_SDT_ARG_REG
#define K_MEM	DT_SDT_ARG_MEM
#define K_CON	DT_SDT_ARG_CONST
#define K_BAD	DT_SDT_ARG_BAD
#define NONE	DT_SDT_REG_NONE
#define RIP	DT_SDT_REG_RIP

/* pt_regs offsets */
enum { R15 = 0, R14 = 8, R13 = 16, R12 = 24, RBP = 32, RBX = 40, R11 = 48, R10 = 56,
       R9 = 64, R8 = 72, RAX = 80, RCX = 88, RDX = 96, RSI = 104, RDI = 112, RIPREG = 128,
       RSP = 152 };

static const struct spec_case {
	const char *spec;
	enum dt_sdt_argkind kind;
	int size, sign, reg, index, scale;
	int64_t disp;
	const char *sym;
} cases[] = {
	/* registers, every width */
	{ "-4@%eax", K_REG, 4, 1, RAX, NONE, 1, 0, NULL },
	{ "8@%rax", K_REG, 8, 0, RAX, NONE, 1, 0, NULL },
	{ "2@%ax", K_REG, 2, 0, RAX, NONE, 1, 0, NULL },
	{ "1@%al", K_REG, 1, 0, RAX, NONE, 1, 0, NULL },
	{ "-1@%bl", K_REG, 1, 1, RBX, NONE, 1, 0, NULL },
	{ "-2@%cx", K_REG, 2, 1, RCX, NONE, 1, 0, NULL },
	{ "4@%edx", K_REG, 4, 0, RDX, NONE, 1, 0, NULL },
	{ "-1@%sil", K_REG, 1, 1, RSI, NONE, 1, 0, NULL },
	{ "1@%dil", K_REG, 1, 0, RDI, NONE, 1, 0, NULL },
	{ "2@%di", K_REG, 2, 0, RDI, NONE, 1, 0, NULL },
	{ "-4@%ebp", K_REG, 4, 1, RBP, NONE, 1, 0, NULL },
	{ "1@%bpl", K_REG, 1, 0, RBP, NONE, 1, 0, NULL },
	{ "8@%rsp", K_REG, 8, 0, RSP, NONE, 1, 0, NULL },
	{ "1@%spl", K_REG, 1, 0, RSP, NONE, 1, 0, NULL },
	{ "8@%r8", K_REG, 8, 0, R8, NONE, 1, 0, NULL },
	{ "-4@%r9d", K_REG, 4, 1, R9, NONE, 1, 0, NULL },
	{ "2@%r10w", K_REG, 2, 0, R10, NONE, 1, 0, NULL },
	{ "-1@%r11b", K_REG, 1, 1, R11, NONE, 1, 0, NULL },
	{ "8@%r12", K_REG, 8, 0, R12, NONE, 1, 0, NULL },
	{ "-8@%r13", K_REG, 8, 1, R13, NONE, 1, 0, NULL },
	{ "4@%r14d", K_REG, 4, 0, R14, NONE, 1, 0, NULL },
	{ "1@%r15b", K_REG, 1, 0, R15, NONE, 1, 0, NULL },
	{ "8@%rip", K_REG, 8, 0, RIPREG, NONE, 1, 0, NULL },
	/* no size: 8 bytes, unsigned */
	{ "%rdi", K_REG, 8, 0, RDI, NONE, 1, 0, NULL },
	{ "-16(%rbp)", K_MEM, 8, 0, RBP, NONE, 1, -16, NULL },
	{ "$42", K_CON, 8, 0, NONE, NONE, 1, 42, NULL },
	/* constants */
	{ "-4@$5", K_CON, 4, 1, NONE, NONE, 1, 5, NULL },
	{ "8@$-1", K_CON, 8, 0, NONE, NONE, 1, -1, NULL },
	{ "4@$0x10", K_CON, 4, 0, NONE, NONE, 1, 16, NULL },
	{ "-8@$-0x20", K_CON, 8, 1, NONE, NONE, 1, -32, NULL },
	{ "2@$0", K_CON, 2, 0, NONE, NONE, 1, 0, NULL },
	/* memory */
	{ "8@-16(%rbp)", K_MEM, 8, 0, RBP, NONE, 1, -16, NULL },
	{ "-4@112(%rsp)", K_MEM, 4, 1, RSP, NONE, 1, 112, NULL },
	{ "8@0x10(%rdi)", K_MEM, 8, 0, RDI, NONE, 1, 16, NULL },
	{ "8@-0x8(%r12)", K_MEM, 8, 0, R12, NONE, 1, -8, NULL },
	{ "8@(%rax)", K_MEM, 8, 0, RAX, NONE, 1, 0, NULL },
	{ "8@(%rax,%rdx,8)", K_MEM, 8, 0, RAX, RDX, 8, 0, NULL },
	{ "-4@-8(%rbx,%rcx,4)", K_MEM, 4, 1, RBX, RCX, 4, -8, NULL },
	{ "2@(%r8,%r9)", K_MEM, 2, 0, R8, R9, 1, 0, NULL },
	{ "8@(,%rsi,2)", K_MEM, 8, 0, NONE, RSI, 2, 0, NULL },
	{ "1@24(,%r15,1)", K_MEM, 1, 0, NONE, R15, 1, 24, NULL },
	{ "8@(%rsp,%rax,1)", K_MEM, 8, 0, RSP, RAX, 1, 0, NULL },
	/* symbols: %rip-relative and absolute */
	{ "8@sym(%rip)", K_MEM, 8, 0, RIP, NONE, 1, 0, "sym" },
	{ "8@sym+8(%rip)", K_MEM, 8, 0, RIP, NONE, 1, 8, "sym" },
	{ "-4@sym-8(%rip)", K_MEM, 4, 1, RIP, NONE, 1, -8, "sym" },
	{ "8@_a.b_c9(%rip)", K_MEM, 8, 0, RIP, NONE, 1, 0, "_a.b_c9" },
	{ "-2@sym+0x10(%rip)", K_MEM, 2, 1, RIP, NONE, 1, 16, "sym" },
	{ "8@sym", K_MEM, 8, 0, RIP, NONE, 1, 0, "sym" },
	{ "4@sym+16", K_MEM, 4, 0, RIP, NONE, 1, 16, "sym" },
	{ "-8@sym-4", K_MEM, 8, 1, RIP, NONE, 1, -4, "sym" },
	{ "8@4096", K_MEM, 8, 0, NONE, NONE, 1, 4096, NULL },
	/* bad: sizes, registers, high bytes, malformed operands */
	{ "", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "3@%eax", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "16@%rax", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "0@%rax", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "-@%eax", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "@%eax", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "4@", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "1@%ah", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "-1@%bh", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "1@%ch", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "%dh", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "4@%xyz", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@%xmm0", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@%st(0)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@%%eax", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "4@%eax)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@$", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@$5x", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@$sym", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@(%rax", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@()", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@(,)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@(%rax,%rdx,3)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@(%rax,%rdx,)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@(%eax)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@(%rax,%rsp,2)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@(%rax,%rip,2)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@16(%rip)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@(%rip,%rax,1)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@sym(%rax)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@sym(%rip)x", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@sym+(%rip)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@sym+x", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@-16(%rbp", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@-16(%rbp))", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "8@99999999999999999999999(%rax)", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
	{ "x@%eax", K_BAD, 0, 0, 0, 0, 0, 0, NULL },
};

static void test_specs(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct spec_case *c = &cases[i];
		struct dt_sdt_arg a;
		int rc = dt_sdt_parse_arg(c->spec, &a);
		CHECK(a.kind == c->kind && rc == (c->kind == K_BAD ? -1 : 0),
		    "\"%s\": kind %d rc %d, expected kind %d", c->spec, a.kind, rc, c->kind);
		CHECK(!a.spec, "\"%s\": spec set", c->spec);
		if (c->kind == K_BAD) {
			CHECK(!a.sym, "\"%s\": bad spec keeps a symbol", c->spec);
			continue;
		}
		CHECK(a.size == c->size && a.sign == c->sign,
		    "\"%s\": size %d sign %d", c->spec, a.size, a.sign);
		CHECK(a.reg == c->reg && a.index == c->index && a.scale == c->scale &&
		    a.disp == c->disp, "\"%s\": reg %d index %d scale %d disp %" PRId64,
		    c->spec, a.reg, a.index, a.scale, a.disp);
		CHECK(c->sym ? a.sym && !strcmp(a.sym, c->sym) : !a.sym,
		    "\"%s\": sym %s", c->spec, a.sym ? a.sym : "(none)");
		free(a.sym);
	}
}

/* the fixture: <sys/sdt.h> probes with semaphores, and hand-written
 * notes (symbol operands; a base as prelink would leave it, 1 below
 * .stapsdt.base's address: the site and semaphore move up by 1) */
static const char prog_src[] =
	"#define _SDT_HAS_SEMAPHORES 1\n"
	"#include <sys/sdt.h>\n"
	"__extension__ unsigned short tprov_withsema_semaphore __attribute__((section(\".probes\"), used));\n"
	"__extension__ unsigned short tprov_consts_semaphore __attribute__((section(\".probes\"), used));\n"
	"volatile int vi = -3; volatile unsigned long vu = 9; volatile signed char vc = 'x';\n"
	"long tglob = 7;\n"
	"long tarr[4];\n"
	"__attribute__((noinline)) void site_one(void)\n"
	"{ int a = vi; unsigned long b = vu; signed char c = vc; STAP_PROBE3(tprov, withsema, a, b, c); }\n"
	"__attribute__((noinline)) void site_two(void) { STAP_PROBE2(tprov, consts, 5, -3); }\n"
	"void hand_func(void);\n"
	"__asm__(\".text\\n.globl hand_func\\n.type hand_func, @function\\n"
	"hand_func: nop\\n.globl hand_site\\nhand_site: nop\\nnop\\nret\\n.size hand_func, .-hand_func\\n"
	".pushsection .note.stapsdt,\\\"\\\",\\\"note\\\"\\n"
	".balign 4\\n.4byte 2f-1f, 4f-3f, 3\\n1: .asciz \\\"stapsdt\\\"\\n2: .balign 4\\n"
	"3: .8byte hand_site\\n.8byte _.stapsdt.base\\n.8byte 0\\n"
	".asciz \\\"hand\\\"\\n.asciz \\\"site\\\"\\n"
	".asciz \\\"8@tglob(%rip) 8@tarr+8(%rip) -4@$-5 -8@tglob 1@-16(%rbp,%rcx,2) 8@%ah 8@nosuchsym(%rip)\\\"\\n"
	"4: .balign 4\\n"
	".balign 4\\n.4byte 2f-1f, 4f-3f, 3\\n1: .asciz \\\"stapsdt\\\"\\n2: .balign 4\\n"
	"3: .8byte hand_site\\n.8byte _.stapsdt.base-1\\n.8byte tprov_withsema_semaphore\\n"
	".asciz \\\"hand\\\"\\n.asciz \\\"moved\\\"\\n.asciz \\\"\\\"\\n"
	"4: .balign 4\\n.popsection\\n\");\n"
	"int main(void) { site_one(); site_two(); hand_func(); return 0; }\n";

/* the fixture's own view of itself: a symbol's address and an
 * address's file offset from the section headers (not the segments the
 * reader uses) */
static uint64_t sym_of(const char *path, const char *name)
{
	int fd = open(path, O_RDONLY);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	uint64_t v = 0;

	while (e && (scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *n;
			if (gelf_getsym(d, (int)i, &s) && (n = elf_strptr(e, sh.sh_link, s.st_name)) &&
			    !strcmp(n, name))
				v = s.st_value;
		}
	}
	elf_end(e);
	close(fd);
	return v;
}

static uint64_t sec_off(const char *path, uint64_t addr)
{
	int fd = open(path, O_RDONLY);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	uint64_t off = 0;

	while (e && (scn = elf_nextscn(e, scn))) {
		if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_ALLOC) && sh.sh_type != SHT_NOBITS &&
		    addr >= sh.sh_addr && addr < sh.sh_addr + sh.sh_size)
			off = addr - sh.sh_addr + sh.sh_offset;
	}
	elf_end(e);
	close(fd);
	return off;
}

static int byte_at(const char *path, uint64_t off)
{
	unsigned char b = 0;
	int fd = open(path, O_RDONLY);
	int r = pread(fd, &b, 1, (off_t)off) == 1 ? b : -1;
	close(fd);
	return r;
}

static const struct dt_sdt_note *find(const struct dt_sdt_note *ns, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ns[i].name, name))
			return &ns[i];
	return NULL;
}

/* every note readelf -n shows, against ours (skip: a note whose site
 * and semaphore the reader moved) */
static void against_readelf(const char *path, const struct dt_sdt_note *ns, size_t n,
    const char *skip)
{
	char cmd[PATH_MAX + 64], line[4096], prov[256] = "", name[256] = "";
	uint64_t loc = 0, base = 0, sema = 0;
	size_t i = 0, seen = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "readelf -nW '%s' 2>/dev/null", path);
	if (!(p = popen(cmd, "r"))) {
		CHECK(0, "readelf: %s", strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), p)) {
		char *s = line + strspn(line, " \t");
		s[strcspn(s, "\n")] = '\0';
		/* -W puts "Provider:" on the note's header line */
		const char *pv = strstr(s, "Provider: ");
		if ((pv && sscanf(pv, "Provider: %255s", prov) == 1) ||
		    sscanf(s, "Name: %255s", name) == 1)
			continue;
		if (sscanf(s, "Location: %" SCNx64 ", Base: %" SCNx64 ", Semaphore: %" SCNx64,
		    &loc, &base, &sema) == 3)
			continue;
		if (strncmp(s, "Arguments:", 10))
			continue;
		const char *args = s + 10 + strspn(s + 10, " ");
		seen++;
		if (i >= n) {
			CHECK(0, "%s: readelf shows more notes than %zu", path, n);
			break;
		}
		const struct dt_sdt_note *nt = &ns[i++];
		CHECK(!strcmp(nt->provider, prov) && !strcmp(nt->name, name),
		    "%s: note %zu is %s:%s, readelf %s:%s", path, i - 1, nt->provider, nt->name, prov, name);
		CHECK(!strcmp(nt->argstr, args), "%s: %s args \"%s\", readelf \"%s\"", path, name,
		    nt->argstr, args);
		if (skip && !strcmp(name, skip))
			continue;
		CHECK(nt->pc == loc && nt->sema == sema, "%s: %s pc %#" PRIx64 " sema %#" PRIx64
		    ", readelf %#" PRIx64 " %#" PRIx64, path, name, nt->pc, nt->sema, loc, sema);
	}
	pclose(p);
	CHECK(seen == n, "%s: readelf shows %zu notes, the reader %zu", path, seen, n);
}

static void test_prog(const char *dir)
{
	char src[PATH_MAX], bin[PATH_MAX], cmd[3 * PATH_MAX], err[256];
	struct dt_sdt_note *ns;
	const struct dt_sdt_note *nt;
	size_t n;
	FILE *f;

	snprintf(src, sizeof(src), "%s/prog.c", dir);
	snprintf(bin, sizeof(bin), "%s/prog", dir);
	if (!(f = fopen(src, "w"))) {
		CHECK(0, "%s: %s", src, strerror(errno));
		return;
	}
	fputs(prog_src, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "${CC:-cc} -O1 -o '%s' '%s'", bin, src);
	if (system(cmd) != 0) {
		CHECK(0, "cannot build the <sys/sdt.h> fixture (systemtap-sdt-dev missing?)");
		return;
	}
	int rc = dt_sdt_read(bin, &ns, &n, err, sizeof(err));
	CHECK(rc == 0 && n == 4, "fixture: rc %d, %zu notes (%s)", rc, n, rc ? err : "");
	if (rc)
		return;

	uint64_t sema = sym_of(bin, "tprov_withsema_semaphore");
	uint64_t site = sym_of(bin, "hand_site");
	CHECK(sema && site, "fixture symbols");

	if ((nt = find(ns, n, "withsema"))) {
		CHECK(!strcmp(nt->provider, "tprov"), "withsema provider %s", nt->provider);
		CHECK(nt->func && !strcmp(nt->func, "site_one"), "withsema func %s",
		    nt->func ? nt->func : "(null)");
		CHECK(nt->sema == sema && nt->sema_off == sec_off(bin, sema) && nt->sema_off,
		    "withsema sema %#" PRIx64 " off %#" PRIx64, nt->sema, nt->sema_off);
		CHECK(nt->off == sec_off(bin, nt->pc) && byte_at(bin, nt->off) == 0x90,
		    "withsema off %#" PRIx64 " (a nop)", nt->off);
		CHECK(nt->nargs == 3, "withsema nargs %d", nt->nargs);
		CHECK(nt->args[0].size == 4 && nt->args[0].sign && nt->args[0].kind != K_BAD,
		    "withsema int: %s", nt->args[0].spec);
		CHECK(nt->args[1].size == 8 && !nt->args[1].sign && nt->args[1].kind != K_BAD,
		    "withsema unsigned long: %s", nt->args[1].spec);
		CHECK(nt->args[2].size == 1 && nt->args[2].sign && nt->args[2].kind != K_BAD,
		    "withsema signed char: %s", nt->args[2].spec);
	} else
		CHECK(0, "no withsema note");

	if ((nt = find(ns, n, "consts"))) {
		CHECK(nt->func && !strcmp(nt->func, "site_two"), "consts func");
		CHECK(nt->sema == sym_of(bin, "tprov_consts_semaphore") && nt->sema_off, "consts sema");
		CHECK(nt->nargs == 2 && nt->args[0].kind == K_CON && nt->args[0].disp == 5 &&
		    nt->args[1].kind == K_CON && nt->args[1].disp == -3 && nt->args[1].size == 4 &&
		    nt->args[1].sign, "consts: %s", nt->argstr);
	} else
		CHECK(0, "no consts note");

	if ((nt = find(ns, n, "site"))) {
		const struct dt_sdt_arg *a = nt->args;
		uint64_t tglob = sym_of(bin, "tglob"), tarr = sym_of(bin, "tarr");
		CHECK(!strcmp(nt->provider, "hand") && nt->func && !strcmp(nt->func, "hand_func"),
		    "hand site: %s %s", nt->provider, nt->func ? nt->func : "(null)");
		CHECK(nt->pc == site && nt->off == sec_off(bin, site), "hand site pc %#" PRIx64, nt->pc);
		CHECK(nt->sema == 0 && nt->sema_off == 0, "hand site without semaphore");
		CHECK(nt->nargs == 7, "hand site nargs %d", nt->nargs);
		CHECK(a[0].kind == K_MEM && a[0].reg == RIP && a[0].disp == (int64_t)tglob && !a[0].sym &&
		    !strcmp(a[0].spec, "8@tglob(%rip)"), "tglob(%%rip): %" PRId64, a[0].disp);
		CHECK(a[1].kind == K_MEM && a[1].reg == RIP && a[1].disp == (int64_t)tarr + 8,
		    "tarr+8(%%rip): %" PRId64, a[1].disp);
		CHECK(a[2].kind == K_CON && a[2].disp == -5 && a[2].size == 4 && a[2].sign, "$-5");
		CHECK(a[3].kind == K_MEM && a[3].reg == RIP && a[3].disp == (int64_t)tglob &&
		    a[3].size == 8 && a[3].sign, "absolute tglob: %" PRId64, a[3].disp);
		CHECK(a[4].kind == K_MEM && a[4].reg == RBP && a[4].index == RCX && a[4].scale == 2 &&
		    a[4].disp == -16 && a[4].size == 1, "-16(%%rbp,%%rcx,2)");
		CHECK(a[5].kind == K_BAD && !strcmp(a[5].spec, "8@%ah"), "%%ah bad");
		CHECK(a[6].kind == K_BAD && !a[6].sym, "unknown symbol bad");
	} else
		CHECK(0, "no hand site note");

	if ((nt = find(ns, n, "moved"))) {
		CHECK(nt->pc == site + 1 && nt->off == sec_off(bin, site + 1),
		    "prelinked pc %#" PRIx64 ", site %#" PRIx64, nt->pc, site);
		CHECK(nt->sema == sema + 1 && nt->sema_off == sec_off(bin, sema + 1),
		    "prelinked sema %#" PRIx64, nt->sema);
		CHECK(nt->func && !strcmp(nt->func, "hand_func") && nt->nargs == 0 && !*nt->argstr,
		    "moved: func and no args");
	} else
		CHECK(0, "no moved note");

	against_readelf(bin, ns, n, "moved");
	dt_sdt_free(ns, n);
}

/* python3 (setup.sh installs it): Debian's carries python:function__entry
 * and friends; one built without them is skipped */
static void test_python(void)
{
	char path[PATH_MAX], err[256];
	struct dt_sdt_note *ns;
	size_t n;

	if (!realpath("/usr/bin/python3", path)) {
		printf("no /usr/bin/python3: skipped\n");
		return;
	}
	int rc = dt_sdt_read(path, &ns, &n, err, sizeof(err));
	CHECK(rc == 0, "%s: %s", path, err);
	if (rc)
		return;
	if (!n) {
		printf("%s has no USDT notes: skipped\n", path);
		against_readelf(path, ns, n, NULL);
		return;
	}
	const struct dt_sdt_note *nt = find(ns, n, "function__entry");
	CHECK(nt && !strcmp(nt->provider, "python") && nt->nargs == 3 && nt->sema && nt->sema_off &&
	    nt->off && byte_at(path, nt->off) == 0x90, "%s: function__entry", path);
	for (size_t i = 0; i < n; i++)
		for (int j = 0; j < ns[i].nargs; j++)
			CHECK(ns[i].args[j].kind != K_BAD, "%s: %s arg %d \"%s\" bad", path,
			    ns[i].name, j, ns[i].args[j].spec);
	against_readelf(path, ns, n, NULL);
	dt_sdt_free(ns, n);
}

/* libstdc++ (every C++ program's; there when gcc is): its exception
 * probes, in exported functions, one with a memory operand */
static void test_libstdcxx(void)
{
	const char *path = "/usr/lib/x86_64-linux-gnu/libstdc++.so.6";
	struct dt_sdt_note *ns;
	size_t n;
	char err[256];

	if (access(path, R_OK) || dt_sdt_read(path, &ns, &n, err, sizeof(err)) < 0) {
		printf("no %s: skipped\n", path);
		return;
	}
	const struct dt_sdt_note *nt = find(ns, n, "throw");
	if (nt)
		CHECK(!strcmp(nt->provider, "libstdcxx") && nt->func &&
		    !strcmp(nt->func, "__cxa_throw"), "libstdcxx:throw in %s",
		    nt->func ? nt->func : "(null)");
	for (size_t i = 0; i < n; i++)
		for (int j = 0; j < ns[i].nargs; j++)
			CHECK(ns[i].args[j].kind != K_BAD, "%s: %s arg %d \"%s\" bad", path,
			    ns[i].name, j, ns[i].args[j].spec);
	against_readelf(path, ns, n, NULL);
	dt_sdt_free(ns, n);
}

static void test_not_elf(const char *dir)
{
	char path[PATH_MAX], err[256] = "";
	struct dt_sdt_note *ns = (void *)1;
	size_t n = 1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/text", dir);
	if ((f = fopen(path, "w"))) {
		fputs("#!/bin/sh\necho not an object\n", f);
		fclose(f);
	}
	CHECK(dt_sdt_read(path, &ns, &n, err, sizeof(err)) == -1 && !ns && n == 0 &&
	    !strcmp(err, "not an ELF object"), "text file: %s", err);

	/* an ELF header without the rest: no crash, no notes */
	char bin[PATH_MAX], cmd[3 * PATH_MAX];
	snprintf(bin, sizeof(bin), "%s/prog", dir);
	snprintf(path, sizeof(path), "%s/trunc", dir);
	snprintf(cmd, sizeof(cmd), "head -c 200 '%s' > '%s'", bin, path);
	if (system(cmd) == 0) {
		int rc = dt_sdt_read(path, &ns, &n, err, sizeof(err));
		CHECK((rc == -1 && !ns) || (rc == 0 && n == 0), "truncated ELF: rc %d n %zu", rc, n);
		if (rc == 0)
			dt_sdt_free(ns, n);
	}

	snprintf(path, sizeof(path), "%s/missing", dir);
	CHECK(dt_sdt_read(path, &ns, &n, err, sizeof(err)) == -1 &&
	    !strcmp(err, strerror(ENOENT)), "missing file: %s", err);

	/* this test program: ELF, no notes */
	int rc = dt_sdt_read("/proc/self/exe", &ns, &n, err, sizeof(err));
	CHECK(rc == 0 && n == 0, "ELF without notes: rc %d n %zu", rc, n);
	if (rc == 0)
		dt_sdt_free(ns, n);
}

int main(void)
{
	char dir[] = "/tmp/dt-stapsdt-XXXXXX", cmd[64];

	elf_version(EV_CURRENT);
	test_specs();
	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp: %s", strerror(errno));
	} else {
		test_prog(dir);
		test_python();
		test_libstdcxx();
		test_not_elf(dir);
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			CHECK(0, "cannot remove %s", dir);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
