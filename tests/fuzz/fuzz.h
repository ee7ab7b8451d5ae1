/*
 * fuzz.h - what the libFuzzer harnesses of tests/fuzz/ share: the input
 * as a NUL-terminated string, as a file (the readers that take a path),
 * and a D handle that compiles without the kernel and without
 * privileges.  See tests/fuzz/README.md.
 */
#ifndef DT_FUZZ_H
#define DT_FUZZ_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "dtrace.h"
#include "base/handle.h"
#include "base/options.h"

/* the input with a NUL added (malloc'd; NULL if out of memory) */
static inline char *fz_str(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (s) {
		memcpy(s, data, size);
		s[size] = '\0';
	}
	return s;
}

/* an anonymous file holding data (memfd), its /proc path in path;
 * the fd, or -1 */
static inline int fz_file(const uint8_t *data, size_t size, char *path, size_t len)
{
	int fd = memfd_create("fuzz", 0);
	if (fd < 0)
		return -1;
	for (size_t off = 0; off < size;) {
		ssize_t n = write(fd, data + off, size - off);
		if (n <= 0) {
			close(fd);
			return -1;
		}
		off += (size_t)n;
	}
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

/* The D library directories next to the harness (build/fuzz/NAME):
 * build/dlib (generated) and the source tree's dlib/, found once. */
static char fz_libdirs[2][PATH_MAX];

static inline void fz_find_libdirs(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *sl = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
	if (!sl)
		return;
	*sl = '\0';
	if (!realpath(strcat(strcpy(fz_libdirs[0], exe), "/../dlib"), fz_libdirs[0]))
		fz_libdirs[0][0] = '\0';
	char tmp[PATH_MAX + 16];
	snprintf(tmp, sizeof(tmp), "%s/../../dlib", exe);
	if (!realpath(tmp, fz_libdirs[1]))
		fz_libdirs[1][0] = '\0';
}

/* A handle for compiling: the D libraries from the tree, nothing else
 * (dtrace_open() touches no kernel object; compiling may read kernel
 * BTF and tracefs when they are readable, and does without them). */
static inline dtrace_hdl_t *fz_open(void)
{
	int e;
	dtrace_hdl_t *dtp = dtrace_open(&e);
	if (!dtp)
		return NULL;
	/* the syslibdir replaces the default directories (which would
	 * depend on where the harness lives) */
	if (fz_libdirs[1][0])
		dtrace_setopt(dtp, "syslibdir", fz_libdirs[1]);
	if (fz_libdirs[0][0])
		dtrace_setopt(dtp, "libdir", fz_libdirs[0]);
	return dtp;
}

/* close, without the abort() the core option asks for */
static inline void fz_close(dtrace_hdl_t *dtp)
{
	if (dtp) {
		dtp->opt[DTOPT_CORE] = 0;
		dtrace_close(dtp);
	}
}

#endif
