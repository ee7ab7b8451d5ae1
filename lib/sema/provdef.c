/*
 * provdef.c - `provider NAME { probe name(native args) : (translated
 * args); };` items: checked as DTrace checks them and stored in the
 * handle's provider definitions (prov/provdef.h), and args[] typed from
 * them (dt_sema_provdef_arg) for probes of a provider a definition
 * describes (USDT).
 *
 * The checks, in DTrace's words: output arguments need names, each an
 * input argument's (the mapping); a probe declared twice; too many
 * arguments; an output type that is neither the input's type, nor
 * assignable from it, nor reached by a translator in scope.  A provider
 * declared again (a program's after a D library's) must declare the same
 * probes with the same types.
 */
#include <stdio.h>
#include <string.h>
#include "front/ast.h"
#include "prov/prov.h"
#include "prov/provdef.h"
#include "dlib.h"
#include "sema_int.h"
#include "xlate.h"

/* the type of a probe parameter */
static struct dt_type *param_type(struct sema *s, struct ast_param *p)
{
	struct dt_type *t = dt_sema_declspec(s, p->spec);
	return dt_sema_declarator(s, t, p->decl);
}

/* the type's name as the parameter spells it: a typedef name stays
 * (httpd_request_t *, as DTrace prints it), else the type's own */
static const char *spelled(struct sema *s, struct ast_param *p, struct dt_type *t)
{
	const struct ast_declspec *ds = p->spec;
	if (ds->base != AST_T_TYPEDEF || !ds->name)
		return t->name;
	int nptr = 0;
	for (struct ast_dpart *d = p->decl ? p->decl->parts : NULL; d; d = d->next) {
		if (d->kind != AST_D_PTR)
			return t->name;
		nptr++;
	}
	char buf[256];
	snprintf(buf, sizeof(buf), "%s%s%s%.*s", ds->quals & AST_Q_CONST ? "const " : "",
	    ds->name, nptr ? " " : "", nptr, "****************");
	size_t n = strlen(buf) + 1;
	char *r = dt_alloc(dt_sema_hdl(s), n);
	memcpy(r, buf, n);
	return r;
}

static int is_void(const struct dt_type *t)
{
	return t->kind == DT_TK_VOID;
}

/*
 * A prototype's types into types[] and names[]; kind is "probe input" or
 * "probe output"; an output's names must be the input's (inames).
 * Returns the count (0 for (void)).
 */
static int prototype(struct sema *s, const struct ast_plist *pl, const char *kind,
    struct dt_type **types, const char **names, const char **tnames,
    const char *const *inames, int nin)
{
	int n = 0, v = 0;
	for (struct ast_param *p = pl->first; p; p = p->next) {
		struct dt_type *t = param_type(s, p);
		if (n < DT_PD_MAXARGS)
			tnames[n] = spelled(s, p, t);
		const char *nm = p->decl ? p->decl->name : NULL;
		n++;
		if (is_void(t)) {
			v++;
			if (nm)
				dt_sema_err(s, D_DECL_PROTO_NAME, p->line, "void parameter may not have a name: %s",
				    nm);
		}
		if (nm && inames) {	/* output: an input's name */
			int found = 0;
			for (int j = 0; j < nin; j++)
				found |= inames[j] && !strcmp(inames[j], nm);
			if (!found)
				dt_sema_err(s, D_DECL_PROTO_FORM, p->line,
				    "parameter is not declared in %s prototype: %s, parameter #%d",
				    kind, nm, n);
		} else if (nm) {	/* input: each name once */
			for (int j = 0; j < n - 1; j++)
				if (names[j] && !strcmp(names[j], nm))
					dt_sema_err(s, D_DECL_PROTO_FORM, p->line,
					    "parameter is already declared in %s prototype: %s, parameter #%d",
					    kind, nm, n);
		}
		if (!nm && !is_void(t) && inames)
			dt_sema_err(s, D_DECL_PROTO_NAME, p->line,
			    "parameter declaration requires a name: parameter #%d", n);
		if (n <= DT_PD_MAXARGS) {
			types[n - 1] = t;
			names[n - 1] = nm;
		}
	}
	if (v && n > 1)
		dt_sema_err(s, D_DECL_PROTO_VOID, pl->first->line, "void must be sole parameter");
	return v ? 0 : n;
}

/* May a value of type nt be args[] of type xt: the same type, assignable,
 * or by a translator? */
static int xlatable(struct sema *s, struct dt_type *nt, struct dt_type *xt, int line)
{
	if (dt_sema_type_same(nt, xt))
		return 1;
	struct dt_node *v = dt_sema_node(s, DN_ARG, line, nt);
	if (dt_xlate_find(s, v, xt))
		return 1;
	return dt_sema_argcompat(xt, v);
}

/* probe pp (just declared) against the same probe of an earlier
 * declaration of provider pv */
static void compare(struct sema *s, const char *pv, const struct dt_pdprobe *old,
    const struct dt_pdprobe *pp, int line)
{
	const char *kinds[2] = { "output", "input" };
	for (int k = 0; k < 2; k++) {
		int oc = k ? old->nargc : old->xargc, nc = k ? pp->nargc : pp->xargc;
		const char **ov = k ? old->nargv : old->xargv, **nv = k ? pp->nargv : pp->xargv;
		if (k && (!old->xlated || !pp->xlated))
			break;
		if (oc != nc)
			dt_sema_err(s, D_PROV_INCOMPAT, line,
			    "probe %s:::%s %s prototype mismatch:\n\t current: %d arg%s\n\tprevious: %d arg%s",
			    pv, pp->name, kinds[k], nc, nc != 1 ? "s" : "", oc, oc != 1 ? "s" : "");
		for (int i = 0; i < nc; i++)
			if (strcmp(ov[i], nv[i]))
				dt_sema_err(s, D_PROV_INCOMPAT, line,
				    "probe %s:::%s %s prototype argument #%d mismatch:\n\t current: %s\n\tprevious: %s",
				    pv, pp->name, kinds[k], i + 1, nv[i], ov[i]);
	}
}

void dt_sema_provider(struct sema *s, struct ast_item *it)
{
	dtrace_hdl_t *dtp = dt_sema_hdl(s);
	const char *pv = it->provider.name;
	if (strchr(pv, '`'))
		dt_sema_err(s, D_PROV_BADNAME, it->line,
		    "provider name may not contain scoping operator: %s", pv);
	if (strlen(pv) >= 64)
		dt_sema_err(s, D_PROV_BADNAME, it->line,
		    "provider name may not exceed %d characters: %s", 63, pv);
	struct dt_provdef *old = dt_provdef_lookup(dtp, pv);
	/* a redeclaration is checked against a scratch definition */
	struct dt_provdef scratch = { 0 };
	struct dt_provdef *d = old ? &scratch : dt_provdef_add(dtp, pv);
	/* (not static: a type may compile a library with a provider) */
	struct dt_type *nt[DT_PD_MAXARGS + 1], *xt[DT_PD_MAXARGS + 1];
	const char *nn[DT_PD_MAXARGS + 1], *xn[DT_PD_MAXARGS + 1];
	const char *ns[DT_PD_MAXARGS + 1], *xs[DT_PD_MAXARGS + 1];
	for (struct ast_probe *ap = it->provider.probes; ap; ap = ap->next) {
		int nargc = prototype(s, &ap->args, "probe input", nt, nn, ns, NULL, 0);
		int xargc = ap->has_xargs ?
		    prototype(s, &ap->xargs, "probe output", xt, xn, xs, nn, nargc) : nargc;
		if (nargc > DT_PD_MAXARGS)
			dt_sema_err(s, D_PROV_PRARGLEN, ap->line,
			    "probe ::%s input prototype exceeds %u parameters: %d params used",
			    ap->name, DT_PD_MAXARGS, nargc);
		if (xargc > DT_PD_MAXARGS)
			dt_sema_err(s, D_PROV_PRARGLEN, ap->line,
			    "probe ::%s output prototype exceeds %u parameters: %d params used",
			    ap->name, DT_PD_MAXARGS, xargc);
		if (dt_provdef_probe(d, ap->name))
			dt_sema_err(s, D_PROV_PRDUP, ap->line, "probe redeclared: %s:::%s",
			    pv, dt_provdef_probe(d, ap->name)->name);
		struct dt_pdprobe *pp = dt_provdef_add_probe(dtp, d, ap->name, nargc, xargc);
		pp->line = ap->line;
		pp->xlated = ap->has_xargs;
		for (int i = 0; i < nargc; i++) {
			pp->nargv[i] = ns[i];
			pp->ntypes[i] = nt[i];
			pp->nnames[i] = nn[i];
		}
		if (ap->has_xargs) {
			for (int i = 0; i < xargc; i++) {
				pp->xargv[i] = xs[i];
				pp->xtypes[i] = xt[i];
			}
			dt_provdef_map(pp, xn, NULL);	/* names checked above */
		} else {
			for (int i = 0; i < xargc; i++) {
				pp->xargv[i] = pp->nargv[i];
				pp->xtypes[i] = pp->ntypes[i];
				pp->map[i] = i;
			}
		}
		if (old) {
			const struct dt_pdprobe *op = dt_provdef_probe(old, ap->name);
			if (!op)
				dt_sema_err(s, D_PROV_INCOMPAT, ap->line,
				    "provider interface mismatch: %s\n\t current: probe %s:::%s defined\n\tprevious: probe %s:::%s not defined",
				    pv, pv, pp->name, pv, pp->name);
			compare(s, pv, op, pp, ap->line);
		}
		/* every output argument reachable from its input */
		for (int i = 0; pp->xlated && i < xargc; i++)
			if (!xlatable(s, nt[pp->map[i]], xt[i], ap->line))
				dt_sema_err(s, D_PROV_PRXLATOR, ap->line,
				    "translator for %s:::%s output argument #%d from %s to %s is not defined",
				    pv, pp->name, i + 1, pp->nargv[pp->map[i]], pp->xargv[i]);
	}
}

/* args[i] of a probe definition pp describes: the native argument it
 * maps to, typed as the definition says and translated to its output
 * type (a string from a char * is copied in from the process); NULL if
 * i is past its arguments. */
struct dt_node *dt_sema_provdef_arg(struct sema *s, const struct dt_pdprobe *pp, int i,
    int line)
{
	if (i < 0 || i >= pp->xargc)
		return NULL;
	int m = pp->map[i];
	struct dt_type *nt = pp->ntypes[m], *xt = pp->xtypes[i];
	struct dt_node *n = dt_sema_node(s, DN_ARG, line, nt);
	n->ival = m;
	n->builtin = 1;		/* typed: args[], not argN */
	if (dt_sema_stmt(s)->uses_args < m + 1)
		dt_sema_stmt(s)->uses_args = m + 1;
	if (dt_sema_type_same(nt, xt))
		return n;
	if (xt->kind == DT_TK_STRING && nt->kind != DT_TK_STRING) {
		/* copyinstr(args[m]): the pointer is the process's */
		struct dt_node *c = dt_sema_node(s, DN_CALL, line, xt);
		c->func = DT_F_COPYINSTR;
		c->nargs = 1;
		c->args = dt_alloc(dt_sema_hdl(s), sizeof(*c->args) * 3);
		c->args[0] = dt_sema_cast(s, n, s->tt->t_ulong);
		return c;
	}
	struct dt_type *out = xt->kind == DT_TK_PTR ? xt->ref : xt;
	if (out->kind == DT_TK_STRUCT || out->kind == DT_TK_UNION) {
		struct dt_node *v = dt_sema_node(s, DN_ARG, line, nt);
		if (dt_xlate_find(s, v, xt))
			return dt_xlate_to(s, n, xt, line);
	}
	return dt_sema_cast(s, n, xt);
}
