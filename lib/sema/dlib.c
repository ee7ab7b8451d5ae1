/*
 * dlib.c - D library files: the library path, loading (only what a
 * program uses), depends_on.
 *
 * Owns where libraries come from and the order they load in.  The path
 * is every -L / -x libdir directory in the order given, then the default
 * directories: -x syslibdir, else, when dtrace runs from its build
 * directory, build/dlib (the libraries the Makefile generates from this
 * system's headers: errno.d, signal.d, regs.d) and the source tree's
 * dlib/, else $(PREFIX)/lib/dtrace next to the installed binary, else the
 * directory the Makefile compiled in (DT_LIBDIR).  Every *.d file of each
 * directory is a library; a name already seen in an earlier directory is
 * skipped, so -L can override a default library.
 *
 * At the first compile every library is read and parsed, in dependency
 * order ("#pragma D depends_on library x.d", found in the text first, so
 * x.d's typedef names are known when the library that uses them is
 * parsed); a syntax error, a missing or cyclic library dependency fails
 * the compile, reported at the library's line, as in DTrace.  What each
 * library defines (inlines, typedefs, variables, struct/union/enum tags
 * and enumerators, translators' output types) goes into an index, and
 * the library is compiled (its declarations take effect) only when a
 * program, or another library being compiled, asks sema for a name the
 * index has (dt_dlib_need), after the libraries it depends on.  So a
 * program pays only for the libraries it uses: `BEGIN { exit(0); }`
 * compiles none.  As in DTrace, a library whose dependency (library,
 * provider or module) is missing is skipped silently (DTRACE_DEBUG=1 says
 * why, when it is first asked for); any other error in a library fails
 * the compile that first uses it, reported at the library's line.
 * Translators and inlines are checked and lowered when a program uses
 * them (xlate.c, decl.c), so kernel types they name cost nothing
 * otherwise.
 */
#include <dirent.h>
#include <limits.h>
#include <setjmp.h>
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
#include "sema_int.h"
#include "prov/prov.h"
#include "version.h"

enum { L_NEW, L_VISITING, L_DONE };			/* topological sort */
enum { S_PARSED, S_LOADING, S_LOADED, S_SKIPPED, S_FAILED };	/* compile */

#define MAXDEPS 16

struct dt_lib {
	char *path;			/* dir/name.d, in the handle's arena */
	const char *name;		/* name.d */
	char *src;			/* its text until it is parsed */
	const char *depnames[MAXDEPS];	/* its "depends_on library" names */
	int ndepnames;
	int deps[MAXDEPS];		/* libraries it depends on */
	int ndeps;
	int mark;
	int state;
	struct ast_prog *prog;		/* owned by the handle (dtp->asts) */
};

/* one name a library defines, in a hash chain */
struct dt_libname {
	const char *name;
	int lib;
	struct dt_libname *next;
};

struct dlib_load {
	dtrace_hdl_t *dtp;
	const char *dirs[64];
	int ndirs;
	struct dt_lib *libs;		/* malloc'd while scanning, then the arena's */
	int nlibs;
	int *order;
	int norder;
	struct dt_libname **hash;	/* the index: name -> libraries */
	unsigned nhash;
	char failmsg[sizeof(((dtrace_hdl_t *)0)->errmsg)];	/* a library's error */
	enum dt_errtag failtag;
	int failed;
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

/* Add directory base/rel to the path if it exists: 1 if it did. */
static int add_dir(struct dlib_load *L, const char *base, const char *rel)
{
	char buf[PATH_MAX + 16], real[PATH_MAX];
	snprintf(buf, sizeof(buf), "%s/%s", base, rel);
	if (!is_dir(buf) || !realpath(buf, real))
		return 0;
	L->dirs[L->ndirs++] = dt_arena_strndup(L->dtp->arena, real, strlen(real));
	return 1;
}

/* The default library directories (see the top of this file). */
static void default_dirs(struct dlib_load *L)
{
	dtrace_hdl_t *dtp = L->dtp;
	char exe[PATH_MAX], buf[PATH_MAX + 16];
	if (dtp->optstr[DTOPT_SYSLIBDIR]) {	/* -x syslibdir replaces them */
		L->dirs[L->ndirs++] = dtp->optstr[DTOPT_SYSLIBDIR];
		return;
	}
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *sl = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
	if (sl) {
		*sl = '\0';
		snprintf(buf, sizeof(buf), "%s/../dlib", exe);
		if (is_dir(buf)) {	/* the build tree: generated, then dlib/ */
			add_dir(L, exe, "dlib");
			add_dir(L, exe, "../dlib");
			return;
		}
		if (add_dir(L, exe, "../lib/dtrace"))
			return;
	}
	L->dirs[L->ndirs++] = DT_LIBDIR;
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

/* The "#pragma D depends_on library NAME" lines of a library's text (the
 * parse, in dependency order, comes later). */
static void text_depends(dtrace_hdl_t *dtp, struct dt_lib *lib)
{
	static const char *const kw[] = { "pragma", "D", "depends_on", "library" };
	for (const char *p = lib->src; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		const char *q = p + strspn(p, " \t");
		if (*q++ != '#')
			continue;
		int ok = 1;
		for (int k = 0; k < 4 && ok; k++) {
			q += strspn(q, " \t");
			size_t n = strlen(kw[k]);
			ok = !strncmp(q, kw[k], n) && (q[n] == ' ' || q[n] == '\t');
			q += n;
		}
		if (!ok)
			continue;
		q += strspn(q, " \t\"");
		size_t n = strcspn(q, " \t\r\n\"");
		if (n && lib->ndepnames < MAXDEPS)
			lib->depnames[lib->ndepnames++] = dt_arena_strndup(dtp->arena, q, n);
	}
}

/* Read every *.d file of dir whose name is new. */
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
	if (nn)		/* names is NULL in a directory without libraries */
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
		struct dt_lib *nl = realloc(L->libs, (size_t)(L->nlibs + 1) * sizeof(*nl));
		if (!nl) {
			free(src);
			rc = dt_set_err(dtp, "out of memory");
			break;
		}
		L->libs = nl;
		struct dt_lib *lib = &nl[L->nlibs++];
		memset(lib, 0, sizeof(*lib));
		lib->path = dt_arena_strndup(dtp->arena, path, strlen(path));
		lib->name = strrchr(lib->path, '/') + 1;
		lib->src = src;
		text_depends(dtp, lib);
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
		for (int d = 0; d < lib->ndepnames; d++) {
			const char *dp = find_dep(L, lib->depnames[d], buf, sizeof(buf));
			if (!dp)
				continue;	/* the library will be skipped */
			int k = lib_index(L, dp);
			if (k < 0) {
				snprintf(msg, sizeof(msg), "Invalid library dependency in %s: %s",
				    lib->path, dp);
				dt_compile_error(L->dtp, D_PRAGMA_DEPEND, -1, msg);
				return -1;
			}
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

/* ---- the index: which library defines a name ---- */

static unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static void add_name(struct dlib_load *L, int lib, const char *name)
{
	if (!name)
		return;
	unsigned b = name_hash(name) & (L->nhash - 1);
	for (struct dt_libname *e = L->hash[b]; e; e = e->next)
		if (e->lib == lib && !strcmp(e->name, name))
			return;
	struct dt_libname *e = dt_alloc(L->dtp, sizeof(*e));
	e->name = name;
	e->lib = lib;
	e->next = L->hash[b];
	L->hash[b] = e;
}

/* the tags and enumerators a declaration's specifiers define, with those
 * of struct members' own specifiers */
static void spec_names(struct dlib_load *L, int lib, const struct ast_declspec *ds)
{
	if (!ds || !ds->has_body)
		return;
	add_name(L, lib, ds->name);
	for (struct ast_enumerator *en = ds->enumerators; en; en = en->next)
		add_name(L, lib, en->name);
	for (struct ast_member *m = ds->members; m; m = m->next)
		spec_names(L, lib, m->spec);
}

/* What library lib defines, into the index. */
static void index_lib(struct dlib_load *L, int lib)
{
	for (struct ast_item *it = L->libs[lib].prog->items; it; it = it->next) {
		switch (it->kind) {
		case AST_ITEM_DECL:
			spec_names(L, lib, it->decl.spec);
			for (struct ast_declarator *d = it->decl.decls; d; d = d->next)
				add_name(L, lib, d->name);
			break;
		case AST_ITEM_INLINE:
			add_name(L, lib, it->inl.decl->name);
			break;
		case AST_ITEM_TRANSLATOR:
			/* xlate <T> looks for translators by T */
			add_name(L, lib, it->xlator.out_type->spec->name);
			break;
		case AST_ITEM_PROVIDER: {
			/* "provider NAME", a name no identifier can be */
			size_t n = strlen(it->provider.name) + 10;
			char *key = dt_alloc(L->dtp, n);
			snprintf(key, n, "provider %s", it->provider.name);
			add_name(L, lib, key);
			break;
		}
		default:
			break;
		}
	}
}

/* Register a library's typedef names with the handle's parser state, for
 * the libraries parsed after it and for programs. */
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

/* Parse library i (its dependencies were parsed before it). */
static int parse_one(struct dlib_load *L, int i)
{
	dtrace_hdl_t *dtp = L->dtp;
	struct dt_lib *lib = &L->libs[i];
	struct dt_perr perr = { 0 };
	lib->prog = dt_parse(dtp->parse, lib->src, &dtp->macros, &perr);
	free(lib->src);
	lib->src = NULL;
	if (!lib->prog)
		return lib_error(dtp, lib->path, &perr);
	/* the handle owns the syntax tree from now on: translators and
	 * inlines keep pointing into it */
	struct ast_prog **na = realloc(dtp->asts, (size_t)(dtp->nasts + 1) * sizeof(*na));
	if (!na) {
		dt_ast_prog_free(lib->prog);
		lib->prog = NULL;
		return dt_set_err(dtp, "out of memory");
	}
	dtp->asts = na;
	dtp->asts[dtp->nasts++] = lib->prog;
	lib->prog->is_lib = 1;
	if (add_typenames(dtp, lib->prog) < 0)
		return dt_set_err(dtp, "out of memory");
	index_lib(L, i);
	return 0;
}

/* ---- compiling a library when it is first needed ---- */

/* Does library i depend, directly or not, on one being compiled? */
static int waits(struct dlib_load *L, int i, int depth)
{
	const struct dt_lib *lib = &L->libs[i];
	if (depth > L->nlibs)
		return 0;	/* a cycle: the graph reported it */
	for (int d = 0; d < lib->ndeps; d++) {
		const struct dt_lib *dep = &L->libs[lib->deps[d]];
		if (dep->state == S_LOADING ||
		    (dep->state == S_PARSED && waits(L, lib->deps[d], depth + 1)))
			return 1;
	}
	return 0;
}

/* Compile library i after its dependencies: 1 if it was compiled now, 0
 * if it was already or is skipped (an unmet depends_on), -1 on an error
 * (in dtp->errmsg). */
static int load_lib(struct dlib_load *L, int i)
{
	dtrace_hdl_t *dtp = L->dtp;
	struct dt_lib *lib = &L->libs[i];
	if (lib->state == S_FAILED)
		return -1;
	if (lib->state != S_PARSED)
		return 0;
	/* a library that depends on one being compiled right now (ip.d's
	 * ipinfo_t asked for, tcp.d translating to it too) waits: it is
	 * compiled when a program asks for one of its names */
	if (waits(L, i, 0))
		return 0;
	lib->state = S_LOADING;
	for (int d = 0; d < lib->ndeps; d++)
		if (load_lib(L, lib->deps[d]) < 0) {
			lib->state = S_FAILED;
			return -1;
		}
	const char *libtag = dtp->cur_libtag;
	enum dt_errtag errtag = dtp->errtag;
	int in_program = dtp->in_program;
	dtp->cur_libtag = lib->path;
	dtp->errtag = D_UNKNOWN;
	dtp->in_program = 0;
	int rc = dt_sema(dtp, lib->prog, 1);
	dtp->cur_libtag = libtag;
	dtp->in_program = in_program;
	if (rc < 0 && dtp->errtag == D_PRAGMA_DEPEND) {
		/* an unmet depends_on skips the library, as in dtrace */
		debug(dtp, "library ", lib->path, dtp->errmsg);
		dtp->errmsg[0] = '\0';
		dtp->errtag = errtag;
		lib->state = S_SKIPPED;
		return 0;
	}
	if (rc < 0) {
		lib->state = S_FAILED;
		snprintf(L->failmsg, sizeof(L->failmsg), "%s", dtp->errmsg);
		L->failtag = dtp->errtag;
		L->failed = 1;
		return -1;
	}
	dtp->errtag = errtag;
	lib->state = S_LOADED;
	return 1;
}

int dt_dlib_need(dtrace_hdl_t *dtp, const char *name)
{
	struct dlib_load *L = dtp->dlib_cur;
	if (!L || !L->nhash || !name)
		return 0;
	int rc = 0;
	for (struct dt_libname *e = L->hash[name_hash(name) & (L->nhash - 1)]; e; e = e->next) {
		if (strcmp(e->name, name))
			continue;
		int r = load_lib(L, e->lib);
		if (r < 0)	/* the library's own error, however often asked */
			return dt_dlib_failed(dtp);
		rc |= r;
	}
	return rc;
}

int dt_dlib_failed(dtrace_hdl_t *dtp)
{
	struct dlib_load *L = dtp->dlib_cur;
	if (!L || !L->failed)
		return 0;
	snprintf(dtp->errmsg, sizeof(dtp->errmsg), "%s", L->failmsg);
	dtp->errtag = L->failtag;
	return -1;
}

int dt_dlib_need_type(dtrace_hdl_t *dtp, const char *tname)
{
	char buf[256];
	snprintf(buf, sizeof(buf), "%s", tname ? tname : "");
	char *b = buf, *e;
	for (;;) {
		b += strspn(b, " ");
		if (!strncmp(b, "const ", 6) || !strncmp(b, "struct ", 7) ||
		    !strncmp(b, "union ", 6) || !strncmp(b, "enum ", 5))
			b = strchr(b, ' ');
		else
			break;
	}
	for (e = b; *e && *e != ' ' && *e != '*' && *e != '['; e++)
		;
	*e = '\0';
	return *b ? dt_dlib_need(dtp, b) : 0;
}

int dt_sema_need(struct sema *s, const char *name)
{
	int rc = dt_dlib_need(s->dtp, name);
	if (rc < 0)
		longjmp(s->jb, 1);
	return rc;
}

int dt_sema_need_type(struct sema *s, const char *tname)
{
	int rc = dt_dlib_need_type(s->dtp, tname);
	if (rc < 0)
		longjmp(s->jb, 1);
	return rc;
}

int dt_dlib_load(dtrace_hdl_t *dtp)
{
	int rc = 0;

	if (dtp->libs_loaded)
		return 0;
	dtp->libs_loaded = 1;
	struct dlib_load *L = dt_alloc(dtp, sizeof(*L));
	L->dtp = dtp;
	for (int i = 0; i < dtp->nlibdirs && L->ndirs < 61; i++)
		L->dirs[L->ndirs++] = dtp->libdirs[i];
	default_dirs(L);
	for (int i = 0; i < L->ndirs && rc == 0; i++)
		rc = scan_dir(L, L->dirs[i]);
	/* the libraries move to the arena, which lives as long as the handle */
	struct dt_lib *libs = dt_alloc(dtp, (size_t)(L->nlibs ? L->nlibs : 1) * sizeof(*libs));
	if (L->nlibs)
		memcpy(libs, L->libs, (size_t)L->nlibs * sizeof(*libs));
	free(L->libs);
	L->libs = libs;
	if (rc == 0 && L->nlibs) {
		L->order = dt_alloc(dtp, (size_t)L->nlibs * sizeof(*L->order));
		for (L->nhash = 64; L->nhash < (unsigned)L->nlibs * 256; L->nhash *= 2)
			;
		L->hash = dt_alloc(dtp, L->nhash * sizeof(*L->hash));
		rc = build_graph(L);
		for (int i = 0; i < L->nlibs && rc == 0; i++)
			if (L->libs[i].mark == L_NEW)
				rc = visit(L, i);
		for (int k = 0; k < L->norder && rc == 0; k++)
			rc = parse_one(L, L->order[k]);
		dtp->libs_loaded = 2;
	}
	for (int i = 0; i < L->nlibs; i++) {	/* texts an error left unparsed */
		free(L->libs[i].src);
		L->libs[i].src = NULL;
	}
	if (rc == 0)
		dtp->dlib_cur = L;
	return rc;
}

int dt_dlib_provdef_need(dtrace_hdl_t *dtp, const char *prov)
{
	char key[128];
	if (!dtp->libs_loaded && dt_dlib_load(dtp) < 0)
		return -1;
	snprintf(key, sizeof(key), "provider %s", prov);
	return dt_dlib_need(dtp, key);
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
		if (k < 0 || cur->libs[k].state != S_LOADED) {
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
