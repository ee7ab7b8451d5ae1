/*
 * fresh_page.c - strings in pages the process never touched, for the pid
 * provider's copyinstr() (tests/d/prefault/tst.freshpage.sh).
 *
 * fresh_page [N [ptr]]: writes N pages to an unlinked temporary file,
 * each starting with "fresh page string I", then for each page maps it
 * alone (MAP_PRIVATE, PROT_READ: a one-page mapping, so no fault-around
 * maps it with a neighbour) and, without touching it, calls take_string()
 * with its address.  The page is in the page cache but not in the
 * process's page tables, so a probe program's bpf_probe_read_user_str() of
 * it fails unless something faulted it in.  With "ptr", take_ptr() gets
 * instead the address of a pointer to the string, itself alone in another
 * page of the file never touched (argv's shape: char **).  With "two",
 * each string is passed to take_string() and then, in another fresh
 * mapping of its page, to take_other() (two probes with the same clause
 * share one companion program: each must run after the other's probe
 * program is attached).
 * /proc/self/pagemap says whether the pages were present before and after
 * the call; the summary goes to stderr: "fresh_page: N calls, B present
 * before, A present after" (with ptr, a call counts when either page was
 * present before, when both were after; with two, the calls are 2N).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PG 4096

/* the probed function: arg0 is the string */
__attribute__((noinline)) int take_string(const char *s)
{
	__asm__ volatile("" : : "r"(s) : "memory");
	return 0;
}

/* the same as take_string */
__attribute__((noinline)) int take_other(const char *s)
{
	__asm__ volatile("" : : "r"(s) : "memory");
	return 0;
}

/* the probed function: arg0 points to the string's address */
__attribute__((noinline)) int take_ptr(const char **pp)
{
	__asm__ volatile("" : : "r"(pp) : "memory");
	return 0;
}

/* is the page at p present in our page tables? */
static int present(const void *p)
{
	uint64_t e = 0;
	int fd = open("/proc/self/pagemap", O_RDONLY);
	if (fd < 0)
		return -1;
	off_t off = (off_t)((uintptr_t)p / PG * 8);
	ssize_t n = pread(fd, &e, sizeof(e), off);
	close(fd);
	return n == (ssize_t)sizeof(e) ? (int)(e >> 63) : -1;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10, before = 0, after = 0;
	int ptr = argc > 2 && strcmp(argv[2], "ptr") == 0;
	int two = argc > 2 && strcmp(argv[2], "two") == 0, calls = two ? 2 * n : n;
	char path[] = "/tmp/fresh_page.XXXXXX", page[PG];
	int fd = mkstemp(path);
	if (fd < 0) {
		perror("mkstemp");
		return 1;
	}
	unlink(path);
	for (int i = 0; i < n; i++) {
		memset(page, 0, sizeof(page));
		snprintf(page, sizeof(page), "fresh page string %d", i);
		if (write(fd, page, sizeof(page)) != (ssize_t)sizeof(page)) {
			perror("write");
			return 1;
		}
	}
	for (int i = 0; i < n; i++) {
		char *p = mmap(NULL, PG, PROT_READ, MAP_PRIVATE, fd, (off_t)i * PG);
		if (p == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
		if (!ptr) {
			before += present(p) == 1;
			take_string(p);
			after += present(p) == 1;
			munmap(p, PG);
			if (two) {
				p = mmap(NULL, PG, PROT_READ, MAP_PRIVATE, fd, (off_t)i * PG);
				if (p == MAP_FAILED) {
					perror("mmap");
					return 1;
				}
				before += present(p) == 1;
				take_other(p);
				after += present(p) == 1;
				munmap(p, PG);
			}
			continue;
		}
		/* page n + i of the file holds p, mapped alone, untouched */
		uintptr_t v = (uintptr_t)p;
		char **pp;
		if (pwrite(fd, &v, sizeof(v), (off_t)(n + i) * PG) != (ssize_t)sizeof(v) ||
		    ftruncate(fd, (off_t)(n + i + 1) * PG) < 0 ||
		    (pp = mmap(NULL, PG, PROT_READ, MAP_PRIVATE, fd, (off_t)(n + i) * PG)) ==
		    MAP_FAILED) {
			perror("pointer page");
			return 1;
		}
		before += present(p) == 1 || present(pp) == 1;
		take_ptr((const char **)pp);
		after += present(p) == 1 && present(pp) == 1;
		munmap(pp, PG);
		munmap(p, PG);
	}
	close(fd);
	fprintf(stderr, "fresh_page: %d calls, %d present before, %d present after\n", calls,
	    before, after);
	return 0;
}
