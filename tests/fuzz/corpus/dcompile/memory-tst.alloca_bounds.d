/*
 * Reads and writes through a pointer into scratch memory must stay in
 * what the clause's alloca() calls handed out, as DTrace checks scratch
 * accesses against the allocation: past its end, before its start, or
 * in scratch memory an earlier clause allocated (each clause's scratch
 * is reset) they fault with "invalid address" and the address, and
 * tracing goes on.  bcopy() and copyinto() fill alloca()'d memory, and
 * it reads back.
 */
#pragma D option quiet

BEGIN
{
	p = (char *)alloca(15);
	p[14] = 'z';
	printf("%c\n", p[14]);
}

BEGIN { p = (char *)alloca(15); trace(p[15]); }		/* past the end */
BEGIN { p = (char *)alloca(15); trace(*(p - 1)); }	/* before the start */
BEGIN { p = (char *)alloca(4); *p = 'a'; }
BEGIN { trace(*p); }					/* an earlier clause's */
BEGIN { p[1] = 'b'; }
BEGIN { q = (int *)alloca(8); p = (char *)q; trace(q[2]); }
BEGIN { p = (char *)alloca(4); p[4] = 'x'; }		/* a store past the end */
BEGIN { p = (char *)alloca(8); bcopy(curthread->comm, p, 9); }
BEGIN { p = (char *)alloca(8); copyinto(curthread->mm->arg_start, 9, p); }

BEGIN
{
	p = (char *)alloca(8);
	bcopy(curthread->comm, p, 6);
	p[6] = 0;
	q = (int *)alloca(4);
	copyinto(curthread->mm->arg_start, 4, q);
	printf("%s %d\n", stringof(p), *(char *)q == '/');
}

BEGIN { printf("%s\n", stringof(p)); }			/* an earlier clause's */
BEGIN { exit(0); }

ERROR
{
	printf("fault %d at %d\n", arg4, (long)(arg5 - (uint64_t)p));
}
