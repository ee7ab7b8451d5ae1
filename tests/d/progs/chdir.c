/*
 * chdir - target of the cwd/root tests: changes to a directory, then
 * makes one getppid system call (the probe point) and exits.
 *   chdir DIR           cd DIR
 *   chdir DIR rmdir     cd DIR, then remove it: the cwd is deleted
 *   chdir DIR deep N    cd DIR, then N times: mkdir d, cd d
 * Built statically, so it also runs alone in a chroot.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <errno.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2 || chdir(argv[1]) < 0)
		return 1;
	if (argc > 2 && !strcmp(argv[2], "rmdir") && rmdir(argv[1]) < 0)
		return 1;
	if (argc > 3 && !strcmp(argv[2], "deep")) {
		for (int i = atoi(argv[3]); i > 0; i--)
			if ((mkdir("d", 0755) < 0 && errno != EEXIST) || chdir("d") < 0)
				return 1;
	}
	syscall(SYS_getppid);
	return 0;
}
