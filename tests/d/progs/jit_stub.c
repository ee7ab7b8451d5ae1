/*
 * jit_stub: code made at run time, as a JIT makes it, for the perf map
 * tests.  A tiny function (push %rbp; mov %rsp,%rbp; getppid by the
 * syscall instruction; pop %rbp; ret) is copied into anonymous
 * executable memory at base, base+0x100 and base+0x2000, each called
 * from run(), a C function with a frame, and named in /tmp/perf-PID.map
 * as a JIT names its code, in phases (COUNT calls each, argv[1]):
 *   1. "base 80 jit_region_old" then "base 40 jit_stub_one" (code freed
 *      and its addresses reused: the later line wins); stub one runs
 *      once (a record printed after phase 4's line would rightly show
 *      that name).
 *   2. once the tracer has read the map (its access time moves; at most
 *      5 s waited), "base+100 40 jit_stub_two" is appended (a PC no
 *      entry held when the map was read); stub two runs.
 *   3. stub three runs (no entry holds it).
 *   4. "base 40 jit_stub_one_v2" is appended (the address reused again:
 *      a PC an older entry holds); stub two runs every 10 ms until the
 *      map has been read again (at most 5 s), then stub one runs.
 * The pid goes to stderr (the test removes the map file).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

static const unsigned char stub[] = {
	0x55,				/* push %rbp */
	0x48, 0x89, 0xe5,		/* mov %rsp,%rbp */
	0xb8, 0x6e, 0x00, 0x00, 0x00,	/* mov $110 (getppid),%eax */
	0x0f, 0x05,			/* syscall */
	0x5d,				/* pop %rbp */
	0xc3,				/* ret */
};

typedef long (*fn_t)(void);

__attribute__((noinline)) long run(fn_t f, int n)
{
	long r = 0;
	for (int i = 0; i < n; i++)
		r += f();
	return r;
}

/* whether file fn was read since its stat s0 */
static int was_read(const char *fn, const struct stat *s0)
{
	struct stat s;
	return stat(fn, &s) < 0 || s.st_atim.tv_sec != s0->st_atim.tv_sec ||
	    s.st_atim.tv_nsec != s0->st_atim.tv_nsec;
}

/* calls f (if any) every 10 ms until fn was read since s0 (at most 5 s) */
static void await_read(const char *fn, const struct stat *s0, fn_t f)
{
	for (int i = 0; i < 500 && !was_read(fn, s0); i++) {
		struct timespec ts = { 0, 10000000 };
		nanosleep(&ts, NULL);
		if (f)
			run(f, 1);
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;
	char fn[64];
	struct stat s0;
	unsigned char *base = mmap(NULL, 0x3000, PROT_READ | PROT_WRITE | PROT_EXEC,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED)
		return 1;
	memcpy(base, stub, sizeof(stub));
	memcpy(base + 0x100, stub, sizeof(stub));
	memcpy(base + 0x2000, stub, sizeof(stub));
	fprintf(stderr, "%d\n", (int)getpid());
	snprintf(fn, sizeof(fn), "/tmp/perf-%d.map", (int)getpid());
	FILE *f = fopen(fn, "w");
	if (!f)
		return 1;
	unsigned long b = (unsigned long)base;
	fprintf(f, "%lx 80 jit_region_old\n%lx 40 jit_stub_one\n", b, b);
	fflush(f);
	if (stat(fn, &s0) < 0)
		return 1;
	run((fn_t)base, 1);
	await_read(fn, &s0, NULL);
	fprintf(f, "%lx 40 jit_stub_two\n", b + 0x100);
	fflush(f);
	run((fn_t)(base + 0x100), n);
	run((fn_t)(base + 0x2000), n);
	fprintf(f, "%lx 40 jit_stub_one_v2\n", b);
	fclose(f);
	if (stat(fn, &s0) < 0)
		return 1;
	await_read(fn, &s0, (fn_t)(base + 0x100));
	run((fn_t)base, n);
	return 0;
}
