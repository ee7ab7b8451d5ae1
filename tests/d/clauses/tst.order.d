/*
 * Clauses for the same probe run in program order; BEGIN fires before any
 * other probe and END after exit(), each END clause in order.
 */
#pragma D option quiet

int n;

END
{
	printf("end 1 n=%d\n", n);
}

BEGIN
{
	printf("begin 1\n");
	n = 1;
}

tick-10ms
/n == 3/
{
	printf("tick\n");
	n++;
	exit(0);
}

BEGIN
{
	printf("begin 2 n=%d\n", n);
	n = 2;
}

END
{
	printf("end 2\n");
}

BEGIN
{
	printf("begin 3 n=%d\n", n);
	n = 3;
}
