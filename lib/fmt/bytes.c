/*
 * bytes.c - raw bytes as dtrace prints them: the hex dump that tracemem()
 * and -x rawbytes share, and trace() of a struct, union or array.
 *
 * The dump is dtrace's: a heading of hex digits, then 16 bytes a line as
 * an offset, hex pairs and the printable characters ('.' for the others),
 * after a newline so it starts on a line of its own.
 */
#include <ctype.h>
#include <stdio.h>
#include "bytes.h"

void dt_print_rawbytes(FILE *out, const uint8_t *c, size_t n)
{
	if (n == 0)
		return;
	fprintf(out, "\n%5s      ", "");
	for (int i = 0; i < 16; i++)
		fprintf(out, "  %c", "0123456789abcdef"[i]);
	fprintf(out, "  0123456789abcdef\n");
	for (size_t i = 0; i < n; i += 16) {
		size_t j;
		fprintf(out, "%5s%5zx:", "", i);
		for (j = i; j < i + 16 && j < n; j++)
			fprintf(out, " %02x", c[j]);
		for (; j % 16; j++)
			fputs("   ", out);
		fputs("  ", out);
		for (j = i; j < i + 16 && j < n; j++)
			fputc(c[j] < ' ' || c[j] > '~' ? '.' : c[j], out);
		fputc('\n', out);
	}
}

/*
 * The bytes of a traced struct, union or array, as dtrace prints them: a
 * run of printable characters ending in NULs as a string, other printable
 * bytes as they are, anything else as a hex dump with an ASCII column.
 */
void dt_print_bytes(FILE *out, const uint8_t *c, uint32_t n, int quiet)
{
	uint32_t i, j;
	if (n == 0)
		return;
	for (i = 0; i < n; i++) {
		if (isprint(c[i]) || isspace(c[i]) || c[i] == '\b' || c[i] == '\a')
			continue;
		if (c[i] == '\0' && i > 0) {
			for (j = i + 1; j < n && c[j] == '\0'; j++)
				;
			if (j == n) {
				fprintf(out, quiet ? "%s" : "  %-33s", (const char *)c);
				return;
			}
		}
		break;
	}
	if (i == n) {
		fprintf(out, "  %-33.*s", (int)n, (const char *)c);
		return;
	}
	dt_print_rawbytes(out, c, n);
}

