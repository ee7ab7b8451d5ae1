/*
 * fdset.c - sets of file descriptors closed together: the programs the
 * runtime loaded, the perf events and links each provider attached.
 *
 * Closing a perf tracepoint event waits for an RCU grace period (~80 ms
 * on this kernel); closing hundreds one after another would take
 * seconds, so large sets are closed by several threads whose waits
 * overlap.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include "fdset.h"

int dt_fdset_add(struct dt_fdset *s, int fd)
{
	if (s->n == s->cap) {
		int ncap = s->cap ? s->cap * 2 : 64;
		int *n = realloc(s->fds, (size_t)ncap * sizeof(int));
		if (!n)
			return -1;
		s->fds = n;
		s->cap = ncap;
	}
	s->fds[s->n++] = fd;
	return 0;
}

struct closer {
	int *fds;
	int n;
	int next;			/* atomic */
};

static void *close_some(void *arg)
{
	struct closer *c = arg;
	int i;
	while ((i = __atomic_fetch_add(&c->next, 1, __ATOMIC_RELAXED)) < c->n)
		close(c->fds[c->n - 1 - i]);
	return NULL;
}

static void close_all(int *fds, int n)
{
	struct closer c = { fds, n, 0 };
	pthread_t t[32];
	int nt = 0;
	if (n > 8) {
		sigset_t all, old;
		sigfillset(&all);
		pthread_sigmask(SIG_BLOCK, &all, &old);
		for (nt = 0; nt < 32 && nt < n / 2; nt++)
			if (pthread_create(&t[nt], NULL, close_some, &c) != 0)
				break;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	}
	close_some(&c);
	for (int i = 0; i < nt; i++)
		pthread_join(t[i], NULL);
}

void dt_fdset_close(struct dt_fdset *const *sets, int nsets)
{
	int n = 0;
	for (int i = 0; i < nsets; i++)
		n += sets[i] ? sets[i]->n : 0;
	int *all = n ? malloc((size_t)n * sizeof(int)) : NULL;
	int k = 0;
	for (int i = 0; i < nsets; i++) {
		struct dt_fdset *s = sets[i];
		if (!s)
			continue;
		for (int j = 0; j < s->n; j++) {
			if (all)
				all[k++] = s->fds[j];
			else
				close(s->fds[j]);
		}
		free(s->fds);
		s->fds = NULL;
		s->n = s->cap = 0;
	}
	if (all)
		close_all(all, k);
	free(all);
}
