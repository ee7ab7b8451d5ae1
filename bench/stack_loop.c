/*
 * stack_loop - busy threads in many distinct call chains, for
 * bench/stacks.py (profile-997 with @[ustack()] / @[stack()] keys).
 *
 * Usage: stack_loop [-t THREADS] [-k K] [-d D] [-s SECONDS] [-w SPIN] [-S] [-H] [-G]
 *   Each of THREADS threads (default: one per online CPU) walks the K^D
 *   call paths (K <= 16 functions f0..f15, depth D; default 10^4 =
 *   10,000) in turn: path p calls f(p % K) -> f(p / K % K) -> ... D
 *   levels deep, then leaf(), so every path is a distinct user stack
 *   main/start_thread -> worker -> walk -> f.. x D -> leaf.  The choice
 *   of function at each level is an indirect call through a table,
 *   nothing is inlined, no call is a tail call (build with
 *   -fno-omit-frame-pointer -fno-optimize-sibling-calls), so a
 *   frame-pointer walk sees every level.  Threads start at different
 *   paths.
 *   leaf() spins SPIN iterations of a `pause` loop (default 200, a few
 *   microseconds: nearly every sample lands in it, at one of its two
 *   instructions), or with -S makes one of eight system calls chosen by
 *   the path (getppid, read of /dev/zero, write to /dev/null, fstat,
 *   sched_yield, getrusage, uname, a pipe write + read), so kernel stacks
 *   vary too.
 *   Runs SECONDS (default 10; 0: until killed), then prints
 *   "paths P", "ops N" (leaf calls, all threads), "wall_s W",
 *   "ops_per_s X" and "cpu_ns_per_op C" (the process's user + system
 *   time, from getrusage, per leaf call).  With -H it then stays alive,
 *   idle (every thread blocked in pause(), its mappings intact), until
 *   killed, so a tracer can still symbolize its stacks after the timed
 *   run (bpftrace looks a stack's process up by the id of the thread
 *   that was sampled).  With -G
 *   it waits for a byte on stdin before it starts (so a tracer can be
 *   given its pid and be ready before the timed run).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static unsigned K = 10, D = 4, SPIN = 200;
static int SYS, HOLD, GATE;
static unsigned long P;
static atomic_int stop, done;
static int zero_fd, null_fd;

typedef void fn_t(unsigned long path, unsigned depth);
static fn_t *fns[16];
volatile unsigned long sink;

struct thr {
	pthread_t t;
	unsigned long start, ops;
	int pipe[2];
};

static __thread struct thr *self;

__attribute__((noinline)) void leaf(unsigned long path)
{
	if (!SYS) {
		for (unsigned i = SPIN; i; i--)
			__asm__ volatile("pause" ::: "memory");
		return;
	}
	char c = 0;
	struct stat st;
	struct rusage ru;
	struct utsname u;
	switch (path % 8) {
	case 0: syscall(SYS_getppid); break;
	case 1: if (read(zero_fd, &c, 1) < 0) exit(1); break;
	case 2: if (write(null_fd, &c, 1) < 0) exit(1); break;
	case 3: fstat(zero_fd, &st); break;
	case 4: sched_yield(); break;
	case 5: getrusage(RUSAGE_THREAD, &ru); break;
	case 6: uname(&u); break;
	case 7:
		if (write(self->pipe[1], &c, 1) != 1 || read(self->pipe[0], &c, 1) != 1)
			exit(1);
		break;
	}
}

/* f0..f15: the same shape, different bodies (no identical-code folding) */
#define F(i)								\
__attribute__((noinline)) void f##i(unsigned long path, unsigned depth)	\
{									\
	if (depth == 0)							\
		leaf(path);						\
	else								\
		fns[path % K](path / K, depth - 1);			\
	sink += i;							\
}
F(0) F(1) F(2) F(3) F(4) F(5) F(6) F(7)
F(8) F(9) F(10) F(11) F(12) F(13) F(14) F(15)

__attribute__((noinline)) void walk(unsigned long path)
{
	/* D levels: the first picks by the lowest digit */
	fns[path % K](path / K, D - 1);
	sink++;
}

static void *worker(void *arg)
{
	struct thr *t = arg;
	unsigned long p = t->start;
	self = t;
	while (!atomic_load_explicit(&stop, memory_order_relaxed)) {
		walk(p);
		t->ops++;
		if (++p == P)
			p = 0;
	}
	atomic_fetch_add(&done, 1);
	while (HOLD)
		pause();
	return NULL;
}

int main(int argc, char **argv)
{
	int nthr = (int)sysconf(_SC_NPROCESSORS_ONLN), secs = 10, c;
	while ((c = getopt(argc, argv, "t:k:d:s:w:SHG")) != -1) {
		switch (c) {
		case 't': nthr = atoi(optarg); break;
		case 'k': K = (unsigned)atoi(optarg); break;
		case 'd': D = (unsigned)atoi(optarg); break;
		case 's': secs = atoi(optarg); break;
		case 'w': SPIN = (unsigned)atoi(optarg); break;
		case 'S': SYS = 1; break;
		case 'H': HOLD = 1; break;
		case 'G': GATE = 1; break;
		default:
			fprintf(stderr, "usage: stack_loop [-t THREADS] [-k K] [-d D] "
			    "[-s SECONDS] [-w SPIN] [-S] [-H] [-G]\n");
			return 2;
		}
	}
	if (K < 1 || K > 16 || D < 1 || D > 12 || nthr < 1) {
		fprintf(stderr, "stack_loop: need 1 <= K <= 16, 1 <= D <= 12, THREADS >= 1\n");
		return 2;
	}
	fn_t *all[16] = { f0, f1, f2, f3, f4, f5, f6, f7,
			  f8, f9, f10, f11, f12, f13, f14, f15 };
	for (int i = 0; i < 16; i++)
		fns[i] = all[i];
	P = 1;
	for (unsigned i = 0; i < D; i++)
		P *= K;
	zero_fd = open("/dev/zero", O_RDONLY);
	null_fd = open("/dev/null", O_WRONLY);
	if (zero_fd < 0 || null_fd < 0)
		return 1;

	char go;
	if (GATE && read(0, &go, 1) != 1)
		return 1;
	struct thr *t = calloc((size_t)nthr, sizeof(*t));
	struct timespec t0, t1;
	struct rusage r0, r1;
	getrusage(RUSAGE_SELF, &r0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < nthr; i++) {
		t[i].start = P * (unsigned long)i / (unsigned long)nthr;
		if (pipe(t[i].pipe) || pthread_create(&t[i].t, NULL, worker, &t[i]))
			return 1;
	}
	if (secs > 0) {
		sleep((unsigned)secs);
		atomic_store(&stop, 1);
	}
	unsigned long ops = 0;
	while (atomic_load(&done) < nthr)
		usleep(1000);
	for (int i = 0; i < nthr; i++) {
		if (!HOLD)
			pthread_join(t[i].t, NULL);
		ops += t[i].ops;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	getrusage(RUSAGE_SELF, &r1);
	double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	double cpu = (double)(r1.ru_utime.tv_sec - r0.ru_utime.tv_sec +
			      r1.ru_stime.tv_sec - r0.ru_stime.tv_sec) * 1e9 +
		     (double)(r1.ru_utime.tv_usec - r0.ru_utime.tv_usec +
			      r1.ru_stime.tv_usec - r0.ru_stime.tv_usec) * 1e3;
	printf("paths %lu\nops %lu\nwall_s %.3f\nops_per_s %.1f\ncpu_ns_per_op %.2f\n",
	       P, ops, wall, (double)ops / wall, ops ? cpu / (double)ops : 0.0);
	free(t);
	fflush(stdout);
	while (HOLD)
		pause();
	return 0;
}
