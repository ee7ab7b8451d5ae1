/*
 * dtrace.h - the public interface of libdtrace.
 *
 * A consumer opens a handle, sets options, compiles one or more D
 * programs (from -n descriptions or -s files), starts tracing with
 * dtrace_go() (which fires BEGIN), then calls dtrace_work() in a loop to
 * consume and print records until it reports DONE, and finally
 * dtrace_stop() (which fires END) and dtrace_close().  Every failing call
 * returns -1 (or NULL) and leaves a one-line message in dtrace_errmsg().
 */
#ifndef DTRACE_H
#define DTRACE_H

#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>

#define DTRACE_VERSION "2.0"
#define DTRACE_VERSION_STRING "Sun D 1.13"

/* the API is what libdtrace.so exports; everything else is hidden */
#pragma GCC visibility push(default)

typedef struct dtrace_hdl dtrace_hdl_t;

/* compile flags */
#define DTRACE_C_FILE	0x1	/* source is a script file (-s) */
#define DTRACE_C_ZDEFS	0x2	/* allow descriptions matching nothing */
#define DTRACE_C_CPP	0x4	/* run the C preprocessor first */
#define DTRACE_C_LIST	0x8	/* for listing: descriptions may match
				   nothing; see dtrace_unmatched() */

/* dtrace_work() results */
typedef enum {
	DTRACE_WORKSTATUS_ERROR = -1,
	DTRACE_WORKSTATUS_OKAY = 0,
	DTRACE_WORKSTATUS_DONE = 1
} dtrace_workstatus_t;

/* stability attributes, as the Dynamic Tracing Guide's stability chapter
 * names them */
typedef struct dtrace_attribute {
	const char *name;	/* Identifier Names: Internal .. Standard */
	const char *data;	/* Data Semantics */
	const char *class;	/* Dependency Class: Unknown .. Common */
} dtrace_attribute_t;

/* one probe, for listings */
typedef struct dtrace_probeinfo {
	uint32_t id;
	const char *prov, *mod, *func, *name;
	/* filled by dtrace_probe_info() only: */
	dtrace_attribute_t desc;	/* minimum over the four fields */
	dtrace_attribute_t args;	/* the provider's argument attributes */
	int nargs;			/* typed arguments, -1 if unknown */
	const char *argtypes[10];
} dtrace_probeinfo_t;

typedef int dtrace_probe_f(const dtrace_probeinfo_t *, void *);

dtrace_hdl_t *dtrace_open(int *errp);
void dtrace_close(dtrace_hdl_t *dtp);
const char *dtrace_errmsg(dtrace_hdl_t *dtp);

int dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val);
int dtrace_getopt(dtrace_hdl_t *dtp, const char *opt, int64_t *val);
/* arguments for the C preprocessor (-D, -U, -I) */
int dtrace_cppopt(dtrace_hdl_t *dtp, const char *arg);

/* Macro variables: $target and $1..$n. */
int dtrace_set_target(dtrace_hdl_t *dtp, pid_t pid);
int dtrace_set_args(dtrace_hdl_t *dtp, int argc, char *const argv[]);

/*
 * Compile a program; on success *nmatched is the number of probes it
 * enables.  name is the script file name (DTRACE_C_FILE) or the text of
 * the probe description.
 */
int dtrace_compile(dtrace_hdl_t *dtp, const char *src, const char *name,
    int flags, int *nmatched);

/* List probes matching a description (NULL: all). */
int dtrace_probe_iter(dtrace_hdl_t *dtp, const char *desc,
    dtrace_probe_f *fn, void *arg);
/* The probes the last compiled program enables, clause by clause. */
int dtrace_enabled_iter(dtrace_hdl_t *dtp, dtrace_probe_f *fn, void *arg);
/* With DTRACE_C_LIST: the i-th description of the last program that
 * matched nothing (prov:mod:func:name), NULL past the end. */
const char *dtrace_unmatched(dtrace_hdl_t *dtp, int i);
/* Attributes and argument types of a probe (reads its metadata). */
int dtrace_probe_info(dtrace_hdl_t *dtp, uint32_t id, dtrace_probeinfo_t *pi);
/* Minimum stability over what the compiled programs use: the probe
 * descriptions' and the statements' attributes (dtrace -v). */
int dtrace_program_attrs(dtrace_hdl_t *dtp, dtrace_attribute_t *desc,
    dtrace_attribute_t *stmt);

/* Print the generated BPF (dtrace -S) to fp as programs load. */
void dtrace_set_dump(dtrace_hdl_t *dtp, FILE *fp);

/* Load and attach everything compiled, fire BEGIN. */
int dtrace_go(dtrace_hdl_t *dtp, FILE *out);
/* Wait up to the next switch and print what arrived. */
dtrace_workstatus_t dtrace_work(dtrace_hdl_t *dtp, FILE *out);
/* Ask tracing to end (as on SIGINT): END fires at the next dtrace_work. */
void dtrace_request_stop(dtrace_hdl_t *dtp);
/* Fire END and drain; returns the exit() status or 0. */
int dtrace_stop(dtrace_hdl_t *dtp, FILE *out);
/* Print every aggregation printa() has not printed, in order of
 * introduction, as dtrace(1M) does at exit (after a blank line it prints
 * itself); 0, or -1 on an error reading or printing one. */
int dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *out);
int dtrace_exit_status(dtrace_hdl_t *dtp);
/* 1 if exit() was called */
int dtrace_exited(dtrace_hdl_t *dtp);

#pragma GCC visibility pop

#endif
