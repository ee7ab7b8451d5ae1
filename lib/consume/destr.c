/*
 * destr.c - system(), the destructive action the consumer carries out,
 * in record order: its command is formatted as printf() formats (at most
 * strsize - 1 characters, as DTrace's buffer holds), the output so far
 * is flushed so that it comes before the command's, and the shell runs
 * it.  (The permission and the maps of the others are rt/destr.c's.)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "consume.h"
#include "base/output.h"
#include "sema/program.h"

/* The command: the record's values formatted as printf() formats them
 * (consume.c), into a malloc'd string of at most strsize - 1 characters. */
static char *command(dtrace_hdl_t *dtp, const uint8_t *d, const struct dt_action *a)
{
	char *cmd = NULL;
	size_t len = 0, max = (size_t)dtp->opt[DTOPT_STRSIZE] - 1;
	FILE *m = open_memstream(&cmd, &len);

	if (!m)
		return NULL;
	dt_consume_printf(m, d, a);	/* printf's formatting, into the string */
	if (fclose(m) != 0) {
		free(cmd);
		return NULL;
	}
	if (cmd && len > max)
		cmd[max] = '\0';
	return cmd;
}

void dt_destr_system(dtrace_hdl_t *dtp, const uint8_t *d, const struct dt_action *a)
{
	char *cmd = command(dtp, d, a);

	/* what was printed so far comes before the command's output, which
	 * goes wherever dtrace's own standard output goes */
	DT_OUT0(dtp, flush);
	fflush(NULL);
	if (!cmd || system(cmd) == -1)
		dt_out_message(dtp, 0, "system() failed: %s", strerror(errno));
	free(cmd);
}
