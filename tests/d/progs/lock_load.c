/*
 * lock_load.c - kernel lock contention for the lockstat tests: MODE
 * threads hammer one kernel lock from both CPUs for MS milliseconds.
 *   pipe   8 threads write to and read from one pipe (its struct mutex;
 *          more threads than CPUs: owners are preempted, waiters block)
 *   mmap   4 threads map and unmap memory in one process (mmap_lock, a
 *          struct rw_semaphore taken for writing)
 *   sig    4 threads change their signal mask (the process's siglock,
 *          a spinlock_t)
 *   tty    3 threads read one pseudo-terminal, started one by one,
 *          each once the last sleeps: the first holds its reader mutex
 *          (atomic_read_lock) while it sleeps waiting for input, so the
 *          others block on the mutex; a line is written every MS/4
 *          milliseconds, 3 times (waits of at least MS/4 and MS/2)
 *   fork   4 threads fork and reap children (tasklist_lock, a rwlock_t)
 *   intr   as tty with 2 readers, but the second, 50 ms into its wait
 *          for the mutex, gets a signal (a handler without SA_RESTART):
 *          its mutex_lock_interruptible() fails with EINTR
 * Usage: lock_load MODE [MS]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <termios.h>
#include <time.h>
#include <errno.h>
#include <unistd.h>

static int mode, fds[2];
static double end;

static void *worker_fn(void *arg);
static volatile pid_t tids[8];

/* Start reader i and wait until it sleeps in read() (on the mutex, or
 * holding it for input): thread start-up under load cannot reorder the
 * readers. */
static int start_reader(pthread_t *t, long i)
{
	if (pthread_create(t, NULL, worker_fn, (void *)i) != 0)
		return -1;
	for (int k = 0; k < 5000; k++) {
		char path[64], st[256] = "";
		struct timespec ms1 = { 0, 1000000L };
		nanosleep(&ms1, NULL);
		if (!tids[i])
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tids[i]);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		size_t n = fread(st, 1, sizeof(st) - 1, f);
		fclose(f);
		st[n] = '\0';
		char *r = strrchr(st, ')');
		if (r && r[1] == ' ' && r[2] == 'S')
			return 0;
	}
	return -1;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *worker_fn(void *arg)
{
	long i = (long)arg;
	char buf[64];
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1 + (int)(i & 1));
	if (mode == 3 || mode == 5) {	/* one line each */
		tids[i] = gettid();
		return read(fds[0], buf, sizeof(buf)) > 0 ? NULL : (void *)1;
	}
	while (now() < end) {
		for (int k = 0; k < 100; k++) {
			if (mode == 0) {
				/* each reads only what it wrote first:
				 * never blocked on an empty pipe */
				if (write(fds[1], buf, sizeof(buf)) != sizeof(buf) ||
				    read(fds[0], buf, sizeof(buf)) != sizeof(buf))
					exit(1);
			} else if (mode == 1) {
				void *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
				if (m == MAP_FAILED)
					exit(1);
				munmap(m, 4096);
			} else if (mode == 4) {
				pid_t p = fork();
				if (p == 0)
					_exit(0);
				waitpid(p, NULL, 0);
				k += 9;
			} else {
				pthread_sigmask(SIG_BLOCK, &set, NULL);
				pthread_sigmask(SIG_UNBLOCK, &set, NULL);
			}
		}
	}
	return NULL;
}

static void on_usr1(int sig)
{
	(void)sig;
}

static int intr(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;	/* no SA_RESTART: read() fails */
	sigaction(SIGUSR1, &sa, NULL);
	struct timespec ts = { 0, 50000000L };
	pthread_t t[2];
	for (long i = 0; i < 2; i++)
		if (start_reader(&t[i], i) < 0)
			return 1;
	nanosleep(&ts, NULL);
	pthread_kill(t[1], SIGUSR1);
	nanosleep(&ts, NULL);
	/* two lines: neither reader can be left waiting */
	if (write(fds[1], "x\ny\n", 4) != 4)
		return 1;
	void *r0, *r1;
	pthread_join(t[0], &r0);
	pthread_join(t[1], &r1);
	return r0 == NULL && r1 != NULL ? 0 : 1;	/* only the second failed */
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	static const char *modes[] = { "pipe", "mmap", "sig", "tty", "fork", "intr" };
	mode = -1;
	for (int i = 0; i < 6; i++)
		if (!strcmp(argv[1], modes[i]))
			mode = i;
	if (mode < 0 || pipe(fds) < 0)
		return 2;
	int ms = argc > 2 ? atoi(argv[2]) : 500;
	end = now() + ms / 1000.0;
	int n = mode == 0 ? 8 : mode == 3 ? 3 : 4;
	if (mode == 3 || mode == 5) {
		int m = posix_openpt(O_RDWR | O_NOCTTY);
		if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0 ||
		    (fds[0] = open(ptsname(m), O_RDWR | O_NOCTTY)) < 0)
			return 1;
		fds[1] = m;
	}
	if (mode == 5)
		return intr();
	pthread_t t[8];
	for (long i = 0; i < n; i++)
		if (mode == 3 ? start_reader(&t[i], i) < 0 :
		    pthread_create(&t[i], NULL, worker_fn, (void *)i) != 0)
			return 1;
	if (mode == 3) {
		for (int i = 0; i < n; i++) {
			struct timespec ts = { 0, ms / 4 * 1000000L };
			nanosleep(&ts, NULL);
			if (write(fds[1], "x\n", 2) != 2)
				return 1;
		}
	}
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
