/*
 * file.c - the one whole-file reader: D scripts and library files,
 * /proc/kallsyms, tracefs formats.
 *
 * It reads until EOF rather than trusting the size (procfs and tracefs
 * report 0), retries interrupted reads, and doubles its buffer as it
 * goes; every caller wants the text NUL-terminated.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "file.h"

char *dt_read_file(const char *path, size_t max, int text, size_t *lenp)
{
	int fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : 0;
	size_t cap = 8192, len = 0;
	char *buf = NULL;
	int err = 0;

	if (fd < 0)
		return NULL;
	for (;;) {
		if (!buf || len + 1 >= cap) {
			if (buf && max && cap >= max) {
				err = EFBIG;
				break;
			}
			char *nb = realloc(buf, buf ? cap *= 2 : cap);
			if (!nb) {
				err = ENOMEM;
				break;
			}
			buf = nb;
		}
		ssize_t n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = errno;
			break;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	if (fd > 0)
		close(fd);
	if (!err && text && memchr(buf, '\0', len))
		err = EINVAL;
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}
