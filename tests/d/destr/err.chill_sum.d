/*
 * The 500 ms allowance holds across calls: 1 ns, then 500 ms more, is
 * refused (before any spinning).
 */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	chill(1);
	chill(500000000);
	printf("not reached\n");
}

BEGIN
{
	printf("next clause\n");
}

ERROR
{
	printf("ERROR action %d fault %d\n", arg2, arg4);
	exit(1);
}
