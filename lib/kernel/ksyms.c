/*
 * ksyms.c - kernel symbols by name, for backquoted D identifiers.
 *
 * Owns /proc/kallsyms: read once, only when a script names a kernel
 * symbol (`sym, mod`sym), and kept as text; a lookup is a scan of its
 * lines (~120k, well under a millisecond).  The kernel itself is module
 * "vmlinux" (alias "genunix", as in DTrace for Linux); a symbol of a
 * loadable module carries "[mod]" at the end of its line.
 *
 * Also owns the reverse map, address -> `mod`sym+off (stack(), sym()):
 * a table of text symbols sorted by address, built once from a private
 * copy of the file's text (split in place into NUL-terminated strings),
 * searched by bisection.  Of several names at one address, a global one
 * is shown before a local one (__x64_sys_gettid, not __do_sys_gettid),
 * the native syscall entry before its __ia32_ alias, else the first
 * listed.
 *
 * A script that prints kernel stacks has the table built by a thread
 * started when tracing starts (dt_ksyms_prefetch), so reading and
 * sorting /proc/kallsyms (~120k lines, read 4 KiB at a time: tens of
 * milliseconds, most of them the kernel's formatting) overlaps the
 * tracing instead of delaying the output at exit; the first lookup
 * joins it.  A module loaded after that is not in the table.
 */
#include <pthread.h>
#include <signal.h>
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

struct dt_ksym_ent {
	uint64_t addr;
	const char *name, *mod;
	uint32_t seq;			/* line number: ties keep file order */
	char rank;			/* among aliases at one address, the
					   highest wins: 2 global, 1 a global
					   __ia32_ compat syscall entry (an
					   alias of __x64_'s), 0 local */
};

struct dt_ksymtab {
	char *text;			/* copy of /proc/kallsyms, split in place */
	struct dt_ksym_ent *ents;
	size_t n;
};

static int ent_cmp(const void *a, const void *b)
{
	const struct dt_ksym_ent *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank > y->rank ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static struct dt_ksymtab *ksymtab_build(void)
{
	struct dt_ksymtab *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->text = dt_read_file("/proc/kallsyms", 0, 0, NULL);
	if (!t->text)
		return t;
	size_t cap = 0;
	uint32_t seq = 0;
	for (char *p = t->text; *p; seq++) {
		char *end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		char *next = *end ? end + 1 : end;
		*end = '\0';
		uint64_t addr;
		char type;
		const char *n, *m;
		size_t nlen, mlen;
		if (parse_line(p, end, &addr, &type, &n, &nlen, &m, &mlen) &&
		    addr != 0 && dt_ksym_is_text(type)) {
			if (t->n == cap) {
				cap = cap ? cap * 2 : 65536;
				struct dt_ksym_ent *ne = realloc(t->ents,
				    cap * sizeof(*ne));
				if (!ne)
					break;
				t->ents = ne;
			}
			((char *)n)[nlen] = '\0';
			if (m)
				((char *)m)[mlen] = '\0';
			char rank = type == 'T' || type == 'W' ?
			    (strncmp(n, "__ia32_", 7) ? 2 : 1) : 0;
			t->ents[t->n++] = (struct dt_ksym_ent){ addr, n,
			    m ? m : "vmlinux", seq, rank };
		}
		p = next;
	}
	if (t->n)
		qsort(t->ents, t->n, sizeof(*t->ents), ent_cmp);
	return t;
}

struct dt_ksym_prefetch {
	pthread_t thr;
	struct dt_ksymtab *tab;
};

static void *prefetch_main(void *arg)
{
	struct dt_ksym_prefetch *pf = arg;
	pf->tab = ksymtab_build();
	return NULL;
}

void dt_ksyms_prefetch(dtrace_hdl_t *dtp)
{
	if (dtp->ksymtab_loaded || dtp->ksym_prefetch)
		return;
	struct dt_ksym_prefetch *pf = calloc(1, sizeof(*pf));
	if (!pf)
		return;
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);	/* signals go to main */
	int rc = pthread_create(&pf->thr, NULL, prefetch_main, pf);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc) {
		free(pf);
		return;			/* built on first use instead */
	}
	dtp->ksym_prefetch = pf;
}

/* the prefetched table, once its thread is done (NULL if none) */
static struct dt_ksymtab *prefetched(dtrace_hdl_t *dtp)
{
	struct dt_ksym_prefetch *pf = dtp->ksym_prefetch;
	if (!pf)
		return NULL;
	pthread_join(pf->thr, NULL);
	struct dt_ksymtab *t = pf->tab;
	free(pf);
	dtp->ksym_prefetch = NULL;
	return t;
}

static void ksymtab_free(struct dt_ksymtab *t)
{
	if (t) {
		free(t->text);
		free(t->ents);
		free(t);
	}
}

int dt_ksym_addr(dtrace_hdl_t *dtp, uint64_t addr, const char **mod,
    const char **name, uint64_t *off)
{
	if (!dtp->ksymtab_loaded) {
		dtp->ksymtab_loaded = 1;
		dtp->ksymtab = dtp->ksym_prefetch ? prefetched(dtp) : ksymtab_build();
	}
	struct dt_ksymtab *t = dtp->ksymtab;
	if (!t || !t->n || addr < t->ents[0].addr)
		return -1;
	size_t lo = 0, hi = t->n;	/* ents[lo].addr <= addr < ents[hi].addr */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->ents[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* first (preferred) entry of a run at the same address */
	while (lo > 0 && t->ents[lo - 1].addr == t->ents[lo].addr)
		lo--;
	*mod = t->ents[lo].mod;
	*name = t->ents[lo].name;
	*off = addr - t->ents[lo].addr;
	return 0;
}

void dt_ksyms_close(dtrace_hdl_t *dtp)
{
	ksymtab_free(prefetched(dtp));
	ksymtab_free(dtp->ksymtab);
	dtp->ksymtab = NULL;
	dtp->ksymtab_loaded = 0;
	free(dtp->ksyms);
	dtp->ksyms = NULL;
	dtp->ksyms_loaded = 0;
}
