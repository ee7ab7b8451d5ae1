/*
 * io_fds.c - open known files on known descriptors for tests/d/io's fds[]
 * test, then call getppid() (the probe) and write what the kernel says
 * of each (file flags, offset) to argv[2].
 *
 * usage: io_fds FILE OUT: FILE opened write-only, appending, on fd 3
 * with 123 bytes written; /dev/null read-write on fd 4 at offset 0; fd
 * 5 and fd 6 closed; FILE again, read-only at offset 7, on fd 7.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int at(const char *path, int flags, int fd)
{
	int f = open(path, flags, 0644);
	if (f < 0 || (f != fd && (dup2(f, fd) < 0 || close(f) < 0))) {
		perror(path);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char buf[123];
	if (argc != 3)
		return 2;
	close(5);
	close(6);
	if (at(argv[1], O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 3) < 0 ||
	    at("/dev/null", O_RDWR, 4) < 0 || at(argv[1], O_RDONLY, 7) < 0)
		return 1;
	memset(buf, 'x', sizeof(buf));
	if (write(3, buf, sizeof(buf)) != (ssize_t)sizeof(buf) || lseek(7, 7, SEEK_SET) != 7)
		return 1;
	getppid();
	FILE *o = fopen(argv[2], "w");
	if (!o)
		return 1;
	for (int fd = 3; fd <= 7; fd++) {
		int fl = fcntl(fd, F_GETFL);
		if (fl < 0)
			fprintf(o, "%d -1 0\n", fd);
		else
			fprintf(o, "%d %lld %x\n", fd, (long long)lseek(fd, 0, SEEK_CUR), fl);
	}
	return fclose(o) != 0;
}
