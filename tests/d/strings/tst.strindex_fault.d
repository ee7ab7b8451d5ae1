/*
 * An index outside a string's storage (strsize characters and the
 * NUL) faults with
 * "invalid address" (DTRACEFLT_BADADDR, the address of the byte read in
 * arg5), as DTrace checks what D may read; inside it, past the string's
 * end, the char is NUL.  The clause's output is dropped; the ERROR
 * clause runs; the next clause goes on.
 */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	s = "abcdefghij";		/* cut to strsize characters */
	printf("%s %c %d %d\n", s, s[7], s[8], "abcdefghij"[8]);
}

BEGIN
{
	n = 9;
	printf("not printed %d\n", s[n]);
}

BEGIN
{
	n = -1;
	printf("not printed %d\n", *(s + n));
}

BEGIN
{
	printf("not printed %s\n", s + 9);
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d %s, at index %d\n", arg4,
	    arg4 == DTRACEFLT_BADADDR ? "BADADDR" : "?", n);
}
