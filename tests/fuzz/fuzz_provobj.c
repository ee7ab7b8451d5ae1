/*
 * fuzz_provobj.c - libFuzzer harness for dtrace -h and -G (lib/provheader.c,
 * lib/provobj.c, lib/usdtname.c): the input is a D program declaring
 * providers, optionally followed by a NUL and the bytes of an object to
 * link with.  The program is compiled, its header written (dtrace -h)
 * and its semaphore object made (dtrace -G, which checks the object
 * given), both into anonymous files.
 */
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_find_libdirs();
	devnull = fopen("/dev/null", "w");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 64 * 1024)
		return -1;
	const uint8_t *nul = memchr(data, '\0', size);
	size_t slen = nul ? (size_t)(nul - data) : size;
	char *src = fz_str(data, slen);
	dtrace_hdl_t *dtp = src ? fz_open() : NULL;
	char opath[64], opath2[64];
	int ofd = -1, ofd2 = -1;
	if (!dtp)
		goto out;
	dtrace_setopt(dtp, "nolibs", NULL);
	if (dtrace_compile(dtp, src, "fuzz.d", DTRACE_C_FILE | DTRACE_C_ZDEFS, NULL) < 0)
		goto out;
	dtrace_program_header(dtp, devnull, "fuzz.h");
	if ((ofd = fz_file(NULL, 0, opath, sizeof(opath))) < 0)
		goto out;
	if (nul && (ofd2 = fz_file(nul + 1, size - slen - 1, opath2, sizeof(opath2))) >= 0) {
		char *objv[] = { opath2 };
		dtrace_program_link(dtp, opath, 1, objv);
	} else
		dtrace_program_link(dtp, opath, 0, NULL);
out:
	if (ofd >= 0)
		close(ofd);
	if (ofd2 >= 0)
		close(ofd2);
	fz_close(dtp);
	free(src);
	return 0;
}
