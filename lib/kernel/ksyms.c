/*
 * ksyms.c - kernel symbols by name, for backquoted D identifiers.
 *
 * Owns /proc/kallsyms: read once, only when a script names a kernel
 * symbol (`sym, mod`sym), and kept as text; a lookup is a scan of its
 * lines (~120k, well under a millisecond).  The kernel itself is module
 * "vmlinux" (alias "genunix", as in DTrace for Linux); a symbol of a
 * loadable module carries "[mod]" at the end of its line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ksyms.h"
#include "base/file.h"

/* Parse "ADDR T NAME [MOD]" at line p; 0 if malformed. */
static int parse_line(const char *p, const char *end, uint64_t *addr, char *type,
    const char **name, size_t *nlen, const char **mod, size_t *mlen)
{
	char *q;
	*addr = strtoull(p, &q, 16);
	if (q == p || *q != ' ' || q + 3 >= end)
		return 0;
	*type = q[1];
	*name = q + 3;
	const char *e = *name;
	while (e < end && *e != ' ' && *e != '\t')
		e++;
	*nlen = (size_t)(e - *name);
	*mod = NULL;
	*mlen = 0;
	while (e < end && (*e == ' ' || *e == '\t'))
		e++;
	if (e < end && *e == '[') {
		const char *m = e + 1, *me = memchr(m, ']', (size_t)(end - m));
		if (me) {
			*mod = m;
			*mlen = (size_t)(me - m);
		}
	}
	return 1;
}

static int mod_is(const char *m, size_t mlen, const char *want)
{
	if (!m)
		return !strcmp(want, "vmlinux");
	return strlen(want) == mlen && !memcmp(m, want, mlen);
}

int dt_ksym_lookup(dtrace_hdl_t *dtp, const char *mod, const char *name,
    struct dt_ksym *out)
{
	if (!dtp->ksyms_loaded) {
		dtp->ksyms_loaded = 1;
		dtp->ksyms = dt_read_file("/proc/kallsyms", 0, 0, NULL);
	}
	if (!dtp->ksyms)
		return DT_KSYM_NOSYM;
	if (mod && !strcmp(mod, "genunix"))
		mod = "vmlinux";
	size_t len = strlen(name);
	int mod_seen = !mod || !strcmp(mod, "vmlinux");
	for (const char *p = dtp->ksyms; *p;) {
		const char *end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		uint64_t addr;
		char type;
		const char *n, *m;
		size_t nlen, mlen;
		if (parse_line(p, end, &addr, &type, &n, &nlen, &m, &mlen)) {
			if (mod && !mod_seen && m && mod_is(m, mlen, mod))
				mod_seen = 1;
			if (nlen == len && !memcmp(n, name, len) &&
			    (!mod || mod_is(m, mlen, mod))) {
				if (addr == 0)
					return DT_KSYM_NOADDR;
				out->addr = addr;
				out->type = type;
				snprintf(out->mod, sizeof(out->mod), "%.*s",
				    m ? (int)mlen : 7, m ? m : "vmlinux");
				return DT_KSYM_OK;
			}
		}
		p = *end ? end + 1 : end;
	}
	return mod_seen ? DT_KSYM_NOSYM : DT_KSYM_NOMOD;
}

void dt_ksyms_close(dtrace_hdl_t *dtp)
{
	free(dtp->ksyms);
	dtp->ksyms = NULL;
	dtp->ksyms_loaded = 0;
}
