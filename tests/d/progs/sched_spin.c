/*
 * sched_spin - CPU-bound work, for the sched tests.
 *
 * Usage: sched_spin MS YIELDS
 *   Forks; parent and child (renamed "sched_spin1" and "sched_spin2")
 *   are both moved to CPU 0 and spin for MS milliseconds each, never
 *   sleeping, so the scheduler's tick must preempt one for the other
 *   (sched:::tick, surrender, preempt, off-cpu; never sleep).  Then the
 *   parent, alone, calls sched_yield() YIELDS times (remain-cpu when
 *   nothing else is runnable on its CPU) and waits for the child.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void spin(int ms)
{
	long long end = now_ms() + ms;
	while (now_ms() < end)
		;
}

int main(int argc, char **argv)
{
	int ms = argc > 1 ? atoi(argv[1]) : 300;
	int yields = argc > 2 ? atoi(argv[2]) : 100;
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0)
		return 1;
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		prctl(PR_SET_NAME, "sched_spin2");
		spin(ms);
		return 0;
	}
	prctl(PR_SET_NAME, "sched_spin1");
	spin(ms);
	/* the child has had as much CPU time as we have: let it finish */
	int st;
	while (waitpid(pid, &st, WNOHANG) == 0)
		sched_yield();
	for (int i = 0; i < yields; i++)
		sched_yield();
	return 0;
}
