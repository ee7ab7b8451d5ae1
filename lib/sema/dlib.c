/*
 * dlib.c - D library files: the library path, loading, depends_on.
 *
 * Owns where libraries come from and the order they load in.  The path
 * is every -L / -x libdir directory in the order given, then the default
 * directory: -x syslibdir, else the source tree's dlib/ when dtrace runs
 * from its build directory, else $(PREFIX)/lib/dtrace next to the
 * installed binary, else the directory the Makefile compiled in
 * (DT_LIBDIR).  Every *.d file of
 * each directory is a library; a name already seen in an earlier
 * directory is skipped, so -L can override a default library.
 *
 * Libraries load at the first compile, before the program, in dependency
 * order ("#pragma D depends_on library x.d" loads x.d first).  As in
 * DTrace, a library whose dependency (library, provider or module) is
 * missing is skipped silently (DTRACE_DEBUG=1 says why); any other error
 * in a library fails the compile, reported at the library's line.  Only
 * declarations take effect; translators and inlines are checked and
 * lowered when a program uses them (xlate.c, decl.c), so kernel types
 * they name cost nothing otherwise.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "base/file.h"
#include "base/output.h"
#include "front/ast.h"
#include "dlib.h"
#include "front/parse.h"
#include "sema.h"
#include "prov/prov.h"
#include "version.h"

enum { L_NEW, L_VISITING, L_DONE };

struct dt_lib {
	char *path;			/* dir/name.d, in the handle's arena */
	const char *name;		/* name.d */
	struct ast_prog *prog;
	int deps[16];			/* libraries it depends on */
	int ndeps;
	int mark;			/* topological sort */
	int loaded;
};

struct dlib_load {
	dtrace_hdl_t *dtp;
	const char *dirs[64];
	int ndirs;
	struct dt_lib *libs;
	int nlibs;
	int *order;
	int norder;
};

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* -x debug or DTRACE_DEBUG: why a library was skipped, as a debug message */
static void debug(dtrace_hdl_t *dtp, const char *what, const char *a, const char *b)
{
	if (dt_debug(dtp))
		dt_out_message(dtp, 1, "skipping %s%s: %s", what, a, b);
}

/* The default library directory (see the top of this file). */
static const char *default_dir(dtrace_hdl_t *dtp)
{
	char exe[PATH_MAX], buf[PATH_MAX + 16], real[PATH_MAX];
	if (dtp->optstr[DTOPT_SYSLIBDIR])	/* -x syslibdir replaces it */
		return dtp->optstr[DTOPT_SYSLIBDIR];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *sl = strrchr(exe, '/');
		if (sl) {
			*sl = '\0';
			static const char *const rel[] = { "../dlib", "../lib/dtrace" };
			for (int i = 0; i < 2; i++) {
				snprintf(buf, sizeof(buf), "%s/%s", exe, rel[i]);
				if (is_dir(buf) && realpath(buf, real))
					return dt_arena_strndup(dtp->arena, real, strlen(real));
			}
		}
	}
	return DT_LIBDIR;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Library error: the compile fails with the library's file and line. */
static int lib_error(dtrace_hdl_t *dtp, const char *path, const struct dt_perr *e)
{
	dtp->cur_libtag = path;
	dt_compile_error(dtp, e->tag, e->line, e->msg);
	dtp->cur_libtag = NULL;
	return -1;
}

/* Parse every *.d file of dir whose name is new. */
static int scan_dir(struct dlib_load *L, const char *dir)
{
	dtrace_hdl_t *dtp = L->dtp;
	DIR *d = opendir(dir);
	if (!d) {
		debug(dtp, "lib dir ", dir, "cannot open");
		return 0;
	}
	char **names = NULL;
	int nn = 0, rc = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len < 3 || strcmp(de->d_name + len - 2, ".d"))
			continue;
		char **nv = realloc(names, (size_t)(nn + 1) * sizeof(*nv));
		if (!nv || !(nv[nn] = strdup(de->d_name))) {
			names = nv ? nv : names;
			rc = dt_set_err(dtp, "out of memory");
			break;
		}
		names = nv;
		nn++;
	}
	closedir(d);
	qsort(names, (size_t)nn, sizeof(*names), by_name);
	for (int i = 0; i < nn && rc == 0; i++) {
		int dup = 0;
		for (int k = 0; k < L->nlibs && !dup; k++)
			dup = !strcmp(L->libs[k].name, names[i]);
		if (dup) {
			char dup_path[PATH_MAX + 256];
			snprintf(dup_path, sizeof(dup_path), "%s/%s", dir, names[i]);
			debug(dtp, "library ", dup_path,
			    "a library of that name was already processed");
			continue;
		}
		char path[PATH_MAX + 256];
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		char *src = dt_read_file(path, 0, 0, NULL);
		if (!src) {
			debug(dtp, "library ", path, "cannot read it");
			continue;
		}
		struct dt_perr perr = { 0 };
		struct ast_prog *prog = dt_parse(dtp->parse, src, &dtp->macros, &perr);
		free(src);
		char *p = dt_arena_strndup(dtp->arena, path, strlen(path));
		if (!prog) {
			rc = lib_error(dtp, p, &perr);
			break;
		}
		struct dt_lib *nl = realloc(L->libs, (size_t)(L->nlibs + 1) * sizeof(*nl));
		if (!nl) {
			dt_ast_prog_free(prog);
			rc = dt_set_err(dtp, "out of memory");
			break;
		}
		L->libs = nl;
		memset(&nl[L->nlibs], 0, sizeof(*nl));
		nl[L->nlibs].path = p;
		nl[L->nlibs].name = strrchr(p, '/') + 1;
		nl[L->nlibs].prog = prog;
		L->nlibs++;
	}
	for (int i = 0; i < nn; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* The path of library name along the library path, NULL if none. */
static const char *find_dep(struct dlib_load *L, const char *name, char *buf, size_t len)
{
	struct stat st;
	for (int i = 0; i < L->ndirs; i++) {
		snprintf(buf, len, "%s/%s", L->dirs[i], name);
		if (stat(buf, &st) == 0)
			return buf;
	}
	return NULL;
}

static int lib_index(struct dlib_load *L, const char *path)
{
	for (int i = 0; i < L->nlibs; i++)
		if (!strcmp(L->libs[i].path, path))
			return i;
	return -1;
}

/* The graph: each library's "depends_on library" edges. */
static int build_graph(struct dlib_load *L)
{
	char buf[PATH_MAX + 256], msg[PATH_MAX * 2 + 64];
	for (int i = 0; i < L->nlibs; i++) {
		struct dt_lib *lib = &L->libs[i];
		for (struct ast_item *it = lib->prog->items; it; it = it->next) {
			struct ast_pragma *p = &it->pragma;
			if (it->kind != AST_ITEM_PRAGMA || p->kind != AST_PRAGMA_DEPENDS_ON ||
			    p->nargs < 2 || strcmp(p->args[0].text, "library"))
				continue;
			const char *dp = find_dep(L, p->args[1].text, buf, sizeof(buf));
			if (!dp)
				continue;	/* the library will be skipped */
			int k = lib_index(L, dp);
			if (k < 0) {
				snprintf(msg, sizeof(msg), "Invalid library dependency in %s: %s",
				    lib->path, dp);
				dt_compile_error(L->dtp, D_PRAGMA_DEPEND, -1, msg);
				return -1;
			}
			if (lib->ndeps < (int)(sizeof(lib->deps) / sizeof(lib->deps[0])))
				lib->deps[lib->ndeps++] = k;
		}
	}
	return 0;
}

static int visit(struct dlib_load *L, int i)
{
	struct dt_lib *lib = &L->libs[i];
	lib->mark = L_VISITING;
	for (int d = 0; d < lib->ndeps; d++) {
		struct dt_lib *dep = &L->libs[lib->deps[d]];
		if (dep->mark == L_VISITING) {
			char msg[PATH_MAX * 2 + 64];
			snprintf(msg, sizeof(msg), "Cyclic dependency detected: %s => %s",
			    dep->path, lib->path);
			dt_compile_error(L->dtp, D_PRAGMA_DEPEND, -1, msg);
			return -1;
		}
		if (dep->mark == L_NEW && visit(L, lib->deps[d]) < 0)
			return -1;
	}
	lib->mark = L_DONE;
	L->order[L->norder++] = i;
	return 0;
}

/* Register a library's typedef names with the handle's parser state for
 * later programs. */
static int add_typenames(dtrace_hdl_t *dtp, struct ast_prog *prog)
{
	for (struct ast_item *it = prog->items; it; it = it->next) {
		if (it->kind != AST_ITEM_DECL || it->decl.spec->storage != AST_SC_TYPEDEF)
			continue;
		for (struct ast_declarator *d = it->decl.decls; d; d = d->next)
			if (d->name && dt_parse_add_typename(dtp->parse, d->name) < 0)
				return -1;
	}
	return 0;
}

/* Compile library i (declarations); a dependency error skips it. */
static int load_one(struct dlib_load *L, int i)
{
	dtrace_hdl_t *dtp = L->dtp;
	struct dt_lib *lib = &L->libs[i];
	/* the handle owns the syntax tree from now on: translators and
	 * inlines keep pointing into it */
	struct ast_prog **na = realloc(dtp->asts, (size_t)(dtp->nasts + 1) * sizeof(*na));
	if (!na)
		return dt_set_err(dtp, "out of memory");
	dtp->asts = na;
	dtp->asts[dtp->nasts++] = lib->prog;
	dtp->cur_libtag = lib->path;
	dtp->errtag = D_UNKNOWN;
	int rc = dt_sema(dtp, lib->prog, 1);
	dtp->cur_libtag = NULL;
	if (rc < 0) {
		/* an unmet depends_on skips the library, as in dtrace */
		if (dtp->errtag != D_PRAGMA_DEPEND)
			return -1;
		debug(dtp, "library ", lib->path, dtp->errmsg);
		dtp->errmsg[0] = '\0';
		return 0;
	}
	if (add_typenames(dtp, lib->prog) < 0)
		return dt_set_err(dtp, "out of memory");
	lib->loaded = 1;
	return 0;
}

int dt_dlib_load(dtrace_hdl_t *dtp)
{
	struct dlib_load L = { .dtp = dtp };
	int rc = 0;

	if (dtp->libs_loaded)
		return 0;
	dtp->libs_loaded = 1;
	for (int i = 0; i < dtp->nlibdirs && L.ndirs < 63; i++)
		L.dirs[L.ndirs++] = dtp->libdirs[i];
	L.dirs[L.ndirs++] = default_dir(dtp);
	for (int i = 0; i < L.ndirs && rc == 0; i++)
		rc = scan_dir(&L, L.dirs[i]);
	if (rc == 0 && L.nlibs) {
		L.order = calloc((size_t)L.nlibs, sizeof(*L.order));
		rc = L.order ? build_graph(&L) : dt_set_err(dtp, "out of memory");
		for (int i = 0; i < L.nlibs && rc == 0; i++)
			if (L.libs[i].mark == L_NEW)
				rc = visit(&L, i);
		dtp->dlib_cur = &L;
		for (int k = 0; k < L.norder && rc == 0; k++)
			rc = load_one(&L, L.order[k]);
		dtp->dlib_cur = NULL;
		dtp->libs_loaded = 2;
	}
	/* syntax trees not handed to the handle (an error stopped us) */
	for (int i = 0; i < L.nlibs; i++) {
		int owned = 0;
		for (int k = 0; k < dtp->nasts && !owned; k++)
			owned = dtp->asts[k] == L.libs[i].prog;
		if (!owned)
			dt_ast_prog_free(L.libs[i].prog);
	}
	free(L.libs);
	free(L.order);
	return rc;
}

/* Is kernel module name present (vmlinux, or loaded / built in)? */
static int have_module(const char *name)
{
	char p[PATH_MAX];
	if (!strcmp(name, "vmlinux"))
		return 1;
	snprintf(p, sizeof(p), "/sys/module/%s", name);
	return is_dir(p);
}

int dt_dlib_depends(dtrace_hdl_t *dtp, const struct ast_pragma *p, char *msg, size_t len)
{
	const char *cls = p->args[0].text, *name = p->args[1].text;
	int found = 0;

	if (!strcmp(cls, "provider")) {
		found = dt_prov_lookup(dtp, name) != NULL;
	} else if (!strcmp(cls, "module")) {
		found = have_module(name);
	} else {
		char buf[PATH_MAX + 256];
		struct dlib_load *cur = dtp->dlib_cur;
		if (!dtp->cur_libtag || !cur) {
			snprintf(msg, len, "main program may not explicitly depend on a library");
			return -1;
		}
		const char *dp = find_dep(cur, name, buf, sizeof(buf));
		if (!dp) {
			snprintf(msg, len, "failed to find dependency in libpath: %s", name);
			return -1;
		}
		int k = lib_index(cur, dp);
		if (k < 0 || !cur->libs[k].loaded) {
			snprintf(msg, len, "program requires library \"%s\" which failed to load", dp);
			return -1;
		}
		found = 1;
	}
	if (!found) {
		snprintf(msg, len, "program requires %s %s", cls, name);
		return -1;
	}
	return 0;
}
