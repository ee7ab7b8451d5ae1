/* A signal number Linux does not have is an illegal operation. */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	raise(65);
}

ERROR
{
	printf("ERROR action %d fault %d\n", arg2, arg4);
	exit(1);
}
