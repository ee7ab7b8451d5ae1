/*
 * fuzz_sdtarg.c - libFuzzer harness for the x86-64 argument-spec decoder
 * of sys/sdt.h notes (dt_sdt_parse_arg, lib/kernel/stapsdt.c): each
 * input line is one spec ("-4@%eax", "8@-16(%rbp)", "8@sym+8(%rip)").
 */
#include "fuzz.h"
#include "kernel/stapsdt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return -1;
	char *in = fz_str(data, size), *save = NULL;
	if (!in)
		return 0;
	for (char *line = strtok_r(in, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		struct dt_sdt_arg a;
		memset(&a, 0, sizeof(a));
		dt_sdt_parse_arg(line, &a);
		free(a.sym);
	}
	free(in);
	return 0;
}
