/*
 * udebug.c - finding and opening a user object's separate debug
 * information, the one concern of this file.  Distributions strip their
 * binaries and libraries (Debian's libc.so.6 keeps only .dynsym) and
 * ship the symbols elsewhere; kernel/usyms.c asks here when an object
 * has no .symtab, in gdb's order:
 *
 *  1. the debug file named by the object's build-id (NT_GNU_BUILD_ID):
 *     /usr/lib/debug/.build-id/xx/yyyy...debug (Debian's -dbg and
 *     -dbgsym packages, Fedora's debuginfo);
 *  2. the file its .gnu_debuglink section names, if that file's CRC-32
 *     is the one the section records, looked for in the object's
 *     directory, its .debug/ subdirectory and /usr/lib/debug + that
 *     directory;
 *  3. its .gnu_debugdata (MiniDebugInfo, Fedora): an xz-compressed ELF
 *     whose .symtab holds the functions .dynsym lacks, decompressed here
 *     with liblzma into memory.
 *
 * Debug files keep the object's section addresses, so the object's own
 * PT_LOAD segments place their symbols.  libelf reads sections on
 * demand: of a debug file (libc's is 4 MB of DWARF) only the headers,
 * .symtab and .strtab are read.
 */
#include <fcntl.h>
#include <limits.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <sys/stat.h>
#include "udebug.h"

#define DEBUG_DIR "/usr/lib/debug"
#define MINI_MAX (256u << 20)	/* the largest MiniDebugInfo decompressed */

static int note_buildid(Elf_Data *d, unsigned char *id, size_t *len)
{
	GElf_Nhdr nh;
	size_t off = 0, noff, doff;
	if (!d || !d->d_buf)
		return 0;
	while ((off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    !memcmp((char *)d->d_buf + noff, "GNU", 4) && nh.n_descsz > 0 &&
		    nh.n_descsz <= DT_BUILDID_MAX) {
			memcpy(id, (char *)d->d_buf + doff, nh.n_descsz);
			*len = nh.n_descsz;
			return 1;
		}
	}
	return 0;
}

size_t dt_udebug_buildid(Elf *e, unsigned char *id)
{
	size_t len = 0;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_NOTE &&
		    note_buildid(elf_getdata(scn, NULL), id, &len))
			return len;
	}
	/* no section headers: the notes of the program headers */
	size_t np = 0;
	if (elf_getphdrnum(e, &np) != 0)
		return 0;
	for (size_t i = 0; i < np; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_NOTE &&
		    note_buildid(elf_getdata_rawchunk(e, (int64_t)ph.p_offset, ph.p_filesz,
						      ELF_T_NHDR), id, &len))
			return len;
	}
	return 0;
}

/* e's section called name, or NULL */
static Elf_Scn *section(Elf *e, const char *name)
{
	size_t shstr;
	if (elf_getshdrstrndx(e, &shstr) != 0)
		return NULL;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
		GElf_Shdr sh;
		const char *n;
		if (gelf_getshdr(scn, &sh) && sh.sh_type != SHT_NOBITS &&
		    (n = elf_strptr(e, shstr, sh.sh_name)) && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

static int has_symtab(Elf *e)
{
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB)
			return 1;
	}
	return 0;
}

/*
 * Debug file fn opened into d if it is an ELF file of the object's
 * class and machine with a .symtab, whose build-id (if both have one)
 * is the object's, and which is not the object itself.
 */
static int try_file(Elf *obj, const struct stat *osb, const unsigned char *id, size_t idlen,
		    const char *fn, struct dt_udebug *d)
{
	int fd = open(fn, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat sb;
	Elf *e = NULL;
	GElf_Ehdr oh, eh;
	unsigned char did[DT_BUILDID_MAX];
	size_t dlen;
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) ||
	    (sb.st_dev == osb->st_dev && sb.st_ino == osb->st_ino))
		goto fail;
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh) || !gelf_getehdr(obj, &oh) ||
	    eh.e_ident[EI_CLASS] != oh.e_ident[EI_CLASS] || eh.e_machine != oh.e_machine ||
	    !has_symtab(e))
		goto fail;
	if (idlen && (dlen = dt_udebug_buildid(e, did)) != 0 &&
	    (dlen != idlen || memcmp(did, id, idlen)))
		goto fail;
	d->elf = e;
	d->fd = fd;
	return 0;
fail:
	if (e)
		elf_end(e);
	close(fd);
	return -1;
}

/* the CRC-32 of file fn (gdb's, which is zlib's), or -1 */
static int file_crc(const char *fn, uint32_t *crc)
{
	int fd = open(fn, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	unsigned char buf[16384];
	uLong c = crc32(0L, Z_NULL, 0);
	ssize_t n;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		c = crc32(c, buf, (uInt)n);
	close(fd);
	if (n < 0)
		return -1;
	*crc = (uint32_t)c;
	return 0;
}

/*
 * The .gnu_debuglink: a file name, NUL, padding to 4 bytes, then the
 * file's CRC-32 in the object's byte order.
 */
static int debuglink(Elf *e, const char *path, const struct stat *osb,
		     const unsigned char *id, size_t idlen, struct dt_udebug *d)
{
	Elf_Scn *scn = section(e, ".gnu_debuglink");
	Elf_Data *data = scn ? elf_rawdata(scn, NULL) : NULL;
	if (!data || !data->d_buf || data->d_size < 8)
		return -1;
	const unsigned char *b = data->d_buf;
	size_t nl = strnlen((const char *)b, data->d_size);
	size_t co = (nl + 4) & ~(size_t)3;
	if (nl == 0 || co + 4 > data->d_size || memchr(b, '/', nl))
		return -1;
	GElf_Ehdr eh;
	if (!gelf_getehdr(e, &eh))
		return -1;
	uint32_t want = eh.e_ident[EI_DATA] == ELFDATA2MSB ?
		(uint32_t)b[co] << 24 | (uint32_t)b[co + 1] << 16 | (uint32_t)b[co + 2] << 8 | b[co + 3] :
		(uint32_t)b[co + 3] << 24 | (uint32_t)b[co + 2] << 16 | (uint32_t)b[co + 1] << 8 | b[co];
	const char *slash = strrchr(path, '/');
	int dl = slash ? (int)(slash - path) : 0;
	const char *fmts[] = { "%.*s/%.*s", "%.*s/.debug/%.*s", DEBUG_DIR "%.*s/%.*s" };
	for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		char fn[PATH_MAX];
		uint32_t crc;
		struct stat sb;
		if (snprintf(fn, sizeof(fn), fmts[i], dl, path, (int)nl, (const char *)b) >=
		    (int)sizeof(fn) || stat(fn, &sb) < 0 || !S_ISREG(sb.st_mode) ||
		    (sb.st_dev == osb->st_dev && sb.st_ino == osb->st_ino))
			continue;	/* none, or the object itself (not read for its CRC) */
		if (file_crc(fn, &crc) == 0 && crc == want &&
		    try_file(e, osb, id, idlen, fn, d) == 0)
			return 0;
	}
	return -1;
}

/* .gnu_debugdata: xz-compressed ELF, decompressed into d->image */
static int debugdata(Elf *e, struct dt_udebug *d)
{
	Elf_Scn *scn = section(e, ".gnu_debugdata");
	Elf_Data *data = scn ? elf_rawdata(scn, NULL) : NULL;
	if (!data || !data->d_buf || !data->d_size)
		return -1;
	lzma_stream s = LZMA_STREAM_INIT;
	if (lzma_stream_decoder(&s, 64u << 20, LZMA_CONCATENATED) != LZMA_OK)
		return -1;
	size_t cap = data->d_size * 4 + 4096, len = 0;
	unsigned char *out = malloc(cap);
	lzma_ret r = LZMA_OK;
	s.next_in = data->d_buf;
	s.avail_in = data->d_size;
	while (out) {
		s.next_out = out + len;
		s.avail_out = cap - len;
		r = lzma_code(&s, LZMA_FINISH);
		len = cap - s.avail_out;
		if (r != LZMA_OK)
			break;
		if (s.avail_out == 0) {
			unsigned char *n = cap < MINI_MAX ? realloc(out, cap * 2) : NULL;
			if (!n)
				break;
			out = n;
			cap *= 2;
		}
	}
	lzma_end(&s);
	Elf *m = NULL;
	if (out && r == LZMA_STREAM_END)
		m = elf_memory((char *)out, len);
	if (!m || elf_kind(m) != ELF_K_ELF || !has_symtab(m)) {
		if (m)
			elf_end(m);
		free(out);
		return -1;
	}
	d->elf = m;
	d->image = out;
	return 0;
}

int dt_udebug_open(Elf *e, const char *path, const unsigned char *id, size_t idlen,
		   struct dt_udebug *d)
{
	memset(d, 0, sizeof(*d));
	d->fd = -1;
	struct stat osb;
	if (stat(path, &osb) < 0)
		memset(&osb, 0, sizeof(osb));
	if (idlen >= 2) {
		char fn[sizeof(DEBUG_DIR "/.build-id//.debug") + 2 * DT_BUILDID_MAX];
		int n = snprintf(fn, sizeof(fn), DEBUG_DIR "/.build-id/%02x/", id[0]);
		for (size_t i = 1; i < idlen; i++)
			n += snprintf(fn + n, sizeof(fn) - (size_t)n, "%02x", id[i]);
		snprintf(fn + n, sizeof(fn) - (size_t)n, ".debug");
		if (try_file(e, &osb, id, idlen, fn, d) == 0) {
			d->kind = "build-id";
			return 0;
		}
	}
	if (debuglink(e, path, &osb, id, idlen, d) == 0) {
		d->kind = "debuglink";
		return 0;
	}
	if (debugdata(e, d) == 0) {
		d->kind = "debugdata";
		return 0;
	}
	return -1;
}

void dt_udebug_close(struct dt_udebug *d)
{
	if (d->elf)
		elf_end(d->elf);
	if (d->fd >= 0)
		close(d->fd);
	free(d->image);
	memset(d, 0, sizeof(*d));
	d->fd = -1;
}
