/* basename() and dirname() on the cases the guide and DTrace define. */
#pragma D option quiet

BEGIN
{
	printf("[%s][%s]\n", basename("/usr/lib/libc.so.1"), dirname("/usr/lib/libc.so.1"));
	printf("[%s][%s]\n", basename("/usr/lib/"), dirname("/usr/lib/"));
	printf("[%s][%s]\n", basename("libc.so"), dirname("libc.so"));
	printf("[%s][%s]\n", basename("/"), dirname("/"));
	printf("[%s][%s]\n", basename("///"), dirname("///"));
	printf("[%s][%s]\n", basename("/usr"), dirname("/usr"));
	printf("[%s][%s]\n", basename(""), dirname(""));
	printf("[%s][%s]\n", basename("a//b//"), dirname("a//b//"));
	exit(0);
}
