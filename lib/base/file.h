/*
 * file.h - the one whole-file reader (file.c).
 */
#ifndef DT_FILE_H
#define DT_FILE_H

#include <stddef.h>

/*
 * The whole of path ("-": standard input), NUL-terminated, in malloc'd
 * memory, read to EOF (procfs and tracefs files report size 0).  NULL
 * with errno set when it cannot be opened or read, is over max bytes
 * (EFBIG; 0: no limit) or, with text set, holds a NUL byte (EINVAL).
 * *lenp, if given, is the length read.
 */
char *dt_read_file(const char *path, size_t max, int text, size_t *lenp);

#endif
