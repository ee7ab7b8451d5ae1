/*
 * The switch buffer policy with a fast switch rate delivers the output of
 * many successive tick firings, in order.
 */
#pragma D option quiet
#pragma D option bufpolicy=switch
#pragma D option switchrate=100hz
#pragma D option bufsize=16k

int n;

tick-1ms
/n < 300/
{
	printf("%d\n", ++n);
}

tick-1ms
/n == 300/
{
	exit(0);
}
