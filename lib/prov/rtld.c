/*
 * rtld.c - the dynamic linker dtrace runs with (rtld.h): the mapping of
 * /proc/self/maps that holds AT_BASE names the file, whose .dynsym has
 * _dl_debug_state (a function) and _r_debug (the struct r_debug whose
 * r_state follows int r_version, r_map and r_brk: offset 24 on x86-64);
 * the PT_LOAD segment holding the function gives its file offset.
 */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>
#include "rtld.h"

#define R_STATE_OFF	24	/* offsetof(struct r_debug, r_state), LP64 */

/* the path of the file mapped at addr in this process (malloc'd) */
static char *mapped_at(uint64_t addr)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4352], *path = NULL;
	if (!f)
		return NULL;
	while (!path && fgets(line, sizeof(line), f)) {
		unsigned long long lo, hi;
		int n = 0;
		if (sscanf(line, "%llx-%llx %*s %*s %*s %*s %n", &lo, &hi, &n) < 2 || !n)
			continue;
		char *p = line + n;
		p[strcspn(p, "\n")] = 0;
		if (lo <= addr && addr < hi && *p == '/')
			path = strdup(p);
	}
	fclose(f);
	return path;
}

/* the two symbols' values and the function's file offset, from e */
static int lookup(Elf *e, uint64_t *hook, uint64_t *rdebug, uint64_t *hook_off)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	*hook = *rdebug = 0;
	while ((scn = elf_nextscn(e, scn)) && gelf_getshdr(scn, &sh)) {
		if (sh.sh_type != SHT_DYNSYM || !sh.sh_entsize)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *name;
			if (!gelf_getsym(d, (int)i, &s) || !s.st_value ||
			    !(name = elf_strptr(e, sh.sh_link, s.st_name)))
				continue;
			if (!strcmp(name, "_dl_debug_state"))
				*hook = s.st_value;
			else if (!strcmp(name, "_r_debug"))
				*rdebug = s.st_value;
		}
	}
	size_t nph;
	if (!*hook || !*rdebug || elf_getphdrnum(e, &nph) != 0)
		return -1;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    ph.p_vaddr <= *hook && *hook < ph.p_vaddr + ph.p_filesz) {
			*hook_off = *hook - ph.p_vaddr + ph.p_offset;
			return 0;
		}
	}
	return -1;
}

int dt_rtld_find(struct dt_rtld *r)
{
	memset(r, 0, sizeof(*r));
	uint64_t base = getauxval(AT_BASE), hook, rdebug;
	char *path = base ? mapped_at(base) : NULL;
	int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	Elf *e = NULL;
	int rc = -1;
	if (fd >= 0 && elf_version(EV_CURRENT) != EV_NONE &&
	    (e = elf_begin(fd, ELF_C_READ, NULL)) &&
	    lookup(e, &hook, &rdebug, &r->hook_off) == 0) {
		r->state_delta = (int64_t)(rdebug + R_STATE_OFF) - (int64_t)hook;
		r->path = path;
		path = NULL;
		rc = 0;
	}
	if (e)
		elf_end(e);
	if (fd >= 0)
		close(fd);
	free(path);
	return rc;
}
