/*
 * specmig - one thread's system calls on two CPUs, for the speculation
 * tests: a speculation traced to on several CPUs and committed on one.
 * Built statically by the tests.
 *
 * Usage: specmig [CPU]
 *   getppid() from a thread bound to CPU 0, then from one bound to CPU 1,
 *   then again from one bound to CPU 0 (each thread runs after the last
 *   has ended); then getuid() from a thread bound to CPU (default 0).
 *   Exits 2 if a thread cannot be bound.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

struct job {
	int cpu;
	long nr;
	int failed;
};

static void *run(void *arg)
{
	struct job *j = arg;
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(j->cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0) {
		j->failed = 1;
		return NULL;
	}
	syscall(j->nr);
	return NULL;
}

static void on(int cpu, long nr)
{
	struct job j = { cpu, nr, 0 };
	pthread_t t;
	if (pthread_create(&t, NULL, run, &j) != 0 || pthread_join(t, NULL) != 0 || j.failed)
		exit(2);
}

int main(int argc, char **argv)
{
	int commit_cpu = argc > 1 ? atoi(argv[1]) : 0;

	on(0, SYS_getppid);
	on(1, SYS_getppid);
	on(0, SYS_getppid);
	on(commit_cpu, SYS_getuid);
	return 0;
}
