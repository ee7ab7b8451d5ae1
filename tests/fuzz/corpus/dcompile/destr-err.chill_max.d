/*
 * More than 500 ms of chill() in one second on a CPU is an illegal
 * operation, as in DTrace; the clause is abandoned at that action.
 */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	chill(500000001);
	printf("not reached\n");
}

ERROR
{
	printf("ERROR epid %d action %d fault %d\n", arg1, arg2, arg4);
	exit(1);
}
