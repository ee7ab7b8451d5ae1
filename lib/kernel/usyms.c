/*
 * usyms.c - user addresses to symbols: each process's mappings and the
 * ELF symbol tables of its objects, shared by everything that prints a
 * user address (ustack() records and keys in consume/usym.c, and the
 * user symbol functions).
 *
 * A process's mappings (/proc/PID/maps: range, file offset, device,
 * inode, path) are read the first time one of its addresses is seen and
 * kept, so later records of a process that has exited still resolve.
 * A PC maps to an object and a file offset; the object's PT_LOAD
 * segments turn that into the address its symbols use (this covers PIE
 * executables and shared libraries, whatever their load bias).  Each
 * object's .symtab and .dynsym functions are read once (cached by device
 * and inode, not per process), sorted, and searched by bisection.  An
 * object without .symtab gets its local functions from its separate
 * debug information (kernel/udebug.c), merged with its own .dynsym; and
 * an object whose build-id is that of one already read with a .symtab
 * (a copy elsewhere, a container's) shares that one's symbols.
 */
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "udebug.h"
#include "usyms.h"
#include "perfmap.h"

/* rank: which of several names of one address prints (the highest):
 * global 2, weak 1, local 0 */
struct usym { uint64_t addr, size; const char *name; int rank; };
struct useg { uint64_t vaddr, off, filesz; };

struct uobj {
	dev_t dev;
	ino_t ino;
	int loaded;		/* 1: read (maybe without symbols) */
	unsigned char id[DT_BUILDID_MAX];	/* build-id (idlen 0: none) */
	size_t idlen;
	int full;		/* symbols from a .symtab (the object's or its debug info's) */
	int shared;		/* syms and strtabs are another object's (same build-id) */
	struct usym *syms;
	size_t nsyms;
	struct useg *segs;
	size_t nsegs;
	char **strtabs;		/* the string tables the names point into */
	size_t nstrtabs;
	char *path;		/* where it was first read from */
};

struct umap {
	uint64_t start, end, off;
	dev_t dev;
	ino_t ino;
	char *path;		/* NULL: anonymous */
};

struct uproc {
	int pid;
	struct umap *maps;
	size_t nmaps;
	time_t read;		/* when the maps were read */
	time_t missed;		/* when a re-read left a PC unmapped */
};

static struct uproc *procs;
static size_t nprocs;
static struct uobj *objs;
static size_t nobjs;

static int read_maps(struct uproc *p)
{
	char fn[64], line[4096];
	snprintf(fn, sizeof(fn), "/proc/%d/maps", p->pid);
	FILE *f = fopen(fn, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long s, e, off, ino;
		unsigned maj, mnr;
		int pos = 0;
		if (sscanf(line, "%llx-%llx %*s %llx %x:%x %llu %n", &s, &e, &off, &maj, &mnr,
		    &ino, &pos) < 6 || ino == 0)
			continue;
		char *path = line + pos;
		path[strcspn(path, "\n")] = 0;
		if (path[0] != '/')
			continue;
		/* a file deleted or replaced since it was mapped: its name
		 * (the module printed); no symbols, as its device and inode
		 * are no longer those at the path */
		size_t pl = strlen(path), dl = strlen(" (deleted)");
		if (pl > dl && strcmp(path + pl - dl, " (deleted)") == 0)
			path[pl - dl] = 0;
		struct umap *m = realloc(p->maps, (p->nmaps + 1) * sizeof(*m));
		if (!m)
			break;
		p->maps = m;
		m = &m[p->nmaps];
		m->start = s;
		m->end = e;
		m->off = off;
		m->dev = makedev(maj, mnr);
		m->ino = (ino_t)ino;
		m->path = strdup(path);
		if (!m->path)
			break;
		p->nmaps++;
	}
	fclose(f);
	return 0;
}

/* p's mappings read again (kept as they were if it is gone) */
static void reread(struct uproc *p)
{
	struct uproc old = *p;
	p->maps = NULL;
	p->nmaps = 0;
	if (read_maps(p) < 0) {
		free(p->maps);
		*p = old;
		return;
	}
	for (size_t j = 0; j < old.nmaps; j++)
		free(old.maps[j].path);
	free(old.maps);
}

static struct uproc *proc_get(int pid)
{
	for (size_t i = 0; i < nprocs; i++)
		if (procs[i].pid == pid)
			return &procs[i];
	struct uproc *n = realloc(procs, (nprocs + 1) * sizeof(*n));
	if (!n)
		return NULL;
	procs = n;
	struct uproc *p = &procs[nprocs++];
	memset(p, 0, sizeof(*p));
	p->pid = pid;
	read_maps(p);
	p->read = time(NULL);
	return p;
}

static size_t underscores(const char *s)
{
	return strspn(s, "_");
}

/* by address; of one address, the preferred name last (lookup takes
 * the last one that holds the address): a plain name before a
 * versioned alias of a debug file's .symtab (__libc_start_main over
 * __libc_start_main@GLIBC_2.2.5), global before weak before local, then
 * fewer leading underscores (write over __write) */
static int sym_cmp(const void *a, const void *b)
{
	const struct usym *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	int vx = strchr(x->name, '@') != NULL, vy = strchr(y->name, '@') != NULL;
	if (vx != vy)
		return vx ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	size_t ux = underscores(x->name), uy = underscores(y->name);
	if (ux != uy)
		return ux > uy ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* sorted, and each name of an address once (.dynsym and a debug file's
 * .symtab both have the exported functions) */
static void sort_syms(struct uobj *o)
{
	if (!o->nsyms)
		return;
	qsort(o->syms, o->nsyms, sizeof(*o->syms), sym_cmp);
	size_t n = 0;
	for (size_t i = 0; i < o->nsyms; i++) {
		struct usym *s = &o->syms[i];
		size_t j = n;
		while (j > 0 && o->syms[j - 1].addr == s->addr && strcmp(o->syms[j - 1].name, s->name))
			j--;
		if (j > 0 && o->syms[j - 1].addr == s->addr) {
			if (s->size > o->syms[j - 1].size)
				o->syms[j - 1].size = s->size;
			continue;
		}
		o->syms[n++] = *s;
	}
	o->nsyms = n;
	struct usym *u = realloc(o->syms, n * sizeof(*u));	/* room was made for every symbol */
	if (u)
		o->syms = u;
}

/* the functions of one symbol table section */
static void load_symtab(struct uobj *o, Elf *e, Elf_Scn *scn, const GElf_Shdr *sh)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || !sh->sh_entsize)
		return;
	Elf_Scn *ss = elf_getscn(e, sh->sh_link);
	Elf_Data *sd = ss ? elf_getdata(ss, NULL) : NULL;
	if (!sd || !sd->d_buf || !sd->d_size)
		return;
	char *strs = malloc(sd->d_size + 1);
	char **st = realloc(o->strtabs, (o->nstrtabs + 1) * sizeof(*st));
	if (!strs || !st) {
		free(strs);
		if (st)
			o->strtabs = st;
		return;
	}
	memcpy(strs, sd->d_buf, sd->d_size);
	strs[sd->d_size] = 0;
	o->strtabs = st;
	st[o->nstrtabs++] = strs;
	size_t n = sh->sh_size / sh->sh_entsize;
	if (!n)
		return;
	struct usym *u = realloc(o->syms, (o->nsyms + n) * sizeof(*u));
	if (!u)
		return;
	o->syms = u;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym s;
		if (!gelf_getsym(d, (int)i, &s))
			break;
		int t = GELF_ST_TYPE(s.st_info);
		if ((t != STT_FUNC && t != STT_GNU_IFUNC) || s.st_value == 0 ||
		    s.st_shndx == SHN_UNDEF || s.st_name >= sd->d_size)
			continue;
		int b = GELF_ST_BIND(s.st_info);
		u[o->nsyms++] = (struct usym){ s.st_value, s.st_size, strs + s.st_name,
					       b == STB_GLOBAL ? 2 : b == STB_WEAK };
	}
}

/* the functions of e's symbol tables; 1 if it has a .symtab */
static int load_syms(struct uobj *o, Elf *e)
{
	int full = 0;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM))
			continue;
		full |= sh.sh_type == SHT_SYMTAB;
		load_symtab(o, e, scn, &sh);
	}
	return full;
}

/* an object read before, with a .symtab, whose build-id is o's */
static const struct uobj *same_build(const struct uobj *o)
{
	for (size_t i = 0; o->idlen && i < nobjs; i++)
		if (&objs[i] != o && objs[i].full && objs[i].idlen == o->idlen &&
		    !memcmp(objs[i].id, o->id, o->idlen))
			return &objs[i];
	return NULL;
}

static void load_obj(struct uobj *o, const char *path)
{
	o->loaded = 1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	struct stat sb;
	Elf *e = NULL;
	if (fstat(fd, &sb) < 0 || sb.st_dev != o->dev || sb.st_ino != o->ino)
		goto out;	/* replaced since it was mapped: addresses only */
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF)
		goto out;
	size_t np = 0;
	if (elf_getphdrnum(e, &np) == 0) {
		for (size_t i = 0; i < np; i++) {
			GElf_Phdr ph;
			if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
				continue;
			struct useg *g = realloc(o->segs, (o->nsegs + 1) * sizeof(*g));
			if (!g)
				break;
			o->segs = g;
			g[o->nsegs++] = (struct useg){ ph.p_vaddr, ph.p_offset, ph.p_filesz };
		}
	}
	o->idlen = dt_udebug_buildid(e, o->id);
	const struct uobj *same = same_build(o);
	if (same) {
		o->syms = same->syms;
		o->nsyms = same->nsyms;
		o->strtabs = same->strtabs;
		o->nstrtabs = same->nstrtabs;
		o->full = o->shared = 1;
		goto out;
	}
	o->full = load_syms(o, e);
	if (!o->full) {
		/* stripped: the debug information's .symtab, with .dynsym */
		struct dt_udebug d;
		if (dt_udebug_open(e, path, o->id, o->idlen, &d) == 0) {
			o->full = load_syms(o, d.elf);
			dt_udebug_close(&d);
		}
	}
	sort_syms(o);
out:
	if (e)
		elf_end(e);
	close(fd);
}

static struct uobj *obj_get(const struct umap *m)
{
	for (size_t i = 0; i < nobjs; i++)
		if (objs[i].dev == m->dev && objs[i].ino == m->ino)
			return &objs[i];
	struct uobj *n = realloc(objs, (nobjs + 1) * sizeof(*n));
	if (!n)
		return NULL;
	objs = n;
	struct uobj *o = &objs[nobjs++];
	memset(o, 0, sizeof(*o));
	o->dev = m->dev;
	o->ino = m->ino;
	o->path = strdup(m->path);
	load_obj(o, m->path);
	return o;
}

/* the symbol holding address a of object o, or NULL */
static const struct usym *lookup(const struct uobj *o, uint64_t a)
{
	size_t lo = 0, hi = o->nsyms;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (o->syms[mid].addr <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const struct usym *s = &o->syms[lo - 1];
	/* a sized symbol must hold it; of several at one address, the
	 * sized one that does */
	for (size_t i = lo; i-- > 0 && o->syms[i].addr == s->addr;)
		if (a < o->syms[i].addr + o->syms[i].size)
			return &o->syms[i];
	return s->size == 0 ? s : NULL;
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

static const struct umap *map_of(const struct uproc *p, uint64_t pc)
{
	for (size_t i = 0; p && i < p->nmaps; i++)
		if (pc >= p->maps[i].start && pc < p->maps[i].end)
			return &p->maps[i];
	return NULL;
}

/*
 * Where pc of process pid is.  A PC no mapping holds may be in an object
 * mapped since the maps were read (dlopen): they are read again at once,
 * but after a re-read that still leaves a PC unmapped, not again within
 * that second (JIT code in anonymous memory would otherwise cost a read
 * per frame).
 */
int dt_usym_addr(int pid, uint64_t pc, const char **mod, const char **name, uint64_t *off)
{
	struct uproc *p = proc_get(pid);
	const struct umap *m = map_of(p, pc);
	if (!m && p && time(NULL) != p->missed) {
		reread(p);
		p->read = time(NULL);
		m = map_of(p, pc);
		if (!m)
			p->missed = p->read;
	}
	*mod = *name = NULL;
	*off = pc;
	if (!m)		/* anonymous memory: JIT code a perf map may name */
		return dt_perfmap_addr(pid, pc, name, off);
	*mod = base_name(m->path);
	const struct uobj *o = obj_get(m);
	uint64_t foff = pc - m->start + m->off;
	for (size_t i = 0; o && i < o->nsegs; i++) {
		const struct useg *g = &o->segs[i];
		if (foff < g->off || foff >= g->off + g->filesz)
			continue;
		const struct usym *s = lookup(o, foff - g->off + g->vaddr);
		if (!s)
			break;
		*name = s->name;
		*off = foff - g->off + g->vaddr - s->addr;
		return 0;
	}
	return -1;
}

uint64_t dt_usym_modbase(int pid, uint64_t pc)
{
	struct uproc *p = proc_get(pid);
	const struct umap *m = map_of(p, pc);
	if (!m)
		return 0;
	uint64_t base = m->start;
	for (size_t i = 0; i < p->nmaps; i++)
		if (p->maps[i].dev == m->dev && p->maps[i].ino == m->ino && p->maps[i].start < base)
			base = p->maps[i].start;
	return base;
}

void dt_usym_seen(int pid)
{
	proc_get(pid);
}

/* a process about to exit: its mappings as they are now (it may have
 * mapped more since its first record) and its objects' symbols, read
 * while the files are certainly there */
void dt_usym_grab(int pid)
{
	struct uproc *p = proc_get(pid);
	if (!p)
		return;
	reread(p);
	for (size_t j = 0; j < p->nmaps; j++)
		obj_get(&p->maps[j]);
}

int dt_usym_maps(int pid, dt_usym_map_f *fn, void *arg)
{
	struct uproc *p = proc_get(pid);
	if (!p || !p->nmaps)
		return -1;
	for (size_t j = 0; j < p->nmaps; j++) {
		const struct umap *m = &p->maps[j];
		fn(arg, m->start, m->end, m->off, (uint64_t)m->dev, (uint64_t)m->ino, m->path);
	}
	return (int)p->nmaps;
}

/* ---- a process's objects and their functions (the pid provider) ---- */

int dt_usym_objects(int pid, dt_usym_obj_f *fn, void *arg)
{
	struct uproc *p = proc_get(pid);
	if (!p)
		return -1;
	/* now, not as first seen: libraries come and go */
	struct uproc fresh = { .pid = pid };
	if (read_maps(&fresh) < 0) {
		free(fresh.maps);
		return -1;
	}
	for (size_t j = 0; j < p->nmaps; j++)
		free(p->maps[j].path);
	free(p->maps);
	p->maps = fresh.maps;
	p->nmaps = fresh.nmaps;
	p->read = time(NULL);

	char exe[64];
	struct stat xs;
	snprintf(exe, sizeof(exe), "/proc/%d/exe", pid);
	int have_exe = stat(exe, &xs) == 0;
	int n = 0;
	for (size_t j = 0; j < p->nmaps; j++) {
		const struct umap *m = &p->maps[j];
		size_t k;
		for (k = 0; k < j; k++)	/* each object once, at its first mapping */
			if (p->maps[k].dev == m->dev && p->maps[k].ino == m->ino)
				break;
		if (k < j)
			continue;
		struct uobj *o = obj_get(m);
		if (!o)
			return -1;
		n++;
		int aout = have_exe && xs.st_dev == m->dev && xs.st_ino == m->ino;
		if (fn(arg, (int)(o - objs), m->path, aout) != 0)
			break;
	}
	return n;
}

int dt_usym_functions(int obj, int aliases, dt_usym_func_f *fn, void *arg)
{
	if (obj < 0 || (size_t)obj >= nobjs)
		return -1;
	const struct uobj *o = &objs[obj];
	for (size_t i = 0; i < o->nsyms; i++) {
		const struct usym *s = &o->syms[i];
		if (aliases) {
			if (s->size && fn(arg, s->name, s->addr, s->size) != 0)
				return 0;
			continue;
		}
		/* one per address: the name dt_usym_addr prints there (the
		 * last with a size), the largest size */
		const struct usym *best = s->size ? s : NULL;
		uint64_t size = s->size;
		while (i + 1 < o->nsyms && o->syms[i + 1].addr == s->addr) {
			s = &o->syms[++i];
			if (s->size)
				best = s;
			if (s->size > size)
				size = s->size;
		}
		if (best && fn(arg, best->name, best->addr, size) != 0)
			return 0;
	}
	return 0;
}

int dt_usym_fileoff(int obj, uint64_t vaddr, uint64_t *off)
{
	if (obj < 0 || (size_t)obj >= nobjs)
		return -1;
	const struct uobj *o = &objs[obj];
	for (size_t i = 0; i < o->nsegs; i++) {
		const struct useg *g = &o->segs[i];
		if (vaddr >= g->vaddr && vaddr < g->vaddr + g->filesz) {
			*off = vaddr - g->vaddr + g->off;
			return 0;
		}
	}
	return -1;
}

const char *dt_usym_objpath(int obj)
{
	return obj >= 0 && (size_t)obj < nobjs ? objs[obj].path : NULL;
}

void dt_usym_free(void)
{
	for (size_t i = 0; i < nprocs; i++) {
		for (size_t j = 0; j < procs[i].nmaps; j++)
			free(procs[i].maps[j].path);
		free(procs[i].maps);
	}
	free(procs);
	procs = NULL;
	nprocs = 0;
	for (size_t i = 0; i < nobjs; i++) {
		free(objs[i].segs);
		free(objs[i].path);
		if (objs[i].shared)
			continue;
		free(objs[i].syms);
		for (size_t j = 0; j < objs[i].nstrtabs; j++)
			free(objs[i].strtabs[j]);
		free(objs[i].strtabs);
	}
	free(objs);
	objs = NULL;
	nobjs = 0;
	dt_perfmap_free();
}
