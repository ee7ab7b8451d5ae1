/*
 * A fault in a predicate fires the ERROR probe with action index 0 and the
 * clause does not run; later clauses still do.
 */
#pragma D option quiet

int x;

BEGIN
{
	x = 0;
}

BEGIN
/100 / x/
{
	printf("not reached\n");
}

ERROR
{
	printf("ERROR epid %d action %d fault %d\n", arg1, arg2, arg4);
}

BEGIN
{
	printf("after\n");
	exit(0);
}
