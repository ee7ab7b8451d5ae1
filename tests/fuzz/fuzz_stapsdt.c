/*
 * fuzz_stapsdt.c - libFuzzer harness for the .note.stapsdt reader
 * (dt_sdt_read, lib/kernel/stapsdt.c): the input is an ELF object (the
 * seeds: the notes, .stapsdt.base, .probes and symbols of Debian's
 * python3.11 and of a program built with <sys/sdt.h>), read as the usdt
 * provider reads one, every note and argument spec decoded.
 */
#include "fuzz.h"
#include "kernel/stapsdt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[256];
	struct dt_sdt_note *notes = NULL;
	size_t n = 0;
	int fd = fz_file(data, size, path, sizeof(path));
	if (fd < 0)
		return 0;
	if (dt_sdt_read(path, &notes, &n, err, sizeof(err)) == 0)
		dt_sdt_free(notes, n);
	close(fd);
	return 0;
}
