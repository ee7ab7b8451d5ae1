/*
 * proc_life - one of each process and thread life event, one at a time,
 * for the proc provider's tests: a child that exits 3; a child that
 * execs /bin/true; a child whose exec of a missing path fails (it then
 * exits 4); a thread that starts and ends; children killed by SIGTERM and
 * by SIGKILL (each first tells the parent it runs); a SIGUSR1 caught by a
 * handler; a SIGUSR2 that is ignored; a SIGUSR1 taken by sigwait().
 * The parent waits for each step to end before the next.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t caught;

static void handler(int sig)
{
	caught = sig;
}

static void *thread(void *arg)
{
	return arg;
}

static void child_and_wait(int how)
{
	/* the paths in written (present) memory, as a shell's are: a BPF
	 * program cannot fault in a page the process has not touched */
	char path[] = "/bin/true", missing[] = "/nonexistent/proc_missing";
	int fd[2];
	char c = 0;
	if (pipe(fd) < 0)
		_exit(1);
	pid_t p = fork();
	if (p < 0)
		_exit(1);
	if (p == 0) {
		switch (how) {
		case 0:
			_exit(3);
		case 1:
			execl(path, "true", (char *)NULL);
			_exit(5);
		case 2:
			execl(missing, "proc_missing", (char *)NULL);
			_exit(4);
		default:
			if (write(fd[1], &c, 1) != 1)
				_exit(1);
			for (;;)
				pause();
		}
	}
	if (how == SIGTERM || how == SIGKILL) {
		if (read(fd[0], &c, 1) != 1)
			_exit(1);
		kill(p, how);
	}
	close(fd[0]);
	close(fd[1]);
	waitpid(p, NULL, 0);
}

int main(void)
{
	pthread_t t;
	sigset_t set;
	int sig;

	child_and_wait(0);
	child_and_wait(1);
	child_and_wait(2);
	if (pthread_create(&t, NULL, thread, NULL) != 0)
		return 1;
	pthread_join(t, NULL);
	child_and_wait(SIGTERM);
	child_and_wait(SIGKILL);

	signal(SIGUSR1, handler);
	kill(getpid(), SIGUSR1);
	signal(SIGUSR2, SIG_IGN);
	kill(getpid(), SIGUSR2);

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR1);
	if (sigwait(&set, &sig) != 0 || sig != SIGUSR1)
		return 1;
	return caught == SIGUSR1 ? 0 : 1;
}
