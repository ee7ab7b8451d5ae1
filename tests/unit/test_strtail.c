/*
 * test_strtail.c - records whose strings are written packed: the layout
 * sema/strtail.c gives a clause (fixed-size fields first, aligned, the
 * strings last and back to back; none for a clause without strings or
 * with a ustack() window) and the consumer's expansion of a packed record
 * (consume/strtail.c): each string back at its offset, zeroes after its
 * NUL, a record cut short or a string without its NUL handled.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "sema/sema_int.h"
#include "consume/consume.h"
#include "check.h"

static struct dt_recfield f_printf[4];	/* printf("%s %d %s %c", ...) */
static struct dt_recfield f_trace[1];	/* trace(2 bytes) */
static struct dt_recfield f_str[1];	/* trace(str) */
static struct dt_action acts[3];
static struct dt_stmt st;

/* a clause as call.c lays it out: printf with a string, a long, a
 * string and a char; trace of a short; trace of a string (size 17:
 * strsize 16) */
static void setup(void)
{
	memset(&st, 0, sizeof(st));
	memset(acts, 0, sizeof(acts));
	f_printf[0] = (struct dt_recfield){ .kind = DT_RV_STR, .offset = 8, .size = 17 };
	f_printf[1] = (struct dt_recfield){ .kind = DT_RV_INT, .offset = 32, .size = 8 };
	f_printf[2] = (struct dt_recfield){ .kind = DT_RV_STR, .offset = 40, .size = 17 };
	f_printf[3] = (struct dt_recfield){ .kind = DT_RV_INT, .offset = 57, .size = 1 };
	f_trace[0] = (struct dt_recfield){ .kind = DT_RV_INT, .offset = 58, .size = 2 };
	f_str[0] = (struct dt_recfield){ .kind = DT_RV_STR, .offset = 60, .size = 17 };
	acts[0] = (struct dt_action){ .kind = DT_ACT_PRINTF, .nfields = 4, .fields = f_printf };
	acts[1] = (struct dt_action){ .kind = DT_ACT_TRACE, .nfields = 1, .fields = f_trace };
	acts[2] = (struct dt_action){ .kind = DT_ACT_TRACE, .nfields = 1, .fields = f_str };
	st.nactions = 3;
	st.actions = acts;
	st.recsize = 77;
}

static void layout(void)
{
	setup();
	dt_sema_strtail(&st);
	CHECK(f_printf[1].offset == 8, "long at %u", f_printf[1].offset);
	CHECK(f_printf[3].offset == 16, "char at %u", f_printf[3].offset);
	CHECK(f_trace[0].offset == 18, "short at %u", f_trace[0].offset);
	CHECK(st.strtail == 20, "strings from %u", st.strtail);
	CHECK(f_printf[0].offset == 20 && f_printf[2].offset == 37 && f_str[0].offset == 54,
	    "strings at %u %u %u", f_printf[0].offset, f_printf[2].offset, f_str[0].offset);
	CHECK(st.recsize == 71, "recsize %u", st.recsize);

	/* no string: nothing moves */
	setup();
	acts[0].nfields = 0;
	acts[2].nfields = 0;
	dt_sema_strtail(&st);
	CHECK(st.strtail == 0 && f_trace[0].offset == 58 && st.recsize == 77,
	    "no strings: strtail %u, short at %u", st.strtail, f_trace[0].offset);

	/* a ustack() window must stay last */
	setup();
	acts[1].kind = DT_ACT_USTACK;
	dt_sema_strtail(&st);
	CHECK(st.strtail == 0 && f_printf[0].offset == 8, "ustack: strtail %u", st.strtail);
}

static void expand(void)
{
	setup();
	dt_sema_strtail(&st);
	/* header, long 42, char 'c', short 7, then "ab", "", "0123456789abcdef" */
	uint8_t rec[96], whole[96];
	memset(rec, 0xee, sizeof(rec));
	memset(rec, 0, 20);
	rec[0] = 5;
	rec[8] = 42;
	rec[16] = 'c';
	rec[18] = 7;
	memcpy(rec + 20, "ab", 3);
	rec[23] = 0;
	memcpy(rec + 24, "0123456789abcdef", 17);	/* 16 chars: the field's most */
	uint32_t size = (24 + 17 + 7) & ~7u;		/* rounded as written: 48 */
	memset(whole, 0x55, sizeof(whole));
	CHECK(dt_strtail_expand(&st, rec, size, whole) == 0, "expand failed");
	CHECK(whole[0] == 5 && whole[8] == 42 && whole[16] == 'c' && whole[18] == 7,
	    "fixed part");
	CHECK(!strcmp((char *)whole + 20, "ab"), "first string '%s'", (char *)whole + 20);
	CHECK(whole[37] == 0, "second string not empty");
	CHECK(!memcmp(whole + 54, "0123456789abcdef", 17), "third string");
	int zero = 1;
	for (uint32_t i = 23; i < 37; i++)
		zero &= whole[i] == 0;
	for (uint32_t i = 38; i < 54; i++)
		zero &= whole[i] == 0;
	CHECK(zero, "bytes after the NULs are not zero");

	/* cut short: the strings past the end are empty */
	memset(whole, 0x55, sizeof(whole));
	CHECK(dt_strtail_expand(&st, rec, 22, whole) == 0, "short expand failed");
	CHECK(!memcmp(whole + 20, "ab", 2) && whole[22] == 0 && whole[37] == 0 && whole[54] == 0,
	    "short record: strings");

	/* a string with no NUL within its field is cut at the field */
	memset(rec + 20, 'x', 40);
	CHECK(dt_strtail_expand(&st, rec, 64, whole) == 0, "no-NUL expand failed");
	CHECK(strlen((char *)whole + 20) == 16, "no NUL: %zu", strlen((char *)whole + 20));

	/* shorter than the fixed part, or a clause without strings: -1 */
	CHECK(dt_strtail_expand(&st, rec, 16, whole) == -1, "too short accepted");
	st.strtail = 0;
	CHECK(dt_strtail_expand(&st, rec, 64, whole) == -1, "no strtail accepted");
}

int main(void)
{
	layout();
	expand();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
