/*
 * sched_spin - CPU-bound work, for the sched tests.
 *
 * Usage: sched_spin MS YIELDS
 *   Forks; parent and child (renamed "sched_spin1" and "sched_spin2")
 *   are both moved to the last CPU and spin until each has used MS
 *   milliseconds of CPU time, never sleeping, so the scheduler's tick
 *   must preempt one for the other (sched:::tick, surrender, preempt,
 *   off-cpu; never sleep).  Then the parent waits for the child (yielding)
 *   and, now SCHED_FIFO (so no normal task is picked instead), calls
 *   sched_yield() YIELDS times: each is a remain-cpu.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* the CPU time this process has used, in ms */
static long long cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void spin(int ms)
{
	while (cpu_ms() < ms)
		;
}

int main(int argc, char **argv)
{
	int ms = argc > 1 ? atoi(argv[1]) : 300;
	int yields = argc > 2 ? atoi(argv[2]) : 100;
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET((int)sysconf(_SC_NPROCESSORS_ONLN) - 1, &set);
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
	/* SCHED_FIFO: no normal task can be picked instead of us, so each
	 * yield finds no other thread to run (unless a real-time one is) */
	struct sched_param sp = { .sched_priority = 1 };
	sched_setscheduler(0, SCHED_FIFO, &sp);
	for (int i = 0; i < yields; i++)
		sched_yield();
	return 0;
}
