/*
 * info_load.c - workloads for the sysinfo and vminfo tests, one per
 * argument, each doing a known number of the events the probes count:
 *   io      reads 600 + 400 bytes of a pipe (read, readv), writes 1000
 *           (write) and 0 bytes; fails two execve() calls; msgsnd,
 *           msgrcv, semop once each
 *   fork    fork() twice, vfork() once, posix_spawn() once (clone3 with
 *           CLONE_VFORK), pthread_create() once (a thread, not a fork)
 *   faults  touches 64 fresh anonymous pages, then forks and writes 32
 *           pages it had written before (copy-on-write: protection faults)
 *   sleep   sleeps 20 times for 1 ms (voluntary switches)
 *   spin    spins for 300 ms on CPU 0 against a child spinning there too
 *           (involuntary switches)
 *   xcall   with a thread spinning on CPU 1, makes private expedited
 *           membarrier() calls on CPU 0 for 300 ms: each makes the kernel
 *           call a function on CPU 1 while the thread runs there (a
 *           cross call, smp_call_function_many)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/membarrier.h>
#include <sys/syscall.h>

extern char **environ;

static void *thread(void *arg)
{
	return arg;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void io(void)
{
	static char buf[1000];
	int fd[2];
	if (pipe(fd) < 0 || write(fd[1], buf, sizeof(buf)) != 1000 || write(fd[1], buf, 0) != 0)
		exit(1);
	struct iovec iov = { buf, 400 };
	if (read(fd[0], buf, 600) != 600 || readv(fd[0], &iov, 1) != 400)
		exit(1);
	char *argv[] = { "none", NULL };
	execve("/nonexistent/a", argv, environ);
	execve("/nonexistent/b", argv, environ);
	int q = msgget(IPC_PRIVATE, 0600), s = semget(IPC_PRIVATE, 1, 0600);
	struct { long type; char text[8]; } m = { 1, "hello" };
	struct sembuf op = { 0, 1, 0 };
	if (q < 0 || s < 0 || msgsnd(q, &m, sizeof(m.text), 0) < 0 ||
	    msgrcv(q, &m, sizeof(m.text), 0, 0) < 0 || semop(s, &op, 1) < 0)
		exit(1);
	msgctl(q, IPC_RMID, NULL);
	semctl(s, 0, IPC_RMID);
}

static void forks(void)
{
	for (int i = 0; i < 2; i++) {
		pid_t p = fork();
		if (p == 0)
			_exit(0);
		waitpid(p, NULL, 0);
	}
	pid_t p = vfork();
	if (p == 0)
		_exit(0);
	waitpid(p, NULL, 0);
	char *argv[] = { "true", NULL };
	if (posix_spawn(&p, "/bin/true", NULL, NULL, argv, environ) != 0)
		exit(1);
	waitpid(p, NULL, 0);
	pthread_t t;
	if (pthread_create(&t, NULL, thread, NULL) != 0)
		exit(1);
	pthread_join(t, NULL);
}

static void faults(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 64 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		exit(1);
	for (int i = 0; i < 64; i++)
		m[i * pg] = 1;
	pid_t p = fork();
	if (p == 0) {
		pause();
		_exit(0);
	}
	for (int i = 0; i < 32; i++)
		m[i * pg] = 2;
	kill(p, SIGKILL);
	waitpid(p, NULL, 0);
}

static void spin(void)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0)
		exit(1);
	pid_t p = fork();
	double end = now() + 0.3;
	while (now() < end)
		;
	if (p == 0)
		_exit(0);
	waitpid(p, NULL, 0);
}

static volatile int stop;

static void pin(int cpu)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0)
		exit(1);
}

static void *spinner(void *arg)
{
	pin(1);
	*(volatile int *)arg = 1;
	while (!stop)
		;
	return NULL;
}

static void xcall(void)
{
	static volatile int running;
	pthread_t t;
	pin(0);
	if (syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) < 0 ||
	    pthread_create(&t, NULL, spinner, (void *)&running) != 0)
		exit(1);
	while (!running)
		sched_yield();
	double end = now() + 0.3;
	while (now() < end)
		if (syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) < 0)
			exit(1);
	stop = 1;
	pthread_join(t, NULL);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	if (!strcmp(argv[1], "io"))
		io();
	else if (!strcmp(argv[1], "fork"))
		forks();
	else if (!strcmp(argv[1], "faults"))
		faults();
	else if (!strcmp(argv[1], "xcall"))
		xcall();
	else if (!strcmp(argv[1], "spin"))
		spin();
	else if (!strcmp(argv[1], "sleep"))
		for (int i = 0; i < 20; i++)
			nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	else
		return 2;
	return 0;
}
