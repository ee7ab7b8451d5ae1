/*
 * proc_group - two three-threaded children, one after the other: the
 * first one's main thread calls exit(7) while its two other threads wait
 * (exit_group() ends them); the second is killed by SIGTERM while all
 * three wait.  The parent waits for each.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void *waiter(void *arg)
{
	for (;;)
		pause();
	return arg;
}

static void child(int kill_it)
{
	int fd[2];
	char c = 0;
	if (pipe(fd) < 0)
		exit(1);
	pid_t p = fork();
	if (p < 0)
		exit(1);
	if (p == 0) {
		pthread_t t;
		for (int i = 0; i < 2; i++)
			if (pthread_create(&t, NULL, waiter, NULL) != 0)
				_exit(1);
		if (!kill_it)
			exit(7);
		if (write(fd[1], &c, 1) != 1)
			_exit(1);
		waiter(NULL);
	}
	if (kill_it) {
		if (read(fd[0], &c, 1) != 1)
			exit(1);
		kill(p, SIGTERM);
	}
	waitpid(p, NULL, 0);
	close(fd[0]);
	close(fd[1]);
}

int main(void)
{
	child(0);
	child(1);
	return 0;
}
