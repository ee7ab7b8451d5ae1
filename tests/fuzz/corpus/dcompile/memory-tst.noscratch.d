/* Asking for more scratch memory than there is faults the clause. */
#pragma D option quiet

BEGIN
{
	alloca(1000);
	alloca(1000);
	printf("not reached\n");
}

BEGIN
{
	printf("next clause runs\n");
	exit(0);
}
