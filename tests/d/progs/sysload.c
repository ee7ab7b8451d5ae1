/*
 * sysload - a workload with a known sequence of system calls, for the
 * syscall and sdt provider tests.  Built statically by the tests so that no
 * dynamic loader adds system calls of its own.
 *
 * Usage: sysload [N [GOFILE]]
 *   If GOFILE is given, first wait (polling) until that file exists.
 *   Then, in this order:
 *     getppid() N times (default 3), through syscall(2)
 *     open /dev/null for writing, dup2 it to fd 42, write(42, "abcdefg", 7)
 *     openat(AT_FDCWD, "/nonexistent", O_RDONLY)      fails with ENOENT
 *     open /proc/self/exe, dup2 it to fd 43, lseek(43, 1234, SEEK_SET)
 *     newfstatat(AT_FDCWD, "/", ..., 0) and statx(AT_FDCWD, "/", ...)
 *     kill(getpid(), SIGUSR2), caught by a handler
 *     fork() a child that exits with status 3, and wait for it
 *     fork() a child that executes /bin/true, and wait for it
 *     prctl(PR_SET_NAME, "renamed")
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void handler(int sig)
{
	(void)sig;
}

int main(int argc, char **argv)
{
	int fd, i, n = argc > 1 ? atoi(argv[1]) : 3;
	struct stat st;
	char stx[512];
	pid_t child;

	if (argc > 2) {
		for (i = 0; i < 1000 && access(argv[2], F_OK) != 0; i++)
			usleep(10000);
	}

	for (i = 0; i < n; i++)
		syscall(SYS_getppid);

	fd = open("/dev/null", O_WRONLY);
	dup2(fd, 42);
	if (write(42, "abcdefg", 7) != 7)
		return 1;

	openat(AT_FDCWD, "/nonexistent", O_RDONLY);

	fd = open("/proc/self/exe", O_RDONLY);
	dup2(fd, 43);
	lseek(43, 1234, SEEK_SET);

	syscall(SYS_newfstatat, AT_FDCWD, "/", &st, 0);
	syscall(SYS_statx, AT_FDCWD, "/", 0, 0x7ff, stx);

	signal(SIGUSR2, handler);
	kill(getpid(), SIGUSR2);

	child = fork();
	if (child == 0)
		_exit(3);
	waitpid(child, NULL, 0);

	child = fork();
	if (child == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	waitpid(child, NULL, 0);

	prctl(PR_SET_NAME, "renamed");
	return 0;
}
