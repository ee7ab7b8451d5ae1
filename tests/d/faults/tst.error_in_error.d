/*
 * A fault inside an ERROR clause does not fire ERROR again: the clause is
 * abandoned, no error is reported for it, and dtrace counts it as
 * "1 error in ERROR probe enabling".  Tracing goes on and END runs.
 */
#pragma D option quiet

int zero;

ERROR
{
	printf("ERROR fired for epid %d\n", arg1);
}

ERROR
{
	n = 1 / zero;
	printf("not reached\n");
}

BEGIN
{
	*(char *)NULL;
}

tick-10ms
{
	printf("still tracing\n");
	exit(0);
}

END
{
	printf("END fired\n");
}
