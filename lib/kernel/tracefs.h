/*
 * tracefs.h - kernel tracepoint metadata from tracefs (no BPF here).
 *
 * Owns finding the tracefs events directory, listing tracepoint categories
 * and events (directory reads only, so listing everything stays cheap), and
 * reading/parsing one event's `format` file into a record layout with a D
 * type per field.  The syscall and tracepoint providers call it lazily, only
 * for the events a script uses.
 *
 * Record layout facts the providers rely on:
 *  - offsets are absolute from the start of the raw record (the common_*
 *    header included), exactly as the format file gives them;
 *  - a __data_loc field is a 4-byte word: low 16 bits = offset of the data
 *    from the record start, high 16 bits = its length in bytes (for strings
 *    including the NUL).  For __rel_loc (is_rel set) the offset counts from
 *    the end of the 4-byte word instead;
 *  - `size`/`is_signed` describe the storage in the record, which can be
 *    wider than the declared type: the syscalls events store every argument
 *    as an 8-byte unsigned long even when it is declared `int`.  Load
 *    `size` bytes, then convert to `dtype`.
 *
 * dtype rules (the D type a provider gives args[i]):
 *  - integers keep their name when D knows it and it is no wider than the
 *    storage: char, short, int, long, long long with signed/unsigned
 *    variants (spelled canonically: "unsigned" -> "unsigned int", "long int"
 *    -> "long"), int8_t..uint64_t, D's typedefs (pid_t, size_t, uid_t,
 *    loff_t, ...).  Kernel shorthands map to stdint names: u8..u64 and
 *    __u8..__u64 -> uint8_t..uint64_t, s8..s64 / __s8..__s64 ->
 *    int8_t..int64_t, bool/_Bool -> uint8_t, and a few common kernel
 *    typedefs (umode_t -> uint16_t, clockid_t -> int32_t, gfp_t ->
 *    uint32_t, ...).  Anything else (xfs_ino_t, enum foo, ...) becomes
 *    intN_t/uintN_t from the field's size and sign (an enum at most 32
 *    bits wide, even in an 8-byte syscall argument slot);
 *  - "char *" and "const char *" become "char *" (the syscall provider turns
 *    string arguments into strings itself);
 *  - other pointers keep their pointee when it is an integer type or void
 *    ("int *", "uint32_t *", "void *", "char **" for "const char *const *"),
 *    qualifiers (const, volatile, __user, __seg_gs...) dropped; a pointer
 *    to a struct/union/enum or an unknown typedef, and a function pointer,
 *    become "void *";
 *  - char[N] and __data_loc char[] become "string";
 *  - other arrays and other __data_loc fields become a pointer to their
 *    element ("unsigned long *" for unsigned long args[6], "uint8_t *" for
 *    u8 fsid[16]); an element that is not an integer type gives "uint8_t *".
 *    A dimension the kernel left symbolic (char comm[TASK_COMM_LEN]) is
 *    derived from the size.  A struct/union stored by value, or an integer
 *    of an odd size, is an ARRAY of `size` bytes ("uint8_t *").
 *
 * Threads: dt_tp_root() is safe to call from several threads; the rest keeps
 * no shared state except dt_tp_set_root(), a test hook to call before any
 * other thread uses this module, and the cached copy of available_events
 * that dt_tp_events() reads on first use (listing is done by the thread
 * that compiles, never by the consumer's other threads).
 */
#ifndef DT_TP_H
#define DT_TP_H

#include <stddef.h>

enum dt_tpf_kind {
	DT_TPF_INT,		/* integer (or enum / integer typedef) */
	DT_TPF_PTR,		/* any pointer */
	DT_TPF_CHARARRAY,	/* char[N] (N may be 0 for a flexible char[]) */
	DT_TPF_DATALOC_STR,	/* __data_loc char[] (or __rel_loc char[]) */
	DT_TPF_ARRAY,		/* other fixed array, or a struct by value */
	DT_TPF_DATALOC,		/* other __data_loc / __rel_loc */
};

struct dt_tpfield {
	char *name;		/* "filename", "prev_comm" */
	char *ctype;		/* C type as the format writes it (spacing
				   normalized): "const char *", "char[16]",
				   "__data_loc char[]", "pid_t" */
	char *dtype;		/* D type for args[i], see the rules above */
	enum dt_tpf_kind kind;
	int offset;		/* from the record start (common_* included) */
	int size;		/* bytes in the record (4 for __data_loc) */
	int is_signed;		/* as the format says */
	int array_len;		/* CHARARRAY/ARRAY: element count (0 for []) */
	int is_rel;		/* __rel_loc rather than __data_loc */
};

struct dt_tpevent {
	char *category;		/* "syscalls" (NULL after dt_tp_parse_format) */
	char *name;		/* "sys_enter_openat" */
	int id;			/* tracepoint id, -1 if unknown */
	int nfields;		/* fields after common_*, without __syscall_nr */
	struct dt_tpfield *fields;
	int syscall_nr_offset;	/* offset of __syscall_nr, or -1 */
};

/*
 * The tracefs events directory: /sys/kernel/tracing/events, mounting tracefs
 * on /sys/kernel/tracing first if it is not mounted and we are root, else
 * /sys/kernel/debug/tracing/events.  The answer is computed once.  A
 * directory that exists but is not readable (not root) is still returned, so
 * that later calls report "Permission denied" rather than "not found".
 * NULL if there is no tracefs at all.
 */
const char *dt_tp_root(void);

/*
 * Use `dir` as the events directory instead of the kernel's (unit tests use
 * a fake tree); NULL goes back to dt_tp_root()'s own answer.  Returns 0, or
 * -1 if the path is too long.
 */
int dt_tp_set_root(const char *dir);

/* Forget the cached list of available events (read again when needed). */
void dt_tp_cache_free(void);

/*
 * Call fn for every category (subdirectory of the events directory), in
 * strcmp order.  Reads only the directory.  fn returns non-zero to stop.
 * Returns 0 when every category was visited, fn's non-zero value if it
 * stopped, or -1 with errno set if the directory cannot be read (ENOENT if
 * there is no tracefs).
 */
int dt_tp_categories(int (*fn)(const char *cat, void *arg), void *arg);

/*
 * Call fn for every event of category `cat`, in strcmp order; same rules and
 * return values as dt_tp_categories().  Files such as `enable` and `filter`
 * are not events and are skipped.
 */
int dt_tp_events(const char *cat,
		 int (*fn)(const char *cat, const char *event, void *arg),
		 void *arg);

/*
 * Read and parse events/<cat>/<event>/format (and the id file if the format
 * has no ID line).  Returns 0 with *out filled (free with dt_tp_free), or -1
 * with a one-line message in err (e.g. "cannot read
 * /sys/kernel/tracing/events/x/y/format: No such file or directory") and
 * *out zeroed.
 */
int dt_tp_load(const char *cat, const char *event, struct dt_tpevent *out,
	       char *err, size_t errlen);

/*
 * Parse the text of a format file.  Sets name (from the "name:" line), id
 * (from "ID:", else -1) and the fields; category stays NULL.  Returns 0, or
 * -1 with a one-line message in err and *out zeroed.
 */
int dt_tp_parse_format(const char *text, struct dt_tpevent *out,
		       char *err, size_t errlen);

/* Free what dt_tp_load/dt_tp_parse_format allocated; *ev is zeroed. */
void dt_tp_free(struct dt_tpevent *ev);

/* The field called `name`, or NULL. */
const struct dt_tpfield *dt_tp_field(const struct dt_tpevent *ev,
				     const char *name);

#endif
