/*
 * usdtname.c - the C names of a provider definition's probes (macros and
 * semaphores) and the walk over the providers of a handle's programs,
 * shared by dtrace -h and dtrace -G so that header and object agree.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "usdtgen.h"

int dt_usdt_macro(char *buf, size_t len, const char *prov, const char *probe)
{
	size_t n = 0;
	const char *parts[2] = { prov, probe };

	for (int p = 0; p < 2; p++) {
		if (p && n + 1 < len)
			buf[n++] = '_';
		for (const char *s = parts[p]; *s; s++) {
			if (s[0] == '_' && s[1] == '_')
				s++;	/* "__" -> "_" */
			if (n + 1 >= len) {
				if (len)
					buf[len - 1] = '\0';
				return -1;
			}
			buf[n++] = (char)toupper((unsigned char)*s);
		}
	}
	if (!len || n >= len)
		return -1;
	buf[n] = '\0';
	return 0;
}

int dt_usdt_semaphore(char *buf, size_t len, const char *prov, const char *probe)
{
	int n = snprintf(buf, len, "%s_%s_semaphore", prov, probe);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int dt_usdt_each_provider(dtrace_hdl_t *dtp, int prog,
    int (*fn)(dtrace_hdl_t *dtp, const struct ast_provider *pv, void *arg), void *arg)
{
	int n = -1;	/* the consumer's programs, counted (not D libraries) */
	for (int i = 0; i < dtp->nasts; i++) {
		if (dtp->asts[i]->is_lib)
			continue;
		n++;
		if (prog >= 0 && n != prog)
			continue;
		for (struct ast_item *it = dtp->asts[i]->items; it; it = it->next) {
			if (it->kind != AST_ITEM_PROVIDER)
				continue;
			int rc = fn(dtp, &it->provider, arg);
			if (rc)
				return rc;
		}
	}
	return 0;
}

static int check_one(dtrace_hdl_t *dtp, const struct ast_provider *pv, void *arg)
{
	(void)arg;
	for (const struct ast_probe *pr = pv->probes; pr; pr = pr->next)
		if (pr->args.count > DT_USDT_MAXARGS || pr->args.varargs)
			return dt_set_err(dtp, "probe %s:::%s has %s arguments: "
			    "sys/sdt.h takes at most %d", pv->name, pr->name,
			    pr->args.varargs ? "variable" : "too many", DT_USDT_MAXARGS);
	return 0;
}

int dt_usdt_check(dtrace_hdl_t *dtp, int prog)
{
	return dt_usdt_each_provider(dtp, prog, check_one, NULL);
}
