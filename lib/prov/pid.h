/*
 * pid.h - what the pid provider's files share (pid.c: the probes of a
 * process named by a description and their code; pidlate.c: the probes
 * of the libraries it maps while traced).  Internal to prov/.
 */
#ifndef DT_PID_H
#define DT_PID_H

#include <stdint.h>
#include "prov.h"
#include "uprobe.h"

extern const struct dt_provider_ops dt_prov_pid;

struct pid_dwarf;
struct pid_late;

/* the provider's per-handle state */
struct pid_state {
	struct dt_uprobes pending;	/* attach points not linked yet */
	int retmap_fd;			/* (ip, tgid) -> offset in the function of
					   the returning instruction; 0: none yet */
	int counted;			/* to_attach is known */
	uint32_t to_attach;		/* enabled probes not attached yet */
	struct pid_dwarf *dwarfs;	/* each object's DWARF, opened once */
	int ndwarfs;
	struct pid_late *late;		/* pidlate.c, NULL: none */
};

/* one description's walk over a process's objects (pid.c) */
struct pctx {
	dtrace_hdl_t *dtp;
	int pid;
	char prov[32];
	const char *mod, *func, *name;	/* the fields ("" for any) */
	int obj;			/* the object being read */
	const char *path, *modname;
	uint64_t arg_start;		/* the process image's */
	int failed;
};

/* the probes of object obj (at path; aout: the executable) that c's
 * description matches, made (dt_usym_obj_f); non-zero if it failed */
int dt_pid_per_obj(void *arg, int obj, const char *path, int aout);
/* does module field pat name the object modname (a.out, or the base
 * name) mapped from path? */
int dt_pid_mod_match(const char *pat, const char *modname, const char *path);
/* can pid be traced (not gone, not a zombie, not us)?  its image's
 * arg_start into *arg_start */
int dt_pid_grabbable(int pid, uint64_t *arg_start);

/* pidlate.c */
int dt_pid_late_start(dtrace_hdl_t *dtp, struct pid_state *st);
int dt_pid_late_poll(dtrace_hdl_t *dtp);
int dt_pid_late_pollfd(dtrace_hdl_t *dtp);
void dt_pid_late_stop(struct pid_state *st);
void dt_pid_late_free(struct pid_state *st);

#endif
