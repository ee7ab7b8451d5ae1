/*
 * ast.c - memory management and debug dumping of the D syntax tree.
 *
 * Owns the allocation of AST nodes in the program's arena (base/arena.c:
 * a whole program, or a half-built one on a parse error, is freed in one
 * go without walking the tree) and dt_ast_dump(), the fully parenthesized S-expression printer
 * whose format is documented in ast.h and relied on by the unit tests.
 */
#include <stdlib.h>
#include <string.h>
#include <stdalign.h>

#include "ast.h"

void *
dt_ast_alloc(struct ast_prog *p, size_t size)
{
	return dt_arena_alloc(p->arena, size);
}

char *
dt_ast_strdup(struct ast_prog *p, const char *s)
{
	return dt_arena_strndup(p->arena, s, strlen(s));
}

void
dt_ast_prog_free(struct ast_prog *p)
{
	/* the program itself lives in its own arena */
	if (p != NULL)
		dt_arena_free(p->arena);
}

/* ------------------------------------------------------------------ */
/* Dumping                                                            */

const char *
dt_ast_op_str(enum ast_op op)
{
	switch (op) {
	case AST_OP_NONE:	return "?";
	case AST_OP_NEG:	return "-";
	case AST_OP_POS:	return "+";
	case AST_OP_LNOT:	return "!";
	case AST_OP_BNOT:	return "~";
	case AST_OP_DEREF:	return "*";
	case AST_OP_ADDROF:	return "&";
	case AST_OP_PREINC:	return "pre++";
	case AST_OP_PREDEC:	return "pre--";
	case AST_OP_POSTINC:	return "post++";
	case AST_OP_POSTDEC:	return "post--";
	case AST_OP_SIZEOF:	return "sizeof";
	case AST_OP_STRINGOF:	return "stringof";
	case AST_OP_MUL:	return "*";
	case AST_OP_DIV:	return "/";
	case AST_OP_MOD:	return "%";
	case AST_OP_ADD:	return "+";
	case AST_OP_SUB:	return "-";
	case AST_OP_SHL:	return "<<";
	case AST_OP_SHR:	return ">>";
	case AST_OP_LT:		return "<";
	case AST_OP_GT:		return ">";
	case AST_OP_LE:		return "<=";
	case AST_OP_GE:		return ">=";
	case AST_OP_EQ:		return "==";
	case AST_OP_NE:		return "!=";
	case AST_OP_BAND:	return "&";
	case AST_OP_XOR:	return "^";
	case AST_OP_BOR:	return "|";
	case AST_OP_LAND:	return "&&";
	case AST_OP_LXOR:	return "^^";
	case AST_OP_LOR:	return "||";
	case AST_OP_ASSIGN:	return "=";
	case AST_OP_MUL_ASSIGN:	return "*=";
	case AST_OP_DIV_ASSIGN:	return "/=";
	case AST_OP_MOD_ASSIGN:	return "%=";
	case AST_OP_ADD_ASSIGN:	return "+=";
	case AST_OP_SUB_ASSIGN:	return "-=";
	case AST_OP_SHL_ASSIGN:	return "<<=";
	case AST_OP_SHR_ASSIGN:	return ">>=";
	case AST_OP_AND_ASSIGN:	return "&=";
	case AST_OP_XOR_ASSIGN:	return "^=";
	case AST_OP_OR_ASSIGN:	return "|=";
	case AST_OP_COMMA:	return ",";
	}
	return "?";
}

static void
dump_bytes(FILE *fp, const char *s, size_t len)
{
	size_t i;

	fputc('"', fp);
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '\n': fputs("\\n", fp); break;
		case '\t': fputs("\\t", fp); break;
		case '\r': fputs("\\r", fp); break;
		case '\a': fputs("\\a", fp); break;
		case '\b': fputs("\\b", fp); break;
		case '\f': fputs("\\f", fp); break;
		case '\v': fputs("\\v", fp); break;
		case '\\': fputs("\\\\", fp); break;
		case '"': fputs("\\\"", fp); break;
		default:
			if (c < 0x20 || c >= 0x7f)
				fprintf(fp, "\\%03o", c);
			else
				fputc(c, fp);
		}
	}
	fputc('"', fp);
}

static void dump_plist(FILE *fp, const struct ast_plist *pl);

static void
dump_dpart(FILE *fp, const struct ast_dpart *dp)
{
	switch (dp->kind) {
	case AST_D_PTR:
		if (dp->quals == 0) {
			fputs("ptr", fp);
		} else {
			fputs("(ptr", fp);
			if (dp->quals & AST_Q_CONST)
				fputs(" const", fp);
			if (dp->quals & AST_Q_VOLATILE)
				fputs(" volatile", fp);
			if (dp->quals & AST_Q_RESTRICT)
				fputs(" restrict", fp);
			fputc(')', fp);
		}
		break;
	case AST_D_ARRAY:
		if (dp->assoc) {
			fputs("(assoc", fp);
			dump_plist(fp, &dp->params);
			fputc(')', fp);
		} else if (dp->dim != NULL) {
			fputs("(array ", fp);
			dt_ast_dump_expr(fp, dp->dim);
			fputc(')', fp);
		} else {
			fputs("(array)", fp);
		}
		break;
	case AST_D_FUNC:
		fputs("(func", fp);
		dump_plist(fp, &dp->params);
		fputc(')', fp);
		break;
	}
}

void
dt_ast_dump_declarator(FILE *fp, const struct ast_declarator *d)
{
	const struct ast_dpart *dp;

	fprintf(fp, "(d %s", d->name != NULL ? d->name : "_");
	for (dp = d->parts; dp != NULL; dp = dp->next) {
		fputc(' ', fp);
		dump_dpart(fp, dp);
	}
	if (d->bitfield != NULL) {
		fputs(" (bits ", fp);
		dt_ast_dump_expr(fp, d->bitfield);
		fputc(')', fp);
	}
	fputc(')', fp);
}

static int
declarator_empty(const struct ast_declarator *d)
{
	return d == NULL ||
	    (d->name == NULL && d->parts == NULL && d->bitfield == NULL);
}

static void
dump_param(FILE *fp, const struct ast_param *pa)
{
	if (declarator_empty(pa->decl)) {
		dt_ast_dump_declspec(fp, pa->spec);
		return;
	}
	fputc('(', fp);
	dt_ast_dump_declspec(fp, pa->spec);
	fputc(' ', fp);
	dt_ast_dump_declarator(fp, pa->decl);
	fputc(')', fp);
}

/* Prints " P1 P2 ... [...]" (leading space before each element). */
static void
dump_plist(FILE *fp, const struct ast_plist *pl)
{
	const struct ast_param *pa;

	for (pa = pl->first; pa != NULL; pa = pa->next) {
		fputc(' ', fp);
		dump_param(fp, pa);
	}
	if (pl->varargs)
		fputs(" ...", fp);
}

static void
dump_base(FILE *fp, const struct ast_declspec *ds)
{
	const struct ast_member *m;
	const struct ast_declarator *d;
	const struct ast_enumerator *en;
	const char *kw;

	switch (ds->base) {
	case AST_T_IMPLICIT:	fputs("implicit-int", fp); return;
	case AST_T_VOID:	fputs("void", fp); return;
	case AST_T_CHAR:	fputs("char", fp); return;
	case AST_T_INT:		fputs("int", fp); return;
	case AST_T_FLOAT:	fputs("float", fp); return;
	case AST_T_DOUBLE:	fputs("double", fp); return;
	case AST_T_STRING:	fputs("string", fp); return;
	case AST_T_TYPEDEF:	fputs(ds->name, fp); return;
	case AST_T_STRUCT:
	case AST_T_UNION:
	case AST_T_ENUM:
		break;
	}

	kw = ds->base == AST_T_STRUCT ? "struct" :
	    ds->base == AST_T_UNION ? "union" : "enum";
	fprintf(fp, "(%s %s", kw, ds->name != NULL ? ds->name : "_");
	if (ds->has_body && ds->base == AST_T_ENUM) {
		for (en = ds->enumerators; en != NULL; en = en->next) {
			fprintf(fp, " (%s", en->name);
			if (en->value != NULL) {
				fputc(' ', fp);
				dt_ast_dump_expr(fp, en->value);
			}
			fputc(')', fp);
		}
	} else if (ds->has_body) {
		for (m = ds->members; m != NULL; m = m->next) {
			fputs(" (", fp);
			dt_ast_dump_declspec(fp, m->spec);
			for (d = m->decls; d != NULL; d = d->next) {
				fputc(' ', fp);
				dt_ast_dump_declarator(fp, d);
			}
			fputc(')', fp);
		}
	}
	fputc(')', fp);
}

void
dt_ast_dump_declspec(FILE *fp, const struct ast_declspec *ds)
{
	static const char *const sc[] = {
		NULL, "auto", "register", "static", "extern", "typedef",
		"self", "this"
	};
	const char *words[12];
	int n = 0, i;

	if (ds->storage != AST_SC_NONE)
		words[n++] = sc[ds->storage];
	if (ds->quals & AST_Q_CONST)
		words[n++] = "const";
	if (ds->quals & AST_Q_VOLATILE)
		words[n++] = "volatile";
	if (ds->quals & AST_Q_RESTRICT)
		words[n++] = "restrict";
	if (ds->userland)
		words[n++] = "userland";
	if (ds->is_signed)
		words[n++] = "signed";
	if (ds->is_unsigned)
		words[n++] = "unsigned";
	if (ds->nshort)
		words[n++] = "short";
	for (i = 0; i < ds->nlong; i++)
		words[n++] = "long";

	if (n == 0) {
		dump_base(fp, ds);
		return;
	}
	fputs("(spec", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, " %s", words[i]);
	if (ds->base != AST_T_IMPLICIT) {
		fputc(' ', fp);
		dump_base(fp, ds);
	}
	fputc(')', fp);
}

void
dt_ast_dump_type(FILE *fp, const struct ast_type *t)
{
	if (declarator_empty(t->decl)) {
		dt_ast_dump_declspec(fp, t->spec);
		return;
	}
	fputs("(type ", fp);
	dt_ast_dump_declspec(fp, t->spec);
	fputc(' ', fp);
	dt_ast_dump_declarator(fp, t->decl);
	fputc(')', fp);
}

static void
dump_list(FILE *fp, const struct ast_expr *e)
{
	for (; e != NULL; e = e->next) {
		fputc(' ', fp);
		dt_ast_dump_expr(fp, e);
	}
}

void
dt_ast_dump_expr(FILE *fp, const struct ast_expr *e)
{
	if (e == NULL) {
		fputs("nil", fp);
		return;
	}
	switch (e->kind) {
	case AST_E_INT:
		fprintf(fp, "%llu", (unsigned long long)e->i.value);
		if (e->i.suffix_u)
			fputc('u', fp);
		if (e->i.suffix_l >= 1)
			fputc('l', fp);
		if (e->i.suffix_l >= 2)
			fputc('l', fp);
		break;
	case AST_E_STR:
		dump_bytes(fp, e->str.s, e->str.len);
		break;
	case AST_E_IDENT:
		fputs(e->ident.name, fp);
		break;
	case AST_E_AGG:
		if (e->agg.keys == NULL) {
			fprintf(fp, "@%s", e->agg.name);
		} else {
			fprintf(fp, "(@%s", e->agg.name);
			dump_list(fp, e->agg.keys);
			fputc(')', fp);
		}
		break;
	case AST_E_UNARY:
		fprintf(fp, "(%s ", dt_ast_op_str(e->unary.op));
		dt_ast_dump_expr(fp, e->unary.operand);
		fputc(')', fp);
		break;
	case AST_E_BINARY:
		fprintf(fp, "(%s ", dt_ast_op_str(e->binary.op));
		dt_ast_dump_expr(fp, e->binary.left);
		fputc(' ', fp);
		dt_ast_dump_expr(fp, e->binary.right);
		fputc(')', fp);
		break;
	case AST_E_TERNARY:
		fputs("(? ", fp);
		dt_ast_dump_expr(fp, e->ternary.cond);
		fputc(' ', fp);
		dt_ast_dump_expr(fp, e->ternary.then_e);
		fputc(' ', fp);
		dt_ast_dump_expr(fp, e->ternary.else_e);
		fputc(')', fp);
		break;
	case AST_E_CAST:
		fputs("(cast ", fp);
		dt_ast_dump_type(fp, e->cast.type);
		fputc(' ', fp);
		dt_ast_dump_expr(fp, e->cast.operand);
		fputc(')', fp);
		break;
	case AST_E_SIZEOF_TYPE:
		fputs("(sizeof-type ", fp);
		dt_ast_dump_type(fp, e->sizeof_type.type);
		fputc(')', fp);
		break;
	case AST_E_CALL:
		fputs("(call ", fp);
		dt_ast_dump_expr(fp, e->call.fn);
		dump_list(fp, e->call.args);
		fputc(')', fp);
		break;
	case AST_E_INDEX:
		fputs("(index ", fp);
		dt_ast_dump_expr(fp, e->index.base);
		dump_list(fp, e->index.keys);
		fputc(')', fp);
		break;
	case AST_E_MEMBER:
		fprintf(fp, "(%s ", e->member.arrow ? "->" : ".");
		dt_ast_dump_expr(fp, e->member.base);
		fprintf(fp, " %s)", e->member.name);
		break;
	case AST_E_OFFSETOF:
		fputs("(offsetof ", fp);
		dt_ast_dump_type(fp, e->offs.type);
		fprintf(fp, " %s)", e->offs.member);
		break;
	case AST_E_XLATE:
		fputs("(xlate ", fp);
		dt_ast_dump_type(fp, e->xlate.type);
		fputc(' ', fp);
		dt_ast_dump_expr(fp, e->xlate.operand);
		fputc(')', fp);
		break;
	}
}

void
dt_ast_dump_stmt(FILE *fp, const struct ast_stmt *s)
{
	const struct ast_stmt *c;

	switch (s->kind) {
	case AST_S_EXPR:
		dt_ast_dump_expr(fp, s->expr);
		break;
	case AST_S_EMPTY:
		fputs("(empty)", fp);
		break;
	case AST_S_BLOCK:
		fputs("(block", fp);
		for (c = s->body; c != NULL; c = c->next) {
			fputc(' ', fp);
			dt_ast_dump_stmt(fp, c);
		}
		fputc(')', fp);
		break;
	case AST_S_IF:
		fputs("(if ", fp);
		dt_ast_dump_expr(fp, s->expr);
		fputc(' ', fp);
		dt_ast_dump_stmt(fp, s->then_s);
		if (s->else_s != NULL) {
			fputc(' ', fp);
			dt_ast_dump_stmt(fp, s->else_s);
		}
		fputc(')', fp);
		break;
	}
}

static void
dump_pragma_arg(FILE *fp, const struct ast_pragma_arg *a)
{
	if (a->kind == AST_PARG_STRING)
		dump_bytes(fp, a->text, strlen(a->text));
	else
		fputs(a->text, fp);
}

void
dt_ast_dump_item(FILE *fp, const struct ast_item *it)
{
	const struct ast_pdesc *pd;
	const struct ast_stmt *s;
	const struct ast_declarator *d;
	const struct ast_xlmember *xm;
	const struct ast_probe *pr;
	int i;

	switch (it->kind) {
	case AST_ITEM_CLAUSE:
		fputs("(clause (probes", fp);
		for (pd = it->clause.pdescs; pd != NULL; pd = pd->next) {
			fputc(' ', fp);
			dump_bytes(fp, pd->text, strlen(pd->text));
		}
		fputc(')', fp);
		if (it->clause.pred != NULL) {
			fputs(" (pred ", fp);
			dt_ast_dump_expr(fp, it->clause.pred);
			fputc(')', fp);
		}
		if (it->clause.no_body) {
			fputs(" nobody", fp);
		} else {
			fputs(" (body", fp);
			for (s = it->clause.body; s != NULL; s = s->next) {
				fputc(' ', fp);
				dt_ast_dump_stmt(fp, s);
			}
			fputc(')', fp);
		}
		fputc(')', fp);
		break;
	case AST_ITEM_DECL:
		fputs("(decl ", fp);
		dt_ast_dump_declspec(fp, it->decl.spec);
		for (d = it->decl.decls; d != NULL; d = d->next) {
			fputc(' ', fp);
			dt_ast_dump_declarator(fp, d);
		}
		fputc(')', fp);
		break;
	case AST_ITEM_INLINE:
		fputs("(inline ", fp);
		dt_ast_dump_declspec(fp, it->inl.spec);
		fputc(' ', fp);
		dt_ast_dump_declarator(fp, it->inl.decl);
		fputc(' ', fp);
		dt_ast_dump_expr(fp, it->inl.value);
		fputc(')', fp);
		break;
	case AST_ITEM_TRANSLATOR:
		fputs("(translator ", fp);
		dt_ast_dump_type(fp, it->xlator.out_type);
		fputc(' ', fp);
		dt_ast_dump_type(fp, it->xlator.in_type);
		fprintf(fp, " %s", it->xlator.in_name);
		for (xm = it->xlator.members; xm != NULL; xm = xm->next) {
			fprintf(fp, " (%s ", xm->name);
			dt_ast_dump_expr(fp, xm->value);
			fputc(')', fp);
		}
		fputc(')', fp);
		break;
	case AST_ITEM_PROVIDER:
		fprintf(fp, "(provider %s", it->provider.name);
		for (pr = it->provider.probes; pr != NULL; pr = pr->next) {
			fprintf(fp, " (probe %s (args", pr->name);
			dump_plist(fp, &pr->args);
			fputc(')', fp);
			if (pr->has_xargs) {
				fputs(" (xargs", fp);
				dump_plist(fp, &pr->xargs);
				fputc(')', fp);
			}
			fputc(')', fp);
		}
		fputc(')', fp);
		break;
	case AST_ITEM_PRAGMA:
		fprintf(fp, "(pragma %s", it->pragma.name);
		if (it->pragma.kind == AST_PRAGMA_OPTION) {
			fprintf(fp, " %s", it->pragma.opt);
			if (it->pragma.val != NULL)
				fprintf(fp, "=%s", it->pragma.val);
		} else {
			for (i = 0; i < it->pragma.nargs; i++) {
				fputc(' ', fp);
				dump_pragma_arg(fp, &it->pragma.args[i]);
			}
		}
		fputc(')', fp);
		break;
	}
}

void
dt_ast_dump(FILE *fp, const struct ast_prog *p)
{
	const struct ast_item *it;

	for (it = p->items; it != NULL; it = it->next) {
		dt_ast_dump_item(fp, it);
		fputc('\n', fp);
	}
}
