/*
 * usdt.h - what the usdt provider's files share (usdt.c: the probes of
 * running processes and their code; usdtlate.c: the probes of processes
 * that exec after tracing starts).  Internal to prov/.
 */
#ifndef DT_USDT_H
#define DT_USDT_H

#include <stdint.h>
#include <stddef.h>
#include "prov.h"
#include "uprobe.h"
#include "kernel/stapsdt.h"

extern const struct dt_provider_ops dt_prov_usdt;

/* one site of a probe */
struct usdt_site {
	uint64_t off;		/* file offset of the instruction */
	uint64_t pc;		/* its link-time address */
	uint64_t sema_off;	/* the semaphore's file offset, 0: none */
	int nargs;
	struct dt_sdt_arg args[DT_SDT_MAXARGS];	/* spec/sym not owned */
};

/* a probe's p->priv */
struct usdt_probe {
	int pid;
	char *path;		/* the object file */
	uint64_t arg_start;	/* the process image's (0: unknown) */
	int glob_only;		/* only globs matched it: if the process has
				   exited by attach time, skip it silently */
	int any_pid;		/* every description that matched it was a
				   glob over any process ("postgresql*") */
	int late;		/* made while tracing, for a process started
				   later (usdtlate.c): attached to its object
				   for any process, alone */
	int own;		/* late, for a process started later that runs
				   an object attached for any process: linked
				   with its pid, fires once the pid is in the
				   own-pids map (which the others skip) */
	int follows;		/* a probe of a process found at start whose
				   site's lowest probe is attached for any
				   process (a follower): 1 + the bit of its
				   object in the own-pids map, linked with its
				   pid and fires once the pid is in the map
				   with that bit (which the object's probe for
				   any process skips); 0: not known yet, -1:
				   not attached (fires through that probe) */
	char *desc;		/* its full name, for messages */
	int nsites;
	struct usdt_site *sites;
};

/* an object's notes, read once */
struct usdt_obj {
	uint64_t dev, ino;
	struct dt_sdt_note *notes;
	size_t n;
	int late_done;		/* usdtlate.c: looked at (or a leader's) */
	int anypid;		/* usdtlate.c: attached for any process */
	int bit;		/* 1 + its bit in the own-pids map's values,
				   0: none given (usdt.c dt_usdt_obj_bit) */
};

/* a description with a glob provider field, as provide_pdesc had it */
struct usdt_desc {
	char *prov, *mod, *func, *name;
};

struct usdt_late;

struct usdt_state {
	struct dt_uprobes pending;
	int counted;
	uint32_t to_attach;
	struct usdt_obj *objs;
	size_t nobjs;
	struct usdt_desc *descs;	/* glob descriptions (usdtlate.c) */
	size_t ndescs;
	struct usdt_late *late;		/* usdtlate.c, NULL: no watch */
	int own_fd;			/* the own-pids map (pid -> the objects,
					   a bit each, whose probes attached for
					   any process skip the process, its own
					   probes firing instead; all bits: every
					   object), 0: none */
	int nbits;			/* objects given a bit so far (64 at
					   most: the others' probes skip a pid
					   in the map whatever its bits) */
};

/* the own-pids map's value (usdt_state's own_fd) */
struct usdt_own {
	uint64_t bits;		/* the objects, a bit each (usdt_obj's bit),
				   whose probes attached for any process skip
				   the pid; all bits: every object */
	uint64_t image;		/* the arg_start of the image the pid runs,
				   which its own probes' exec check compares
				   (0: not checked) */
};

/* how a probe is attached: to its process; to its object for any
 * process; not at all, another probe of its site is (usdt.c) */
enum { USDT_OWN, USDT_FILE, USDT_FOLLOWER };

/* usdt.c */
struct usdt_state *dt_usdt_state(dtrace_hdl_t *dtp);
int dt_usdt_fmatch(const char *pat, const char *s);
/* the notes of the object (dev, ino) at path of process pid, read on
 * first use; NULL when out of memory */
struct usdt_obj *dt_usdt_obj(struct usdt_state *st, uint64_t dev, uint64_t ino,
    const char *path, int pid);
/* the (dev, ino) /proc/PID/maps shows for the file at path; -1 if it
 * cannot be read */
int dt_usdt_file_key(const char *path, uint64_t *dev, uint64_t *ino);
/* 1 + the bit in the own-pids map's values of the object at path, given
 * on first use; 0 if it has none */
int dt_usdt_obj_bit(dtrace_hdl_t *dtp, const char *path);
/* "python1234": 1234 and the provider's length (4), else 0 */
int dt_usdt_split_pid(const char *prov, size_t *plen);
/* "function__entry" -> "function-entry" */
void dt_usdt_probe_name(const char *in, char *out, size_t len);
int dt_usdt_kind(dtrace_hdl_t *dtp, const struct dt_probe *p);
/* a walk over the object files a process maps, each once */
struct dt_usdt_maps {
	FILE *f;			/* its /proc/PID/maps */
	char line[4600];
	uint64_t seen[64][2];		/* (dev, ino) given so far */
	int nseen;
};
/* the walk of process pid's mappings started; 0 if it is gone */
int dt_usdt_maps_open(struct dt_usdt_maps *w, int pid);
/* the next object file not given yet: its path (in w->line), device and
 * inode; NULL at the end (the walk then closed) */
const char *dt_usdt_maps_next(struct dt_usdt_maps *w, uint64_t *dev, uint64_t *ino);
/* the process image's arg_start (0 and *ok 0: gone or unreadable) */
uint64_t dt_usdt_image(int pid, int *ok);
/* the note's site added to p (once) */
int dt_usdt_add_site(dtrace_hdl_t *dtp, struct dt_probe *p, const struct dt_sdt_note *nt);

/* usdtlate.c: the processes started later */
int dt_usdt_late_start(dtrace_hdl_t *dtp, struct usdt_state *st);
int dt_usdt_late_poll(dtrace_hdl_t *dtp);
void dt_usdt_late_stop(struct usdt_state *st);
/* the exec watch's descriptor, for the consumer to wake on; -1: none */
int dt_usdt_late_pollfd(dtrace_hdl_t *dtp);
void dt_usdt_late_free(struct usdt_state *st);

#endif
