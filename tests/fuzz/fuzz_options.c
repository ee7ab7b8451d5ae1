/*
 * fuzz_options.c - libFuzzer harness for option parsing
 * (lib/base/options.c): each input line is a -x argument, "name" or
 * "name=value", set through dtrace_setopt() as dtrace -x sets it; a
 * line starting with '!' is set as setopt() does while tracing
 * (dt_opt_set_active), one starting with '#' as a #pragma D option (in
 * a program).  The size, rate and version parsers also see every value
 * directly.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return -1;
	char *in = fz_str(data, size);
	int e;
	dtrace_hdl_t *dtp = in ? dtrace_open(&e) : NULL;
	if (!dtp) {
		free(in);
		return 0;
	}
	char *save = NULL;
	for (char *line = strtok_r(in, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		int mode = 0;
		if (*line == '!' || *line == '#')
			mode = *line++;
		char *eq = strchr(line, '=');
		const char *val = NULL;
		if (eq) {
			*eq = '\0';
			val = eq + 1;
			uint64_t v;
			dt_parse_size(val, &v);
			dt_parse_rate(val, &v);
		}
		if (mode == '!') {
			const char *why = NULL;
			dt_opt_set_active(dtp, line, val ? val : "1", &why);
		} else {
			dtp->in_program = mode == '#';
			dtrace_setopt(dtp, line, val);
			dtp->in_program = 0;
		}
		int64_t v;
		dtrace_getopt(dtp, line, &v);
		dt_opt_str(dtp, DTOPT_FLAMEGRAPH, NULL);
	}
	dt_debug(dtp);
	fz_close(dtp);
	free(in);
	return 0;
}
