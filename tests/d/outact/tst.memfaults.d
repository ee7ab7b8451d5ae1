/*
 * tracemem() and print() of memory that cannot be read fault like any
 * other bad load: invalid address, with the address, the clause's record
 * is dropped and ERROR fires.
 */
#pragma D option quiet

BEGIN
{
	printf("not printed\n");
	tracemem(64, 8);
}

BEGIN
{
	print((int *)128);
}

ERROR
{
	printf("ERROR epid %d action %d fault %d addr %d\n", arg1, arg2, arg4, arg5);
}

BEGIN
{
	exit(0);
}
