/*
 * Every fault Linux can produce fires ERROR with DTrace's arguments:
 * arg1 the EPID of the faulting clause, arg2 the action (0: predicate),
 * arg3 the program offset (here a BPF pc, never -1), arg4 the fault code
 * (the DTRACEFLT_* constants of unistd.d), arg5 the bad address, if any.
 * Each fault aborts only its own clause.
 */
#pragma D option quiet

int zero;

BEGIN { zero = 0; }
BEGIN { trace(*(int *)16); }			/* EPID 3: invalid address */
BEGIN { x = 1; y = 10 / zero; }			/* EPID 4: divide-by-zero, action 2 */
BEGIN { alloca(600); alloca(600); }		/* EPID 5: out of scratch space */
BEGIN { trace(lltostr(10, zero + 1)); }		/* EPID 6: illegal operation */
BEGIN / *(char *)zero == 0 / { trace(1); }	/* EPID 7: in the predicate */

ERROR
{
	printf("epid %d action %d pc %s fault %d addr %x\n", arg1, arg2,
	    arg3 > 0 ? "known" : "unknown", arg4, arg5);
}

BEGIN
{
	printf("%d %d %d %d %d\n", DTRACEFLT_BADADDR, DTRACEFLT_DIVZERO,
	    DTRACEFLT_NOSCRATCH, DTRACEFLT_ILLOP, DTRACEFLT_UNKNOWN);
	exit(0);
}
