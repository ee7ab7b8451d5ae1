/*
 * fork_loop.c - workload for bench/usdt_later.py: N forks (the child
 * exits at once), or with a second argument N fork+exec of /bin/true,
 * each waited for; prints the mean time of one in microseconds:
 *
 *   <us per fork> fork          or          <us per fork+exec> fork+exec
 *
 * Usage: fork_loop N [exec]
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000, ex = argc > 2;
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int i = 0; i < n; i++) {
		pid_t p = fork();
		if (p < 0) {
			perror("fork");
			return 1;
		}
		if (p == 0) {
			if (ex)
				execl("/bin/true", "true", (char *)NULL);
			_exit(0);
		}
		waitpid(p, NULL, 0);
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	double ns = (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
	printf("%.1f %s\n", ns / n / 1000, ex ? "fork+exec" : "fork");
	return 0;
}
