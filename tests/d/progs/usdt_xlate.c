/*
 * usdt_xlate.c - a USDT provider with translated arguments, for
 * tests/d/usdtxlate/: the application side of
 *   provider xlprog {
 *       probe request__start(struct xl_request *r, char *url, int n)
 *           : (xl_conninfo_t *r, string url, long n);
 *   };
 * written with <sys/sdt.h> directly.  usdt_xlate N: says "ready", then
 * N times (0: until killed), 10 ms apart, fires request-start with a
 * request whose fd is 100 + i and whose url is "/index/I".
 */
#include <stdio.h>
#include <sys/sdt.h>
#include <time.h>
#include <stdlib.h>

struct xl_request {
	int fd;
	int port;
	const char *url;
};

__attribute__((noinline)) static void serve(int i)
{
	char url[32];
	struct xl_request r = { 100 + i, 8080, url };
	snprintf(url, sizeof(url), "/index/%d", i);
	STAP_PROBE3(xlprog, request__start, &r, url, i);
	__asm__ volatile("" : : "r"(&r), "r"(url) : "memory");
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0;
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	printf("ready\n");
	fflush(stdout);
	for (int i = 0; n == 0 || i < n; i++) {
		serve(i);
		nanosleep(&ts, NULL);
	}
	return 0;
}
