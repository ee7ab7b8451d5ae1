/*
 * fdset.h - a set of file descriptors closed together (fdset.c).
 */
#ifndef DT_FDSET_H
#define DT_FDSET_H

struct dt_fdset {
	int *fds;
	int n, cap;
};

/* add fd (closed with the set); -1 on ENOMEM, fd left open */
int dt_fdset_add(struct dt_fdset *s, int fd);
/* close every fd of the sets and empty them, many in parallel */
void dt_fdset_close(struct dt_fdset *const *sets, int nsets);

#endif
