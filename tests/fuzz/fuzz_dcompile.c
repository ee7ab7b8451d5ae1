/*
 * fuzz_dcompile.c - libFuzzer harness for the D compiler: the input is a
 * D program, compiled as dtrace -s compiles a script (lexer, parser,
 * pragmas, D libraries, semantic checks, printf formats, translators)
 * through dtrace_compile(), the handle then closed.  Nothing is loaded
 * into the kernel; kernel BTF and tracefs are read when readable (as
 * root) and done without otherwise.
 */
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_find_libdirs();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 64 * 1024)
		return -1;
	char *src = fz_str(data, size);
	dtrace_hdl_t *dtp = src ? fz_open() : NULL;
	if (dtp) {
		int n = 0;
		dtrace_compile(dtp, src, "fuzz.d", DTRACE_C_FILE | DTRACE_C_ZDEFS, &n);
	}
	fz_close(dtp);
	free(src);
	return 0;
}
