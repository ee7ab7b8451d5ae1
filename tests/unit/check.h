/*
 * check.h - the unit tests' shared check macro and result line.
 *
 * CHECK(cond, fmt, ...) counts a pass, or prints "FAIL file:line: msg"
 * and counts a failure; each test ends with the line "N passed, M failed".
 */
#ifndef DT_TEST_CHECK_H
#define DT_TEST_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(cond, ...)						\
	do {								\
		if (cond) {						\
			passed++;					\
		} else {						\
			failed++;					\
			printf("FAIL %s:%d: ", __FILE__, __LINE__);	\
			printf(__VA_ARGS__);				\
			putchar('\n');					\
		}							\
	} while (0)

#endif
