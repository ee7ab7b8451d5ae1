/*
 * rtld.h - the dynamic linker dtrace itself runs with (rtld.c), for the
 * exec watch's program on _dl_debug_state (execwatch.c): the function
 * ld.so calls for debuggers whenever its list of objects changes, with
 * _r_debug.r_state saying whether the list is being changed (RT_ADD,
 * RT_DELETE) or is consistent again (RT_CONSISTENT, 0).
 */
#ifndef DT_RTLD_H
#define DT_RTLD_H

#include <stdint.h>

struct dt_rtld {
	char *path;		/* the ld.so file (malloc'd) */
	uint64_t hook_off;	/* _dl_debug_state's file offset */
	int64_t state_delta;	/* &_r_debug.r_state - &_dl_debug_state
				   (the same in every process) */
};

/* Fill r from the object dtrace's AT_BASE is in; 0, or -1 if it has no
 * _dl_debug_state or _r_debug (r->path is then NULL). */
int dt_rtld_find(struct dt_rtld *r);

#endif
