/*
 * ksymaddr.c - kernel text symbols by address (see ksymaddr.h): the text
 * symbols of /proc/kallsyms (types T t W w) read once, sorted by address
 * and looked up by binary search.  A symbol extends to the next one; the
 * last one ends the table.  TEMPORARY until kstack's dt_ksym_addr().
 */
#include <stdlib.h>
#include <string.h>
#include "ksymaddr.h"
#include "base/file.h"

struct ksa { uint64_t addr; const char *name, *mod; };

static char *ksa_text;			/* kallsyms, NUL-split in place */
static struct ksa *ksa_tab;
static size_t ksa_n;
static int ksa_loaded;

static int ksa_cmp(const void *a, const void *b)
{
	const struct ksa *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void ksa_load(void)
{
	size_t cap = 0;

	ksa_loaded = 1;
	if (!(ksa_text = dt_read_file("/proc/kallsyms", 0, 0, NULL)))
		return;
	for (char *p = ksa_text; *p;) {
		char *nl = strchr(p, '\n'), *q, *name, *mod = "vmlinux";
		if (nl)
			*nl = '\0';
		uint64_t addr = strtoull(p, &q, 16);
		char t = q[0] == ' ' ? q[1] : 0;
		if ((t == 'T' || t == 't' || t == 'W' || t == 'w') && addr && q[2] == ' ') {
			name = q + 3;
			char *tab = strchr(name, '\t');
			if (tab) {
				*tab = '\0';
				char *m = strchr(tab + 1, '[');
				if (m) {
					mod = m + 1;
					char *e = strchr(mod, ']');
					if (e)
						*e = '\0';
				}
			}
			if (ksa_n == cap) {
				cap = cap ? cap * 2 : 4096;
				struct ksa *n = realloc(ksa_tab, cap * sizeof(*n));
				if (!n)
					break;
				ksa_tab = n;
			}
			ksa_tab[ksa_n++] = (struct ksa){ addr, name, mod };
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	qsort(ksa_tab, ksa_n, sizeof(*ksa_tab), ksa_cmp);
}

int dt_ksymaddr_lookup(dtrace_hdl_t *dtp, uint64_t addr, const char **mod,
    const char **name, uint64_t *off)
{
	(void)dtp;
	if (!ksa_loaded)
		ksa_load();
	if (ksa_n == 0 || addr < ksa_tab[0].addr)
		return -1;
	size_t lo = 0, hi = ksa_n;		/* the last entry <= addr */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (ksa_tab[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	if (lo + 1 == ksa_n)
		return -1;
	*mod = ksa_tab[lo].mod;
	*name = ksa_tab[lo].name;
	*off = addr - ksa_tab[lo].addr;
	return 0;
}
