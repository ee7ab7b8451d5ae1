/*
 * tracefs.c - kernel tracepoint metadata from tracefs (no BPF here).
 *
 * Owns locating (and if need be mounting) tracefs, listing categories and
 * events by reading directories only, and parsing an event's `format` file
 * into a record layout with a D type per field (the rules are in kernel/tracefs.h).
 * Providers call it lazily: listing all ~2000 events costs a few
 * milliseconds, and a format file is read only for an event a script uses.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tracefs.h"
#include "base/file.h"

#define TRACEFS_DIR	"/sys/kernel/tracing"
#define TRACEFS_EVENTS	TRACEFS_DIR "/events"
#define DEBUGFS_EVENTS	"/sys/kernel/debug/tracing/events"

#define MAX_FILE	(4 << 20)	/* a format file is a few KB */
#define MAX_NAME	255

/* ------------------------------------------------------------------ */
/* Small helpers                                                      */

static void seterr(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void seterr(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static int is_idch(int c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static int is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* A category or event name usable as one path component. */
static int valid_name(const char *s)
{
	size_t n;

	if (!s || !*s || !strcmp(s, ".") || !strcmp(s, ".."))
		return 0;
	n = strlen(s);
	return n <= MAX_NAME && !strchr(s, '/');
}

/* ------------------------------------------------------------------ */
/* Finding tracefs                                                    */

static char root_override[PATH_MAX];
static const char *root_found;
static pthread_once_t root_once = PTHREAD_ONCE_INIT;

/* 1: a directory, 2: exists but we may not look (not root), 0: no. */
static int dir_state(const char *path)
{
	struct stat st;

	if (stat(path, &st) == 0)
		return S_ISDIR(st.st_mode) ? 1 : 0;
	return errno == EACCES || errno == EPERM ? 2 : 0;
}

static void find_root(void)
{
	int saved = errno;
	int s = dir_state(TRACEFS_EVENTS);

	if (s == 0 && geteuid() == 0 && dir_state(TRACEFS_DIR) == 1 &&
	    (mount("nodev", TRACEFS_DIR, "tracefs", 0, NULL) == 0 ||
	     errno == EBUSY))
		s = dir_state(TRACEFS_EVENTS);
	if (s)
		root_found = TRACEFS_EVENTS;
	else if (dir_state(DEBUGFS_EVENTS))
		root_found = DEBUGFS_EVENTS;
	errno = saved;
}

const char *dt_tp_root(void)
{
	if (root_override[0])
		return root_override;
	pthread_once(&root_once, find_root);
	return root_found;
}

int dt_tp_set_root(const char *dir)
{
	if (!dir) {
		root_override[0] = '\0';
		return 0;
	}
	if (strlen(dir) >= sizeof(root_override)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(root_override, dir);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Listing                                                            */

struct namelist {
	char **v;
	size_t n, cap;
};

static void names_free(struct namelist *nl)
{
	for (size_t i = 0; i < nl->n; i++)
		free(nl->v[i]);
	free(nl->v);
	memset(nl, 0, sizeof(*nl));
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The subdirectories of `path`, sorted.  -1 with errno on failure. */
static int list_dirs(const char *path, struct namelist *nl)
{
	DIR *d;
	struct dirent *de;
	int err = 0;

	memset(nl, 0, sizeof(*nl));
	d = opendir(path);
	if (!d)
		return -1;
	for (;;) {
		int isdir;

		errno = 0;
		de = readdir(d);
		if (!de) {
			err = errno;
			break;
		}
		if (de->d_name[0] == '.')
			continue;
		isdir = de->d_type == DT_DIR;
		if (de->d_type == DT_UNKNOWN || de->d_type == DT_LNK) {
			struct stat st;

			isdir = fstatat(dirfd(d), de->d_name, &st, 0) == 0 &&
				S_ISDIR(st.st_mode);
		}
		if (!isdir)
			continue;
		if (nl->n == nl->cap) {
			size_t ncap = nl->cap ? nl->cap * 2 : 128;
			char **nv = realloc(nl->v, ncap * sizeof(*nv));

			if (!nv) {
				err = ENOMEM;
				break;
			}
			nl->v = nv;
			nl->cap = ncap;
		}
		if (!(nl->v[nl->n] = strdup(de->d_name))) {
			err = ENOMEM;
			break;
		}
		nl->n++;
	}
	closedir(d);
	if (err) {
		names_free(nl);
		errno = err;
		return -1;
	}
	if (nl->n > 1)
		qsort(nl->v, nl->n, sizeof(*nl->v), cmp_names);
	return 0;
}

/*
 * The kernel's own list of events, tracefs's available_events ("cat:event"
 * lines), read once: one 60 KB read instead of opening and listing every
 * category directory (about 300 system calls, half of a BEGIN-only
 * script's start-up).  Used only for the real tracefs root; a category it
 * does not name (ftrace's internal events, a test's fake tree) is listed
 * from its directory as before.
 */
static struct namelist avail;		/* "cat:event", sorted */
static int avail_state;			/* 0 unread, 1 loaded, -1 none */

static void avail_load(const char *root)
{
	char path[PATH_MAX], line[2 * MAX_NAME + 4];
	FILE *f;

	avail_state = -1;
	if (root_override[0] ||
	    (size_t)snprintf(path, sizeof(path), "%s/../available_events", root) >= sizeof(path) ||
	    !(f = fopen(path, "re")))
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strchr(line, ':'))
			continue;
		if (avail.n == avail.cap) {
			size_t ncap = avail.cap ? avail.cap * 2 : 1024;
			char **nv = realloc(avail.v, ncap * sizeof(*nv));
			if (!nv)
				goto fail;
			avail.v = nv;
			avail.cap = ncap;
		}
		if (!(avail.v[avail.n] = strdup(line)))
			goto fail;
		avail.n++;
	}
	fclose(f);
	if (avail.n == 0)
		return;
	qsort(avail.v, avail.n, sizeof(*avail.v), cmp_names);
	avail_state = 1;
	return;
fail:
	fclose(f);
	names_free(&avail);
}

void dt_tp_cache_free(void)
{
	names_free(&avail);
	avail_state = 0;
}

static int avail_ready(const char *root)
{
	if (avail_state == 0)
		avail_load(root);
	return avail_state == 1;
}

/* The index of the first "cat:..." line, or avail.n if there is none. */
static size_t avail_first(const char *cat)
{
	size_t lo = 0, hi = avail.n, n = strlen(cat);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(avail.v[mid], cat, n);
		if (c == 0)
			c = avail.v[mid][n] == ':' ? 0 : (unsigned char)avail.v[mid][n] - (unsigned char)':';
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < avail.n && !strncmp(avail.v[lo], cat, n) && avail.v[lo][n] == ':')
		return lo;
	return avail.n;
}

int dt_tp_categories(int (*fn)(const char *cat, void *arg), void *arg)
{
	const char *root = dt_tp_root();
	struct namelist nl;
	int rc = 0;

	if (!root) {
		errno = ENOENT;
		return -1;
	}
	if (list_dirs(root, &nl) < 0)
		return -1;
	for (size_t i = 0; i < nl.n && !rc; i++)
		rc = fn(nl.v[i], arg);
	names_free(&nl);
	return rc;
}

int dt_tp_events(const char *cat,
		 int (*fn)(const char *cat, const char *event, void *arg),
		 void *arg)
{
	const char *root = dt_tp_root();
	char path[PATH_MAX];
	struct namelist nl;
	int rc = 0;

	if (!valid_name(cat)) {
		errno = EINVAL;
		return -1;
	}
	if (!root) {
		errno = ENOENT;
		return -1;
	}
	if (avail_ready(root)) {
		size_t i = avail_first(cat), n = strlen(cat);
		if (i < avail.n) {
			for (; i < avail.n && !rc && !strncmp(avail.v[i], cat, n) &&
			    avail.v[i][n] == ':'; i++)
				rc = fn(cat, avail.v[i] + n + 1, arg);
			return rc;
		}
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", root, cat) >=
	    sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (list_dirs(path, &nl) < 0)
		return -1;
	for (size_t i = 0; i < nl.n && !rc; i++)
		rc = fn(cat, nl.v[i], arg);
	names_free(&nl);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Declarations: "const char * filename", "char comm[16]",             */
/* "__data_loc char[] name", "unsigned long args[6]" ...              */

/* Qualifiers and address-space markers that do not change the type. */
static const char *const quals[] = {
	"const", "volatile", "restrict", "__restrict", "__user", "__kernel",
	"__iomem", "__percpu", "__rcu", "__force", "__seg_gs", "__seg_fs",
};

static int is_qual(const char *w, size_t n)
{
	for (size_t i = 0; i < sizeof(quals) / sizeof(quals[0]); i++)
		if (strlen(quals[i]) == n && !memcmp(quals[i], w, n))
			return 1;
	return 0;
}

/*
 * Integer type names (one word) with the D name and size to use.  D's own
 * typedefs keep their name; kernel shorthands map to stdint names.
 */
static const struct intname {
	const char *c, *d;
	int size;
} intnames[] = {
	{ "int8_t", "int8_t", 1 }, { "int16_t", "int16_t", 2 },
	{ "int32_t", "int32_t", 4 }, { "int64_t", "int64_t", 8 },
	{ "uint8_t", "uint8_t", 1 }, { "uint16_t", "uint16_t", 2 },
	{ "uint32_t", "uint32_t", 4 }, { "uint64_t", "uint64_t", 8 },
	{ "u8", "uint8_t", 1 }, { "u16", "uint16_t", 2 },
	{ "u32", "uint32_t", 4 }, { "u64", "uint64_t", 8 },
	{ "__u8", "uint8_t", 1 }, { "__u16", "uint16_t", 2 },
	{ "__u32", "uint32_t", 4 }, { "__u64", "uint64_t", 8 },
	{ "s8", "int8_t", 1 }, { "s16", "int16_t", 2 },
	{ "s32", "int32_t", 4 }, { "s64", "int64_t", 8 },
	{ "__s8", "int8_t", 1 }, { "__s16", "int16_t", 2 },
	{ "__s32", "int32_t", 4 }, { "__s64", "int64_t", 8 },
	{ "__le16", "uint16_t", 2 }, { "__le32", "uint32_t", 4 },
	{ "__le64", "uint64_t", 8 }, { "__be16", "uint16_t", 2 },
	{ "__be32", "uint32_t", 4 }, { "__be64", "uint64_t", 8 },
	{ "bool", "uint8_t", 1 }, { "_Bool", "uint8_t", 1 },
	{ "uint", "unsigned int", 4 }, { "ulong", "unsigned long", 8 },
	/* D's built-in typedefs (types.c), same sizes as Linux LP64 */
	{ "intptr_t", "intptr_t", 8 }, { "uintptr_t", "uintptr_t", 8 },
	{ "size_t", "size_t", 8 }, { "ssize_t", "ssize_t", 8 },
	{ "ptrdiff_t", "ptrdiff_t", 8 }, { "off_t", "off_t", 8 },
	{ "off64_t", "off64_t", 8 }, { "loff_t", "loff_t", 8 },
	{ "uchar_t", "uchar_t", 1 }, { "ushort_t", "ushort_t", 2 },
	{ "uint_t", "uint_t", 4 }, { "ulong_t", "ulong_t", 8 },
	{ "dev_t", "dev_t", 8 }, { "pid_t", "pid_t", 4 },
	{ "id_t", "id_t", 4 }, { "uid_t", "uid_t", 4 },
	{ "gid_t", "gid_t", 4 }, { "time_t", "time_t", 8 },
	{ "mode_t", "mode_t", 4 }, { "clock_t", "clock_t", 8 },
	{ "ino_t", "ino_t", 8 }, { "nlink_t", "nlink_t", 4 },
	{ "key_t", "key_t", 4 }, { "blkcnt_t", "blkcnt_t", 8 },
	{ "blksize_t", "blksize_t", 8 }, { "suseconds_t", "suseconds_t", 8 },
	{ "useconds_t", "useconds_t", 4 }, { "wchar_t", "wchar_t", 4 },
	{ "u_int", "u_int", 4 }, { "u_long", "u_long", 8 },
	{ "u_char", "u_char", 1 }, { "u_short", "u_short", 2 },
	/* common kernel typedefs */
	{ "umode_t", "uint16_t", 2 }, { "fmode_t", "uint32_t", 4 },
	{ "tid_t", "int32_t", 4 }, { "clockid_t", "int32_t", 4 },
	{ "timer_t", "int32_t", 4 }, { "mqd_t", "int32_t", 4 },
	{ "qid_t", "uint32_t", 4 }, { "key_serial_t", "int32_t", 4 },
	{ "rwf_t", "int32_t", 4 }, { "gfp_t", "uint32_t", 4 },
	{ "errseq_t", "uint32_t", 4 }, { "blk_opf_t", "uint32_t", 4 },
	{ "sector_t", "uint64_t", 8 }, { "time64_t", "int64_t", 8 },
	{ "ktime_t", "int64_t", 8 }, { "aio_context_t", "unsigned long", 8 },
	{ "vm_flags_t", "unsigned long", 8 },
	{ "dma_addr_t", "uint64_t", 8 }, { "phys_addr_t", "uint64_t", 8 },
	{ "resource_size_t", "uint64_t", 8 },
};

/* What a base type (qualifiers and '*' removed) is. */
struct basetype {
	const char *dname;	/* D integer name, NULL if not an integer */
	int dsize;		/* its size */
	int is_void, is_char;	/* "void"; plain/signed/unsigned "char" */
	int is_plain_char;	/* exactly "char" */
	int is_aggr;		/* struct / union */
	int is_enum;		/* enum tag */
};

/*
 * Classify the words of a base type.  words[] are the non-qualifier words in
 * order; n of them.
 */
static void classify(const char *const *w, const size_t *wl, int n,
		     struct basetype *bt)
{
	int nsigned = 0, nunsigned = 0, nchar = 0, nshort = 0, nint = 0;
	int nlong = 0, other = 0;

	memset(bt, 0, sizeof(*bt));
	if (n == 0)
		return;
#define IS(i, s) (wl[i] == sizeof(s) - 1 && !memcmp(w[i], s, wl[i]))
	if (IS(0, "struct") || IS(0, "union")) {
		bt->is_aggr = 1;
		return;
	}
	if (IS(0, "enum")) {
		bt->is_enum = 1;
		return;
	}
	if (n == 1 && IS(0, "void")) {
		bt->is_void = 1;
		return;
	}
	for (int i = 0; i < n; i++) {
		if (IS(i, "signed") || IS(i, "__signed__"))
			nsigned++;
		else if (IS(i, "unsigned"))
			nunsigned++;
		else if (IS(i, "char"))
			nchar++;
		else if (IS(i, "short"))
			nshort++;
		else if (IS(i, "int"))
			nint++;
		else if (IS(i, "long"))
			nlong++;
		else
			other++;
	}
#undef IS
	if (!other) {
		int u = nunsigned > 0;

		if (nsigned + nunsigned > 1 || nchar + nshort > 1 ||
		    (nchar && (nint || nlong)) || (nshort && nlong) ||
		    nint > 1 || nlong > 2)
			return;		/* not a valid C integer type */
		if (nchar) {
			bt->dname = u ? "unsigned char" :
				    nsigned ? "signed char" : "char";
			bt->dsize = 1;
			bt->is_char = 1;
			bt->is_plain_char = !u && !nsigned;
		} else if (nshort) {
			bt->dname = u ? "unsigned short" : "short";
			bt->dsize = 2;
		} else if (nlong == 2) {
			bt->dname = u ? "unsigned long long" : "long long";
			bt->dsize = 8;
		} else if (nlong == 1) {
			bt->dname = u ? "unsigned long" : "long";
			bt->dsize = 8;
		} else {
			bt->dname = u ? "unsigned int" : "int";
			bt->dsize = 4;
		}
		return;
	}
	if (n != 1)
		return;
	for (size_t i = 0; i < sizeof(intnames) / sizeof(intnames[0]); i++) {
		if (strlen(intnames[i].c) == wl[0] &&
		    !memcmp(intnames[i].c, w[0], wl[0])) {
			bt->dname = intnames[i].d;
			bt->dsize = intnames[i].size;
			return;
		}
	}
}

/* "int32_t" / "uint8_t" ... for an integer of `size` bytes, or NULL. */
static const char *sized_int(int size, int is_signed)
{
	switch (size) {
	case 1: return is_signed ? "int8_t" : "uint8_t";
	case 2: return is_signed ? "int16_t" : "uint16_t";
	case 4: return is_signed ? "int32_t" : "uint32_t";
	case 8: return is_signed ? "int64_t" : "uint64_t";
	}
	return NULL;
}

/*
 * Normalize the spacing of a C type: words separated by one space, one space
 * between a word and a following '*' or '(' and after a ',', none after a '*'
 * ("char *const *") or around brackets.  out must hold 2 * (e - s) + 1 bytes.
 */
static void norm_type(const char *s, const char *e, char *out)
{
	char *o = out;
	int prev = 0;		/* 0 none, 'w' word, '*' star, 'p' punct */

	while (s < e) {
		if (is_blank(*s)) {
			s++;
			continue;
		}
		if (prev == ',')
			*o++ = ' ';
		if (is_idch(*s)) {
			if (prev == 'w')
				*o++ = ' ';
			while (s < e && is_idch(*s))
				*o++ = *s++;
			prev = 'w';
		} else if (*s == '*' || *s == '(') {
			if (prev == 'w')
				*o++ = ' ';
			prev = *s;
			*o++ = *s++;
		} else {
			prev = *s == ',' ? ',' : 'p';
			*o++ = *s++;
		}
	}
	*o = '\0';
}

/*
 * Parse the trailing [N][M]... of s..*ep (trailing blanks already trimmed):
 * moves *ep to before the brackets, stores the element count product in
 * *count (0 if any dimension is empty) and the number of dimensions in
 * *ndims.  A dimension the kernel left symbolic ([TASK_COMM_LEN]) sets
 * *symbolic and counts as 1.  Returns -1 on a malformed dimension.
 */
static int strip_dims(const char *s, const char **ep, long *count, int *ndims,
		      int *symbolic)
{
	const char *e = *ep;

	*count = 1;
	*ndims = 0;
	while (e > s && e[-1] == ']') {
		const char *q = e - 1, *a;
		long v = 0;

		while (q > s && q[-1] != '[' && q[-1] != ']')
			q--;
		if (q == s || q[-1] != '[')
			return -1;
		for (a = q; a < e - 1 && is_blank(*a); a++)
			;
		if (a == e - 1 || is_blank(*a)) {
			*count = 0;		/* [] */
		} else if (!isdigit((unsigned char)*a)) {
			for (; a < e - 1; a++)
				if (!is_idch(*a) && !is_blank(*a) &&
				    !strchr("+-*/()", *a))
					return -1;
			*symbolic = 1;
		} else {
			for (; a < e - 1 && isdigit((unsigned char)*a); a++) {
				v = v * 10 + (*a - '0');
				if (v > INT_MAX)
					return -1;
			}
			while (a < e - 1 && is_blank(*a))
				a++;
			if (a != e - 1)
				return -1;	/* not a number */
			if (*count > INT_MAX / (v ? v : 1))
				return -1;
			*count *= v;
		}
		(*ndims)++;
		e = q - 1;
		while (e > s && is_blank(e[-1]))
			e--;
	}
	*ep = e;
	return 0;
}

/* Append "[...]" dims of s..e with blanks removed. */
static char *append_dims(char *o, const char *s, const char *e)
{
	for (; s < e; s++)
		if (!is_blank(*s))
			*o++ = *s;
	*o = '\0';
	return o;
}

/*
 * Split a normalized type into non-qualifier words and a pointer depth.
 * Returns the number of words (at most max).
 */
static int split_type(const char *t, const char **w, size_t *wl, int max,
		      int *depth)
{
	int n = 0;

	*depth = 0;
	while (*t) {
		if (*t == '*') {
			(*depth)++;
			t++;
		} else if (is_idch(*t)) {
			const char *s = t;

			while (is_idch(*t))
				t++;
			if (!is_qual(s, (size_t)(t - s)) && n < max) {
				w[n] = s;
				wl[n] = (size_t)(t - s);
				n++;
			}
		} else {
			t++;
		}
	}
	return n;
}

/* dtype of a scalar (non-array) of this base type and pointer depth. */
static char *scalar_dtype(const struct basetype *bt, int depth, int size,
			  int is_signed)
{
	char *r = NULL;

	if (depth > 0) {
		const char *base;

		if (bt->is_plain_char && depth == 1)
			return strdup("char *");
		if (bt->is_void)
			base = "void";
		else if (bt->dname)
			base = bt->dname;
		else
			return strdup("void *");
		if (asprintf(&r, "%s %.*s", base, depth,
			     "****************") < 0)
			return NULL;
		return r;
	}
	if (bt->dname && bt->dsize <= size)
		return strdup(bt->dname);
	if (sized_int(size, is_signed))
		return strdup(sized_int(size, is_signed));
	return strdup("uint8_t *");	/* callers avoid this: odd sizes */
}

/*
 * dtype for an array or __data_loc field: a pointer to its element.  esize
 * is the element size when known (0 if not).
 */
static char *elem_ptr_dtype(const struct basetype *bt, int depth, int esize,
			    int is_signed)
{
	char *e, *r;
	const char *sz;

	if (depth > 0)
		e = scalar_dtype(bt, depth, 8, 0);
	else if (bt->dname)
		e = strdup(bt->dname);
	else if (!bt->is_aggr && !bt->is_void &&
		 (sz = sized_int(esize, is_signed)))
		e = strdup(sz);
	else
		return strdup("uint8_t *");
	if (!e)
		return NULL;
	if (asprintf(&r, "%s%s*", e, e[strlen(e) - 1] == '*' ? "" : " ") < 0)
		r = NULL;
	free(e);
	return r;
}

/*
 * A function pointer, "void (*fn)(int)" (s..e trimmed, ending in ')'): a PTR
 * typed "void *".  Returns 0, 1 if s..e is not one, -1 out of memory.
 */
static int parse_funcptr(const char *s, const char *e, struct dt_tpfield *f)
{
	const char *p, *ns = NULL, *ne;
	char *tmp, *norm;
	size_t n1;

	for (p = s; p < e && !ns; p++) {	/* "(" blanks "*" */
		const char *q = p + 1;

		if (*p != '(')
			continue;
		while (q < e && is_blank(*q))
			q++;
		if (q < e && *q == '*')
			ns = q + 1;
	}
	if (!ns)
		return 1;
	while (ns < e && is_blank(*ns))
		ns++;
	for (ne = ns; ne < e && is_idch(*ne); ne++)
		;
	if (ne == ns || isdigit((unsigned char)*ns))
		return 1;
	n1 = (size_t)(ns - s);
	tmp = malloc((size_t)(e - s) + 1);
	norm = malloc(2 * (size_t)(e - s) + 1);
	if (!tmp || !norm) {
		free(tmp);
		free(norm);
		return -1;
	}
	memcpy(tmp, s, n1);
	memcpy(tmp + n1, ne, (size_t)(e - ne));
	norm_type(tmp, tmp + n1 + (size_t)(e - ne), norm);
	free(tmp);
	f->name = strndup(ns, (size_t)(ne - ns));
	f->ctype = norm;
	f->dtype = strdup("void *");
	f->kind = DT_TPF_PTR;
	if (!f->name || !f->dtype) {
		free(f->name);
		free(f->ctype);
		free(f->dtype);
		f->name = f->ctype = f->dtype = NULL;
		return -1;
	}
	return 0;
}

/*
 * Fill f (name, ctype, dtype, kind, array_len, is_rel) from the declaration
 * s..e; f->size and f->is_signed are already set.  Returns 0, or -1 with a
 * message in msg (and nothing allocated).
 */
static int parse_decl(const char *s, const char *e, struct dt_tpfield *f,
		      char *msg, size_t msglen)
{
	const char *ds = s, *de = e;
	const char *ts, *te, *ns, *ne, *iddims, *iddims_end, *tdims;
	const char *w[16];
	size_t wl[16];
	long idcount = 1, tcount = 1;
	int idnd = 0, tnd = 0, loc = 0, depth, nw, symbolic = 0;
	char *norm = NULL, *ctype = NULL, *o;
	struct basetype bt;

	while (s < e && is_blank(*s))
		s++;
	while (e > s && is_blank(e[-1]))
		e--;
	if (e - s >= 10 && !memcmp(s, "__data_loc", 10) && !is_idch(s[10])) {
		loc = 1;
		s += 10;
	} else if (e - s >= 9 && !memcmp(s, "__rel_loc", 9) &&
		   !is_idch(s[9])) {
		loc = 2;
		s += 9;
	}
	while (s < e && is_blank(*s))
		s++;
	if (!loc && e > s && e[-1] == ')') {
		int r = parse_funcptr(s, e, f);

		if (r < 0) {
			seterr(msg, msglen, "out of memory");
			return -1;
		}
		if (r == 0)
			return 0;
		goto bad;
	}

	/* name[N]... at the end */
	iddims_end = e;
	if (strip_dims(s, &e, &idcount, &idnd, &symbolic) < 0)
		goto bad;
	iddims = e;
	ne = e;
	ns = ne;
	while (ns > s && is_idch(ns[-1]))
		ns--;
	if (ns == ne || isdigit((unsigned char)*ns))
		goto bad;

	/* the type, possibly with its own [] (__data_loc char[]) */
	ts = s;
	te = ns;
	while (te > ts && is_blank(te[-1]))
		te--;
	tdims = te;
	if (strip_dims(ts, &te, &tcount, &tnd, &symbolic) < 0)
		goto bad;
	if (te == ts)
		goto bad;

	norm = malloc(2 * (size_t)(te - ts) + 1);
	ctype = malloc(2 * (size_t)(te - ts) + 16 +
		       (size_t)(tdims - te) + (size_t)(iddims_end - iddims));
	if (!norm || !ctype)
		goto nomem;
	norm_type(ts, te, norm);
	o = ctype + sprintf(ctype, "%s%s", loc == 1 ? "__data_loc " :
				   loc == 2 ? "__rel_loc " : "", norm);
	o = append_dims(o, te, tdims);
	append_dims(o, iddims, iddims_end);

	nw = split_type(norm, w, wl, 16, &depth);
	if (nw == 0) {
		free(norm);
		free(ctype);
		goto bad;
	}
	classify(w, wl, nw, &bt);

	if (!(f->name = strndup(ns, (size_t)(ne - ns))))
		goto nomem;
	f->ctype = ctype;
	ctype = NULL;
	f->is_rel = loc == 2;
	if (loc) {
		f->array_len = 0;
		if (bt.is_plain_char && !depth) {
			f->kind = DT_TPF_DATALOC_STR;
			f->dtype = strdup("string");
		} else {
			f->kind = DT_TPF_DATALOC;
			f->dtype = elem_ptr_dtype(&bt, depth, 0, f->is_signed);
		}
	} else if (idnd || tnd) {
		long n = idcount * tcount;

		if (symbolic)	/* count unknown: derive it from the size */
			n = bt.dname && !depth ? f->size / bt.dsize :
			    depth ? f->size / 8 : f->size;
		f->array_len = n > INT_MAX ? INT_MAX : (int)n;
		if (bt.is_plain_char && !depth) {
			f->kind = DT_TPF_CHARARRAY;
			f->dtype = strdup("string");
		} else {
			f->kind = DT_TPF_ARRAY;
			f->dtype = elem_ptr_dtype(&bt, depth,
						  n ? (int)(f->size / n) : 0,
						  f->is_signed);
		}
	} else if (depth) {
		f->kind = DT_TPF_PTR;
		f->dtype = scalar_dtype(&bt, depth, f->size, f->is_signed);
	} else if (bt.is_aggr || bt.is_void ||
		   (!(bt.dname && bt.dsize <= f->size) &&
		    !sized_int(f->size, f->is_signed))) {
		/* struct by value, or an integer of an odd size: bytes */
		f->kind = DT_TPF_ARRAY;
		f->array_len = f->size;
		f->dtype = strdup("uint8_t *");
	} else {
		/* an enum in a wider slot (a syscall argument) is an int */
		f->kind = DT_TPF_INT;
		f->dtype = scalar_dtype(&bt, 0, bt.is_enum && f->size > 4 ? 4 :
					f->size, f->is_signed);
	}
	free(norm);
	if (!f->dtype) {
		free(f->name);
		free(f->ctype);
		f->name = f->ctype = NULL;
		seterr(msg, msglen, "out of memory");
		return -1;
	}
	return 0;

nomem:
	free(norm);
	free(ctype);
	free(f->name);
	f->name = NULL;
	seterr(msg, msglen, "out of memory");
	return -1;
bad:
	while (ds < de && is_blank(*ds))
		ds++;
	seterr(msg, msglen, "cannot parse field declaration '%.*s'",
	       (int)(de - ds > 120 ? 120 : de - ds), ds);
	return -1;
}

/* ------------------------------------------------------------------ */
/* Format files                                                       */

/* Parse a decimal int from s..e (blanks allowed around). */
static int parse_num(const char *s, const char *e, int *v)
{
	long n = 0;
	int neg = 0, digits = 0;

	while (s < e && is_blank(*s))
		s++;
	if (s < e && *s == '-') {
		neg = 1;
		s++;
	}
	for (; s < e && isdigit((unsigned char)*s); s++, digits++) {
		n = n * 10 + (*s - '0');
		if (n > INT_MAX)
			return -1;
	}
	while (s < e && is_blank(*s))
		s++;
	if (!digits || s != e)
		return -1;
	*v = neg ? -(int)n : (int)n;
	return 0;
}

/*
 * One "field:<decl>;\toffset:N;\tsize:N;\tsigned:N;" line (s..e, after
 * "field:").  Returns 0, or -1 with a message.
 */
static int parse_field(const char *s, const char *e, struct dt_tpfield *f,
		       char *msg, size_t msglen)
{
	const char *semi = memchr(s, ';', (size_t)(e - s)), *p;
	int have_off = 0, have_size = 0;

	memset(f, 0, sizeof(*f));
	if (!semi) {
		seterr(msg, msglen, "field without ';'");
		return -1;
	}
	for (p = semi + 1; p < e;) {
		const char *k, *ke, *v, *ve;
		int val;

		while (p < e && (is_blank(*p) || *p == ';'))
			p++;
		if (p >= e)
			break;
		k = p;
		while (p < e && *p != ':' && *p != ';')
			p++;
		if (p >= e || *p != ':') {
			seterr(msg, msglen, "malformed attribute '%.*s'",
			       (int)(p - k > 60 ? 60 : p - k), k);
			return -1;
		}
		ke = p++;
		v = p;
		while (p < e && *p != ';')
			p++;
		ve = p;
		while (ke > k && is_blank(ke[-1]))
			ke--;
#define KEY(s) ((size_t)(ke - k) == sizeof(s) - 1 && !memcmp(k, s, ke - k))
		if (!KEY("offset") && !KEY("size") && !KEY("signed"))
			continue;	/* unknown attribute: ignore */
		if (parse_num(v, ve, &val) < 0 || val < 0) {
			seterr(msg, msglen, "bad %.*s value '%.*s'",
			       (int)(ke - k), k,
			       (int)(ve - v > 30 ? 30 : ve - v), v);
			return -1;
		}
		if (KEY("offset")) {
			f->offset = val;
			have_off = 1;
		} else if (KEY("size")) {
			f->size = val;
			have_size = 1;
		} else {
			f->is_signed = val != 0;
		}
#undef KEY
	}
	if (!have_off || !have_size) {
		seterr(msg, msglen, "field without %s",
		       have_off ? "size" : "offset");
		return -1;
	}
	if (f->offset > INT_MAX - f->size) {
		seterr(msg, msglen, "field offset/size out of range");
		return -1;
	}
	return parse_decl(s, semi, f, msg, msglen);
}

static void field_free(struct dt_tpfield *f)
{
	free(f->name);
	free(f->ctype);
	free(f->dtype);
}

void dt_tp_free(struct dt_tpevent *ev)
{
	if (!ev)
		return;
	for (int i = 0; i < ev->nfields; i++)
		field_free(&ev->fields[i]);
	free(ev->fields);
	free(ev->category);
	free(ev->name);
	memset(ev, 0, sizeof(*ev));
	ev->id = -1;
	ev->syscall_nr_offset = -1;
}

/* Does line s..e start (after blanks) with key?  Returns what follows. */
static const char *line_key(const char *s, const char *e, const char *key)
{
	size_t n = strlen(key);

	while (s < e && is_blank(*s))
		s++;
	if ((size_t)(e - s) >= n && !memcmp(s, key, n))
		return s + n;
	return NULL;
}

int dt_tp_parse_format(const char *text, struct dt_tpevent *out,
		       char *err, size_t errlen)
{
	struct dt_tpevent ev;
	const char *p, *e, *v;
	int lineno = 0, nlines = 0, cap = 0;
	char msg[256];

	memset(&ev, 0, sizeof(ev));
	ev.id = -1;
	ev.syscall_nr_offset = -1;
	if (out) {
		memset(out, 0, sizeof(*out));
		out->id = -1;
		out->syscall_nr_offset = -1;
	}
	if (!text || !out) {
		seterr(err, errlen, "no format text");
		return -1;
	}
	for (p = text; *p; p = *e ? e + 1 : e) {
		struct dt_tpfield f;

		e = strchr(p, '\n');
		if (!e)
			e = p + strlen(p);
		lineno++;
		if ((v = line_key(p, e, "name:"))) {
			while (v < e && is_blank(*v))
				v++;
			free(ev.name);
			ev.name = strndup(v, (size_t)(e - v));
			if (!ev.name)
				goto nomem;
			for (char *t = ev.name + strlen(ev.name);
			     t > ev.name && is_blank(t[-1]);)
				*--t = '\0';
			continue;
		}
		if ((v = line_key(p, e, "ID:"))) {
			if (parse_num(v, e, &ev.id) < 0 || ev.id < 0) {
				seterr(err, errlen, "line %d: bad ID '%.*s'",
				       lineno, (int)(e - v > 30 ? 30 : e - v),
				       v);
				goto fail;
			}
			continue;
		}
		if (line_key(p, e, "print fmt:"))
			break;		/* nothing of ours follows */
		if (!(v = line_key(p, e, "field:")) &&
		    !(v = line_key(p, e, "field special:")))
			continue;
		nlines++;
		if (parse_field(v, e, &f, msg, sizeof(msg)) < 0) {
			seterr(err, errlen, "line %d: %s", lineno, msg);
			goto fail;
		}
		if (!strncmp(f.name, "common_", 7)) {
			field_free(&f);
			continue;
		}
		if (!strcmp(f.name, "__syscall_nr")) {
			ev.syscall_nr_offset = f.offset;
			field_free(&f);
			continue;
		}
		if (ev.nfields == cap) {
			int ncap = cap ? cap * 2 : 8;
			struct dt_tpfield *nf;

			nf = realloc(ev.fields, (size_t)ncap * sizeof(*nf));
			if (!nf) {
				field_free(&f);
				goto nomem;
			}
			ev.fields = nf;
			cap = ncap;
		}
		ev.fields[ev.nfields++] = f;
	}
	if (nlines == 0) {
		seterr(err, errlen, "no 'field:' lines (not a tracepoint "
		       "format)");
		goto fail;
	}
	*out = ev;
	return 0;

nomem:
	seterr(err, errlen, "out of memory");
fail:
	dt_tp_free(&ev);
	return -1;
}

static const char *errhint(int e)
{
	return e == EACCES || e == EPERM ? " (reading tracefs needs root)" : "";
}

int dt_tp_load(const char *cat, const char *event, struct dt_tpevent *out,
	       char *err, size_t errlen)
{
	const char *root;
	char path[PATH_MAX], msg[256];
	char *text;
	int rc;

	if (out) {
		memset(out, 0, sizeof(*out));
		out->id = -1;
		out->syscall_nr_offset = -1;
	}
	if (!out || !valid_name(cat) || !valid_name(event)) {
		seterr(err, errlen, "invalid tracepoint name '%s:%s'",
		       cat ? cat : "(null)", event ? event : "(null)");
		return -1;
	}
	if (!(root = dt_tp_root())) {
		seterr(err, errlen, "tracefs is not available (no %s or %s)",
		       TRACEFS_EVENTS, DEBUGFS_EVENTS);
		return -1;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/%s/%s/format", root, cat,
			     event) >= sizeof(path)) {
		seterr(err, errlen, "tracepoint path too long");
		return -1;
	}
	if (!(text = dt_read_file(path, MAX_FILE, 1, NULL))) {
		int e = errno;

		seterr(err, errlen, "cannot read %s: %s%s", path,
		       strerror(e), errhint(e));
		return -1;
	}
	rc = dt_tp_parse_format(text, out, msg, sizeof(msg));
	free(text);
	if (rc < 0) {
		seterr(err, errlen, "%s: %s", path, msg);
		return -1;
	}
	if (out->id < 0) {
		if ((size_t)snprintf(path, sizeof(path), "%s/%s/%s/id", root,
				     cat, event) < sizeof(path) &&
		    (text = dt_read_file(path, MAX_FILE, 1, NULL))) {
			char *nl = strchr(text, '\n');

			if (parse_num(text, nl ? nl : text + strlen(text),
				      &out->id) < 0)
				out->id = -1;
			free(text);
		}
	}
	free(out->name);
	out->name = strdup(event);
	out->category = strdup(cat);
	if (!out->name || !out->category) {
		dt_tp_free(out);
		seterr(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

const struct dt_tpfield *dt_tp_field(const struct dt_tpevent *ev,
				     const char *name)
{
	if (!ev || !name)
		return NULL;
	for (int i = 0; i < ev->nfields; i++)
		if (!strcmp(ev->fields[i].name, name))
			return &ev->fields[i];
	return NULL;
}
