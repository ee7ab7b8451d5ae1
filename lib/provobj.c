/*
 * provobj.c - dtrace -G (dtrace_program_link): the object to link with
 * the objects compiled with dtrace -h's header.  Their probes are already
 * sys/sdt.h notes, which refer to one semaphore per probe
 * (provider_probe_semaphore): this writes, with libelf and no assembler,
 * an ELF64 x86-64 relocatable that defines them (zero, unsigned short,
 * hidden, in section .probes as sys/sdt.h expects) and says the stack is
 * not executable (.note.GNU-stack).  The objects given are checked, as
 * dtrace checks those it rewrites, but left alone: ELF relocatables of
 * this machine whose notes hold a site of every provider the program
 * declares, and only probes it declares.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/handle.h"
#include "kernel/stapsdt.h"
#include "usdtgen.h"
#include "dtrace.h"

/* the semaphores' names, one after the other (the string table) */
struct strtab {
	char *buf;
	size_t len, cap;
};

static size_t str_add(struct strtab *t, const char *s)
{
	size_t n = strlen(s) + 1, off = t->len;
	if (t->len + n > t->cap) {
		size_t cap = (t->cap + n) * 2;
		char *b = realloc(t->buf, cap);
		if (!b)
			return 0;
		t->buf = b;
		t->cap = cap;
	}
	memcpy(t->buf + off, s, n);
	t->len += n;
	return off;
}

struct semas {
	struct strtab str;	/* "\0name\0name..." */
	GElf_Sym *syms;		/* null, .probes's section symbol, semaphores */
	int nsyms, cap;
	int err;
};

static int add_sema(dtrace_hdl_t *dtp, const struct ast_provider *pv, void *arg)
{
	struct semas *s = arg;
	char name[512];

	for (const struct ast_probe *pr = pv->probes; pr; pr = pr->next) {
		if (dt_usdt_semaphore(name, sizeof(name), pv->name, pr->name) < 0)
			return dt_set_err(dtp, "probe name too long: %s:::%s", pv->name, pr->name);
		if (s->nsyms == s->cap) {
			int cap = s->cap ? s->cap * 2 : 16;
			GElf_Sym *n = realloc(s->syms, (size_t)cap * sizeof(*n));
			if (!n)
				return dt_set_err(dtp, "%s", strerror(ENOMEM));
			s->syms = n;
			s->cap = cap;
		}
		/* a probe declared twice has one semaphore */
		int dup = 0;
		for (int i = 2; i < s->nsyms && !dup; i++)
			dup = strcmp(s->str.buf + s->syms[i].st_name, name) == 0;
		if (dup)
			continue;
		size_t off = str_add(&s->str, name);
		if (!off)
			return dt_set_err(dtp, "%s", strerror(ENOMEM));
		s->syms[s->nsyms] = (GElf_Sym){
			.st_name = (Elf64_Word)off,
			.st_info = GELF_ST_INFO(STB_GLOBAL, STT_OBJECT),
			.st_other = STV_HIDDEN,
			.st_shndx = 1,
			.st_value = (GElf_Addr)(s->nsyms - 2) * 2,
			.st_size = 2,
		};
		s->nsyms++;
	}
	return 0;
}

/* An object to link with: an ELF relocatable of this machine. */
static int check_object(dtrace_hdl_t *dtp, const char *obj)
{
	int fd = open(obj, O_RDONLY);
	if (fd < 0)
		return dt_set_err(dtp, "failed to open %s: %s", obj, strerror(errno));
	Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
	GElf_Ehdr eh;
	int rc = 0;
	if (!elf)
		rc = dt_set_err(dtp, "failed to process %s: %s", obj, elf_errmsg(elf_errno()));
	else if (elf_kind(elf) == ELF_K_AR)
		rc = dt_set_err(dtp, "archives are not permitted; use the contents "
		    "of the archive instead: %s", obj);
	else if (elf_kind(elf) != ELF_K_ELF)
		rc = dt_set_err(dtp, "invalid file type: %s", obj);
	else if (!gelf_getehdr(elf, &eh))
		rc = dt_set_err(dtp, "corrupt file: %s", obj);
	else if (eh.e_ident[EI_CLASS] != ELFCLASS64)
		rc = dt_set_err(dtp, "incorrect ELF class for object file: %s", obj);
	else if (eh.e_machine != EM_X86_64)
		rc = dt_set_err(dtp, "incorrect ELF machine type for object file: %s", obj);
	else if (eh.e_type != ET_REL)
		rc = dt_set_err(dtp, "invalid file type: %s", obj);
	elf_end(elf);
	close(fd);
	return rc;
}

/* the operands' probe sites, read once per link */
struct sites {
	struct dt_sdt_note **v;
	size_t *n;
	int nobj;
};

/* does provider pv have a site, and is every site of it a probe it
 * declares?  (as dtrace's link, which reads the objects' probe sites) */
static int check_provider(dtrace_hdl_t *dtp, const struct ast_provider *pv, void *arg)
{
	const struct sites *st = arg;
	int found = 0;
	for (int o = 0; o < st->nobj; o++)
		for (size_t i = 0; i < st->n[o]; i++) {
			const struct dt_sdt_note *nt = &st->v[o][i];
			if (strcmp(nt->provider, pv->name))
				continue;
			found = 1;
			const struct ast_probe *pr = pv->probes;
			while (pr && strcmp(pr->name, nt->name))
				pr = pr->next;
			if (!pr) {
				char name[256];
				size_t k = 0;
				for (const char *c = nt->name; *c && k + 1 < sizeof(name); c++)
					name[k++] = c[0] == '_' && c[1] == '_' ? (c++, '-') : *c;
				name[k] = 0;
				return dt_set_err(dtp, "no such probe %s", name);
			}
		}
	return found ? 0 : dt_set_err(dtp, "No probe sites found for declared provider");
}

static int check_sites(dtrace_hdl_t *dtp, int prog, int objc, char *const objv[])
{
	struct sites st = { calloc((size_t)objc + 1, sizeof(*st.v)),
		calloc((size_t)objc + 1, sizeof(*st.n)), 0 };
	int rc = 0;
	if (!st.v || !st.n) {
		free(st.v);
		free(st.n);
		return dt_set_err(dtp, "%s", strerror(ENOMEM));
	}
	for (int i = 0; i < objc; i++) {
		char err[256];
		if (dt_sdt_read(objv[i], &st.v[i], &st.n[i], err, sizeof(err)) < 0) {
			st.v[i] = NULL;	/* no notes (or none readable): no sites */
			st.n[i] = 0;
		}
		st.nobj = i + 1;
	}
	rc = dt_usdt_each_provider(dtp, prog, check_provider, &st);
	for (int i = 0; i < st.nobj; i++)
		dt_sdt_free(st.v[i], st.n[i]);
	free(st.v);
	free(st.n);
	return rc;
}

static Elf_Scn *new_section(Elf *elf, struct strtab *shstr, const char *name,
    GElf_Word type, GElf_Xword flags, void *buf, size_t size, Elf_Type dtype, size_t align)
{
	Elf_Scn *scn = elf_newscn(elf);
	Elf_Data *d;
	GElf_Shdr sh;
	size_t off = str_add(shstr, name);

	if (!scn || !off || !(d = elf_newdata(scn)) || !gelf_getshdr(scn, &sh))
		return NULL;
	d->d_buf = buf;
	d->d_size = size;
	d->d_type = dtype;
	d->d_align = align;
	d->d_version = EV_CURRENT;
	sh.sh_name = (Elf64_Word)off;
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addralign = align;
	return gelf_update_shdr(scn, &sh) ? scn : NULL;
}

/* The object, written to fd: sections .probes (1), .note.GNU-stack,
 * .symtab, .strtab, .shstrtab. */
static int write_object(Elf *elf, struct semas *s, struct strtab *shstr, char *zeros)
{
	GElf_Ehdr *eh, ehb;
	GElf_Shdr sh;
	Elf_Scn *probes, *stack, *symtab, *strtab, *shs;
	size_t nsema = (size_t)s->nsyms - 2;
	Elf_Data *sd;

	if (!gelf_newehdr(elf, ELFCLASS64) || !(eh = gelf_getehdr(elf, &ehb)))
		return -1;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_type = ET_REL;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	probes = new_section(elf, shstr, ".probes", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE,
	    zeros, nsema * 2, ELF_T_BYTE, 2);
	stack = new_section(elf, shstr, ".note.GNU-stack", SHT_PROGBITS, 0, NULL, 0, ELF_T_BYTE, 1);
	symtab = new_section(elf, shstr, ".symtab", SHT_SYMTAB, 0, NULL, 0, ELF_T_SYM, 8);
	strtab = new_section(elf, shstr, ".strtab", SHT_STRTAB, 0, s->str.buf, s->str.len, ELF_T_BYTE, 1);
	shs = new_section(elf, shstr, ".shstrtab", SHT_STRTAB, 0, NULL, 0, ELF_T_BYTE, 1);
	if (!probes || !stack || !symtab || !strtab || !shs)
		return -1;
	/* the symbols, in the file's layout */
	sd = elf_getdata(symtab, NULL);
	sd->d_size = gelf_fsize(elf, ELF_T_SYM, (size_t)s->nsyms, EV_CURRENT);
	if (!(sd->d_buf = calloc(1, sd->d_size)))
		return -1;
	for (int i = 0; i < s->nsyms; i++)
		if (!gelf_update_sym(sd, i, &s->syms[i]))
			return -1;
	if (!gelf_getshdr(symtab, &sh))
		return -1;
	sh.sh_link = (Elf64_Word)elf_ndxscn(strtab);
	sh.sh_info = 2;		/* the first global symbol */
	sh.sh_entsize = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
	if (!gelf_update_shdr(symtab, &sh))
		return -1;
	/* the section names last: .shstrtab's own is in */
	sd = elf_getdata(shs, NULL);
	sd->d_buf = shstr->buf;
	sd->d_size = shstr->len;
	eh->e_shstrndx = (Elf64_Half)elf_ndxscn(shs);
	if (!gelf_update_ehdr(elf, eh))
		return -1;
	return elf_update(elf, ELF_C_WRITE) < 0 ? -1 : 0;
}

int dtrace_program_link(dtrace_hdl_t *dtp, const char *file, int objc, char *const objv[])
{
	return dtrace_program_link_prog(dtp, -1, file, objc, objv);
}

int dtrace_program_link_prog(dtrace_hdl_t *dtp, int prog, const char *file, int objc,
    char *const objv[])
{
	struct semas s = { 0 };
	struct strtab shstr = { 0 };
	char *zeros = NULL;
	Elf_Data *symdata = NULL;
	Elf *elf = NULL;
	int fd = -1, rc = -1;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return dt_set_err(dtp, "failed to initialize libelf: %s", elf_errmsg(-1));
	if (dt_usdt_check(dtp, prog) < 0)
		return -1;
	for (int i = 0; i < objc; i++)
		if (check_object(dtp, objv[i]) < 0)
			return -1;
	if (check_sites(dtp, prog, objc, objv) < 0)
		return -1;
	/* symbol 0 (null) and .probes's section symbol, then the semaphores */
	s.cap = 16;
	s.syms = calloc((size_t)s.cap, sizeof(*s.syms));
	if (!s.syms || str_add(&s.str, "") != 0 || str_add(&shstr, "") != 0 || !s.str.buf || !shstr.buf)
		goto nomem;
	s.syms[1] = (GElf_Sym){ .st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION), .st_shndx = 1 };
	s.nsyms = 2;
	if (dt_usdt_each_provider(dtp, prog, add_sema, &s) < 0)
		goto out;
	if (!(zeros = calloc((size_t)s.nsyms, 2)))
		goto nomem;
	if ((fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0) {
		dt_set_err(dtp, "failed to open %s: %s", file, strerror(errno));
		goto out;
	}
	if (!(elf = elf_begin(fd, ELF_C_WRITE, NULL)) || write_object(elf, &s, &shstr, zeros) < 0) {
		dt_set_err(dtp, "failed to write %s: %s", file, elf_errmsg(-1));
		goto out;
	}
	rc = 0;
	goto out;
nomem:
	dt_set_err(dtp, "%s", strerror(ENOMEM));
out:
	if (elf) {
		Elf_Scn *scn = elf_getscn(elf, 3);	/* .symtab's buffer */
		if (scn && (symdata = elf_getdata(scn, NULL)))
			free(symdata->d_buf);
		elf_end(elf);
	}
	if (fd >= 0 && close(fd) < 0 && rc == 0)
		rc = dt_set_err(dtp, "failed to write %s: %s", file, strerror(errno));
	if (rc < 0 && fd >= 0)
		unlink(file);
	free(zeros);
	free(s.syms);
	free(s.str.buf);
	free(shstr.buf);
	return rc;
}
