/*
 * Modulus by a run-time zero faults like division, in each clause where it
 * happens; the ERROR probe fires once per fault.
 */
#pragma D option quiet

int x, n;

BEGIN
{
	x = 0;
}

BEGIN
{
	n = 7 % x;
}

BEGIN
{
	n = 9 % (x * 2);
}

ERROR
{
	printf("ERROR epid %d fault %d\n", arg1, arg4);
	n++;
}

BEGIN
{
	printf("n = %d\n", n);
	exit(0);
}
