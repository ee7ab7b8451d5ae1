/*
 * Reads through NULL plus an offset fault with "invalid address" and that
 * address: a cast pointer plus an offset, a struct member of a NULL
 * pointer, an element of a NULL array pointer, a string at NULL + 16.
 * (NULL itself is a void *, and DTrace refuses arithmetic on those.)
 */
#pragma D option quiet

struct foo {
	int a;
	int b;
	long c;
};

BEGIN { trace(*(int *)((char *)NULL + 8)); }
BEGIN { trace(((struct foo *)0)->c); }
BEGIN { trace(((struct foo *)NULL)->b); }
BEGIN { trace(((int *)NULL)[3]); }
BEGIN { trace(stringof((char *)NULL + 16)); }
BEGIN { exit(0); }

ERROR
{
	printf("fault %d addr %d\n", arg4, arg5);
}
