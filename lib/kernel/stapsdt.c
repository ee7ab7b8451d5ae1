/*
 * stapsdt.c - the reader of an ELF object's .note.stapsdt notes (the
 * USDT probe sites <sys/sdt.h> emits) and of their x86-64 argument
 * specs, for the usdt provider (stapsdt.h says what each field means).
 *
 * A note (owner "stapsdt", type 3) holds three addresses - the site,
 * the link-time address of .stapsdt.base, the semaphore - then the
 * provider, the probe name and the argument specs as NUL-terminated
 * strings.  An object prelinked after it was built has its
 * .stapsdt.base moved but not its notes: the difference moves the site
 * and the semaphore.  The file offsets come from the PT_LOAD segments;
 * the function holding a site and the symbols an argument names come
 * from .symtab (else .dynsym).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "stapsdt.h"

#define NT_STAPSDT	3

/* the x86-64 registers an operand may name: the 64-bit one's slot in
 * struct pt_regs, and the name's width in bytes (0: a high byte, %ah,
 * which no slot holds) */
static const struct sdt_reg {
	const char *name;
	int off, width;
} regs[] = {
	{ "rax", 80, 8 }, { "eax", 80, 4 }, { "ax", 80, 2 }, { "al", 80, 1 }, { "ah", 80, 0 },
	{ "rbx", 40, 8 }, { "ebx", 40, 4 }, { "bx", 40, 2 }, { "bl", 40, 1 }, { "bh", 40, 0 },
	{ "rcx", 88, 8 }, { "ecx", 88, 4 }, { "cx", 88, 2 }, { "cl", 88, 1 }, { "ch", 88, 0 },
	{ "rdx", 96, 8 }, { "edx", 96, 4 }, { "dx", 96, 2 }, { "dl", 96, 1 }, { "dh", 96, 0 },
	{ "rsi", 104, 8 }, { "esi", 104, 4 }, { "si", 104, 2 }, { "sil", 104, 1 },
	{ "rdi", 112, 8 }, { "edi", 112, 4 }, { "di", 112, 2 }, { "dil", 112, 1 },
	{ "rbp", 32, 8 }, { "ebp", 32, 4 }, { "bp", 32, 2 }, { "bpl", 32, 1 },
	{ "rsp", 152, 8 }, { "esp", 152, 4 }, { "sp", 152, 2 }, { "spl", 152, 1 },
	{ "r8", 72, 8 }, { "r8d", 72, 4 }, { "r8w", 72, 2 }, { "r8b", 72, 1 },
	{ "r9", 64, 8 }, { "r9d", 64, 4 }, { "r9w", 64, 2 }, { "r9b", 64, 1 },
	{ "r10", 56, 8 }, { "r10d", 56, 4 }, { "r10w", 56, 2 }, { "r10b", 56, 1 },
	{ "r11", 48, 8 }, { "r11d", 48, 4 }, { "r11w", 48, 2 }, { "r11b", 48, 1 },
	{ "r12", 24, 8 }, { "r12d", 24, 4 }, { "r12w", 24, 2 }, { "r12b", 24, 1 },
	{ "r13", 16, 8 }, { "r13d", 16, 4 }, { "r13w", 16, 2 }, { "r13b", 16, 1 },
	{ "r14", 8, 8 }, { "r14d", 8, 4 }, { "r14w", 8, 2 }, { "r14b", 8, 1 },
	{ "r15", 0, 8 }, { "r15d", 0, 4 }, { "r15w", 0, 2 }, { "r15b", 0, 1 },
	{ "rip", 128, 8 },
};

/* "%name" at *s: the register's entry (s moved past it), or NULL */
static const struct sdt_reg *parse_reg(const char **s)
{
	const char *p = *s;
	size_t n = 0;

	if (*p != '%')
		return NULL;
	p++;
	while (isalnum((unsigned char)p[n]))
		n++;
	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		if (strlen(regs[i].name) == n && !strncmp(regs[i].name, p, n)) {
			*s = p + n;
			return &regs[i];
		}
	}
	return NULL;
}

/* an integer at *s: [-]decimal, [-]0xhex or [-]0octal, as gas reads it */
static int parse_num(const char **s, int64_t *v)
{
	const char *p = *s;
	int neg = 0;
	char *end;

	if (*p == '-') {
		neg = 1;
		p++;
	}
	if (!isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	unsigned long long u = strtoull(p, &end, 0);
	if (errno || end == p)
		return -1;
	*v = (int64_t)(neg ? 0 - u : u);	/* two's complement, as gas */
	*s = end;
	return 0;
}

/* a symbol name at *s, malloc'd into *sym (s moved past it), or -1 */
static int parse_sym(const char **s, char **sym)
{
	const char *p = *s;
	size_t n = 0;

	if (!isalpha((unsigned char)*p) && *p != '_' && *p != '.')
		return -1;
	while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '.')
		n++;
	if (!(*sym = strndup(p, n)))
		return -1;
	*s = p + n;
	return 0;
}

/* a memory operand's displacement: a number, sym, sym+N or sym-N (or
 * nothing) */
static int parse_disp(const char **s, struct dt_sdt_arg *a)
{
	if (**s == '-' || isdigit((unsigned char)**s))
		return parse_num(s, &a->disp);
	if (**s == '(')
		return 0;
	if (parse_sym(s, &a->sym) < 0)
		return -1;
	if (**s == '+') {
		(*s)++;
		if (!isdigit((unsigned char)**s))
			return -1;
		return parse_num(s, &a->disp);
	}
	if (**s == '-')
		return parse_num(s, &a->disp);
	return 0;
}

/* a memory operand: disp(%base,%index,scale) with every part optional
 * but one, sym(%rip), or a bare absolute sym/number */
static int parse_mem(const char *p, struct dt_sdt_arg *a)
{
	const struct sdt_reg *r;

	a->kind = DT_SDT_ARG_MEM;
	if (parse_disp(&p, a) < 0)
		return -1;
	if (!*p) {
		/* absolute: the value is at the address written */
		a->reg = a->sym ? DT_SDT_REG_RIP : DT_SDT_REG_NONE;
		return 0;
	}
	if (*p++ != '(')
		return -1;
	if (*p == '%') {
		if (!(r = parse_reg(&p)) || r->width != 8)
			return -1;
		if (r->off == 128) {
			/* %rip-relative: only a symbol says where */
			if (!a->sym || *p != ')')
				return -1;
			a->reg = DT_SDT_REG_RIP;
			return p[1] ? -1 : 0;
		}
		a->reg = r->off;
	}
	if (a->sym)
		return -1;	/* sym(%reg): an absolute address plus a register */
	if (*p == ',') {
		p++;
		if (!(r = parse_reg(&p)) || r->width != 8 || r->off == 128 || r->off == 152)
			return -1;
		a->index = r->off;
		if (*p == ',') {
			int64_t sc;
			p++;
			if (parse_num(&p, &sc) < 0 || (sc != 1 && sc != 2 && sc != 4 && sc != 8))
				return -1;
			a->scale = (int)sc;
		}
	}
	if (a->reg == DT_SDT_REG_NONE && a->index == DT_SDT_REG_NONE)
		return -1;	/* "()" or "(,)" */
	if (*p++ != ')' || *p)
		return -1;
	return 0;
}

int dt_sdt_parse_arg(const char *spec, struct dt_sdt_arg *a)
{
	const char *p = spec, *at;
	const struct sdt_reg *r;
	int rc = -1;

	memset(a, 0, sizeof(*a));
	a->reg = a->index = DT_SDT_REG_NONE;
	a->scale = 1;
	a->size = 8;

	/* [-]N@ is the size (negative: signed); without it, 8 bytes
	 * unsigned.  "-16(%rbp)" has no '@': a bare operand. */
	at = p;
	if (*at == '-')
		at++;
	if (isdigit((unsigned char)*at)) {
		while (isdigit((unsigned char)*at))
			at++;
		if (*at == '@') {
			int64_t n;
			if (parse_num(&p, &n) < 0)
				goto out;
			a->sign = n < 0;
			n = n < 0 ? -n : n;
			if (n != 1 && n != 2 && n != 4 && n != 8)
				goto out;
			a->size = (int)n;
			p = at + 1;
		}
	}
	if (*p == '%') {
		if (!(r = parse_reg(&p)) || !r->width || *p)
			goto out;
		a->kind = DT_SDT_ARG_REG;
		a->reg = r->off;
		rc = 0;
	} else if (*p == '$') {
		p++;
		if (parse_num(&p, &a->disp) < 0 || *p)
			goto out;
		a->kind = DT_SDT_ARG_CONST;
		rc = 0;
	} else if (*p) {
		rc = parse_mem(p, a);
	}
out:
	if (rc < 0) {
		free(a->sym);
		a->sym = NULL;
		a->kind = DT_SDT_ARG_BAD;
		a->reg = a->index = DT_SDT_REG_NONE;
		a->scale = 1;
		a->disp = 0;
	}
	return rc;
}

/* the object's symbols: .symtab, else .dynsym */
struct sdt_syms {
	Elf_Data *data;
	size_t n, strndx;
};

static void find_syms(Elf *e, struct sdt_syms *ss)
{
	Elf_Scn *scn = NULL, *dyn = NULL, *tab = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB)
			tab = scn;
		else if (sh.sh_type == SHT_DYNSYM)
			dyn = scn;
	}
	memset(ss, 0, sizeof(*ss));
	if (!(scn = tab ? tab : dyn) || !gelf_getshdr(scn, &sh) || !sh.sh_entsize)
		return;
	ss->data = elf_getdata(scn, NULL);
	ss->n = ss->data ? sh.sh_size / sh.sh_entsize : 0;
	ss->strndx = sh.sh_link;
}

static int by_pc(const void *a, const void *b)
{
	const struct dt_sdt_note *x = *(const struct dt_sdt_note *const *)a;
	const struct dt_sdt_note *y = *(const struct dt_sdt_note *const *)b;
	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* each note's function, the one holding its site (a global's name
 * before a weak one's before a local one's): one pass over the symbols,
 * each function's notes found by bisection of the notes sorted by site */
static int set_funcs(Elf *e, const struct sdt_syms *ss, struct dt_sdt_note *ns, size_t n)
{
	struct dt_sdt_note **by = malloc(n * sizeof(*by));
	int *rank = malloc(n * sizeof(*rank));
	const char **best = malloc(n * sizeof(*best));
	GElf_Sym s;
	int rc = -1;

	if (!by || !rank || !best)
		goto out;
	for (size_t i = 0; i < n; i++)
		by[i] = &ns[i];
	qsort(by, n, sizeof(*by), by_pc);
	for (size_t i = 0; i < n; i++) {
		rank[i] = -1;
		best[i] = NULL;
	}
	for (size_t i = 0; i < ss->n; i++) {
		if (!gelf_getsym(ss->data, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_FUNC ||
		    s.st_shndx == SHN_UNDEF || !s.st_size)
			continue;
		size_t lo = 0, hi = n;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (by[mid]->pc < s.st_value)
				lo = mid + 1;
			else
				hi = mid;
		}
		int b = GELF_ST_BIND(s.st_info);
		int r = b == STB_GLOBAL ? 2 : b == STB_WEAK ? 1 : 0;
		for (size_t j = lo; j < n && by[j]->pc - s.st_value < s.st_size; j++) {
			const char *name;
			if (r > rank[j] && (name = elf_strptr(e, ss->strndx, s.st_name)) && *name) {
				best[j] = name;
				rank[j] = r;
			}
		}
	}
	for (size_t j = 0; j < n; j++)
		if (best[j] && !(by[j]->func = strdup(best[j])))
			goto out;
	rc = 0;
out:
	free(by);
	free(rank);
	free(best);
	return rc;
}

/* a defined symbol's address, or -1 */
static int sym_addr(Elf *e, const struct sdt_syms *ss, const char *name, uint64_t *addr)
{
	GElf_Sym s;

	for (size_t i = 0; i < ss->n; i++) {
		if (!gelf_getsym(ss->data, (int)i, &s) || s.st_shndx == SHN_UNDEF ||
		    GELF_ST_TYPE(s.st_info) == STT_SECTION || GELF_ST_TYPE(s.st_info) == STT_FILE)
			continue;
		const char *n = elf_strptr(e, ss->strndx, s.st_name);
		if (n && !strcmp(n, name)) {
			*addr = s.st_value;
			return 0;
		}
	}
	return -1;
}

/* the file offset of a link-time address, from the PT_LOAD segment
 * holding it (0: none does); an address past the segment's file part
 * (a semaphore in .bss) gets the offset the mapping would give it */
static uint64_t file_off(Elf *e, size_t nph, uint64_t addr)
{
	GElf_Phdr ph;

	for (size_t i = 0; i < nph; i++) {
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    addr >= ph.p_vaddr && addr - ph.p_vaddr < ph.p_memsz)
			return addr - ph.p_vaddr + ph.p_offset;
	}
	return 0;
}

static uint64_t get_addr(const unsigned char *p, int wide, int msb)
{
	uint64_t v = 0;
	int n = wide ? 8 : 4;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[msb ? i : n - 1 - i] << (8 * (n - 1 - i));
	return v;
}

/* the argument specs of s (space-separated) into nt->args */
static int split_args(struct dt_sdt_note *nt, const char *s, Elf *e, const struct sdt_syms *ss)
{
	while (*s && nt->nargs < DT_SDT_MAXARGS) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		size_t n = 0;
		while (s[n] && !isspace((unsigned char)s[n]))
			n++;
		struct dt_sdt_arg *a = &nt->args[nt->nargs];
		char *spec = strndup(s, n);
		if (!spec)
			return -1;
		dt_sdt_parse_arg(spec, a);
		a->spec = spec;
		nt->nargs++;
		s += n;
		if (a->sym) {
			uint64_t addr;
			if (sym_addr(e, ss, a->sym, &addr) == 0) {
				a->disp = (int64_t)((uint64_t)a->disp + addr);
			} else {
				a->kind = DT_SDT_ARG_BAD;
				a->reg = a->index = DT_SDT_REG_NONE;
				a->disp = 0;
			}
			free(a->sym);
			a->sym = NULL;
		}
	}
	return 0;
}

/* the notes of one .note.stapsdt section appended to *notes */
static int read_section(Elf *e, Elf_Scn *scn, int wide, int msb, const uint64_t *base,
    size_t nph, const struct sdt_syms *ss, struct dt_sdt_note **notes, size_t *n)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t off = 0, noff, doff, asz = wide ? 8 : 4;
	GElf_Nhdr nh;

	while (d && (off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
		const char *owner = (const char *)d->d_buf + noff;
		const unsigned char *desc = (const unsigned char *)d->d_buf + doff;
		if (nh.n_type != NT_STAPSDT || nh.n_namesz != sizeof("stapsdt") ||
		    memcmp(owner, "stapsdt", sizeof("stapsdt")) || nh.n_descsz < 3 * asz + 3)
			continue;
		/* the three strings must end inside the descriptor */
		const char *str = (const char *)desc + 3 * asz, *end = (const char *)desc + nh.n_descsz;
		const char *prov = str, *name, *args;
		if (!(name = memchr(prov, '\0', (size_t)(end - prov))) || ++name >= end ||
		    !(args = memchr(name, '\0', (size_t)(end - name))) || ++args >= end ||
		    !memchr(args, '\0', (size_t)(end - args)))
			continue;

		struct dt_sdt_note *nn = realloc(*notes, (*n + 1) * sizeof(**notes));
		if (!nn)
			return -1;
		*notes = nn;
		struct dt_sdt_note *nt = &nn[(*n)++];
		memset(nt, 0, sizeof(*nt));
		/* prelink moved .stapsdt.base but not the notes' copy of
		 * its address: the difference moves the site and semaphore */
		uint64_t slide = base ? *base - get_addr(desc + asz, wide, msb) : 0;
		nt->pc = get_addr(desc, wide, msb) + slide;
		nt->sema = get_addr(desc + 2 * asz, wide, msb);
		if (nt->sema)
			nt->sema += slide;
		nt->off = file_off(e, nph, nt->pc);
		nt->sema_off = nt->sema ? file_off(e, nph, nt->sema) : 0;
		if (!(nt->provider = strdup(prov)) || !(nt->name = strdup(name)) ||
		    !(nt->argstr = strdup(args)))
			return -1;
		if (split_args(nt, args, e, ss) < 0)
			return -1;
	}
	return 0;
}

int dt_sdt_read(const char *path, struct dt_sdt_note **notes, size_t *n,
    char *err, size_t errlen)
{
	Elf *e = NULL;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Ehdr eh;
	struct sdt_syms ss;
	size_t shstrndx, nph = 0;
	int fd, rc = -1;

	*notes = NULL;
	*n = 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	if (elf_version(EV_CURRENT) == EV_NONE || !(e = elf_begin(fd, ELF_C_READ, NULL)) ||
	    elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh) ||
	    elf_getshdrstrndx(e, &shstrndx) < 0) {
		snprintf(err, errlen, "not an ELF object");
		goto done;
	}
	int wide = gelf_getclass(e) == ELFCLASS64;
	int msb = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	if (elf_getphdrnum(e, &nph) < 0)
		nph = 0;
	find_syms(e, &ss);

	uint64_t base_sec = 0;
	int have_base = 0;
	while ((scn = elf_nextscn(e, scn))) {
		const char *nm;
		if (gelf_getshdr(scn, &sh) && (nm = elf_strptr(e, shstrndx, sh.sh_name)) &&
		    !strcmp(nm, ".stapsdt.base")) {
			base_sec = sh.sh_addr;
			have_base = 1;
		}
	}
	scn = NULL;
	while ((scn = elf_nextscn(e, scn))) {
		const char *nm;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE ||
		    !(nm = elf_strptr(e, shstrndx, sh.sh_name)) || strcmp(nm, ".note.stapsdt"))
			continue;
		if (read_section(e, scn, wide, msb, have_base ? &base_sec : NULL, nph, &ss,
		    notes, n) < 0)
			goto nomem;
	}
	if (*n && set_funcs(e, &ss, *notes, *n) < 0)
		goto nomem;
	rc = 0;
	goto done;
nomem:
	snprintf(err, errlen, "%s", strerror(ENOMEM));
	dt_sdt_free(*notes, *n);
	*notes = NULL;
	*n = 0;
done:
	if (e)
		elf_end(e);
	close(fd);
	return rc;
}

void dt_sdt_free(struct dt_sdt_note *notes, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct dt_sdt_note *nt = &notes[i];
		free(nt->provider);
		free(nt->name);
		free(nt->func);
		free(nt->argstr);
		for (int j = 0; j < nt->nargs; j++) {
			free(nt->args[j].spec);
			free(nt->args[j].sym);
		}
	}
	free(notes);
}
