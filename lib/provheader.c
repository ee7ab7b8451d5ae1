/*
 * provheader.c - dtrace -h: the C header for the providers a program
 * defines (dtrace_program_header), laid out as dtrace(1M)'s: include
 * guard, <unistd.h>, extern "C", then per provider its probes' macros
 * under #if _DTRACE_VERSION.  On Linux a probe is a sys/sdt.h note
 * (DTRACE_PROBEn) with a semaphore, which the object dtrace -G writes
 * (provobj.c) defines; the names come from usdtname.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "base/handle.h"
#include "front/ast.h"
#include "usdtgen.h"
#include "dtrace.h"

/* DTrace's include-guard macro of a header's name: lower case to upper,
 * '-' and '.' to '_' */
static void header_macro(char *buf, size_t len, const char *name)
{
	size_t i;
	for (i = 0; name[i] && i + 1 < len; i++)
		buf[i] = name[i] == '-' || name[i] == '.' ? '_' :
		    (char)toupper((unsigned char)name[i]);
	buf[i] = '\0';
}

/* "arg0, arg1, ..." */
static void arg_list(FILE *out, int n)
{
	for (int i = 0; i < n; i++)
		fprintf(out, "%sarg%d", i ? ", " : "", i);
}

static int probe_names(dtrace_hdl_t *dtp, const struct ast_provider *pv,
    const struct ast_probe *pr, char *mac, char *sem, size_t len)
{
	if (dt_usdt_macro(mac, len, pv->name, pr->name) < 0 ||
	    dt_usdt_semaphore(sem, len, pv->name, pr->name) < 0)
		return dt_set_err(dtp, "probe name too long: %s:::%s", pv->name, pr->name);
	return 0;
}

static int header_provider(dtrace_hdl_t *dtp, const struct ast_provider *pv, void *arg)
{
	FILE *out = arg;
	char mac[512], sem[512];

	fprintf(out, "#if _DTRACE_VERSION\n\n");
	for (const struct ast_probe *pr = pv->probes; pr; pr = pr->next) {
		int n = pr->args.count;
		if (probe_names(dtp, pv, pr, mac, sem, sizeof(mac)) < 0)
			return -1;
		fprintf(out, "#define\t%s(", mac);
		arg_list(out, n);
		/* sys/sdt.h: DTRACE_PROBE, DTRACE_PROBE1 .. DTRACE_PROBE12 */
		fprintf(out, ") \\\n\tDTRACE_PROBE");
		if (n)
			fprintf(out, "%d", n);
		fprintf(out, "(%s, %s%s", pv->name, pr->name, n ? ", " : "");
		arg_list(out, n);
		fprintf(out, ")\n");
		fprintf(out, "#define\t%s_ENABLED() \\\n\t__builtin_expect(%s, 0)\n", mac, sem);
	}
	fprintf(out, "\n\n");
	for (const struct ast_probe *pr = pv->probes; pr; pr = pr->next) {
		if (probe_names(dtp, pv, pr, mac, sem, sizeof(mac)) < 0)
			return -1;
		fprintf(out, "extern unsigned short %s;\n", sem);
	}
	fprintf(out, "\n#else\n\n");
	for (const struct ast_probe *pr = pv->probes; pr; pr = pr->next) {
		if (probe_names(dtp, pv, pr, mac, sem, sizeof(mac)) < 0)
			return -1;
		fprintf(out, "#define\t%s(", mac);
		arg_list(out, pr->args.count);
		fprintf(out, ")\n#define\t%s_ENABLED() (0)\n", mac);
	}
	fprintf(out, "\n#endif\n\n");
	return 0;
}

static int count_provider(dtrace_hdl_t *dtp, const struct ast_provider *pv, void *arg)
{
	(void)dtp;
	(void)pv;
	++*(int *)arg;
	return 0;
}

int dtrace_program_header(dtrace_hdl_t *dtp, FILE *out, const char *fname)
{
	char mac[1024] = "";
	int nprov = 0;

	if (dt_usdt_check(dtp, -1) < 0)
		return -1;
	dt_usdt_each_provider(dtp, -1, count_provider, &nprov);
	if (fname) {
		const char *b = strrchr(fname, '/');
		header_macro(mac, sizeof(mac), b ? b + 1 : fname);
		fprintf(out, "#ifndef\t_%s\n#define\t_%s\n\n", mac, mac);
	}
	fprintf(out, "#include <unistd.h>\n\n");
	/* the probes are sys/sdt.h notes with semaphores (its C++
	 * templates outside extern "C"), compiled out when _DTRACE_VERSION
	 * is 0 */
	if (nprov)
		fprintf(out, "#ifndef\t_DTRACE_VERSION\n#define\t_DTRACE_VERSION\t1\n#endif\n\n"
		    "#if _DTRACE_VERSION\n#define\t_SDT_HAS_SEMAPHORES\t1\n"
		    "#include <sys/sdt.h>\n#endif\n\n");
	fprintf(out, "#ifdef\t__cplusplus\nextern \"C\" {\n#endif\n\n");
	if (nprov) {
		if (dt_usdt_each_provider(dtp, -1, header_provider, out) < 0)
			return -1;
	}
	fprintf(out, "\n#ifdef\t__cplusplus\n}\n#endif\n");
	if (fname)
		fprintf(out, "\n#endif\t/* _%s */\n", mac);
	if (ferror(out))
		return dt_set_err(dtp, "%s", strerror(errno));
	return 0;
}
