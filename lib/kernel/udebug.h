/*
 * udebug.h - finding and opening the separate debug information of a
 * user ELF object (debug file by build-id or .gnu_debuglink, and
 * MiniDebugInfo), for the symbol tables of kernel/usyms.c.
 */
#ifndef DT_UDEBUG_H
#define DT_UDEBUG_H

#include <stddef.h>
#include <gelf.h>

#define DT_BUILDID_MAX 64

/* e's GNU build-id (NT_GNU_BUILD_ID) copied to id: its length, 0 if none */
size_t dt_udebug_buildid(Elf *e, unsigned char *id);

/* an object's debug information, open; elf NULL: none */
struct dt_udebug {
	Elf *elf;		/* an ELF whose .symtab has the object's symbols */
	int fd;			/* the debug file's descriptor (-1: none) */
	void *image;		/* MiniDebugInfo's decompressed ELF (NULL: none) */
	const char *kind;	/* "build-id", "debuglink" or "debugdata" */
};

/*
 * The debug information of object e, whose file is path and build-id
 * id (idlen bytes, 0: none): a debug file under /usr/lib/debug/.build-id
 * named by the build-id, else the one its .gnu_debuglink names (its CRC
 * checked), else its .gnu_debugdata decompressed.  Section addresses in
 * any of them are e's, so e's segments place their symbols.  Returns 0
 * and fills d when one was found, else -1 (d->elf NULL).
 */
int dt_udebug_open(Elf *e, const char *path, const unsigned char *id, size_t idlen,
		   struct dt_udebug *d);
void dt_udebug_close(struct dt_udebug *d);

#endif
