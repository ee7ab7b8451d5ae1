/*
 * bytes.c - raw bytes as dtrace prints them: the hex dump that tracemem()
 * and -x rawbytes share, and dtrace's dt_print_bytes() rules for traced
 * strings, structs, unions and arrays and for aggregation keys that are
 * not integers.
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
 * Bytes as dtrace prints a record that is not an integer: printable
 * characters (isprint, isspace, \b, \a) followed by NULs only are a
 * string, left-justified in width columns after two spaces (quiet: bare);
 * printable characters filling all n bytes are a string too, in the
 * column even when quiet (dtrace does so); anything else, an empty string
 * (a NUL first) included, is the hex dump.
 */
void dt_print_bytes(FILE *out, const uint8_t *c, uint32_t n, int width, int quiet)
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
				if (quiet)
					fputs((const char *)c, out);
				else
					fprintf(out, "  %-*s", width, (const char *)c);
				return;
			}
		}
		break;
	}
	if (i == n) {
		fprintf(out, "  %-*.*s", width, (int)n, (const char *)c);
		return;
	}
	dt_print_rawbytes(out, c, n);
}
