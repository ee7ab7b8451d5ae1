/*
 * pctl_prog - a target for the process-control tests (tests/d/pctl).
 * Its constructor writes 4 bytes to fd 1, then main's first statement
 * writes 5 (built with pctl_lib.so, whose initializer writes 3, unless
 * NOLIB), so a script tracing write() sees how far it had run when
 * tracing started.  Then, by argv[1]:
 *   exit N     exit with status N
 *   kill       die of SIGKILL
 *   fork       fork a child that prints its TracerPid and exits; the
 *              parent waits for it, then calls getppid() and exits 0
 *   loop N     call getppid() every 10 ms, N times
 *   threads N  the same in 3 more threads too
 *   signal     call getppid() every 10 ms until SIGUSR1 arrives, say so
 *              and exit 0 (exit 1 after 20 s without it)
 * With PCTL_CTOR_FORK set the constructor forks first: the child runs
 * main (with no mode) and exits, the parent waits for it and prints
 * "ctor child: STATUS" (its wait status) before going on; with
 * PCTL_CTOR_EXIT=N the constructor exits with status N.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef NOLIB
int pctl_lib_answer(void);
#endif

static volatile sig_atomic_t got;

__attribute__((constructor)) static void pctl_init(void)
{
	if (write(1, "ct:\n", 4) < 0)
		_exit(3);
	if (getenv("PCTL_CTOR_EXIT"))
		exit(atoi(getenv("PCTL_CTOR_EXIT")));
	if (getenv("PCTL_CTOR_FORK")) {
		unsetenv("PCTL_CTOR_FORK");
		pid_t c = fork();
		if (c > 0) {
			int st = -1;
			waitpid(c, &st, 0);
			printf("ctor child: %d\n", st);
			fflush(stdout);
		}
	}
}

static void *loop(void *arg)
{
	for (long i = 0, n = (long)arg; i < n; i++) {
		syscall(SYS_getppid);
		usleep(10000);
	}
	return NULL;
}

static void on_usr1(int sig)
{
	(void)sig;
	got = 1;
}

int main(int argc, char **argv)
{
	if (write(1, "main\n", 5) < 0)
		return 3;
#ifndef NOLIB
	if (pctl_lib_answer() != 42)
		return 4;
#endif
	const char *mode = argc > 1 ? argv[1] : "";
	if (!strcmp(mode, "exit") && argc > 2)
		return atoi(argv[2]);
	if (!strcmp(mode, "kill"))
		kill(getpid(), SIGKILL);
	if (!strcmp(mode, "fork")) {
		pid_t c = fork();
		if (c == 0) {
			char line[256];
			FILE *f = fopen("/proc/self/status", "r");
			while (f && fgets(line, sizeof(line), f))
				if (!strncmp(line, "TracerPid:", 10))
					printf("child %s", line);
			fflush(stdout);
			_exit(0);
		}
		waitpid(c, NULL, 0);
		syscall(SYS_getppid);
		return 0;
	}
	if (!strcmp(mode, "loop") && argc > 2) {
		loop((void *)(long)atoi(argv[2]));
		return 0;
	}
	if (!strcmp(mode, "threads") && argc > 2) {
		pthread_t t[3];
		for (int i = 0; i < 3; i++)
			pthread_create(&t[i], NULL, loop, (void *)(long)atoi(argv[2]));
		loop((void *)(long)atoi(argv[2]));
		for (int i = 0; i < 3; i++)
			pthread_join(t[i], NULL);
		return 0;
	}
	if (!strcmp(mode, "signal")) {
		signal(SIGUSR1, on_usr1);
		for (int i = 0; i < 2000 && !got; i++) {
			syscall(SYS_getppid);
			usleep(10000);
		}
		printf(got ? "got SIGUSR1\n" : "no signal\n");
		return !got;
	}
	return 0;
}
